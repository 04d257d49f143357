//! Numbers as gopher-lua sees them: `tostring` formatting, Go's float→int64
//! conversion, `strconv.ParseInt`/`ParseFloat`, and the `tonumber` rules.

use crate::gofloat;

/// Go's `int64(f)` on amd64: truncation, and `i64::MIN` for NaN and for
/// anything out of range (Rust's `as` would saturate instead).
pub fn go_int64(f: f64) -> i64 {
    // ±2^63: the first values outside int64.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    if !(-LIMIT..LIMIT).contains(&f) {
        i64::MIN
    } else {
        f as i64
    }
}

/// gopher's `isInteger`: `float64(int64(f)) == f`.
pub fn is_integer(f: f64) -> bool {
    go_int64(f) as f64 == f
}

/// gopher's `LNumber.String()`: a decimal integer when `f` round-trips
/// through int64, else Go's shortest `%g` (`NaN`, `+Inf`, `-Inf`).
pub fn format_number(f: f64) -> String {
    if is_integer(f) {
        go_int64(f).to_string()
    } else {
        gofloat::format(f, b'g', -1)
    }
}

fn lower(c: u8) -> u8 {
    c.to_ascii_lowercase()
}

/// Go's `underscoreOK`: underscores only between digits, or between a base
/// prefix and a digit.
fn underscore_ok(s: &[u8]) -> bool {
    let mut s = s;
    if let Some(b'+' | b'-') = s.first() {
        s = &s[1..];
    }
    let mut saw = b'^';
    let mut i = 0;
    let mut hex = false;
    if s.len() >= 2 && s[0] == b'0' && matches!(lower(s[1]), b'b' | b'o' | b'x') {
        i = 2;
        saw = b'0';
        hex = lower(s[1]) == b'x';
    }
    while i < s.len() {
        let c = s[i];
        i += 1;
        if c.is_ascii_digit() || (hex && (b'a'..=b'f').contains(&lower(c))) {
            saw = b'0';
            continue;
        }
        if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
            continue;
        }
        if saw == b'_' {
            return false;
        }
        saw = b'!';
    }
    saw != b'_'
}

/// Go's `strconv.ParseUint(s, base, 64)`; `None` on any error.
fn parse_uint(s: &[u8], base: i64) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    let base0 = base == 0;
    let mut body = s;
    let base: u64 = match base {
        2..=36 => base as u64,
        0 => {
            if s[0] == b'0' {
                match s.get(1).map(|&c| lower(c)) {
                    Some(b'b') if s.len() >= 3 => {
                        body = &s[2..];
                        2
                    }
                    Some(b'o') if s.len() >= 3 => {
                        body = &s[2..];
                        8
                    }
                    Some(b'x') if s.len() >= 3 => {
                        body = &s[2..];
                        16
                    }
                    _ => {
                        body = &s[1..];
                        8
                    }
                }
            } else {
                10
            }
        }
        _ => return None,
    };
    let mut n: u64 = 0;
    let mut underscores = false;
    for &c in body {
        let d = match c {
            b'_' if base0 => {
                underscores = true;
                continue;
            }
            b'0'..=b'9' => c - b'0',
            b'a'..=b'z' | b'A'..=b'Z' => lower(c) - b'a' + 10,
            _ => return None,
        };
        if u64::from(d) >= base {
            return None;
        }
        n = n.checked_mul(base)?.checked_add(u64::from(d))?;
    }
    if underscores && !underscore_ok(s) {
        return None;
    }
    Some(n)
}

/// Go's `strconv.ParseInt(s, base, 64)`; `None` on a syntax, base or range
/// error.
pub fn parse_int(s: &[u8], base: i64) -> Option<i64> {
    let (neg, body) = match s.first() {
        None => return None,
        Some(b'+') => (false, &s[1..]),
        Some(b'-') => (true, &s[1..]),
        _ => (false, s),
    };
    let un = parse_uint(body, base)?;
    if neg {
        if un > 1 << 63 {
            return None;
        }
        Some((un as i64).wrapping_neg())
    } else {
        i64::try_from(un).ok()
    }
}

/// Go's `special`: `[+-]inf`, `[+-]infinity`, `nan`, any case; returns the
/// value and the bytes consumed.
fn special(s: &[u8]) -> Option<(f64, usize)> {
    let prefix = |s: &[u8], word: &[u8]| {
        s.iter()
            .zip(word)
            .take_while(|(a, b)| lower(**a) == **b)
            .count()
    };
    let (sign, nsign, rest) = match s.first()? {
        b'+' => (1.0, 1, &s[1..]),
        b'-' => (-1.0, 1, &s[1..]),
        b'n' | b'N' => {
            return (prefix(s, b"nan") == 3).then_some((f64::NAN, 3));
        }
        _ => (1.0, 0, s),
    };
    let mut n = prefix(rest, b"infinity");
    if 3 < n && n < 8 {
        n = 3;
    }
    (n == 3 || n == 8).then_some((sign * f64::INFINITY, nsign + n))
}

/// Go's `strconv.ParseFloat(s, 64)` (decimal and hexadecimal syntax,
/// underscores, inf/nan); `None` on a syntax or range (overflow) error.
pub fn parse_float(s: &[u8]) -> Option<f64> {
    if let Some((v, n)) = special(s) {
        return (n == s.len()).then_some(v);
    }
    let mut i = 0;
    let mut neg = false;
    match s.first()? {
        b'+' => i += 1,
        b'-' => {
            neg = true;
            i += 1;
        }
        _ => {}
    }
    let hex = i + 2 < s.len() && s[i] == b'0' && lower(s[i + 1]) == b'x';
    if hex {
        i += 2;
    }
    let mut underscores = false;
    let mut sawdot = false;
    let mut sawdigits = false;
    let mut nd: i64 = 0; // significant digits seen
    let mut dp: i64 = 0;
    let mut digits = Vec::new(); // decimal: every significant digit
    let mut mant: u64 = 0; // hex: first 16 significant digits
    let mut nd_mant: i64 = 0;
    let mut trunc = false;
    while i < s.len() {
        let c = s[i];
        if c == b'_' {
            underscores = true;
        } else if c == b'.' {
            if sawdot {
                break;
            }
            sawdot = true;
            dp = nd;
        } else if c.is_ascii_digit() || (hex && (b'a'..=b'f').contains(&lower(c))) {
            sawdigits = true;
            if c == b'0' && nd == 0 {
                dp -= 1;
            } else {
                nd += 1;
                if !hex {
                    digits.push(c);
                } else if nd_mant < 16 {
                    let d = if c.is_ascii_digit() {
                        c - b'0'
                    } else {
                        lower(c) - b'a' + 10
                    };
                    mant = mant * 16 + u64::from(d);
                    nd_mant += 1;
                } else if c != b'0' {
                    trunc = true;
                }
            }
        } else {
            break;
        }
        i += 1;
    }
    if !sawdigits {
        return None;
    }
    if !sawdot {
        dp = nd;
    }
    if hex {
        dp *= 4;
        nd_mant *= 4;
    }
    let exp_char = if hex { b'p' } else { b'e' };
    if i < s.len() && lower(s[i]) == exp_char {
        i += 1;
        let mut esign = 1;
        match s.get(i) {
            Some(b'+') => i += 1,
            Some(b'-') => {
                i += 1;
                esign = -1;
            }
            _ => {}
        }
        if !s.get(i).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        let mut e: i64 = 0;
        while i < s.len() && (s[i].is_ascii_digit() || s[i] == b'_') {
            if s[i] == b'_' {
                underscores = true;
            } else if e < 10000 {
                e = e * 10 + i64::from(s[i] - b'0');
            }
            i += 1;
        }
        dp += e * esign;
    } else if hex {
        return None;
    }
    if i != s.len() || (underscores && !underscore_ok(&s[..i])) {
        return None;
    }
    let v = if hex {
        hex_to_f64(mant, dp - nd_mant, trunc)?
    } else if digits.is_empty() {
        0.0
    } else {
        let text = format!("{}e{}", String::from_utf8_lossy(&digits), dp - nd);
        let v: f64 = text.parse().ok()?;
        if v.is_infinite() {
            return None;
        }
        v
    };
    Some(if neg { -v } else { v })
}

/// `mant × 2^exp` rounded half to even (`trunc`: nonzero bits were cut off
/// below `mant`); `None` when it overflows.
fn hex_to_f64(mant: u64, exp: i64, trunc: bool) -> Option<f64> {
    if mant == 0 {
        return Some(0.0);
    }
    let lz = i64::from(mant.leading_zeros());
    let m = u128::from(mant << lz);
    let top = exp - lz + 63; // exponent of the leading bit
    let shift = if top >= -1022 { 11 } else { 11 + (-1022 - top) };
    if shift > 100 {
        return Some(0.0);
    }
    let mut kept = m >> shift;
    let rem = m & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    if rem > half || (rem == half && (trunc || kept & 1 == 1)) {
        kept += 1;
    }
    if top < -1022 {
        return Some(f64::from_bits(kept as u64));
    }
    let mut top = top;
    if kept == 1 << 53 {
        kept >>= 1;
        top += 1;
    }
    if top > 1023 {
        return None;
    }
    let bits = (((top + 1023) as u64) << 52) | (kept as u64 & ((1 << 52) - 1));
    Some(f64::from_bits(bits))
}

fn trim_go(s: &[u8]) -> &[u8] {
    let is_cut = |c: &u8| matches!(c, b' ' | b'\n' | b'\t');
    let start = s.iter().position(|c| !is_cut(c)).unwrap_or(s.len());
    let end = s.iter().rposition(|c| !is_cut(c)).map_or(start, |e| e + 1);
    &s[start..end]
}

/// gopher's `tonumber(s [, base])` for a string: trims spaces, tabs and
/// newlines; a `.` means a Go float parse, otherwise an integer parse in
/// `base` (10 by default, `0x` allowed only when no base is given).
pub fn tonumber(s: &[u8], base: Option<i64>) -> Option<f64> {
    let t = trim_go(s);
    if t.contains(&b'.') {
        return parse_float(t);
    }
    let (t, base) = match base {
        None if t.len() >= 2 && t[0] == b'0' && lower(t[1]) == b'x' => (&t[2..], 16),
        None => (t, 10),
        Some(b) => (t, b),
    };
    parse_int(t, base).map(|v| v as f64)
}

/// gopher's `parseNumber` (used by `%d` on strings): trimmed, Go base-0
/// integer, else Go float.
pub fn parse_number(s: &[u8]) -> Option<f64> {
    let t = trim_go(s);
    parse_int(t, 0).map(|v| v as f64).or_else(|| parse_float(t))
}

/// The Lua VM's own number conversions made gopher's: `..`, `table.concat`
/// and every number read as a string print as [`format_number`], and
/// arithmetic reads strings as [`parse_number`] (the hooks are in the
/// patched `lvm.c`, third_party/lua-src/PATCHES.md). Idempotent.
pub fn install_vm_hooks() {
    unsafe extern "C" {
        fn lua_kinterp_numhooks(
            num2str: unsafe extern "C" fn(f64, *mut u8, usize) -> usize,
            str2num: unsafe extern "C" fn(*const u8, usize, *mut f64) -> i32,
        );
    }
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: the callbacks below match the C declarations and only touch
    // the buffers they are given.
    ONCE.call_once(|| unsafe { lua_kinterp_numhooks(num2str, str2num) });
}

/// Writes `format_number(n)` into `buf` (64 bytes in lvm.c; Go's forms
/// are at most 24), returning its length.
///
/// # Safety
///
/// `buf` points to `cap` writable bytes (lvm.c passes its 64-byte buffer).
unsafe extern "C" fn num2str(n: f64, buf: *mut u8, cap: usize) -> usize {
    let s = format_number(n);
    let len = s.len().min(cap);
    // SAFETY: lvm.c passes a writable buffer of `cap` bytes.
    unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), buf, len) };
    len
}

/// Parses the `len` bytes at `s` as gopher's arithmetic does; 1 and the
/// number in `out`, or 0.
///
/// # Safety
///
/// `s` points to `len` readable bytes and `out` to a writable `f64`.
unsafe extern "C" fn str2num(s: *const u8, len: usize, out: *mut f64) -> i32 {
    // SAFETY: lvm.c passes a Lua string's bytes and a valid `out`.
    let bytes = unsafe { std::slice::from_raw_parts(s, len) };
    match parse_number(bytes) {
        Some(v) => {
            unsafe { *out = v };
            1
        }
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tostring_table_7_1() {
        let cases: &[(f64, &str)] = &[
            (1.0 / 3.0, "0.3333333333333333"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e15, "1000000000000000"),
            (2f64.powi(53), "9007199254740992"),
            (-(2f64.powi(63)), "-9223372036854775808"),
            (2f64.powi(63), "9.223372036854776e+18"),
            (1234567.5, "1.2345675e+06"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "+Inf"),
            (f64::NEG_INFINITY, "-Inf"),
            (-0.0, "0"),
            (f64::MAX, "1.7976931348623157e+308"),
            (1e21, "1e+21"),
            (42.0, "42"),
            (-7.25, "-7.25"),
        ];
        for &(v, want) in cases {
            assert_eq!(format_number(v), want, "{v}");
        }
    }

    #[test]
    fn go_int64_conversion() {
        assert_eq!(go_int64(3.7), 3);
        assert_eq!(go_int64(-3.7), -3);
        assert_eq!(go_int64(f64::NAN), i64::MIN);
        assert_eq!(go_int64(2f64.powi(63)), i64::MIN);
        assert_eq!(go_int64(-1e300), i64::MIN);
        assert!(!is_integer(f64::INFINITY));
        assert!(is_integer(-0.0));
    }

    #[test]
    fn tonumber_table_7_2() {
        let t = |s: &str, b: Option<i64>| tonumber(s.as_bytes(), b);
        assert_eq!(t("1e2", None), None);
        assert_eq!(t("1.5e2", None), Some(150.0));
        assert_eq!(t("-0x10", None), None);
        assert_eq!(t("nan", None), None);
        assert_eq!(t("inf", None), None);
        assert_eq!(t("0x1F", Some(10)), None);
        assert_eq!(t("0x1F", None), Some(31.0));
        assert_eq!(t("0X1f", None), Some(31.0));
        assert_eq!(t("010", None), Some(10.0));
        assert_eq!(t(" \t42\n ", None), Some(42.0));
        assert_eq!(t("42\r", None), None);
        assert_eq!(t("ff", Some(16)), Some(255.0));
        assert_eq!(t("0xff", Some(16)), None);
        assert_eq!(t("zz", Some(36)), Some(1295.0));
        assert_eq!(t("10", Some(1)), None);
        assert_eq!(t("10", Some(37)), None);
        assert_eq!(t("010", Some(0)), Some(8.0));
        assert_eq!(t("1_000", Some(0)), Some(1000.0));
        assert_eq!(t("1_000", None), None);
        assert_eq!(t("", None), None);
        assert_eq!(t("-", None), None);
        assert_eq!(t("+5", None), Some(5.0));
        assert_eq!(t("9223372036854775807", None), Some(2f64.powi(63)));
        assert_eq!(t("9223372036854775808", None), None);
        assert_eq!(t("-9223372036854775808", None), Some(-(2f64.powi(63))));
        assert_eq!(t(".5", None), Some(0.5));
        assert_eq!(t("5.", None), Some(5.0));
        assert_eq!(t(".", None), None);
        assert_eq!(t("1.e5", None), Some(1e5));
        assert_eq!(t("1_0.5", None), Some(10.5));
        assert_eq!(t("1__0.5", None), None);
        assert_eq!(t("1.0e400", None), None);
        assert_eq!(t("1.0e-400", None), Some(0.0));
        assert_eq!(t("0x1.8p1", None), Some(3.0));
        assert_eq!(t("0x1.8", None), None);
        assert_eq!(t("0x-10", None), Some(-16.0));
    }

    #[test]
    fn parse_float_go_syntax() {
        let p = |s: &str| parse_float(s.as_bytes());
        assert_eq!(p("inf"), Some(f64::INFINITY));
        assert_eq!(p("-Infinity"), Some(f64::NEG_INFINITY));
        assert!(p("NaN").unwrap().is_nan());
        assert_eq!(p("+nan"), None);
        assert_eq!(p("infin"), None);
        assert_eq!(p("1e"), None);
        assert_eq!(p("1e+"), None);
        assert_eq!(p("0x1p-2"), Some(0.25));
        assert_eq!(p("0x1p-1074"), Some(5e-324));
        assert_eq!(p("0x1p-1075"), Some(0.0));
        assert_eq!(p("0x1.8p-1075"), Some(5e-324));
        assert_eq!(p("0x1p1024"), None);
        assert_eq!(p("0x1.fffffffffffff8p1023"), None);
        assert_eq!(p("0x1.fffffffffffffp1023"), Some(f64::MAX));
        assert_eq!(p("0x_1p4"), Some(16.0));
        assert_eq!(p("1e99999"), None);
        assert_eq!(p("0e99999999"), Some(0.0));
        assert_eq!(p("0.1"), Some(0.1));
        assert_eq!(
            p("123456789012345678901234567890"),
            Some(1.2345678901234568e29)
        );
    }

    #[test]
    fn parse_number_for_percent_d() {
        assert_eq!(parse_number(b"12.5"), Some(12.5));
        assert_eq!(parse_number(b" 42 "), Some(42.0));
        assert_eq!(parse_number(b"010"), Some(8.0));
        assert_eq!(parse_number(b"0b101"), Some(5.0));
        assert_eq!(parse_number(b"abc"), None);
        assert_eq!(parse_number(b"inf"), Some(f64::INFINITY));
        assert_eq!(parse_number(b"1e400"), None);
    }
}

//! Typing YAML scalars as Go's YAML 1.1 reader does (the one karmadactl
//! and Karmada read manifests with), then as its conversion to JSON and
//! Kubernetes' JSON decoding leave them: the one home of that rule for
//! both YAML readers.

use serde_json::{Number, Value};

/// What a plain scalar (or one with a standard tag) reads as.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Null,
    Bool(bool),
    Int(i64),
    /// An integer in u64 but beyond i64.
    Uint(u64),
    Float(f64),
    /// Text: the scalar stays a string.
    Str,
    /// `<<`: a merge key.
    Merge,
}

/// Types the untagged plain scalar `s`.
pub fn resolve(s: &str) -> Scalar {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => return Scalar::Null,
        "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "true" | "True" | "TRUE" => {
            return Scalar::Bool(true);
        }
        "n" | "N" | "no" | "No" | "NO" | "off" | "Off" | "OFF" | "false" | "False" | "FALSE" => {
            return Scalar::Bool(false);
        }
        ".nan" | ".NaN" | ".NAN" => return Scalar::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Scalar::Float(f64::INFINITY);
        }
        "-.inf" | "-.Inf" | "-.INF" => return Scalar::Float(f64::NEG_INFINITY),
        "<<" => return Scalar::Merge,
        _ => {}
    }
    match s.as_bytes().first() {
        Some(b'.') => match s.parse::<f64>() {
            // Go's float parser: no `inf`/`nan` words after a dot.
            // Go refuses a value beyond the float range: it stays text.
            Ok(f) if go_float_syntax(s) && f.is_finite() => Scalar::Float(f),
            _ => Scalar::Str,
        },
        Some(b'0'..=b'9' | b'+' | b'-') => number(s),
        _ => Scalar::Str,
    }
}

/// A scalar that starts with a digit or a sign.
fn number(s: &str) -> Scalar {
    // A timestamp-looking scalar stays a string when read into an
    // untyped value, and dates are not numbers anyway.
    let plain: String = s.chars().filter(|&c| c != '_').collect();
    if let Some(i) = go_parse_int(&plain) {
        return Scalar::Int(i);
    }
    if let Some(u) = go_parse_uint(&plain) {
        return Scalar::Uint(u);
    }
    if yaml_style_float(&plain) {
        // Go refuses a value beyond the float range: it stays text.
        match plain.parse::<f64>() {
            Ok(f) if f.is_finite() => return Scalar::Float(f),
            _ => {}
        }
    }
    if let Some(bin) = plain.strip_prefix("0b") {
        if let Some(i) = digits(bin, 2).and_then(|m| i64::try_from(m).ok()) {
            return Scalar::Int(i);
        }
        if let Some(u) = digits(bin, 2).and_then(|m| u64::try_from(m).ok()) {
            return Scalar::Uint(u);
        }
    } else if let Some(bin) = plain.strip_prefix("-0b") {
        if let Some(i) = digits(bin, 2).and_then(|m| i64::try_from(-(m as i128)).ok()) {
            return Scalar::Int(i);
        }
    }
    Scalar::Str
}

/// Go's `strconv.ParseInt(s, 0, 64)` (underscores already removed).
fn go_parse_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let m = base_prefixed(body)?;
    let v = if neg { -(m as i128) } else { m as i128 };
    i64::try_from(v).ok()
}

/// Go's `strconv.ParseUint(s, 0, 64)`: no sign allowed.
fn go_parse_uint(s: &str) -> Option<u64> {
    if s.starts_with(['+', '-']) {
        return None;
    }
    u64::try_from(base_prefixed(s)?).ok()
}

/// An unsigned number with Go's base prefixes: `0x`, `0o`, `0b` (either
/// case), a leading `0` for octal, else decimal. Values past u64 fail.
fn base_prefixed(s: &str) -> Option<u128> {
    let b = s.as_bytes();
    let (radix, rest) = match (b.first(), b.get(1)) {
        (Some(b'0'), Some(b'x' | b'X')) => (16, &s[2..]),
        (Some(b'0'), Some(b'o' | b'O')) => (8, &s[2..]),
        (Some(b'0'), Some(b'b' | b'B')) => (2, &s[2..]),
        (Some(b'0'), Some(_)) => (8, &s[1..]),
        _ => (10, s),
    };
    digits(rest, radix).filter(|&m| m <= u128::from(u64::MAX))
}

/// Digits only (no sign), at least one, below 2^64 or so.
fn digits(s: &str, radix: u32) -> Option<u128> {
    if s.is_empty() || s.len() > 70 || !s.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u128::from_str_radix(s, radix).ok()
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
fn yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    let run = |mut i: usize| {
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    if b.get(i) == Some(&b'.') {
        let j = run(i + 1);
        if j == i + 1 {
            return false;
        }
        i = j;
    } else {
        let j = run(i);
        if j == i {
            return false;
        }
        i = j;
        if b.get(i) == Some(&b'.') {
            i = run(i + 1);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        let j = run(i);
        if j == i {
            return false;
        }
        i = j;
    }
    i == b.len()
}

/// What Go's float parser accepts for text starting with a dot: digits,
/// a dot, an exponent, underscores between digits (none here).
fn go_float_syntax(s: &str) -> bool {
    s.bytes()
        .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-'))
}

/// The JSON value a typed scalar ends up as once converted to JSON text
/// and decoded as Kubernetes decodes objects: integers that fit i64 stay
/// integers, other numbers are floats, and a float written without a
/// fraction or exponent (Go prints floats below 1e21 that way) decodes as
/// an integer again. `Err` carries Go's message for infinities and NaN.
pub fn to_json(s: Scalar, text: &str) -> Result<Value, String> {
    Ok(match s {
        Scalar::Null => Value::Null,
        Scalar::Bool(b) => Value::Bool(b),
        Scalar::Int(i) => Value::Number(i.into()),
        Scalar::Uint(u) => Value::Number(Number::from_f64(u as f64).unwrap_or_else(|| 0.into())),
        Scalar::Float(f) => float_json(f)?,
        Scalar::Str | Scalar::Merge => Value::String(text.to_owned()),
    })
}

/// A float as it reads back after Go's JSON encoding.
pub fn float_json(f: f64) -> Result<Value, String> {
    if !f.is_finite() {
        return Err(crate::value::unsupported_float(f));
    }
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if f.fract() == 0.0 && f.abs() < 1e21 && (-TWO_63..TWO_63).contains(&f) {
        return Ok(Value::Number((f as i64).into()));
    }
    Ok(Number::from_f64(f).map_or(Value::Null, Value::Number))
}

/// The JSON object key a scalar key becomes, or Go's message for the
/// kinds of key the conversion refuses.
pub fn key_text(s: Scalar, text: &str) -> Result<String, String> {
    Ok(match s {
        Scalar::Str | Scalar::Merge => text.to_owned(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Int(i) => i.to_string(),
        Scalar::Float(f) => go_float32_g(f),
        Scalar::Uint(u) => {
            return Err(format!(
                "unsupported map key of type: uint64, key: {u:#x}, value: "
            ));
        }
        Scalar::Null => {
            return Err("unsupported map key of type: %!s(<nil>), key: <nil>, value: ".into());
        }
    })
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 32)`: the shortest float32
/// digits, with an exponent (two digits at least) when the decimal
/// exponent is below -4 or at least 6.
fn go_float32_g(f: f64) -> String {
    let f = f as f32;
    if f.is_nan() {
        return ".nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { ".inf" } else { "-.inf" }.into();
    }
    // Rust's `{:e}` gives the shortest round-trip digits for f32.
    let e = format!("{f:e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let neg = mant.starts_with('-');
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let sign = if neg { "-" } else { "" };
    if !(-4..6).contains(&exp) {
        let (first, rest) = digits.split_at(1);
        let frac = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}{frac}e{esign}{:02}", exp.abs());
    }
    format!("{sign}{}", fixed(&digits, exp))
}

/// Digits `d` (first digit at 10^exp) written without an exponent.
fn fixed(d: &str, exp: i32) -> String {
    if exp < 0 {
        return format!("0.{}{d}", "0".repeat((-exp - 1) as usize));
    }
    let int_len = exp as usize + 1;
    if d.len() <= int_len {
        format!("{d}{}", "0".repeat(int_len - d.len()))
    } else {
        format!("{}.{}", &d[..int_len], &d[int_len..])
    }
}

/// Whether `s` reads as a timestamp in one of the layouts Go's YAML reader
/// tries for `!!timestamp` (`2006-1-2T15:4:5.999999999Z07:00`, the same
/// with `t`, `2006-1-2 15:4:5.999999999`, `2006-1-2`).
pub fn is_timestamp(s: &str) -> bool {
    fn digits(s: &str, min: usize, max: usize) -> Option<&str> {
        let n = s.bytes().take_while(u8::is_ascii_digit).count();
        (min..=max).contains(&n).then(|| &s[n..])
    }
    fn field(s: &str, sep: char, min: usize, max: usize) -> Option<&str> {
        digits(s.strip_prefix(sep)?, min, max)
    }
    fn clock(s: &str) -> Option<&str> {
        let s = field(field(digits(s, 1, 2)?, ':', 1, 2)?, ':', 1, 2)?;
        match s.strip_prefix('.') {
            Some(frac) => digits(frac, 1, 9),
            None => Some(s),
        }
    }
    let Some(rest) = digits(s, 4, 4)
        .and_then(|r| field(r, '-', 1, 2))
        .and_then(|r| field(r, '-', 1, 2))
    else {
        return false;
    };
    if rest.is_empty() {
        return true;
    }
    if let Some(t) = rest.strip_prefix(['T', 't']) {
        let Some(zone) = clock(t) else { return false };
        return zone == "Z"
            || zone
                .strip_prefix(['+', '-'])
                .and_then(|z| digits(z, 2, 2))
                .and_then(|z| field(z, ':', 2, 2))
                .is_some_and(str::is_empty);
    }
    rest.strip_prefix(' ')
        .and_then(clock)
        .is_some_and(str::is_empty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Scalar::*;

    #[test]
    fn booleans_and_nulls_of_yaml_1_1() {
        for t in [
            "y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True",
        ] {
            assert_eq!(resolve(t), Bool(true), "{t}");
        }
        for t in [
            "n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "FALSE",
        ] {
            assert_eq!(resolve(t), Bool(false), "{t}");
        }
        for t in ["yEs", "oN", "tRUE", "nO", "t", "f", "nULL"] {
            assert_eq!(resolve(t), Str, "{t}");
        }
        for t in ["", "~", "null", "Null", "NULL"] {
            assert_eq!(resolve(t), Null, "{t}");
        }
    }

    #[test]
    fn integers_as_go_parses_them() {
        let cases: [(&str, Scalar); 16] = [
            ("010", Int(8)),
            ("-010", Int(-8)),
            ("0o17", Int(15)),
            ("0x1F", Int(31)),
            ("0X1f", Int(31)),
            ("0b101", Int(5)),
            ("-0b101", Int(-5)),
            ("+0b101", Int(5)),
            ("1_000", Int(1000)),
            ("1__0", Int(10)),
            ("9223372036854775807", Int(i64::MAX)),
            ("-9223372036854775808", Int(i64::MIN)),
            ("9223372036854775808", Uint(1 << 63)),
            ("08", Float(8.0)),
            ("1e3", Float(1000.0)),
            ("-9223372036854775809", Float(-9223372036854775809.0)),
        ];
        for (t, want) in cases {
            assert_eq!(resolve(t), want, "{t}");
        }
        for t in [
            "0x",
            "0b",
            "0b102",
            "1.2.3",
            "1e",
            "1:30",
            "2024-01-01",
            "0xG",
            "v1",
            "1e400",
            ".5e400",
            "_1",
        ] {
            assert_eq!(resolve(t), Str, "{t}");
        }
    }

    #[test]
    fn floats_read_back_as_integers_when_go_prints_them_so() {
        assert_eq!(float_json(1000.0), Ok(serde_json::json!(1000)));
        assert_eq!(float_json(-0.0), Ok(serde_json::json!(0)));
        assert_eq!(float_json(1.5), Ok(serde_json::json!(1.5)));
        assert_eq!(float_json(1e21), Ok(serde_json::json!(1e21)));
        assert_eq!(float_json(1e20), Ok(serde_json::json!(1e20)));
        assert_eq!(
            to_json(Uint(1 << 63), "").unwrap(),
            serde_json::json!(9223372036854775808.0)
        );
        assert!(float_json(f64::INFINITY).is_err());
    }

    #[test]
    fn keys_as_go_converts_them() {
        assert_eq!(key_text(resolve("yes"), "yes").unwrap(), "true");
        assert_eq!(key_text(resolve("1e3"), "1e3").unwrap(), "1000");
        assert_eq!(key_text(resolve("1.5"), "1.5").unwrap(), "1.5");
        assert_eq!(key_text(resolve("010"), "010").unwrap(), "8");
        assert_eq!(key_text(Float(1e6), "").unwrap(), "1e+06");
        assert_eq!(key_text(Float(0.1), "").unwrap(), "0.1");
        assert_eq!(key_text(Float(1e-5), "").unwrap(), "1e-05");
        assert!(key_text(resolve("~"), "~").is_err());
    }
}

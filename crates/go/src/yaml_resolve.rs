//! Plain-scalar type resolution for the YAML emitter: whether go-yaml v2 would
//! read a string back as null, bool, int, float or timestamp if left unquoted.

/// Plain texts go-yaml v2 maps straight to null, bool, NaN or infinity.
const RESOLVE_MAP: &[&str] = &[
    "", "~", "null", "Null", "NULL", "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
    "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
    ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf",
    "-.INF",
];

/// True when go-yaml's encoder must double-quote `s` because, as a plain
/// scalar, it would resolve to something other than a string (or look like a
/// YAML 1.1 base-60 float).
pub(super) fn needs_double_quotes(s: &str) -> bool {
    resolves_to_non_string(s) || is_base60_float(s)
}

/// go-yaml v2's `resolve("", s)` returning a tag other than `!!str`.
fn resolves_to_non_string(s: &str) -> bool {
    let Some(&first) = s.as_bytes().first() else {
        return true; // "" is null
    };
    let hint_ok =
        matches!(first, b'+' | b'-' | b'0'..=b'9' | b'.') || b"yYnNtTfFoO~".contains(&first);
    if !hint_ok {
        return false;
    }
    if RESOLVE_MAP.contains(&s) {
        return true;
    }
    match first {
        b'.' => go_parse_float(s),
        b'+' | b'-' | b'0'..=b'9' => resolves_as_number_or_time(s),
        _ => false,
    }
}

fn resolves_as_number_or_time(s: &str) -> bool {
    if is_timestamp(s) {
        return true;
    }
    let plain: String = s.chars().filter(|&c| c != '_').collect();
    if go_parse_int(&plain, 0, true) || go_parse_int(&plain, 0, false) {
        return true;
    }
    if is_yaml_style_float(&plain) && go_parse_float(&plain) {
        return true;
    }
    if let Some(rest) = plain.strip_prefix("0b") {
        return go_parse_int(rest, 2, true) || go_parse_int(rest, 2, false);
    }
    if let Some(rest) = plain.strip_prefix("-0b") {
        return go_parse_int(&format!("-{rest}"), 2, true);
    }
    false
}

/// Go's `strconv.ParseInt(s, base, 64)` (`signed`) or `ParseUint` succeeding.
/// Base 0 picks the base from a `0b`/`0o`/`0x`/`0` prefix. Underscores were
/// already removed by the caller, except after a `0b` fallback (never OK).
fn go_parse_int(s: &str, base: u32, signed: bool) -> bool {
    let mut t = s;
    let mut negative = false;
    if signed {
        if let Some(r) = t.strip_prefix('+') {
            t = r;
        } else if let Some(r) = t.strip_prefix('-') {
            t = r;
            negative = true;
        }
    }
    if t.is_empty() {
        return false;
    }
    let mut radix = if base == 0 { 10 } else { base };
    if base == 0 && t.starts_with('0') {
        let b = t.as_bytes();
        match b.get(1).map(u8::to_ascii_lowercase) {
            Some(b'b') if b.len() >= 3 => (radix, t) = (2, &t[2..]),
            Some(b'o') if b.len() >= 3 => (radix, t) = (8, &t[2..]),
            Some(b'x') if b.len() >= 3 => (radix, t) = (16, &t[2..]),
            _ => (radix, t) = (8, &t[1..]),
        }
    }
    let mut n: u128 = 0;
    for c in t.chars() {
        let Some(d) = c.to_digit(radix) else {
            return false;
        };
        n = n * u128::from(radix) + u128::from(d);
        if n > u128::from(u64::MAX) {
            return false;
        }
    }
    if !signed {
        return true;
    }
    if negative {
        n <= 1u128 << 63
    } else {
        n < 1u128 << 63
    }
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
fn is_yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            digits(&mut i);
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Go's `strconv.ParseFloat(s, 64)` succeeding (no syntax or range error)
/// for decimal syntax, underscores between digits allowed. Callers only pass
/// text starting with `.` or matching the YAML float pattern, so the hex and
/// `inf`/`nan` forms Go also accepts cannot occur.
fn go_parse_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let (mut mantissa, mut underscores, mut saw_dot, mut saw_digits) =
        (String::from("0"), false, false, false);
    while i < b.len() {
        let c = b[i];
        if c == b'_' {
            underscores = true;
        } else if c == b'.' && !saw_dot {
            saw_dot = true;
            mantissa.push('.');
        } else if c.is_ascii_digit() {
            saw_digits = true;
            mantissa.push(c as char);
        } else {
            break;
        }
        i += 1;
    }
    if !saw_digits {
        return false;
    }
    if mantissa.ends_with('.') {
        mantissa.push('0');
    }
    let mut exponent: i64 = 0;
    if i < b.len() && (b[i] | 0x20) == b'e' {
        i += 1;
        let mut negative = false;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            negative = b[i] == b'-';
            i += 1;
        }
        if i >= b.len() || !b[i].is_ascii_digit() {
            return false;
        }
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
            if b[i] == b'_' {
                underscores = true;
            } else if exponent < 100_000 {
                exponent = exponent * 10 + i64::from(b[i] - b'0');
            }
            i += 1;
        }
        if negative {
            exponent = -exponent;
        }
    }
    if i != b.len() || (underscores && !underscores_ok(s)) {
        return false;
    }
    // Overflow is a range error in Go; underflow to zero is not.
    format!("{mantissa}e{exponent}")
        .parse::<f64>()
        .is_ok_and(f64::is_finite)
}

/// Go's `underscoreOK`: each underscore sits between digits (or after a
/// base prefix).
fn underscores_ok(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let mut saw = b'^';
    let mut hex = false;
    if b.len() >= i + 2 && b[i] == b'0' && matches!(b[i + 1] | 0x20, b'b' | b'o' | b'x') {
        hex = (b[i + 1] | 0x20) == b'x';
        i += 2;
        saw = b'0';
    }
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()) {
            saw = b'0';
        } else if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
        } else {
            if saw == b'_' {
                return false;
            }
            saw = b'!';
        }
        i += 1;
    }
    saw != b'_'
}

/// `^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`
fn is_base60_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    if i >= b.len() || !b[i].is_ascii_digit() {
        return false;
    }
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
        i += 1;
    }
    let mut groups = 0;
    while i < b.len() && b[i] == b':' {
        i += 1;
        // One or two digits, the first of two in 0-5; the regex backtracks,
        // so a single digit followed by a non-digit is also fine.
        let d1 = b.get(i).is_some_and(u8::is_ascii_digit);
        let d2 = b.get(i + 1).is_some_and(u8::is_ascii_digit);
        if d1 && d2 && b[i] <= b'5' {
            i += 2;
        } else if d1 {
            i += 1;
        } else {
            return false;
        }
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
            i += 1;
        }
    }
    i == b.len()
}

/// go-yaml v2's `parseTimestamp`: `YYYY-M-D`, optionally followed by
/// `[Tt]H:M:S[.frac](Z|±hh:mm)` or ` H:M:S[.frac]` (spaces: one or more).
fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return false;
    }
    let Some((year, month, day, rest)) = parse_date(b) else {
        return false;
    };
    if rest.is_empty() {
        return date_is_valid(year, month, day);
    }
    let valid_time = match rest[0] {
        b'T' | b't' => parse_time(&rest[1..]).is_some_and(parse_zone),
        b' ' => {
            let start = rest.iter().position(|&c| c != b' ').unwrap_or(rest.len());
            parse_time(&rest[start..]).is_some_and(<[u8]>::is_empty)
        }
        _ => false,
    };
    valid_time && date_is_valid(year, month, day)
}

/// Go's `getnum`: one or two digits.
fn get_num(b: &[u8]) -> Option<(u32, &[u8])> {
    let d0 = b.first().filter(|c| c.is_ascii_digit())?;
    match b.get(1).filter(|c| c.is_ascii_digit()) {
        Some(d1) => Some((u32::from(d0 - b'0') * 10 + u32::from(d1 - b'0'), &b[2..])),
        None => Some((u32::from(d0 - b'0'), &b[1..])),
    }
}

fn parse_date(b: &[u8]) -> Option<(u32, u32, u32, &[u8])> {
    let year = b[..4]
        .iter()
        .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
    let (month, rest) = get_num(&b[5..])?;
    if !(1..=12).contains(&month) {
        return None;
    }
    let rest = rest.strip_prefix(b"-")?;
    let (day, rest) = get_num(rest)?;
    Some((year, month, day, rest))
}

fn date_is_valid(year: u32, month: u32, day: u32) -> bool {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    (1..=days).contains(&day)
}

/// `H:M:S` with an optional `.digits` or `,digits` fraction; returns the rest.
fn parse_time(b: &[u8]) -> Option<&[u8]> {
    let (hour, rest) = get_num(b)?;
    let rest = rest.strip_prefix(b":")?;
    let (minute, rest) = get_num(rest)?;
    let rest = rest.strip_prefix(b":")?;
    let (second, mut rest) = get_num(rest)?;
    if hour >= 24 || minute >= 60 || second >= 60 {
        return None;
    }
    if rest.len() >= 2 && matches!(rest[0], b'.' | b',') && rest[1].is_ascii_digit() {
        let n = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        rest = &rest[1 + n..];
    }
    Some(rest)
}

/// `Z` or `±hh:mm` (hh ≤ 24, mm ≤ 60), and nothing after it.
fn parse_zone(b: &[u8]) -> bool {
    if b == b"Z" {
        return true;
    }
    if b.len() != 6 || !matches!(b[0], b'+' | b'-') || b[3] != b':' {
        return false;
    }
    let two = |x: &[u8]| {
        (x[0].is_ascii_digit() && x[1].is_ascii_digit())
            .then(|| u32::from(x[0] - b'0') * 10 + u32::from(x[1] - b'0'))
    };
    matches!((two(&b[1..3]), two(&b[4..6])), (Some(h), Some(m)) if h <= 24 && m <= 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_bool_and_special_floats_need_quotes() {
        for s in [
            "", "~", "null", "Null", "NULL", "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No",
            "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off",
            "Off", "OFF", ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "-.inf", "+.inf",
            "-.Inf", "+.INF",
        ] {
            assert!(needs_double_quotes(s), "{s:?}");
        }
    }

    #[test]
    fn integers_in_go_base0_syntax_need_quotes() {
        for s in [
            "3",
            "012",
            "0x1F",
            "0o17",
            "0b101",
            "-0b11",
            "1_000",
            "+1",
            "-0",
            "0",
            "9223372036854775807",
            "18446744073709551615",
            "-9223372036854775808",
            "0X1f",
            "0B1",
            "0b-101",
            "1__",
        ] {
            assert!(needs_double_quotes(s), "{s:?}");
        }
    }

    #[test]
    fn floats_need_quotes() {
        for s in [
            "3.0",
            "1.",
            ".5",
            "08",
            "1e3",
            "1e+3",
            "1.5e+3",
            "+.5",
            "-.5",
            "1E5",
            "18446744073709551616",
            "-9223372036854775809",
            ".5e3",
            ".5_0",
        ] {
            assert!(needs_double_quotes(s), "{s:?}");
        }
    }

    #[test]
    fn timestamps_need_quotes() {
        for s in [
            "2001-12-14",
            "2001-1-2",
            "2001-12-14T21:59:43.10Z",
            "2001-12-14t21:59:43-05:00",
            "2001-12-14 21:59:43.10",
            "2001-12-14   1:2:3",
            "2000-02-29",
            "2024-01-01T00:00:00Z",
        ] {
            assert!(needs_double_quotes(s), "{s:?}");
        }
    }

    #[test]
    fn base60_values_need_quotes() {
        for s in ["1:20", "190:20:30", "-1:30", "1:2", "1:20.5", "1_0:20"] {
            assert!(needs_double_quotes(s), "{s:?}");
        }
    }

    #[test]
    fn plain_strings_stay_plain() {
        for s in [
            "tRue",
            "1e",
            "e5",
            "0.1.2",
            "1,000",
            ".",
            "+",
            "-",
            "<<",
            "=",
            "a#b",
            "x:y",
            "http://a.b/c",
            "-x",
            "?x",
            "x]",
            "a,b",
            "it's",
            "say \"hi\"",
            "é",
            "1e400",
            ".5e400",
            "0x",
            "0b",
            "1:60",
            "1:2:",
            "2001-02-30",
            "2001-13-01",
            "2001-12-14T21:59:43",
            "2001-12-14 21:59:43 Z",
            "2001-12-14X",
            "12:30pm",
            "0xZZ",
            ".inf2",
            "+0x8000000000000000",
            "_1",
            "v1.2",
            "1.2.3-beta",
        ] {
            assert!(!needs_double_quotes(s), "{s:?}");
        }
    }

    #[test]
    fn go_parse_float_details() {
        assert!(go_parse_float(".5"));
        assert!(!go_parse_float("."));
        assert!(!go_parse_float(".e3"));
        assert!(!go_parse_float(".5e"));
        assert!(!go_parse_float(".5 "));
        assert!(go_parse_float("1e-400"));
        assert!(!go_parse_float("1e400"));
        assert!(go_parse_float("1.7976931348623157e308"));
        assert!(!go_parse_float("1.7976931348623159e308"));
        assert!(go_parse_float("1_0.5"));
        assert!(!go_parse_float("1__0"));
        assert!(!go_parse_float("._5"));
    }
}

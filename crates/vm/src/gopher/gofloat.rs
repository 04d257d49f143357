//! Go's `strconv.FormatFloat` for the `e`, `E`, `f`, `g` and `G` formats,
//! shortest (precision -1) or with a precision; Rust supplies the digits.

/// Decimal digits of a non-negative finite float: the value is
/// `0.d[0]d[1]… × 10^dp`. No leading or trailing zeros; zero has no digits.
#[derive(Debug, Clone, PartialEq)]
struct Digits {
    d: Vec<u8>,
    dp: i32,
}

impl Digits {
    fn nd(&self) -> i32 {
        self.d.len() as i32
    }

    /// Builds from digits (with possible leading/trailing zeros) whose
    /// decimal point sits after `int_len` of them.
    fn from_raw(raw: &[u8], int_len: i32) -> Digits {
        let lead = raw.iter().take_while(|&&c| c == b'0').count();
        let mut d = raw[lead..].to_vec();
        while d.last() == Some(&b'0') {
            d.pop();
        }
        if d.is_empty() {
            return Digits { d, dp: 0 };
        }
        Digits {
            d,
            dp: int_len - lead as i32,
        }
    }

    /// Parses Rust's `{:e}` output, e.g. `1.2345e-7`.
    fn from_sci(s: &str) -> Digits {
        let (mant, exp) = s.split_once('e').unwrap_or((s, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let raw: Vec<u8> = mant.bytes().filter(u8::is_ascii_digit).collect();
        Digits::from_raw(&raw, exp + 1)
    }

    /// Parses Rust's `{:.N}` output, e.g. `123.4500`.
    fn from_fixed(s: &str) -> Digits {
        let int_len = s.find('.').unwrap_or(s.len()) as i32;
        let raw: Vec<u8> = s.bytes().filter(u8::is_ascii_digit).collect();
        Digits::from_raw(&raw, int_len)
    }
}

/// The shortest digits that read back as `v` (`v` ≥ 0, finite), closest
/// to `v`; an exact tie between two goes to the even one, as in Go (Rust
/// rounds such ties up).
fn shortest(v: f64) -> Digits {
    let d = Digits::from_sci(&format!("{v:e}"));
    let Some(&last) = d.d.last() else {
        return d;
    };
    if (last - b'0') % 2 == 0 {
        return d;
    }
    let mut lower = d.d.clone();
    *lower.last_mut().unwrap_or(&mut 0) -= 1;
    let text = format!("0.{}e{}", String::from_utf8_lossy(&lower), d.dp);
    if text.parse::<f64>() != Ok(v) {
        return d;
    }
    // A tie: v lies exactly halfway, i.e. its exact digits are lower, 5.
    let exact = Digits::from_sci(&format!("{:.*e}", 780, v));
    let mut midpoint = lower.clone();
    midpoint.push(b'5');
    if exact.d == midpoint && exact.dp == d.dp {
        return Digits::from_raw(&lower, d.dp);
    }
    d
}

/// `v` rounded (half to even on exact ties, like Go) to `n` ≥ 1 significant digits.
fn significant(v: f64, n: usize) -> Digits {
    Digits::from_sci(&format!("{:.*e}", n - 1, v))
}

/// `v` rounded to `prec` digits after the decimal point.
fn fractional(v: f64, prec: usize) -> Digits {
    Digits::from_fixed(&format!("{v:.prec$}"))
}

/// `strconv.FormatFloat(v, fmt, prec, 64)` for `fmt` in `e E f g G`; a
/// negative `prec` asks for the shortest representation.
pub fn format(v: f64, fmt: u8, prec: i32) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    let neg = v.is_sign_negative();
    let a = v.abs();
    let shortest_mode = prec < 0;
    let (digs, prec) = if shortest_mode {
        let d = shortest(a);
        let p = match fmt {
            b'e' | b'E' => (d.nd() - 1).max(0),
            b'f' => (d.nd() - d.dp).max(0),
            _ => d.nd(),
        };
        (d, p)
    } else {
        match fmt {
            b'e' | b'E' => (significant(a, prec as usize + 1), prec),
            b'f' => (fractional(a, prec as usize), prec),
            _ => {
                let p = prec.max(1);
                (significant(a, p as usize), p)
            }
        }
    };
    let mut out = Vec::new();
    if neg {
        out.push(b'-');
    }
    match fmt {
        b'e' | b'E' => fmt_e(&mut out, &digs, prec, fmt),
        b'f' => fmt_f(&mut out, &digs, prec),
        _ => {
            let mut eprec = prec;
            if eprec > digs.nd() && digs.nd() >= digs.dp {
                eprec = digs.nd();
            }
            if shortest_mode {
                eprec = 6;
            }
            let exp = digs.dp - 1;
            let mut p = prec;
            if exp < -4 || exp >= eprec {
                if p > digs.nd() {
                    p = digs.nd();
                }
                fmt_e(&mut out, &digs, p - 1, fmt + b'e' - b'g');
            } else {
                if p > digs.dp {
                    p = digs.nd();
                }
                fmt_f(&mut out, &digs, (p - digs.dp).max(0));
            }
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

fn fmt_e(out: &mut Vec<u8>, d: &Digits, prec: i32, e: u8) {
    out.push(d.d.first().copied().unwrap_or(b'0'));
    if prec > 0 {
        out.push(b'.');
        for i in 1..=prec as usize {
            out.push(d.d.get(i).copied().unwrap_or(b'0'));
        }
    }
    out.push(e);
    let mut exp = if d.d.is_empty() { 0 } else { d.dp - 1 };
    if exp < 0 {
        out.push(b'-');
        exp = -exp;
    } else {
        out.push(b'+');
    }
    if exp < 10 {
        out.push(b'0');
    }
    out.extend_from_slice(exp.to_string().as_bytes());
}

fn fmt_f(out: &mut Vec<u8>, d: &Digits, prec: i32) {
    if d.dp > 0 {
        for i in 0..d.dp as usize {
            out.push(d.d.get(i).copied().unwrap_or(b'0'));
        }
    } else {
        out.push(b'0');
    }
    if prec > 0 {
        out.push(b'.');
        for i in 1..=prec {
            let j = d.dp + i - 1;
            let c = if j >= 0 {
                d.d.get(j as usize).copied()
            } else {
                None
            };
            out.push(c.unwrap_or(b'0'));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_g_like_go() {
        let cases: &[(f64, &str)] = &[
            (1.0 / 3.0, "0.3333333333333333"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1234567.5, "1.2345675e+06"),
            (123456789.0, "1.23456789e+08"),
            (100000.0, "100000"),
            (1e6, "1e+06"),
            (1e21, "1e+21"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (0.0, "0"),
            (-0.0, "-0"),
            (-2.5, "-2.5"),
            (9.223372036854776e18, "9.223372036854776e+18"),
            (f64::MAX, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
            (f64::NAN, "NaN"),
            // Ties between two shortest forms go to the even digit.
            (793_919_738_802_251.0 + 0.25, "7.939197388022512e+14"),
            (793_919_738_802_251.0 + 0.75, "7.939197388022518e+14"),
            (f64::INFINITY, "+Inf"),
            (f64::NEG_INFINITY, "-Inf"),
        ];
        for &(v, want) in cases {
            assert_eq!(format(v, b'g', -1), want, "{v}");
        }
    }

    #[test]
    fn fixed_precisions_like_go() {
        assert_eq!(format(1.0 / 3.0, b'e', 6), "3.333333e-01");
        assert_eq!(format(1.0 / 3.0, b'f', 6), "0.333333");
        assert_eq!(format(std::f64::consts::PI, b'f', 2), "3.14");
        assert_eq!(format(0.125, b'f', 2), "0.12");
        assert_eq!(format(0.375, b'f', 2), "0.38");
        assert_eq!(format(2.5, b'f', 0), "2");
        assert_eq!(format(0.009, b'f', 2), "0.01");
        assert_eq!(format(0.001, b'f', 2), "0.00");
        assert_eq!(format(1e300, b'e', 3), "1.000e+300");
        assert_eq!(format(0.0, b'e', 2), "0.00e+00");
        assert_eq!(format(12345.0, b'E', 2), "1.23E+04");
        assert_eq!(format(1.0, b'g', 3), "1");
        assert_eq!(format(100.0, b'g', 3), "100");
        assert_eq!(format(100.0, b'g', 2), "1e+02");
        assert_eq!(format(1e5, b'g', 3), "1e+05");
        assert_eq!(format(123456.0, b'g', 6), "123456");
        assert_eq!(format(1234567.0, b'g', 6), "1.23457e+06");
        assert_eq!(format(0.0, b'g', 3), "0");
        assert_eq!(format(0.5, b'g', 0), "0.5");
        assert_eq!(format(1e-5, b'G', 3), "1E-05");
        assert_eq!(format(99.99, b'f', 1), "100.0");
        assert_eq!(format(1.5, b'e', 0), "2e+00");
    }
}

//! Number text for the YAML emitter: a float64 goes through Go's JSON encoder,
//! is re-read by go-yaml's resolver (int, uint or float) and printed again.

/// Shortest round-trip decimal digits of a finite, non-zero `|x|`:
/// `(digits, dp)` where the value is `0.DIGITS × 10^dp`.
fn shortest_digits(x: f64) -> (Vec<u8>, i32) {
    // Rust's `{:e}` prints the shortest digits that round-trip, choosing the
    // closest candidate, exactly as Go's strconv does with precision -1.
    let text = format!("{:e}", x.abs());
    let (mantissa, exp) = text.split_once('e').expect("`{:e}` always has an exponent");
    let exp: i32 = exp.parse().expect("exponent is an integer");
    let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    (digits, exp + 1)
}

/// Go's `strconv.FormatFloat(x, 'g', -1, 64)` for a finite `x`.
pub(super) fn format_go_g(x: f64) -> String {
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    let (digits, dp) = shortest_digits(x);
    let mut out = String::new();
    if x < 0.0 {
        out.push('-');
    }
    let nd = digits.len() as i32;
    let exp = dp - 1;
    if !(-4..6).contains(&exp) {
        out.push(digits[0] as char);
        if nd > 1 {
            out.push('.');
            out.extend(digits[1..].iter().map(|&d| d as char));
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        let e = exp.unsigned_abs();
        if e < 10 {
            out.push('0');
        }
        out.push_str(&e.to_string());
        return out;
    }
    if dp <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-dp) as usize));
        out.extend(digits.iter().map(|&d| d as char));
    } else if dp >= nd {
        out.extend(digits.iter().map(|&d| d as char));
        out.extend(std::iter::repeat_n('0', (dp - nd) as usize));
    } else {
        out.extend(digits[..dp as usize].iter().map(|&d| d as char));
        out.push('.');
        out.extend(digits[dp as usize..].iter().map(|&d| d as char));
    }
    out
}

/// The text karmadactl prints for a JSON number, given as float64.
///
/// An integral value below 1e21 is written by Go's JSON encoder as plain
/// digits (shortest digits padded with zeros); go-yaml then reads that back
/// as an int64 or uint64 when it fits, and as a float otherwise. Everything
/// else is a float, printed with Go's `'g'` format.
pub(super) fn format_number(x: f64) -> String {
    if x == 0.0 {
        return "0".to_string();
    }
    if x.fract() == 0.0 && x.abs() < 1e21 {
        let (digits, dp) = shortest_digits(x);
        let mut text: String = digits.iter().map(|&d| d as char).collect();
        text.extend(std::iter::repeat_n(
            '0',
            (dp as usize).saturating_sub(digits.len()),
        ));
        if x < 0.0 {
            text.insert(0, '-');
            if text.parse::<i64>().is_ok() {
                return text;
            }
        } else if text.parse::<u64>().is_ok() {
            return text;
        }
    }
    format_go_g(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_print_as_integers() {
        assert_eq!(format_number(3.0), "3");
        assert_eq!(format_number(-7.0), "-7");
        assert_eq!(format_number(1e15), "1000000000000000");
        assert_eq!(format_number(9007199254740992.0), "9007199254740992");
    }

    #[test]
    fn large_integers_use_shortest_digits_padded() {
        assert_eq!(format_number(2f64.powi(60)), "1152921504606847000");
        assert_eq!(format_number(2f64.powi(63)), "9223372036854776000");
        assert_eq!(format_number(1.8e19), "18000000000000000000");
    }

    #[test]
    fn integers_outside_int64_and_uint64_print_as_floats() {
        assert_eq!(format_number(1e20), "1e+20");
        assert_eq!(format_number(-(2f64.powi(63))), "-9.223372036854776e+18");
        assert_eq!(format_number(2f64.powi(64)), "1.8446744073709552e+19");
    }

    #[test]
    fn zero_and_negative_zero() {
        assert_eq!(format_number(0.0), "0");
        assert_eq!(format_number(-0.0), "0");
        assert_eq!(format_number(3.0f64), "3");
    }

    #[test]
    fn non_integral_values_use_go_g_format() {
        assert_eq!(format_number(2.5), "2.5");
        assert_eq!(format_number(0.1), "0.1");
        assert_eq!(format_number(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(format_number(0.0001), "0.0001");
        assert_eq!(format_number(0.00001), "1e-05");
        assert_eq!(format_number(999999.5), "999999.5");
        assert_eq!(format_number(1000000.5), "1.0000005e+06");
        assert_eq!(format_number(123456789.123), "1.23456789123e+08");
        assert_eq!(format_number(1e-7), "1e-07");
        assert_eq!(format_number(-2.5e-10), "-2.5e-10");
    }

    #[test]
    fn huge_values_use_exponent_form() {
        assert_eq!(format_number(1e21), "1e+21");
        assert_eq!(format_number(1.5e300), "1.5e+300");
        assert_eq!(format_number(-1e21), "-1e+21");
        assert_eq!(
            format_number(1.7976931348623157e308),
            "1.7976931348623157e+308"
        );
    }

    #[test]
    fn go_g_fixed_and_exponent_boundaries() {
        assert_eq!(format_go_g(123456.0), "123456");
        assert_eq!(format_go_g(1234567.0), "1.234567e+06");
        assert_eq!(format_go_g(5e-324), "5e-324");
        assert_eq!(format_go_g(-0.0), "-0");
    }
}

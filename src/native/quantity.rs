//! Quantities in the typed view (spec §1.5): parsing through the shared
//! `kube::quantity`, and the text normalization prints (verbatim or canonical).

use crate::kube::quantity::{Format, Quantity};
use serde_json::Value;

/// Go's `encoding/json` text of a float64: `%f` form unless the exponent is
/// below -6 or at least 21, then `1e-07` cleaned to `1e-7`.
pub fn go_json_float(f: f64) -> String {
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        let sci = format!("{f:e}");
        let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{}", exp.abs());
    }
    format!("{f}")
}

/// The text a JSON value is parsed from: a string's content, else the JSON
/// rendering (numbers in Go's form).
pub fn source_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_string(),
            None => go_json_float(n.as_f64().unwrap_or(0.0)),
        },
        other => other.to_string(),
    }
}

/// The text normalization prints for a quantity JSON value: the trimmed
/// input when it already looks canonical, else the canonical text.
pub fn normalized_text(v: &Value) -> Result<String, String> {
    let text = source_text(v);
    let text = text.trim();
    let q = Quantity::parse(text).map_err(|e| e.to_string())?;
    if looks_canonical(text, q.format()) {
        Ok(text.to_string())
    } else {
        Ok(q.to_string())
    }
}

/// The decimal exponent of a decimal suffix (`m` → -3, `e5` → 5).
fn decimal_exponent(suffix: &str) -> Option<i64> {
    Some(match suffix {
        "n" => -9,
        "u" => -6,
        "m" => -3,
        "" => 0,
        "k" => 3,
        "M" => 6,
        "G" => 9,
        "T" => 12,
        "P" => 15,
        "E" => 18,
        s if s.starts_with(['e', 'E']) => s[1..].parse().ok()?,
        _ => return None,
    })
}

/// Whether a parsed text is echoed unchanged (the rule of spec §1.5).
fn looks_canonical(text: &str, format: Format) -> bool {
    if text == "0" {
        return true;
    }
    let body = text.strip_prefix(['+', '-']).unwrap_or(text);
    let number_len = body
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(body.len());
    let (number, suffix) = body.split_at(number_len);
    let (int, frac) = number.split_once('.').unwrap_or((number, ""));
    let int = int.trim_start_matches('0');
    let int = if int.is_empty() { "0" } else { int };
    match format {
        Format::BinarySI => {
            let max = match suffix {
                "Ki" => 11,
                "Mi" => 8,
                "Gi" => 5,
                "Ti" => 2,
                _ => return false,
            };
            frac.is_empty() && int.len() <= max && int.parse::<u64>().is_ok_and(|n| n % 8 != 0)
        }
        Format::DecimalSI | Format::DecimalExponent => {
            let digits = format!("{int}{frac}");
            let Some(exp) = decimal_exponent(suffix) else {
                return false;
            };
            let exp = exp - frac.len() as i64;
            digits.len() <= 18
                && exp >= -9
                && exp % 3 == 0
                && !digits.ends_with("000")
                && !digits.starts_with('0')
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_float_text() {
        assert_eq!(go_json_float(2000.0), "2000");
        assert_eq!(go_json_float(0.5), "0.5");
        assert_eq!(go_json_float(1e-10), "1e-10");
        assert_eq!(go_json_float(1e21), "1e+21");
        assert_eq!(go_json_float(1e20), "100000000000000000000");
    }

    #[test]
    fn canonical_looking_shapes() {
        use Format::*;
        for (t, f) in [
            ("12E3", DecimalExponent),
            ("+5", DecimalSI),
            ("010", DecimalSI),
        ] {
            assert!(looks_canonical(t, f), "{t}");
        }
        for (t, f) in [
            ("-3Ki", BinarySI),
            ("100Mi", BinarySI),
            ("500m", DecimalSI),
            ("1e3", DecimalExponent),
        ] {
            assert!(looks_canonical(t, f), "{t}");
        }
        for (t, f) in [
            ("1024Mi", BinarySI),
            ("1.5Gi", BinarySI),
            ("3000Ki", BinarySI),
            ("0Mi", BinarySI),
        ] {
            assert!(!looks_canonical(t, f), "{t}");
        }
        for (t, f) in [
            ("1000m", DecimalSI),
            ("0.5", DecimalSI),
            ("1.5k", DecimalSI),
            ("2000", DecimalSI),
        ] {
            assert!(!looks_canonical(t, f), "{t}");
        }
        assert!(!looks_canonical("1.5e3", DecimalExponent));
        assert!(!looks_canonical("1Pi", BinarySI));
    }
}

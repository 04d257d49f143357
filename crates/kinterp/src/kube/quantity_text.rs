//! Quantity text: canonical printing (`String()`), the verbatim-input rule
//! used by normalization, JSON input, the float view and Go's `%#v` dump.

use std::cmp::Ordering;
use std::fmt;

use serde_json::Value;

use super::quantity::{Amount, DIGIT_LIMIT, Format, Quantity, QuantityError, cmp_abs_with};
use kinterp_go::bigint::BigInt;
use kinterp_go::gojson;

/// The decimalSI suffix of a power of ten; `None` prints no suffix.
fn decimal_suffix(e: i64) -> Option<&'static str> {
    Some(match e {
        -9 => "n",
        -6 => "u",
        -3 => "m",
        0 => "",
        3 => "k",
        6 => "M",
        9 => "G",
        12 => "T",
        15 => "P",
        18 => "E",
        _ => return None,
    })
}

/// The binarySI suffix of 1024^k.
fn binary_suffix(k: u32) -> &'static str {
    ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"]
        .get(k as usize)
        .copied()
        .unwrap_or("")
}

/// `m * 10^e` with m's trailing zeros moved into e, then e lowered to a
/// multiple of three.
fn canonical_decimal(m: &BigInt, e: i64) -> (BigInt, i64) {
    let tz = m.trailing_zeros();
    let (m, _) = m.div_pow10(tz);
    let e = e + tz as i64;
    let r = e.rem_euclid(3);
    (m.mul_pow10(r as u64), e - r)
}

impl Quantity {
    /// The canonical text (`String()` of a computed quantity). Kubernetes'
    /// suffix gaps are kept: a decimalSI power of ten with no suffix
    /// (`1000E`) prints the bare mantissa (`1`), and so does 1024^k for
    /// k > 6.
    fn canonical(&self) -> String {
        let (m, e) = self.exact();
        if m.is_zero() {
            return "0".into();
        }
        let mut format = self.format;
        if format == Format::BinarySI {
            let small = cmp_abs_with(&m, e, &BigInt::from_i128(1024), 0) == Ordering::Less;
            let int_exp = e + m.trailing_zeros() as i64;
            // Beyond DIGIT_LIMIT digits the decimal form is used (Kubernetes
            // would write out the whole number and not finish).
            if small || int_exp < 0 || int_exp as u64 > DIGIT_LIMIT {
                format = Format::DecimalSI;
            }
        }
        match format {
            Format::BinarySI => {
                let tz = m.trailing_zeros();
                let mut n = m.div_pow10(tz).0.mul_pow10((e + tz as i64) as u64);
                let mut k = 0;
                loop {
                    let (q, r) = n.div_small(1024);
                    if r != 0 {
                        break;
                    }
                    n = q;
                    k += 1;
                }
                format!("{n}{}", binary_suffix(k))
            }
            Format::DecimalSI => {
                let (m, e) = canonical_decimal(&m, e);
                format!("{m}{}", decimal_suffix(e).unwrap_or(""))
            }
            Format::DecimalExponent => {
                let (m, e) = canonical_decimal(&m, e);
                if e == 0 {
                    m.to_string()
                } else {
                    format!("{m}e{e}")
                }
            }
        }
    }

    /// Go's `String()` of a freshly parsed quantity: the input text itself
    /// when it was already canonical-looking (normalization's "kept
    /// verbatim" rule), otherwise the canonical text.
    pub fn go_string(&self) -> String {
        match &self.verbatim {
            Some(s) => s.clone(),
            None => self.canonical(),
        }
    }

    /// Parses a JSON quantity the way `Quantity.UnmarshalJSON` does: a
    /// string is trimmed of blanks, a number is parsed from the literal Go's
    /// encoder writes for it, `null` is zero, and anything else fails the
    /// format check. A string holding a character that JSON escapes fails
    /// too (Kubernetes sees the escaped bytes).
    pub fn from_json(v: &Value) -> Result<Quantity, QuantityError> {
        match v {
            Value::Null => Ok(Quantity::zero(Format::DecimalSI)),
            Value::String(s) if gojson::needs_escape(s) => Err(QuantityError::Format),
            Value::String(s) => Quantity::parse(s.trim()),
            Value::Number(n) => Quantity::parse(&gojson::number_text(n)),
            _ => Err(QuantityError::Format),
        }
    }

    /// `AsApproximateFloat64()`: `float(mantissa) * 10^exponent` of the
    /// stored form, with Go's `math.Pow10`.
    pub fn as_f64(&self) -> f64 {
        let (base, exp) = match &self.amount {
            Amount::Int { value, scale } => (*value as f64, i64::from(*scale)),
            Amount::Dec { unscaled, scale } => (unscaled.to_f64(), -*scale),
        };
        if exp == 0 { base } else { base * go_pow10(exp) }
    }

    /// Go's `%#v` of the quantity, as in getResourceQuantity's errors. The
    /// big-decimal form holds a pointer in Go; a fixed one is printed.
    pub fn go_dump(&self) -> String {
        let (i, d) = match &self.amount {
            Amount::Int { value, scale } => (format!("value:{value}, scale:{scale}"), "nil"),
            Amount::Dec { .. } => ("value:0, scale:0".to_string(), "0xc000010000"),
        };
        format!(
            "resource.Quantity{{i:resource.int64Amount{{{i}}}, d:resource.infDecAmount{{Dec:(*inf.Dec)({d})}}, s:\"{}\", Format:\"{}\"}}",
            self.verbatim.as_deref().unwrap_or(""),
            self.format.go_name()
        )
    }
}

impl fmt::Display for Quantity {
    /// The canonical text (`String()` of a computed quantity; see
    /// `go_string` for the verbatim rule of parsed ones).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.canonical())
    }
}

/// The text normalization prints for quantity text: trimmed, parsed, then
/// the input kept verbatim when canonical-looking, else the canonical text.
pub fn normalized_text(input: &str) -> Result<String, QuantityError> {
    normalized_json(&Value::String(input.to_string()))
}

/// As `normalized_text`, for any JSON quantity value (numbers print from
/// their Go literal: the float 1000 gives `1k`).
pub fn normalized_json(v: &Value) -> Result<String, QuantityError> {
    Ok(Quantity::from_json(v)?.go_string())
}

/// Go's `math.Pow10`: a product (or quotient) of two exactly written table
/// entries, +Inf above 10^308 and 0 below 10^-323.
pub fn go_pow10(n: i64) -> f64 {
    const TAB: [f64; 32] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31,
    ];
    const POS32: [f64; 10] = [
        1e0, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288,
    ];
    const NEG32: [f64; 11] = [
        1e0, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320,
    ];
    if (0..=308).contains(&n) {
        let n = n as usize;
        POS32[n / 32] * TAB[n % 32]
    } else if (-323..=0).contains(&n) {
        let n = (-n) as usize;
        NEG32[n / 32] / TAB[n % 32]
    } else if n > 0 {
        f64::INFINITY
    } else {
        0.0
    }
}

//! Kubernetes `resource.Quantity`: exact parsing, addition, comparison and
//! canonical printing, as apimachinery does it.
//!
//! A quantity is kept the way apimachinery keeps it: either a small form
//! (an i64 times a power of ten) or a big decimal (`unscaled * 10^-scale`).
//! Values, sums and printed text do not depend on the form; only the float
//! approximation (`as_f64`) and the integer views of negative big decimals
//! do, as in Kubernetes. Printing lives in `quantity_text.rs`.

use std::cmp::Ordering;

use kinterp_go::bigint::BigInt;

/// How a quantity prints: the format of the text it was parsed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    DecimalSI,
    BinarySI,
    DecimalExponent,
}

impl Format {
    /// Kubernetes' name of the format (`DecimalSI`, ...).
    pub fn go_name(self) -> &'static str {
        match self {
            Format::DecimalSI => "DecimalSI",
            Format::BinarySI => "BinarySI",
            Format::DecimalExponent => "DecimalExponent",
        }
    }
}

/// A parse failure; `Display` gives Kubernetes' text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    /// `quantities must match the regular expression '...'`
    #[error(
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    )]
    Format,
    /// `unable to parse numeric part of quantity` (a number with no digit
    /// that needs the big-decimal path, e.g. `Pi` or `e-10`)
    #[error("unable to parse numeric part of quantity")]
    Numeric,
    /// `unable to parse quantity's suffix`
    #[error("unable to parse quantity's suffix")]
    Suffix,
}

/// The stored amount, in apimachinery's two forms.
#[derive(Clone, Debug)]
pub(crate) enum Amount {
    /// `value * 10^scale` (apimachinery's int64Amount).
    Int { value: i64, scale: i32 },
    /// `unscaled * 10^-scale` (an inf.Dec).
    Dec { unscaled: BigInt, scale: i64 },
}

/// An exact decimal quantity with its print format.
#[derive(Clone, Debug)]
pub struct Quantity {
    pub(crate) amount: Amount,
    pub(crate) format: Format,
    /// The parsed text when it was already canonical-looking (Go's cached
    /// string `s`); cleared by arithmetic.
    pub(crate) verbatim: Option<String>,
}

/// Scale differences beyond this many digits are not written out: a sum
/// then keeps its larger operand, and a rescale is skipped (Kubernetes would
/// try to build a number of that many digits and not finish).
pub(crate) const DIGIT_LIMIT: u64 = 4096;

/// What the scanner found: sign, the number text (sign and digits, no
/// suffix), integer digits without leading zeros, fraction digits, suffix.
struct Scan<'a> {
    negative: bool,
    value: &'a str,
    num: &'a str,
    denom: &'a str,
    suffix: &'a str,
}

/// Splits quantity text per `sign? digits? ('.' digits?)? suffix`, where
/// the suffix is letters from `eEinumkKMGTP`, then a sign and digits.
fn scan(s: &str) -> Result<Scan<'_>, QuantityError> {
    let b = s.as_bytes();
    let end = b.len();
    let mut pos = 0;
    let mut negative = false;
    match b.first() {
        Some(b'-') => {
            negative = true;
            pos = 1;
        }
        Some(b'+') => pos = 1,
        _ => {}
    }
    while pos < end && b[pos] == b'0' {
        pos += 1;
    }
    let whole = |num, denom| Scan {
        negative,
        value: s,
        num,
        denom,
        suffix: "",
    };
    if pos == end {
        // Only zeros (or nothing) after the sign.
        return Ok(Scan {
            value: "0",
            ..whole("0", "")
        });
    }
    let num_start = pos;
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    let mut num = &s[num_start..pos];
    if pos == end {
        return Ok(whole(num, ""));
    }
    if num.is_empty() {
        num = "0";
    }
    let mut denom = "";
    if b[pos] == b'.' {
        pos += 1;
        let start = pos;
        while pos < end && b[pos].is_ascii_digit() {
            pos += 1;
        }
        denom = &s[start..pos];
        if pos == end {
            return Ok(whole(num, denom));
        }
    }
    let value = &s[..pos];
    let suffix_start = pos;
    while pos < end && b"eEinumkKMGTP".contains(&b[pos]) {
        pos += 1;
    }
    if pos < end && (b[pos] == b'-' || b[pos] == b'+') {
        pos += 1;
    }
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < end {
        return Err(QuantityError::Format);
    }
    Ok(Scan {
        negative,
        value,
        num,
        denom,
        suffix: &s[suffix_start..],
    })
}

/// (base, exponent, format) of a suffix. An exponent suffix is read as an
/// int64 and then truncated to 32 bits, as Kubernetes does.
fn interpret_suffix(s: &str) -> Option<(u32, i32, Format)> {
    let dec = |e| Some((10, e, Format::DecimalSI));
    let bin = |e| Some((2, e, Format::BinarySI));
    match s {
        "" => dec(0),
        "n" => dec(-9),
        "u" => dec(-6),
        "m" => dec(-3),
        "k" => dec(3),
        "M" => dec(6),
        "G" => dec(9),
        "T" => dec(12),
        "P" => dec(15),
        "E" => dec(18),
        "Ki" => bin(10),
        "Mi" => bin(20),
        "Gi" => bin(30),
        "Ti" => bin(40),
        "Pi" => bin(50),
        "Ei" => bin(60),
        _ if s.len() > 1 && (s.starts_with('e') || s.starts_with('E')) => {
            let n: i64 = s[1..].parse().ok()?;
            Some((10, n as i32, Format::DecimalExponent))
        }
        _ => None,
    }
}

/// 10^k as an i64 when it fits.
fn pow10_i64(k: i64) -> Option<i64> {
    u32::try_from(k).ok().and_then(|k| 10i64.checked_pow(k))
}

/// `v * 10^k` (k >= 0) when it fits an i64.
fn scale_up_i64(v: i64, k: i64) -> Option<i64> {
    if v == 0 {
        return Some(0);
    }
    v.checked_mul(pow10_i64(k)?)
}

/// Rounds `unscaled * 10^-scale` (unscaled >= 0) up to a multiple of 10^-9
/// and returns it with scale 9 (or unchanged where that needs too many
/// digits).
fn round_up_to_nano(unscaled: BigInt, scale: i64) -> (BigInt, i64) {
    match scale.cmp(&9) {
        Ordering::Greater => {
            let (q, inexact) = unscaled.div_pow10((scale - 9) as u64);
            let q = if inexact {
                q.add(&BigInt::from_i128(1))
            } else {
                q
            };
            (q, 9)
        }
        Ordering::Less if (9 - scale) as u64 <= DIGIT_LIMIT => {
            (unscaled.mul_pow10((9 - scale) as u64), 9)
        }
        _ => (unscaled, scale),
    }
}

impl Quantity {
    /// Parses Kubernetes quantity text exactly as `resource.ParseQuantity`
    /// does. The text is not trimmed here (`" 1"` fails); `from_json` trims.
    pub fn parse(text: &str) -> Result<Quantity, QuantityError> {
        if text.is_empty() {
            return Err(QuantityError::Format);
        }
        if text == "0" {
            return Ok(Quantity {
                verbatim: Some(text.to_string()),
                ..Quantity::zero(Format::DecimalSI)
            });
        }
        let sc = scan(text)?;
        let (base, exponent, format) = interpret_suffix(sc.suffix).ok_or(QuantityError::Suffix)?;

        // The small form, used when the digits surely fit an i64.
        let (mut scale, precision, shift) = match format {
            Format::BinarySI if exponent >= 0 && sc.denom.is_empty() => {
                let digits = i64::from(exponent) * 3 / 10;
                (0i32, 15 - sc.num.len() as i64 - digits - 1, exponent as u32)
            }
            Format::BinarySI => (0, -1, 0),
            _ => (exponent, 18 - (sc.num.len() + sc.denom.len()) as i64, 0),
        };
        if precision >= 0 {
            scale = scale.wrapping_sub(sc.denom.len() as i32);
            if scale >= -9 {
                let shifted = format!("{}{}", sc.num, sc.denom);
                let value: i64 = shifted.parse().map_err(|_| QuantityError::Numeric)?;
                if let Some(result) = value.checked_mul(1i64 << shift) {
                    let result = if sc.negative { -result } else { result };
                    let canonical_looking = match format {
                        Format::BinarySI => value & 7 != 0,
                        _ => {
                            scale % 3 == 0 && !shifted.ends_with("000") && !shifted.starts_with('0')
                        }
                    };
                    return Ok(Quantity {
                        amount: Amount::Int {
                            value: result,
                            scale,
                        },
                        format,
                        verbatim: canonical_looking.then(|| text.to_string()),
                    });
                }
            }
        }

        // The big-decimal form.
        let digits_text = sc.value.trim_start_matches(['+', '-']);
        let (int_part, frac_part) = match digits_text.split_once('.') {
            Some((i, f)) => (i, f),
            None => (digits_text, ""),
        };
        let all_digits = format!("{int_part}{frac_part}");
        let mut unscaled = BigInt::from_digits(&all_digits).ok_or(QuantityError::Numeric)?;
        let mut scale = frac_part.len() as i64;
        if base == 10 {
            scale -= i64::from(exponent);
        } else {
            unscaled = unscaled.mul_pow2(exponent as u32);
        }
        if !unscaled.is_zero() {
            (unscaled, scale) = round_up_to_nano(unscaled, scale);
        }
        let mut format = format;
        if format == Format::BinarySI {
            let (m, e) = (&unscaled, -scale);
            if cmp_abs_with(m, e, &BigInt::from_i128(i64::MAX.into()), 0) == Ordering::Greater {
                unscaled = BigInt::from_i128(i64::MAX.into());
                scale = 0;
            } else if !unscaled.is_zero()
                && cmp_abs_with(&unscaled, -scale, &BigInt::from_i128(1), 0) == Ordering::Less
            {
                format = Format::DecimalSI;
            }
        }
        if sc.negative {
            unscaled = unscaled.negated();
        }
        Ok(Quantity {
            amount: Amount::Dec { unscaled, scale },
            format,
            verbatim: None,
        })
    }

    /// A zero quantity of the given format.
    pub fn zero(format: Format) -> Quantity {
        Quantity {
            amount: Amount::Int { value: 0, scale: 0 },
            format,
            verbatim: None,
        }
    }

    /// `value * 10^scale` (Kubernetes' `NewQuantity` is scale 0,
    /// `NewMilliQuantity` scale -3).
    pub fn new_scaled(value: i64, scale: i32, format: Format) -> Quantity {
        Quantity {
            amount: Amount::Int { value, scale },
            format,
            verbatim: None,
        }
    }

    /// The print format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        match &self.amount {
            Amount::Int { value, .. } => *value == 0,
            Amount::Dec { unscaled, .. } => unscaled.is_zero(),
        }
    }

    /// The exact value as `(mantissa, exponent)`, value = mantissa * 10^exponent.
    pub(crate) fn exact(&self) -> (BigInt, i64) {
        match &self.amount {
            Amount::Int { value, scale } => (BigInt::from_i128((*value).into()), i64::from(*scale)),
            Amount::Dec { unscaled, scale } => (unscaled.clone(), -*scale),
        }
    }

    fn as_dec(&self) -> (BigInt, i64) {
        let (m, e) = self.exact();
        (m, -e)
    }

    /// Adds `other`. The sum is exact; its format becomes `other`'s when
    /// the running total is zero before the addition (Kubernetes' rule).
    pub fn add(&mut self, other: &Quantity) {
        self.verbatim = None;
        if let (
            Amount::Int {
                value: a,
                scale: sa,
            },
            Amount::Int {
                value: b,
                scale: sb,
            },
        ) = (&self.amount, &other.amount)
        {
            if *a == 0 {
                self.format = other.format;
            }
            if let Some((value, scale)) = int_add(*a, *sa, *b, *sb) {
                self.amount = Amount::Int { value, scale };
                return;
            }
        } else if self.is_zero() {
            self.format = other.format;
        }
        let (x, sx) = self.as_dec();
        let (y, sy) = other.as_dec();
        let (unscaled, scale) = dec_add(x, sx, y, sy);
        self.amount = Amount::Dec { unscaled, scale };
    }

    /// Compares by value.
    pub fn cmp_value(&self, other: &Quantity) -> Ordering {
        let (a, ea) = self.exact();
        let (b, eb) = other.exact();
        let sign = a.signum().cmp(&b.signum());
        if sign != Ordering::Equal || a.is_zero() {
            return sign;
        }
        let mag = cmp_abs_with(&a, ea, &b, eb);
        if a.is_negative() { mag.reverse() } else { mag }
    }

    /// `Value()`: the value rounded to an integer (away from zero for the
    /// small form), or 0 when it does not fit an i64 (see `checked_value`).
    pub fn value(&self) -> i64 {
        self.checked_value().unwrap_or(0)
    }

    /// `MilliValue()`: value x 1000, rounded like `value`, or 0 on overflow.
    pub fn milli_value(&self) -> i64 {
        self.checked_milli_value().unwrap_or(0)
    }

    /// `Value()`, or `None` where Kubernetes' result overflows an i64.
    pub fn checked_value(&self) -> Option<i64> {
        self.scaled_value(0)
    }

    /// `MilliValue()`, or `None` where Kubernetes' result overflows an i64.
    pub fn checked_milli_value(&self) -> Option<i64> {
        self.scaled_value(-3)
    }

    /// `ScaledValue(new_scale)`: the value in units of 10^new_scale.
    ///
    /// The small form rounds away from zero. The big-decimal form rounds up
    /// as Kubernetes does: positive values to the ceiling; negative values
    /// that fit the fast path truncate and then add one (`-1.5` gives 0),
    /// others go to the ceiling.
    fn scaled_value(&self, new_scale: i32) -> Option<i64> {
        match &self.amount {
            Amount::Int { value, scale } => {
                let (v, s) = (*value, i64::from(*scale));
                if v == 0 {
                    return Some(0);
                }
                let ns = i64::from(new_scale);
                if s >= ns {
                    return scale_up_i64(v, s - ns);
                }
                let k = ns - s;
                let Some(p) = pow10_i64(k).filter(|_| k < 19) else {
                    return Some(v.signum());
                };
                let (q, r) = (v / p, v % p);
                Some(if r != 0 { q + v.signum() } else { q })
            }
            Amount::Dec { unscaled, scale } => {
                let dif = *scale + i64::from(new_scale);
                if dif == 0 {
                    return unscaled.to_i64();
                }
                if dif < 0 {
                    return unscaled.to_i64()?.checked_mul(pow10_i64(-dif)?);
                }
                let (q, inexact) = unscaled.div_pow10(dif as u64);
                let fast = unscaled.cmp_abs(&BigInt::from_i128(i64::MAX.into())) == Ordering::Less
                    && dif < 19;
                let base = if !fast && unscaled.is_negative() && inexact {
                    // Floor division, then the +1 below: the ceiling.
                    q.sub(&BigInt::from_i128(1))
                } else {
                    q
                };
                let r = base.to_i64()?;
                if inexact { r.checked_add(1) } else { Some(r) }
            }
        }
    }
}

/// The small-form sum (apimachinery's int64Amount.Add), or `None` when it
/// overflows and the big form must be used.
fn int_add(a: i64, sa: i32, b: i64, sb: i32) -> Option<(i64, i32)> {
    if b == 0 {
        return Some((a, sa));
    }
    if a == 0 {
        return Some((b, sb));
    }
    match sa.cmp(&sb) {
        Ordering::Equal => Some((a.checked_add(b)?, sa)),
        Ordering::Greater => {
            let a = scale_up_i64(a, i64::from(sa) - i64::from(sb))?;
            Some((a.checked_add(b)?, sb))
        }
        Ordering::Less => {
            let b = scale_up_i64(b, i64::from(sb) - i64::from(sa))?;
            Some((a.checked_add(b)?, sa))
        }
    }
}

/// The big-decimal sum (inf.Dec.Add): aligned to the larger scale. When the
/// alignment needs more than `DIGIT_LIMIT` digits, the operand of larger
/// magnitude is kept alone.
fn dec_add(x: BigInt, sx: i64, y: BigInt, sy: i64) -> (BigInt, i64) {
    let (lo, slo, hi, shi) = if sx <= sy {
        (x, sx, y, sy)
    } else {
        (y, sy, x, sx)
    };
    // `lo` has the smaller scale (the larger exponent) and gets multiplied.
    let diff = shi.abs_diff(slo);
    if diff > DIGIT_LIMIT {
        if lo.is_zero() {
            return (hi, shi);
        }
        if hi.is_zero() || cmp_abs_with(&lo, -slo, &hi, -shi) == Ordering::Greater {
            return (lo, slo);
        }
        return (hi, shi);
    }
    (lo.mul_pow10(diff).add(&hi), shi)
}

/// Compares |a| * 10^ea with |b| * 10^eb without writing out large powers.
pub(crate) fn cmp_abs_with(a: &BigInt, ea: i64, b: &BigInt, eb: i64) -> Ordering {
    match (a.is_zero(), b.is_zero()) {
        (true, true) => return Ordering::Equal,
        (true, false) => return Ordering::Less,
        (false, true) => return Ordering::Greater,
        _ => {}
    }
    let ma = a.num_digits() as i128 + i128::from(ea);
    let mb = b.num_digits() as i128 + i128::from(eb);
    if ma != mb {
        return ma.cmp(&mb);
    }
    // Same order of magnitude: the exponent gap is at most the digit count.
    if ea >= eb {
        a.mul_pow10(ea.abs_diff(eb)).cmp_abs(b)
    } else {
        a.cmp_abs(&b.mul_pow10(ea.abs_diff(eb)))
    }
}

/// Parses a JSON quantity (a string, trimmed, or a number); see
/// `Quantity::from_json`.
pub fn from_json(v: &serde_json::Value) -> Result<Quantity, QuantityError> {
    Quantity::from_json(v)
}

#[cfg(test)]
#[path = "quantity_tests.rs"]
mod tests;

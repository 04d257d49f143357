//! Kubernetes `resource.Quantity`: exact parsing, addition, comparison and
//! canonical printing, as apimachinery does it.

use std::cmp::Ordering;
use std::fmt;

/// How a quantity prints: the format of the text it was parsed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    DecimalSI,
    BinarySI,
    DecimalExponent,
}

/// A parse failure; `Display` gives Kubernetes' text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    /// `quantities must match the regular expression '...'`
    #[error(
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    )]
    Format,
    /// `unable to parse quantity's suffix`
    #[error("unable to parse quantity's suffix")]
    Suffix,
}

/// An exact decimal quantity with its print format.
#[derive(Clone, Debug)]
pub struct Quantity {
    _todo: (),
}

impl Quantity {
    /// Parses Kubernetes quantity text (trimmed of blanks).
    pub fn parse(text: &str) -> Result<Quantity, QuantityError> {
        let _ = text;
        todo!()
    }
    /// A zero quantity of the given format.
    pub fn zero(format: Format) -> Quantity {
        let _ = format;
        todo!()
    }
    /// The print format.
    pub fn format(&self) -> Format {
        todo!()
    }
    /// Adds `other` (the sum's format follows Kubernetes' rule).
    pub fn add(&mut self, other: &Quantity) {
        let _ = other;
        todo!()
    }
    /// Compares by value.
    pub fn cmp_value(&self, other: &Quantity) -> Ordering {
        let _ = other;
        todo!()
    }
    /// `Value()`: rounded to an integer away from zero.
    pub fn value(&self) -> i64 {
        todo!()
    }
    /// `MilliValue()`: value x 1000 rounded away from zero.
    pub fn milli_value(&self) -> i64 {
        todo!()
    }
    /// The value as a float (lossy).
    pub fn as_f64(&self) -> f64 {
        todo!()
    }
}

impl fmt::Display for Quantity {
    /// The canonical text (`String()`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = f;
        todo!()
    }
}

/// Parses a quantity from a JSON string (trimmed) or number.
pub fn from_json(v: &serde_json::Value) -> Result<Quantity, QuantityError> {
    let _ = v;
    todo!()
}

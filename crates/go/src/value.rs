//! Helpers over JSON values shared by the engine: Karmada's printer sees
//! every number as a float64, so comparisons normalize numbers the same way.

use serde_json::{Number, Value};

/// Turns every number into a float, as a JSON round trip through Go's
/// generic decoding does.
pub fn numbers_as_f64(v: &mut Value) {
    match v {
        Value::Number(n) if (n.is_i64() || n.is_u64()) => {
            if let Some(num) = n.as_f64().and_then(Number::from_f64) {
                *n = num;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(numbers_as_f64),
        Value::Object(map) => map.values_mut().for_each(numbers_as_f64),
        _ => {}
    }
}

/// A copy with every number as a float.
pub fn with_f64_numbers(v: &Value) -> Value {
    let mut v = v.clone();
    numbers_as_f64(&mut v);
    v
}

/// Go's `json: unsupported value: X` error text for a float JSON cannot
/// hold (NaN, +Inf, -Inf).
pub fn unsupported_float(f: f64) -> String {
    let shown = if f.is_nan() {
        "NaN"
    } else if f > 0.0 {
        "+Inf"
    } else {
        "-Inf"
    };
    format!("json: unsupported value: {shown}")
}

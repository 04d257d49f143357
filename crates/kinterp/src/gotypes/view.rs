//! Reading decoded values: the few accessors the callers share, for the
//! full form (`int`, `str`, `equal`) and for trimmed copies (`field`,
//! `items`, `string`).

use serde_json::Value;

/// The int value of a decoded integer field (0 for anything else).
pub fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or(0)
}

/// The string of a decoded string field (`""` for anything else).
pub fn str(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

/// Typed equality of two decoded values. `semantic` is apimachinery's
/// `equality.Semantic`: an unset list or map equals an empty one.
pub fn equal(a: &Value, b: &Value, semantic: bool) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| equal(v, w, semantic)))
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| equal(v, w, semantic))
        }
        (Value::Null, Value::Array(v)) | (Value::Array(v), Value::Null) => semantic && v.is_empty(),
        (Value::Null, Value::Object(m)) | (Value::Object(m), Value::Null) => {
            semantic && m.is_empty()
        }
        _ => a == b,
    }
}

/// The field `name` of a trimmed copy (`None` when absent).
pub fn field<'a>(v: &'a Value, name: &str) -> Option<&'a Value> {
    v.get(name).filter(|x| !x.is_null())
}

/// The items of a trimmed copy's list field (empty when absent).
pub fn items<'a>(v: &'a Value, name: &str) -> &'a [Value] {
    field(v, name)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// A trimmed copy's string field (`""` when absent).
pub fn string<'a>(v: &'a Value, name: &str) -> &'a str {
    field(v, name).and_then(Value::as_str).unwrap_or("")
}

//! Customization results read into Karmada's typed targets
//! (ReplicaRequirements, `[]Component`, `[]DependentObjectReference`) and
//! written back as Go marshals them. `Err` is Go's error text.

use super::decode::{Mode, decode, decode_list};
use super::encode::encode;
use serde_json::Value;

/// A `ReplicaRequirements` value (already empty-table fixed).
pub fn replica_requirements(v: &Value) -> Result<Value, String> {
    let decoded = decode("ReplicaRequirements", v, Mode::JSON_RESULT)?;
    Ok(encode("ReplicaRequirements", &decoded))
}

/// A `[]Component` value.
pub fn components(v: &Value) -> Result<Value, String> {
    Ok(Value::Array(list("Component", v)?))
}

/// A `[]DependentObjectReference` value (unknown keys dropped).
pub fn dependencies(v: &Value) -> Result<Vec<Value>, String> {
    list("DependentObjectReference", v)
}

fn list(elem: &'static str, v: &Value) -> Result<Vec<Value>, String> {
    let decoded = decode_list(elem, v, Mode::JSON_RESULT)?;
    let items = decoded.as_array().map(Vec::as_slice).unwrap_or(&[]);
    Ok(items.iter().map(|x| encode(elem, x)).collect())
}

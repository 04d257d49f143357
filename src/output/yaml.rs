//! A small YAML emitter that prints JSON values exactly as karmadactl does
//! (sigs.k8s.io/yaml over go-yaml v2): key order, quoting, numbers, folding.

use serde_json::Value;

/// Renders `value` as go-yaml v2 would after a JSON round trip. Every
/// document ends with a newline; top-level scalars print on one line.
pub fn to_yaml(value: &Value) -> String {
    let _ = value;
    todo!("output::yaml::to_yaml")
}

//! A small YAML emitter that prints JSON values exactly as karmadactl does
//! (sigs.k8s.io/yaml over go-yaml v2): key order, quoting, numbers, folding.

use serde_json::Value;

/// Renders `value` as go-yaml v2 would after a JSON round trip. Every
/// document ends with a newline; top-level scalars print on one line.
pub fn to_yaml(value: &Value) -> String {
    // Placeholder until the go-yaml v2 emitter lands.
    serde_yaml::to_string(value).unwrap_or_default()
}

//! Quantities in the typed view: the text normalization prints,
//! from the shared `kube` quantity code (verbatim or canonical).

use crate::kube::gojson;
use serde_json::Value;

/// The literal of a JSON number as Go's encoder writes it (error texts).
pub fn number_text(v: &Value) -> String {
    match v {
        Value::Number(n) => gojson::number_text(n),
        other => other.to_string(),
    }
}

/// The text normalization prints for a quantity JSON value: the trimmed
/// input when it already looks canonical, else the canonical text.
pub fn normalized_text(v: &Value) -> Result<String, String> {
    crate::kube::normalized_json(v).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn normalization_examples() {
        let cases = [
            (json!("1024Mi"), "1Gi"),
            (json!("1.5Gi"), "1536Mi"),
            (json!("3000Ki"), "3000Ki"),
            (json!("0.5Gi"), "512Mi"),
            (json!("1000m"), "1"),
            (json!("0.5"), "500m"),
            (json!("1.5k"), "1500"),
            (json!("2000"), "2k"),
            (json!("1000k"), "1M"),
            (json!("1e3"), "1e3"),
            (json!("1.5e3"), "1500"),
            (json!("12E3"), "12E3"),
            (json!("+5"), "+5"),
            (json!("010"), "010"),
            (json!("-3Ki"), "-3Ki"),
            (json!("100Mi"), "100Mi"),
            (json!("0Mi"), "0"),
            (json!(" 7 "), "7"),
            (json!(1000), "1k"),
            (json!(0.5), "500m"),
        ];
        for (input, want) in cases {
            assert_eq!(normalized_text(&input).unwrap(), want, "{input}");
        }
        assert_eq!(
            normalized_text(&json!("1.2.3")).unwrap_err(),
            "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
        );
    }
}

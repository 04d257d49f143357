//! How Go's encoding/json writes and names JSON values: the number literal
//! a float64 or int64 becomes, string escaping, and kind names for errors.

use serde_json::{Number, Value};

/// The literal Go's `json.Marshal` writes for this number: an integer as
/// plain digits; a float in its shortest round-trip form, in exponent form
/// (`1e-7`, `1e+21`) only when |f| < 1e-6 or |f| >= 1e21.
pub fn number_text(n: &Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        // Above i64: Kubernetes' decoder would hold it as a float64.
        return float_text(u as f64);
    }
    float_text(n.as_f64().unwrap_or(0.0))
}

/// Go's `json.Marshal` of a float64 (finite).
pub fn float_text(f: f64) -> String {
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        // Rust writes `1e21` / `1.5e-7`; Go writes `1e+21` / `1.5e-7`.
        let s = format!("{f:e}");
        match s.split_once('e') {
            Some((m, e)) if !e.starts_with('-') => format!("{m}e+{e:0>2}"),
            _ => s,
        }
    } else {
        format!("{f}")
    }
}

/// Whether Go's JSON encoder (HTML-safe, the default) escapes a character
/// of `s`: control characters, `"`, `\`, `<`, `>`, `&`, U+2028, U+2029.
pub fn needs_escape(s: &str) -> bool {
    s.chars()
        .any(|c| c < ' ' || matches!(c, '"' | '\\' | '<' | '>' | '&' | '\u{2028}' | '\u{2029}'))
}

/// Go's encoding/json type error for a value at the top level:
/// `what` is the JSON kind (`string`) or `number <text>`.
pub fn unmarshal_value_error(what: &str, go_type: &str) -> String {
    format!("json: cannot unmarshal {what} into Go value of type {go_type}")
}

/// Go's encoding/json type error for a value inside the decoded one;
/// `field` is the dotted path Go prints (`Type.a.b`, or `.0.replicas` below
/// a list). When the path ends in a number (likely a list element) Go
/// leaves out the words "Go struct field".
pub fn unmarshal_field_error(what: &str, field: &str, go_type: &str) -> String {
    let last = field.rsplit('.').next().unwrap_or("");
    let into = if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        ""
    } else {
        "Go struct field "
    };
    format!("json: cannot unmarshal {what} into {into}{field} of type {go_type}")
}

/// The JSON kind as Go's type errors name it: `string`, `number`, `bool`,
/// `array`, `object` (and `null`).
pub fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn text(v: Value) -> String {
        match v {
            Value::Number(n) => number_text(&n),
            other => panic!("not a number: {other}"),
        }
    }

    #[test]
    fn numbers_render_like_go() {
        assert_eq!(text(json!(2000)), "2000");
        assert_eq!(text(json!(2000.0)), "2000");
        assert_eq!(text(json!(0.5)), "0.5");
        assert_eq!(text(json!(0.25)), "0.25");
        assert_eq!(text(json!(1e-10)), "1e-10");
        assert_eq!(text(json!(1e-7)), "1e-7");
        assert_eq!(text(json!(1.5e-7)), "1.5e-7");
        assert_eq!(text(json!(0.000001)), "0.000001");
        assert_eq!(text(json!(1e21)), "1e+21");
        assert_eq!(text(json!(1.5e300)), "1.5e+300");
        assert_eq!(text(json!(1e20)), "100000000000000000000");
        assert_eq!(text(json!(-3.0)), "-3");
        assert_eq!(text(json!(-0.0)), "-0");
        assert_eq!(text(json!(1073741824.0)), "1073741824");
        assert_eq!(text(json!(-7)), "-7");
    }

    #[test]
    fn escapes_and_kinds() {
        assert!(needs_escape("\t1"));
        assert!(needs_escape("a<b"));
        assert!(!needs_escape(" 1 \u{a0}"));
        assert_eq!(kind_name(&json!([1])), "array");
        assert_eq!(kind_name(&json!({})), "object");
        assert_eq!(kind_name(&json!(true)), "bool");
    }

    #[test]
    fn a_path_ending_in_an_index_is_not_called_a_struct_field() {
        assert_eq!(
            unmarshal_field_error("number", "T.a.b", "string"),
            "json: cannot unmarshal number into Go struct field T.a.b of type string"
        );
        assert_eq!(
            unmarshal_field_error("number", "T.a.0", "string"),
            "json: cannot unmarshal number into T.a.0 of type string"
        );
        assert_eq!(
            unmarshal_field_error("number", ".0.name", "string"),
            "json: cannot unmarshal number into Go struct field .0.name of type string"
        );
    }
}

//! The one place that parses YAML and JSON input (serde_yaml, serde_json):
//! multi-document streams, JSON streams and lists, into JSON values.

use serde::Deserialize;
use serde_json::{Map, Number, Value};

use crate::diag::Diagnostic;

/// Parses every non-empty document of `text` (YAML stream or JSON stream).
/// `name` is used in error messages.
pub fn parse_documents(name: &str, text: &str) -> Result<Vec<Value>, Diagnostic> {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let mut json_error = None;
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        match parse_json_stream(trimmed) {
            Ok(values) => return Ok(values),
            // YAML flow style also starts with a brace: try YAML next, but
            // report JSON's error for a .json file that neither accepts.
            Err(e) if name.ends_with(".json") => json_error = Some(e),
            Err(_) => {}
        }
    }
    // Most manifests are plain block YAML that the fast reader handles
    // exactly; it declines (None) everything else, including every error.
    if let Some(docs) = super::fastyaml::parse(text) {
        return Ok(docs);
    }
    parse_yaml_stream(name, text, json_error.as_ref())
}

/// The serde_yaml path alone: what `parse_documents` gives for YAML when
/// the fast reader declines. Tests compare the two.
pub(crate) fn parse_documents_slow(name: &str, text: &str) -> Result<Vec<Value>, Diagnostic> {
    parse_yaml_stream(name, text, None)
}

/// Every non-null document of a YAML stream through serde_yaml. A JSON
/// error, when given, replaces YAML's in the message.
fn parse_yaml_stream(
    name: &str,
    text: &str,
    json_error: Option<&serde_json::Error>,
) -> Result<Vec<Value>, Diagnostic> {
    let mut out = Vec::new();
    for doc in serde_yaml::Deserializer::from_str(text) {
        let value = serde_yaml::Value::deserialize(doc).map_err(|e| match json_error {
            Some(j) => Diagnostic::input(format!(
                "invalid JSON: {}",
                j.to_string().split(" at line ").next().unwrap_or_default()
            ))
            .in_file(name)
            .at_line(j.line(), j.column()),
            None => yaml_error(name, &e),
        })?;
        if value.is_null() {
            continue;
        }
        out.push(to_json(name, value)?);
    }
    Ok(out)
}

fn parse_json_stream(text: &str) -> Result<Vec<Value>, serde_json::Error> {
    serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .collect()
}

fn yaml_error(name: &str, e: &serde_yaml::Error) -> Diagnostic {
    let msg = e.to_string();
    match e.location() {
        Some(loc) => {
            // serde_yaml appends " at line L column C"; we lead with it instead.
            let core = msg
                .split(" at line ")
                .next()
                .unwrap_or(&msg)
                .trim_end()
                .to_string();
            Diagnostic::input(format!("invalid YAML: {core}"))
                .in_file(name)
                .at_line(loc.line(), loc.column())
        }
        None => Diagnostic::input(format!("invalid YAML: {msg}")).in_file(name),
    }
}

fn key_text(name: &str, key: serde_yaml::Value) -> Result<String, Diagnostic> {
    Ok(match key {
        serde_yaml::Value::String(s) => s,
        serde_yaml::Value::Bool(b) => b.to_string(),
        serde_yaml::Value::Number(n) => n.to_string(),
        serde_yaml::Value::Null => "null".to_string(),
        serde_yaml::Value::Tagged(t) => key_text(name, t.value)?,
        _ => {
            return Err(
                Diagnostic::input("invalid YAML: a mapping key is a list or a map").in_file(name),
            );
        }
    })
}

/// Converts a YAML value into JSON, as Go's YAML-to-JSON step does.
fn to_json(name: &str, v: serde_yaml::Value) -> Result<Value, Diagnostic> {
    Ok(match v {
        serde_yaml::Value::Null => Value::Null,
        serde_yaml::Value::Bool(b) => Value::Bool(b),
        serde_yaml::Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::Number(i.into())
            } else if let Some(u) = n.as_u64() {
                Value::Number(u.into())
            } else {
                let f = n.as_f64().unwrap_or(f64::NAN);
                match Number::from_f64(f) {
                    Some(num) => Value::Number(num),
                    None => {
                        return Err(Diagnostic::input(format!(
                            "error converting YAML to JSON: {}",
                            crate::value::unsupported_float(f)
                        ))
                        .in_file(name));
                    }
                }
            }
        }
        serde_yaml::Value::String(s) => Value::String(s),
        serde_yaml::Value::Sequence(seq) => Value::Array(
            seq.into_iter()
                .map(|x| to_json(name, x))
                .collect::<Result<_, _>>()?,
        ),
        serde_yaml::Value::Mapping(m) => {
            let mut out = Map::new();
            for (k, v) in m {
                out.insert(key_text(name, k)?, to_json(name, v)?);
            }
            Value::Object(out)
        }
        serde_yaml::Value::Tagged(t) => to_json(name, t.value)?,
    })
}

/// Parses a file that must hold exactly one object (`--desired-file`,
/// `--observed-file`). `role` is `desired` or `observed`.
pub fn parse_one_object(role: &str, name: &str, text: &str) -> Result<Value, Diagnostic> {
    let mut docs = parse_documents(name, text)?;
    match docs.len() {
        0 => Err(Diagnostic::input(format!(
            "fail to get {role} object: {name} holds no object"
        ))),
        1 => {
            let obj = docs.pop().unwrap_or(Value::Null);
            check_kind(name, &obj)
                .map_err(|e| Diagnostic::input(format!("fail to get {role} object: {e}")))?;
            Ok(obj)
        }
        n => Err(Diagnostic::input(format!(
            "fail to get {role} object: get {n} objects, expect one at most ({name})"
        ))),
    }
}

/// Checks that a decoded document is an object with a non-empty `kind`,
/// with Karmada's message otherwise.
pub fn check_kind(name: &str, obj: &Value) -> Result<(), String> {
    match obj {
        Value::Object(m) => match m.get("kind") {
            Some(Value::String(k)) if !k.is_empty() => Ok(()),
            _ => Err(format!(
                "unable to decode {name:?}: Object 'Kind' is missing in '{}'",
                serde_json::to_string(obj).unwrap_or_default()
            )),
        },
        other => Err(format!(
            "unable to decode {name:?}: expected an object, got {}",
            json_type(other)
        )),
    }
}

fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Go's word for a JSON value's kind in unmarshal errors.
pub fn go_json_kind(v: &Value) -> &'static str {
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

    #[test]
    fn multi_document_skips_empty() {
        let docs = parse_documents("f.yaml", "---\na: 1\n---\n---\nb: [x]\n").unwrap();
        assert_eq!(docs, vec![json!({"a": 1}), json!({"b": ["x"]})]);
    }

    #[test]
    fn json_stream_and_list() {
        let docs = parse_documents("f.json", "{\"a\":1}\n{\"b\":2.5}").unwrap();
        assert_eq!(docs, vec![json!({"a": 1}), json!({"b": 2.5})]);
    }

    #[test]
    fn yaml_error_names_file_and_line() {
        let err = parse_documents("f.yaml", "a: 1\nb: {x: 1\n").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("f.yaml:"), "{msg}");
        assert!(msg.contains("invalid YAML"), "{msg}");
    }

    #[test]
    fn duplicate_keys_are_errors() {
        let err = parse_documents("d.yaml", "a: 1\na: 2\n").unwrap_err();
        assert!(err.to_string().contains("duplicate"), "{err}");
    }

    #[test]
    fn non_string_keys_become_strings() {
        let docs = parse_documents("f.yaml", "1: x\ntrue: y\n").unwrap();
        assert_eq!(docs, vec![json!({"1": "x", "true": "y"})]);
    }

    #[test]
    fn one_object_rules() {
        assert!(parse_one_object("desired", "e.yaml", "").is_err());
        let e = parse_one_object("desired", "n.yaml", "foo: bar\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "fail to get desired object: unable to decode \"n.yaml\": Object 'Kind' is missing in '{\"foo\":\"bar\"}'"
        );
    }
}

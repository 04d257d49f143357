//! The one place that parses YAML and JSON input: multi-document streams,
//! JSON streams and lists, into JSON values, with the warnings the reading
//! raised (duplicate keys).

use serde_json::Value;

use super::libyaml::{self, Outcome};
pub(crate) use super::libyaml::{Ev, Mark, ScalarStyle, Watch};
use crate::diag::Diagnostic;

/// What a reader does with each document as soon as it is decoded.
pub(crate) trait DocSink {
    /// Takes one non-empty document.
    fn doc(&mut self, v: Value) -> Result<(), Diagnostic>;
    /// Forgets every document taken so far (a reader starts over).
    fn restart(&mut self);
    /// Whether a document that is a list may come as `list` and then
    /// its elements one by one (`element`) instead of as one `doc`: a
    /// reader that can does so, and the list is never held whole.
    fn takes_elements(&self) -> bool {
        false
    }
    /// A document that is a list starts; its elements follow.
    fn list(&mut self) {}
    /// One element of the list begun last.
    fn element(&mut self, _v: Value) {}
    /// The reader is past byte `at` of the text: it does not read what
    /// is before again, unless it starts over (`restart`).
    fn passed(&mut self, _at: usize) {}
}

impl DocSink for Vec<Value> {
    fn doc(&mut self, v: Value) -> Result<(), Diagnostic> {
        self.push(v);
        Ok(())
    }

    fn restart(&mut self) {
        self.clear();
    }
}

/// The documents of one input text and the warnings reading it raised.
#[derive(Debug, Default)]
pub struct Documents {
    pub values: Vec<Value>,
    pub warnings: Vec<Diagnostic>,
}

/// Parses every non-empty document of `text` (YAML stream or JSON stream).
/// `name` is used in error messages. Warnings are dropped: see
/// `read_documents`.
pub fn parse_documents(name: &str, text: &str) -> Result<Vec<Value>, Diagnostic> {
    read_documents(name, text).map(|d| d.values)
}

/// Parses every non-empty document of `text`, keeping the warnings.
pub fn read_documents(name: &str, text: &str) -> Result<Documents, Diagnostic> {
    let mut values = Vec::new();
    let warnings = each_document(name, text, &mut values)?;
    Ok(Documents { values, warnings })
}

/// Hands every non-empty document of `text` to `sink` as soon as it is
/// read (so that a long stream is never held twice); returns the warnings.
pub(crate) fn each_document(
    name: &str,
    text: &str,
    sink: &mut dyn DocSink,
) -> Result<Vec<Diagnostic>, Diagnostic> {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let mut json_error = None;
    if looks_like_json(text) {
        match parse_json_stream(trimmed) {
            Ok(values) => {
                for v in values {
                    sink.doc(v)?;
                }
                return Ok(Vec::new());
            }
            // YAML flow style also starts with a brace: try YAML next, but
            // report JSON's error for a .json file that neither accepts.
            Err(e) if name.ends_with(".json") => json_error = Some(e),
            Err(_) => {}
        }
    }
    // Documents as karmadactl's stream splitter cuts them.
    let text = super::docsplit::go_documents(name, text)?;
    let text = text.as_ref();
    // Most manifests are plain block YAML that the fast reader handles
    // exactly; it declines (None) everything else, including every error
    // and every duplicate key, maybe after some documents.
    if super::fastyaml::parse_each(text, sink)? {
        return Ok(Vec::new());
    }
    sink.restart();
    parse_yaml_stream(name, text, json_error.as_ref(), sink)
}

/// The full YAML reader alone: what `parse_documents` gives for YAML when
/// the fast reader declines. Tests compare the two.
pub(crate) fn parse_documents_slow(name: &str, text: &str) -> Result<Vec<Value>, Diagnostic> {
    let mut values = Vec::new();
    parse_yaml_stream(name, text, None, &mut values)?;
    Ok(values)
}

/// Whether `text` is read as JSON first.
fn looks_like_json(text: &str) -> bool {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    trimmed.starts_with('{') || trimmed.starts_with('[')
}

/// Shows libyaml's events of `text`, cut into documents as Karmada cuts
/// them, to `watch` (see `crate::locate::locate`).
pub(crate) fn watch_documents(text: &str, watch: &mut dyn Watch) {
    let split = super::docsplit::go_documents("", text);
    libyaml::watch_all(split.as_deref().unwrap_or(text), watch);
}

/// `read_documents` for a file whose positions are wanted too: the YAML
/// is read by libyaml alone (the fast reader knows no positions), its
/// events shown to `watch` as the values are built, so that one parse
/// gives both; the values and errors are `read_documents`'s. A file that
/// Karmada reads as JSON, or whose document separators it rejects, has
/// its values and errors from `read_documents` and its events from a
/// second, positions-only reading. Unless `keep`, each value is dropped
/// once read (the verdict and the warnings stay).
pub(crate) fn read_watched(
    name: &str,
    text: &str,
    watch: &mut dyn Watch,
    keep: bool,
) -> Result<Documents, Diagnostic> {
    let split = match super::docsplit::go_documents(name, text) {
        Ok(split) if !looks_like_json(text) => split,
        _ => {
            let read = read_documents(name, text).map(|mut d| {
                if !keep {
                    d.values = Vec::new();
                }
                d
            });
            // Tabs between JSON's tokens are blanks YAML refuses in places
            // (a line holding only a tab): spaces keep every offset.
            let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
            if text.contains('\t') && read.is_ok() && parse_json_stream(trimmed).is_ok() {
                watch_documents(&text.replace('\t', " "), watch);
            } else {
                watch_documents(text, watch);
            }
            return read;
        }
    };
    let mut values = Vec::new();
    let read = libyaml::parse_each_watched(
        name,
        &split,
        &mut |v| {
            if keep {
                values.push(v);
            }
            Ok(())
        },
        Some(watch),
    );
    read.map(|warnings| Documents { values, warnings })
        .map_err(|e| yaml_diagnostic(name, e, None))
}

/// Every non-null document of a YAML stream through libyaml. A JSON
/// error, when given, replaces YAML's in the message.
fn parse_yaml_stream(
    name: &str,
    text: &str,
    json_error: Option<&serde_json::Error>,
    sink: &mut dyn DocSink,
) -> Result<Vec<Diagnostic>, Diagnostic> {
    libyaml::parse_each(name, text, &mut |v| sink.doc(v))
        .map_err(|e| yaml_diagnostic(name, e, json_error))
}

/// Why the YAML reader stopped, as a diagnostic naming the file.
fn yaml_diagnostic(name: &str, e: Outcome, json_error: Option<&serde_json::Error>) -> Diagnostic {
    match e {
        Outcome::Sink(e) => e,
        Outcome::Yaml(_) if json_error.is_some() => {
            let j = json_error.expect("checked");
            Diagnostic::input(format!(
                "invalid JSON: {}",
                j.to_string().split(" at line ").next().unwrap_or_default()
            ))
            .in_file(name)
            .at_line(j.line(), j.column())
        }
        Outcome::Yaml(e) if e.conversion => {
            Diagnostic::input(format!("error converting YAML to JSON: {}", e.message)).in_file(name)
        }
        Outcome::Yaml(e) => {
            let d = Diagnostic::input(format!("invalid YAML: {}", e.message)).in_file(name);
            match e.at {
                Some((line, column)) => d.at_line(line, column),
                None => d,
            }
        }
    }
}

fn parse_json_stream(text: &str) -> Result<Vec<Value>, serde_json::Error> {
    let parse = |text: &str| -> Result<Vec<Value>, serde_json::Error> {
        let values = serde_json::Deserializer::from_str(text)
            .into_iter::<Value>()
            .collect();
        // Past serde_json's 128 levels: Go's bound (super::jsondeep).
        match values {
            Err(e) if super::jsondeep::is_depth_error(&e) => super::jsondeep::parse_stream(text),
            values => values,
        }
    };
    // A lone surrogate escape is U+FFFD for Go's reader.
    parse(text).or_else(|e| match super::surrogates::replace_lone(text) {
        Some(fixed) => parse(&fixed),
        None => Err(e),
    })
}

/// Parses a file that must hold exactly one object (`--desired-file`,
/// `--observed-file`). `role` is `desired` or `observed`.
pub fn parse_one_object(role: &str, name: &str, text: &str) -> Result<Value, Diagnostic> {
    read_one_object(role, name, text).map(|(v, _)| v)
}

/// `parse_one_object`, keeping the warnings reading the file raised.
pub fn read_one_object(
    role: &str,
    name: &str,
    text: &str,
) -> Result<(Value, Vec<Diagnostic>), Diagnostic> {
    if let Some(e) = super::bignum::object_error(text) {
        return Err(Diagnostic::input(format!(
            "fail to get {role} object: unable to decode {name:?}: {e}"
        )));
    }
    let Documents {
        values: mut docs,
        warnings,
    } = read_documents(name, text)?;
    match docs.len() {
        0 => Err(Diagnostic::input(format!(
            "fail to get {role} object: {name} holds no object"
        ))),
        1 => {
            let obj = docs.pop().unwrap_or(Value::Null);
            let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
            let json = trimmed.starts_with(['{', '[']).then_some(trimmed);
            check_kind_in(name, &obj, json)
                .map_err(|e| Diagnostic::input(format!("fail to get {role} object: {e}")))?;
            Ok((obj, warnings))
        }
        n => Err(Diagnostic::input(format!(
            "fail to get {role} object: get {n} objects, expect one at most ({name})"
        ))),
    }
}

/// Checks that a decoded document is an object with a non-empty `kind`,
/// with Karmada's message otherwise.
pub fn check_kind(name: &str, obj: &Value) -> Result<(), String> {
    check_kind_in(name, obj, None)
}

/// `check_kind` for an object read from `json`, a JSON text (numbers in
/// errors are named as it writes them).
fn check_kind_in(name: &str, obj: &Value, json: Option<&str>) -> Result<(), String> {
    match obj {
        Value::Object(m) => match m.get("kind") {
            Some(Value::String(k)) if !k.is_empty() => super::objmeta::check_in(m, json)
                .map_err(|e| format!("unable to decode {name:?}: {e}")),
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
    fn duplicate_keys_last_wins_with_a_warning() {
        let docs = read_documents("d.yaml", "a: 1\nb:\n  c: 1\n  c: 2\na: 3\n").unwrap();
        assert_eq!(docs.values, vec![json!({"a": 3, "b": {"c": 2}})]);
        let shown: Vec<String> = docs.warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            shown,
            [
                "d.yaml:4:3: duplicate key \"c\": the last value is used, as Karmada does",
                "d.yaml:5:1: duplicate key \"a\": the last value is used, as Karmada does",
            ]
        );
        assert!(
            docs.warnings
                .iter()
                .all(|w| w.severity == crate::diag::Severity::Warning)
        );
    }

    #[test]
    fn non_string_keys_become_strings() {
        let docs = parse_documents("f.yaml", "1: x\ntrue: y\nyes: z\n1e3: w\n0x10: v\n").unwrap();
        assert_eq!(
            docs,
            vec![json!({"1": "x", "true": "z", "1000": "w", "16": "v"})]
        );
        let err = parse_documents("f.yaml", "~: v\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "f.yaml: error converting YAML to JSON: unsupported map key of type: %!s(<nil>), key: <nil>, value: \"v\""
        );
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

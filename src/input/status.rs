//! AggregatedStatusItem lists (status files, test cases), normalized as Go's
//! struct round trip does and kept on a tape: no `Value` tree per item.

use serde_json::Value;

use super::tape::{Node, Tape};
use super::yaml::{DocSink, each_document};
use crate::diag::Diagnostic;

/// Puts each document on a tape as it is read, so that the decoded values
/// of a long stream are never all held at once.
struct TapeSink(Tape);

impl DocSink for TapeSink {
    fn doc(&mut self, v: Value) -> Result<(), Diagnostic> {
        self.0.push_root(&v);
        Ok(())
    }

    fn restart(&mut self) {
        self.0.clear();
    }
}

/// Normalized status items: one array node on a tape whose elements are
/// objects with `clusterName`, then `status`, `applied`, `appliedMessage`
/// and `health` when set.
#[derive(Clone, Debug, PartialEq)]
pub struct StatusItems {
    tape: Tape,
    root: usize,
}

impl StatusItems {
    /// Reads a status file: YAML or JSON documents, each an item or a list
    /// of items. `name` is used in error messages. Warnings are dropped:
    /// see `read`.
    pub fn parse(name: &str, text: &str) -> Result<StatusItems, Diagnostic> {
        Self::read(name, text).map(|(items, _)| items)
    }

    /// Reads a status file, keeping the warnings reading it raised. A file
    /// without any document is an error: a status file given is meant to
    /// hold items (a document `[]` says "no items").
    pub fn read(name: &str, text: &str) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
        let (tape, warnings) = decode(name, text)?;
        Ok((normalize(name, tape, true)?, warnings))
    }

    /// `read`, taking the text: it is freed once decoded, before the items
    /// are normalized, so that a large file is not held twice.
    pub fn read_text(
        name: &str,
        text: String,
    ) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
        let (tape, warnings) = decode(name, &text)?;
        drop(text);
        Ok((normalize(name, tape, true)?, warnings))
    }

    /// No items.
    pub fn empty() -> StatusItems {
        let mut tape = Tape::new();
        let root = tape.open(false);
        tape.close(root, 0);
        StatusItems { tape, root }
    }

    /// Normalizes `items`, one item each (a list is not unrolled).
    pub fn from_values(name: &str, items: &[Value]) -> Result<StatusItems, Diagnostic> {
        let mut tape = Tape::new();
        for item in items {
            tape.push_root(item);
        }
        normalize(name, tape, false)
    }

    /// How many items there are.
    pub fn len(&self) -> usize {
        self.tape.children(self.root).len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The items as JSON values.
    pub fn to_values(&self) -> Vec<Value> {
        self.tape
            .children(self.root)
            .map(|i| self.tape.to_value(i))
            .collect()
    }

    /// Appends `other`'s items after these.
    pub fn extend(&mut self, other: &StatusItems) {
        let n = self.len() + other.len();
        for i in other.tape.children(other.root) {
            self.tape.copy_subtree(&other.tape, i);
        }
        // The root is the last container opened on the tape, so the copies
        // land inside it.
        self.tape.close(self.root, n);
    }

    /// The tape and its array node holding the items.
    pub fn tape(&self) -> (&Tape, usize) {
        (&self.tape, self.root)
    }
}

/// Decodes a status file's documents onto a tape; none is an error.
fn decode(name: &str, text: &str) -> Result<(Tape, Vec<Diagnostic>), Diagnostic> {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let json = match trimmed.starts_with(['{', '[']) {
        true => Tape::parse_json_stream(trimmed).ok(),
        false => None,
    };
    let (tape, warnings) = match json {
        Some(tape) => (tape, Vec::new()),
        // Not JSON: YAML, or an error the YAML reader reports. Each
        // document goes onto the tape as soon as it is read.
        None => {
            // Reserved, not touched: a tape never regrows (and copies).
            let mut sink = TapeSink(Tape::with_capacity(text.len() / 4, text.len() + 64));
            let warnings = each_document(name, text, &mut sink)?;
            (sink.0, warnings)
        }
    };
    if tape.roots().len() == 0 {
        return Err(super::no_document(name));
    }
    Ok((tape, warnings))
}

/// The fields of Go's AggregatedStatusItem, in its JSON field order.
const FIELDS: [&str; 5] = [
    "clusterName",
    "status",
    "applied",
    "appliedMessage",
    "health",
];

/// One item's fields as read: node indices on the input tape.
#[derive(Default)]
struct Fields {
    cluster: Option<usize>,
    status: Option<usize>,
    applied: bool,
    applied_message: Option<usize>,
    health: Option<usize>,
}

fn normalize(name: &str, mut input: Tape, unroll: bool) -> Result<StatusItems, Diagnostic> {
    let mut items = Vec::new();
    for root in input.roots() {
        match input.node(root) {
            Node::Array { .. } if unroll => items.extend(input.children(root)),
            _ => items.push(root),
        }
    }
    // Checked and sized in a first pass, written in a second: the fields
    // read are not kept for every item at once.
    let mut nodes = 1;
    for &item in &items {
        nodes += read_fields(name, &input, item)?.nodes(&input);
    }
    // The normalized items' nodes go on a new tape sized for them, which
    // then takes the input's strings (values are not copied); the input's
    // nodes (with the fields Go ignores) are dropped before the items are
    // used, so that they are held once.
    let keys = FIELDS.map(|f| input.intern(f));
    let empty = input.intern("");
    let mut tape = Tape::with_capacity(nodes, 0);
    let root = tape.open(false);
    for &item in &items {
        let f = read_fields(name, &input, item)?;
        write_item(&mut tape, &input, &keys, empty, &f);
    }
    tape.close(root, items.len());
    tape.take_strings(&mut input);
    Ok(StatusItems { tape, root })
}

impl Fields {
    /// How many nodes the normalized item takes (see `write_item`).
    fn nodes(&self, t: &Tape) -> usize {
        3 + self.status.map_or(0, |s| 1 + t.size(s))
            + 2 * usize::from(self.applied)
            + 2 * usize::from(self.applied_message.is_some())
            + 2 * usize::from(self.health.is_some())
    }
}

/// Applies Go's decoding rules: keys match case-insensitively (the last
/// one wins), unknown keys are ignored, null leaves a field as it was.
fn read_fields(name: &str, t: &Tape, item: usize) -> Result<Fields, Diagnostic> {
    if !matches!(t.node(item), Node::Object { .. }) {
        return Err(Diagnostic::input(format!(
            "fail to get status items: json: cannot unmarshal {} into Go value of type v1alpha2.AggregatedStatusItem",
            kind(t.node(item))
        ))
        .in_file(name));
    }
    let mut f = Fields::default();
    for k in t.children(item) {
        let Some(field) = FIELDS.iter().find(|f| f.eq_ignore_ascii_case(t.str_at(k))) else {
            continue;
        };
        let v = k + 1;
        let node = t.node(v);
        if node == Node::Null {
            continue;
        }
        let type_err = |want: &str| {
            Diagnostic::input(format!(
                "fail to get status items: json: cannot unmarshal {} into Go struct field AggregatedStatusItem.{field} of type {want}",
                kind(node)
            ))
            .in_file(name)
        };
        let is_str = matches!(node, Node::Str { .. });
        match *field {
            "health" if !is_str => return Err(type_err("v1alpha2.ResourceHealth")),
            "clusterName" | "appliedMessage" if !is_str => return Err(type_err("string")),
            "clusterName" => f.cluster = Some(v),
            "appliedMessage" => f.applied_message = Some(v),
            "health" => f.health = Some(v),
            "status" => f.status = Some(v),
            _ => match node {
                Node::Bool(b) => f.applied = b,
                _ => return Err(type_err("bool")),
            },
        }
    }
    Ok(f)
}

/// Writes one normalized item: empty strings and `applied: false` are
/// left out (omitempty), `clusterName` is always there.
fn write_item(t: &mut Tape, from: &Tape, keys: &[Node; 5], empty: Node, f: &Fields) {
    let at = t.open(true);
    let mut len = 1;
    t.push_leaf(keys[0]);
    match f.cluster {
        Some(i) => t.copy_nodes_from(from, i),
        None => t.push_leaf(empty),
    }
    if let Some(s) = f.status {
        t.push_leaf(keys[1]);
        t.copy_nodes_from(from, s);
        len += 1;
    }
    if f.applied {
        t.push_leaf(keys[2]);
        t.push_leaf(Node::Bool(true));
        len += 1;
    }
    for (key, value) in [(keys[3], f.applied_message), (keys[4], f.health)] {
        if let Some(v) = value.filter(|&v| !from.str_at(v).is_empty()) {
            t.push_leaf(key);
            t.copy_nodes_from(from, v);
            len += 1;
        }
    }
    t.close(at, len);
}

/// Go's word for a JSON value's kind in unmarshal errors.
fn kind(node: Node) -> &'static str {
    match node {
        Node::Null => "null",
        Node::Bool(_) => "bool",
        Node::Int(_) | Node::Uint(_) | Node::Float(_) => "number",
        Node::Str { .. } => "string",
        Node::Array { .. } => "array",
        Node::Object { .. } => "object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn normalized_as_go_decodes() {
        let items = StatusItems::parse(
            "s.yaml",
            "- ClusterName: m1\n  applied: false\n  health: ''\n  status: {a: 1}\n  extra: 1\n- clusterName: m2\n  applied: true\n",
        )
        .unwrap();
        assert_eq!(
            items.to_values(),
            vec![
                json!({"clusterName": "m1", "status": {"a": 1}}),
                json!({"clusterName": "m2", "applied": true}),
            ]
        );
    }

    #[test]
    fn omitempty_and_null_cluster() {
        let items = StatusItems::parse(
            "s.json",
            r#"[{"clusterName": "m1", "applied": true, "health": "Healthy", "appliedMessage": "ok", "status": {"a": null}},
                {"status": {}}, {"clusterName": null}]"#,
        )
        .unwrap();
        assert_eq!(
            items.to_values(),
            vec![
                json!({"clusterName": "m1", "applied": true, "health": "Healthy", "appliedMessage": "ok", "status": {"a": null}}),
                json!({"clusterName": "", "status": {}}),
                json!({"clusterName": ""})
            ]
        );
    }

    #[test]
    fn json_stream_of_items_and_lists() {
        let items = StatusItems::parse(
            "s.json",
            r#"[{"clusterName":"a","health":"Healthy"}] {"status":{"x":[1,null]},"appliedMessage":"m"}"#,
        )
        .unwrap();
        assert_eq!(
            items.to_values(),
            vec![
                json!({"clusterName": "a", "health": "Healthy"}),
                json!({"clusterName": "", "status": {"x": [1, null]}, "appliedMessage": "m"}),
            ]
        );
    }

    #[test]
    fn later_keys_win_and_null_keeps() {
        let items = StatusItems::parse(
            "s.json",
            r#"{"clusterName":"a","ClusterName":"b","clustername":null,"applied":true,"APPLIED":false}"#,
        )
        .unwrap();
        assert_eq!(items.to_values(), vec![json!({"clusterName": "b"})]);
    }

    #[test]
    fn type_errors_name_the_field() {
        let err = StatusItems::parse("s.yaml", "clusterName: 5\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "s.yaml: fail to get status items: json: cannot unmarshal number into Go struct field AggregatedStatusItem.clusterName of type string"
        );
        let err = StatusItems::parse("s.yaml", "health: [1]\n").unwrap_err();
        assert!(err.to_string().ends_with("array into Go struct field AggregatedStatusItem.health of type v1alpha2.ResourceHealth"), "{err}");
        let err = StatusItems::parse("s.json", "[1]").unwrap_err();
        assert!(
            err.to_string().ends_with(
                "cannot unmarshal number into Go value of type v1alpha2.AggregatedStatusItem"
            ),
            "{err}"
        );
    }

    #[test]
    fn from_values_does_not_unroll() {
        let err = StatusItems::from_values("c.yaml", &[json!([])]).unwrap_err();
        assert!(err.to_string().contains("cannot unmarshal array"), "{err}");
        let items = StatusItems::from_values("c.yaml", &[json!({"clusterName": "x"})]).unwrap();
        assert_eq!(items.len(), 1);
    }

    #[test]
    fn invalid_json_file_reports_json_error() {
        let err = StatusItems::parse("s.json", "[{\"a\": 1]").unwrap_err();
        assert!(err.to_string().starts_with("s.json:1:"), "{err}");
    }
}

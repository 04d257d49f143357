//! File positions of the pieces of a ResourceInterpreterCustomization file:
//! its YAML documents, each customization's name, target and rules, and
//! each rule's `luaScript` node with its scalar style, so that a position
//! inside a script (as Lua counts it) maps to the line and column of the
//! file the user edits.
//!
//! Positions are 1-based lines and columns counted in characters. The YAML
//! is read with `saphyr-parser`, an event parser that reports a span for
//! every node; decoding values (YAML 1.1 types, Karmada's errors) stays
//! with `crate::input` and `crate::ric`: this module only says *where*.

use saphyr_parser::{Event, Parser, ScalarStyle, Span};

use crate::diag::Position;
use crate::ops::Operation;

mod script;

pub use script::ScriptMap;

/// How a scalar is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    /// A `|` block.
    Literal,
    /// A `>` block.
    Folded,
}

impl Style {
    fn from_saphyr(style: ScalarStyle) -> Style {
        match style {
            ScalarStyle::Plain => Style::Plain,
            ScalarStyle::SingleQuoted => Style::SingleQuoted,
            ScalarStyle::DoubleQuoted => Style::DoubleQuoted,
            ScalarStyle::Literal => Style::Literal,
            ScalarStyle::Folded => Style::Folded,
        }
    }
}

/// One YAML node with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Where the node starts (for a block scalar: its first non-blank
    /// content line, at the content indentation).
    pub start: Position,
    /// Where it ends (exclusive).
    pub end: Position,
    /// The character offset of the start in the file.
    pub offset: usize,
    pub value: NodeValue,
}

/// The content of a node.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeValue {
    Scalar {
        text: String,
        style: Style,
    },
    /// Key and value nodes, in file order.
    Mapping(Vec<(Node, Node)>),
    Sequence(Vec<Node>),
    /// `*alias`: not followed.
    Alias,
}

impl Node {
    /// The scalar text, for any scalar style.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            NodeValue::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }

    /// The entries of a mapping (empty for any other node).
    pub fn entries(&self) -> &[(Node, Node)] {
        match &self.value {
            NodeValue::Mapping(entries) => entries,
            _ => &[],
        }
    }

    /// The key and value nodes of `key` in a mapping (the last one wins,
    /// as in Karmada's decoder).
    pub fn entry(&self, key: &str) -> Option<(&Node, &Node)> {
        self.entries()
            .iter()
            .rev()
            .find(|(k, _)| k.as_str() == Some(key))
            .map(|(k, v)| (k, v))
    }

    /// The value node of `key` in a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entry(key).map(|(_, v)| v)
    }

    /// Whether the node is a null scalar (`~`, `null`, empty, plain).
    pub fn is_null(&self) -> bool {
        matches!(&self.value, NodeValue::Scalar { text, style: Style::Plain }
            if matches!(text.as_str(), "" | "~" | "null" | "Null" | "NULL"))
    }
}

/// One YAML document of the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// Where it starts (its `---` when it has one).
    pub start: Position,
    /// Its root node; `None` for an empty document.
    pub root: Option<Node>,
}

/// A YAML syntax error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    pub position: Position,
    pub message: String,
}

/// A rule of a customization (`spec.customizations.<field>`).
#[derive(Debug, Clone, PartialEq)]
pub struct RuleLocation {
    pub operation: Operation,
    /// Where the rule's key (e.g. `healthInterpretation`) is.
    pub key: Position,
    /// Its `luaScript`, when that is a scalar.
    pub script: Option<Script>,
}

/// A `luaScript` node.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    /// The script text, as Lua sees it.
    pub text: String,
    pub style: Style,
    /// Where the `luaScript` key is.
    pub key: Position,
    /// Where the value node starts (a block scalar: its first content).
    pub start: Position,
    /// How script positions map to file positions.
    pub map: ScriptMap,
}

impl Script {
    /// The file position of a script position (1-based line and column,
    /// as Lua counts them). Exact for literal blocks, close for the rest.
    pub fn to_file(&self, script: Position) -> Position {
        self.map.to_file(script)
    }

    /// The content's indentation in the file, in columns (0 for flow
    /// scalars, whose first line sits after the key).
    pub fn indent(&self) -> usize {
        self.map.indent()
    }
}

/// What a document says about one customization, with positions.
#[derive(Debug, Clone, PartialEq)]
pub struct CustomizationLocation {
    /// Index into `FileMap::documents`.
    pub document: usize,
    /// Which item of the document's List it is (`kubectl get -o yaml`
    /// prints several objects as a List); `None` for the document itself.
    pub item: Option<usize>,
    /// `metadata.name`, when a string.
    pub name: Option<String>,
    /// Where the document's root mapping starts.
    pub start: Position,
    /// Where `spec.target` is (its key), if present.
    pub target: Option<Position>,
    /// `spec.target.apiVersion` and `kind` values, when strings.
    pub target_api_version: Option<String>,
    pub target_kind: Option<String>,
    /// The rules present, in file order.
    pub rules: Vec<RuleLocation>,
}

impl CustomizationLocation {
    /// The rule of `op`, if present.
    pub fn rule(&self, op: Operation) -> Option<&RuleLocation> {
        self.rules.iter().rev().find(|r| r.operation == op)
    }
}

/// Everything located in one file.
#[derive(Debug, Clone, PartialEq)]
pub struct FileMap {
    pub documents: Vec<Document>,
    /// The first YAML syntax error; documents before it are kept.
    pub error: Option<YamlError>,
    /// The documents whose `kind` is ResourceInterpreterCustomization.
    pub customizations: Vec<CustomizationLocation>,
}

impl FileMap {
    /// The customization located in document `index`.
    pub fn customization_in(&self, document: usize) -> Option<&CustomizationLocation> {
        self.customization_at(document, None)
    }

    /// The customization located in document `document`, or in its List's
    /// item `item`.
    pub fn customization_at(
        &self,
        document: usize,
        item: Option<usize>,
    ) -> Option<&CustomizationLocation> {
        // In document order: a binary search keeps large files linear.
        let i = self
            .customizations
            .binary_search_by_key(&(document, item), |c| (c.document, c.item))
            .ok()?;
        self.customizations.get(i)
    }
}

fn position(m: saphyr_parser::Marker) -> Position {
    Position::new(m.line(), m.col() + 1)
}

/// Reads `text` (a YAML stream or JSON) with positions.
pub fn locate(text: &str) -> FileMap {
    let (documents, error) = read_documents(text);
    let chars: Vec<char> = text.chars().collect();
    let is_ric = |n: &Node| n.get("kind").and_then(Node::as_str) == Some(crate::ric::RIC_KIND);
    let mut customizations = Vec::new();
    for (i, d) in documents.iter().enumerate() {
        let Some(root) = d.root.as_ref() else {
            continue;
        };
        if let Some(items) = list_items(root) {
            customizations.extend(
                items
                    .iter()
                    .enumerate()
                    .filter(|(_, item)| is_ric(item))
                    .map(|(k, item)| customization(i, Some(k), item, &chars)),
            );
        } else if is_ric(root) {
            customizations.push(customization(i, None, root, &chars));
        }
    }
    FileMap {
        documents,
        error,
        customizations,
    }
}

/// The item nodes of a List document (`kind: List` or any `…List` with an
/// `items` sequence), as `crate::input::cluster::list_items` reads them.
pub fn list_items(root: &Node) -> Option<&[Node]> {
    let kind = root.get("kind")?.as_str()?;
    if !crate::input::cluster::is_list_kind(kind) {
        return None;
    }
    match &root.get("items")?.value {
        NodeValue::Sequence(items) => Some(items),
        _ => None,
    }
}

fn customization(
    document: usize,
    item: Option<usize>,
    root: &Node,
    chars: &[char],
) -> CustomizationLocation {
    let name = root
        .get("metadata")
        .and_then(|m| m.get("name"))
        .and_then(|n| n.as_str())
        .map(str::to_string);
    let spec = root.get("spec");
    let target = spec.and_then(|s| s.entry("target"));
    let target_str = |k: &str| {
        target
            .and_then(|(_, t)| t.get(k))
            .and_then(|n| n.as_str())
            .map(str::to_string)
    };
    let mut rules = Vec::new();
    if let Some(custom) = spec.and_then(|s| s.get("customizations")) {
        for (key, value) in custom.entries() {
            let Some(op) = key
                .as_str()
                .and_then(|k| Operation::ALL.into_iter().find(|op| op.rule_field() == k))
            else {
                continue;
            };
            let script = value.entry("luaScript").and_then(|(k, v)| {
                let NodeValue::Scalar { text, style } = &v.value else {
                    return None;
                };
                Some(Script {
                    text: text.clone(),
                    style: *style,
                    key: k.start,
                    start: v.start,
                    map: ScriptMap::new(v, text, *style, chars),
                })
            });
            rules.push(RuleLocation {
                operation: op,
                key: key.start,
                script,
            });
        }
    }
    CustomizationLocation {
        document,
        item,
        name,
        start: root.start,
        target: target.map(|(k, _)| k.start),
        target_api_version: target_str("apiVersion"),
        target_kind: target_str("kind"),
        rules,
    }
}

/// A partly built node.
enum Open {
    Mapping(Node, Vec<(Node, Node)>, Option<Node>),
    Sequence(Node, Vec<Node>),
}

fn read_documents(text: &str) -> (Vec<Document>, Option<YamlError>) {
    let mut docs = Vec::new();
    let mut stack: Vec<Open> = Vec::new();
    let mut current: Option<Document> = None;
    for item in Parser::new_from_str(text) {
        let (event, span) = match item {
            Ok(pair) => pair,
            Err(e) => {
                if let Some(d) = current.take() {
                    docs.push(d);
                }
                let error = YamlError {
                    position: position(*e.marker()),
                    message: e.info().to_string(),
                };
                return (docs, Some(error));
            }
        };
        let leaf = |value: NodeValue, span: Span| Node {
            start: position(span.start),
            end: position(span.end),
            offset: span.start.index(),
            value,
        };
        let done = match event {
            Event::DocumentStart(_) => {
                current = Some(Document {
                    start: position(span.start),
                    root: None,
                });
                None
            }
            Event::DocumentEnd => {
                docs.extend(current.take());
                None
            }
            Event::Scalar(text, style, _, _) => Some(leaf(
                NodeValue::Scalar {
                    text: text.into_owned(),
                    style: Style::from_saphyr(style),
                },
                span,
            )),
            Event::Alias(_) => Some(leaf(NodeValue::Alias, span)),
            Event::MappingStart(..) => {
                let node = leaf(NodeValue::Alias, span);
                stack.push(Open::Mapping(node, Vec::new(), None));
                None
            }
            Event::SequenceStart(..) => {
                stack.push(Open::Sequence(leaf(NodeValue::Alias, span), Vec::new()));
                None
            }
            Event::MappingEnd | Event::SequenceEnd => match stack.pop() {
                Some(Open::Mapping(mut node, entries, _)) => {
                    node.end = position(span.end);
                    node.value = NodeValue::Mapping(entries);
                    Some(node)
                }
                Some(Open::Sequence(mut node, items)) => {
                    node.end = position(span.end);
                    node.value = NodeValue::Sequence(items);
                    Some(node)
                }
                None => None,
            },
            Event::StreamStart | Event::StreamEnd | Event::Nothing => None,
        };
        if let Some(node) = done {
            match stack.last_mut() {
                Some(Open::Mapping(_, entries, key)) => match key.take() {
                    Some(k) => entries.push((k, node)),
                    None => *key = Some(node),
                },
                Some(Open::Sequence(_, items)) => items.push(node),
                None => {
                    if let Some(d) = current.as_mut() {
                        d.root = Some(node);
                    }
                }
            }
        }
    }
    docs.extend(current.take());
    (docs, None)
}

#[cfg(test)]
mod tests;

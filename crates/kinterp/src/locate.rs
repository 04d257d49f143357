//! File positions of the pieces of a ResourceInterpreterCustomization file:
//! its YAML documents, each customization's name, target and rules, and
//! each rule's `luaScript` node with its scalar style, so that a position
//! inside a script (as Lua counts it) maps to the line and column of the
//! file the user edits.
//!
//! Positions are 1-based lines and columns counted in characters. They
//! come from the events of the same libyaml parse that reads the values
//! (`crate::input::libyaml`; [`read`] gives both from one parse);
//! decoding values (YAML 1.1 types, Karmada's errors) stays with
//! `crate::input` and `crate::ric`: this module only says *where*.

use crate::diag::{Diagnostic, Position};
use crate::input::yaml::Documents;
use crate::ops::Operation;

mod script;
mod tree;

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

/// Reads `text` (a YAML stream or JSON) with positions. The text is read
/// as Karmada cuts its documents (what follows a `...` line up to the next
/// `---` is not read); a syntax error ends the reading.
pub fn locate(text: &str) -> FileMap {
    let mut tree = tree::Tree::new(text);
    crate::input::yaml::watch_documents(text, &mut tree);
    let (documents, error) = tree.finish();
    file_map(documents, error, text)
}

/// A file read once for both what it says and where: the documents as
/// the readers give them (or Karmada's error) and the positions.
#[derive(Debug)]
pub struct Read {
    pub documents: Result<Documents, Diagnostic>,
    pub map: FileMap,
}

/// Reads `text` once (libyaml's events build the values and the node tree
/// together); `name` is the file's name in errors. The values are those
/// of `crate::input::yaml::read_documents`, which may take a faster reader
/// that knows no positions.
pub fn read(name: &str, text: &str) -> Read {
    read_keeping(name, text, true)
}

/// [`read`] for a caller that wants Karmada's verdict, not the values
/// (`kinterp lint`, the language server): each document's value is
/// dropped once read, so the file is never held twice.
pub fn read_verdict(name: &str, text: &str) -> Read {
    read_keeping(name, text, false)
}

fn read_keeping(name: &str, text: &str, keep: bool) -> Read {
    let mut tree = tree::Tree::new(text);
    let read = crate::input::yaml::read_watched(name, text, &mut tree, keep);
    let (documents, error) = tree.finish();
    Read {
        documents: read,
        map: file_map(documents, error, text),
    }
}

fn file_map(documents: Vec<Document>, error: Option<YamlError>, text: &str) -> FileMap {
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

#[cfg(test)]
mod tests;

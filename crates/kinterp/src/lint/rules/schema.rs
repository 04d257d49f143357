//! `schema`: the ResourceInterpreterCustomization API's fields, checked on
//! the located YAML tree: unknown fields (which the API server prunes, so a
//! misplaced rule silently never runs), wrong types, missing required
//! fields. Plain scalars are typed as go-yaml v2 (YAML 1.1) types them.

use super::{Rule, RuleId};
use crate::diag::Severity;
use crate::lint::Finding;
use crate::diag::Position;
use crate::locate::{Node, NodeValue, Style};
use crate::ops::Operation;
use crate::ric::{RIC_API_VERSION, RIC_KIND};
use kinterp_go::yaml11::{self, Scalar};

pub const RULE: Rule = Rule {
    id: RuleId::Schema,
    severity: Severity::Error,
    summary: "a field the ResourceInterpreterCustomization API does not have, a wrong type, or a missing required field",
    docs: "The API server prunes unknown fields, so a rule written under a misspelt key never runs; a wrong type or a missing target makes the object invalid.",
};

/// The expected shape of a field.
#[derive(Clone, Copy)]
enum Shape {
    String,
    StringMap,
    Any,
    Object(&'static [(&'static str, Shape, bool)]),
}

const META: &[(&str, Shape, bool)] = &[
    ("name", Shape::String, false),
    ("generateName", Shape::String, false),
    ("namespace", Shape::String, false),
    ("selfLink", Shape::String, false),
    ("uid", Shape::String, false),
    ("resourceVersion", Shape::String, false),
    ("generation", Shape::Any, false),
    ("creationTimestamp", Shape::Any, false),
    ("deletionTimestamp", Shape::Any, false),
    ("deletionGracePeriodSeconds", Shape::Any, false),
    ("labels", Shape::StringMap, false),
    ("annotations", Shape::StringMap, false),
    ("ownerReferences", Shape::Any, false),
    ("finalizers", Shape::Any, false),
    ("managedFields", Shape::Any, false),
];

const SCRIPT_RULE: &[(&str, Shape, bool)] = &[("luaScript", Shape::String, true)];

const CUSTOMIZATIONS: &[(&str, Shape, bool)] = &[
    ("retention", Shape::Object(SCRIPT_RULE), false),
    ("replicaResource", Shape::Object(SCRIPT_RULE), false),
    ("replicaRevision", Shape::Object(SCRIPT_RULE), false),
    ("statusReflection", Shape::Object(SCRIPT_RULE), false),
    ("statusAggregation", Shape::Object(SCRIPT_RULE), false),
    ("healthInterpretation", Shape::Object(SCRIPT_RULE), false),
    ("dependencyInterpretation", Shape::Object(SCRIPT_RULE), false),
    ("componentResource", Shape::Object(SCRIPT_RULE), false),
];

const TARGET: &[(&str, Shape, bool)] = &[
    ("apiVersion", Shape::String, true),
    ("kind", Shape::String, true),
];

const SPEC: &[(&str, Shape, bool)] = &[
    ("target", Shape::Object(TARGET), true),
    ("customizations", Shape::Object(CUSTOMIZATIONS), true),
];

const ROOT: &[(&str, Shape, bool)] = &[
    ("apiVersion", Shape::String, false),
    ("kind", Shape::String, false),
    ("metadata", Shape::Object(META), false),
    ("spec", Shape::Object(SPEC), true),
];

/// Checks one document's root node.
pub fn check_document(root: &Node) -> Vec<Finding> {
    let mut out = Vec::new();
    let kind = root.get("kind").and_then(Node::as_str);
    if kind != Some(RIC_KIND) {
        let at = root.entry("kind").map_or(root.start, |(k, _)| k.start);
        let what = kind.map_or("a document without `kind`".to_string(), |k| {
            format!("a {k}")
        });
        out.push(
            Finding::new(
                RuleId::Schema,
                at,
                format!("{what} is not a ResourceInterpreterCustomization"),
            )
            .hint(format!(
                "set `kind: {RIC_KIND}`, or keep other objects out of customization files"
            )),
        );
        return out;
    }
    if let Some((k, v)) = root.entry("apiVersion") {
        if v.as_str() != Some(RIC_API_VERSION) {
            out.push(
                Finding::new(
                    RuleId::Schema,
                    k.start,
                    "`apiVersion` is not the customization API's",
                )
                .hint(format!("use `apiVersion: {RIC_API_VERSION}`")),
            );
        }
    }
    object(root, root.start, ROOT, "", &mut out);
    out
}

/// Checks a mapping's fields; `at` is where a missing field is reported
/// (the mapping's own key).
fn object(
    node: &Node,
    at: Position,
    fields: &[(&str, Shape, bool)],
    path: &str,
    out: &mut Vec<Finding>,
) {
    let NodeValue::Mapping(entries) = &node.value else {
        out.push(wrong_type(node, path, "an object"));
        return;
    };
    for (key, value) in entries {
        let Some(k) = key.as_str() else { continue };
        let here = if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        };
        match fields.iter().find(|(name, _, _)| *name == k) {
            Some((_, shape, _)) => {
                if !value.is_null() {
                    check(key.start, value, *shape, &here, out);
                }
            }
            None => out.push(unknown(key, k, path, fields)),
        }
    }
    for (name, _, required) in fields {
        if *required && node.get(name).is_none_or(Node::is_null) {
            let whole = if path.is_empty() {
                name.to_string()
            } else {
                format!("{path}.{name}")
            };
            out.push(Finding::new(
                RuleId::Schema,
                at,
                format!("`{whole}` is missing; the API requires it"),
            ));
        }
    }
}

fn check(at: Position, node: &Node, shape: Shape, path: &str, out: &mut Vec<Finding>) {
    match shape {
        Shape::Any => {}
        Shape::String => {
            if scalar_type(node) != Some("string") {
                out.push(wrong_type(node, path, "a string"));
            }
        }
        Shape::StringMap => match &node.value {
            NodeValue::Mapping(entries) => {
                for (k, v) in entries {
                    if !v.is_null() && scalar_type(v) != Some("string") {
                        let key = k.as_str().unwrap_or("?");
                        out.push(wrong_type(v, &format!("{path}.{key}"), "a string"));
                    }
                }
            }
            _ => out.push(wrong_type(node, path, "a map of strings")),
        },
        Shape::Object(fields) => object(node, at, fields, path, out),
    }
}

/// `string`, `bool`, `number`, `null`, or `None` for a collection.
fn scalar_type(node: &Node) -> Option<&'static str> {
    match &node.value {
        NodeValue::Scalar { text, style } => Some(if *style != Style::Plain {
            "string"
        } else {
            plain_type(text)
        }),
        NodeValue::Alias => Some("string"),
        _ => None,
    }
}

/// What go-yaml v2 makes of a plain scalar: the one resolver the readers
/// use, so lint and `--check` agree on what is a string (`inf`, `nan`).
fn plain_type(text: &str) -> &'static str {
    match yaml11::resolve(text) {
        Scalar::Null => "null",
        Scalar::Bool(_) => "bool",
        Scalar::Int(_) | Scalar::Uint(_) | Scalar::Float(_) => "number",
        Scalar::Str | Scalar::Merge => "string",
    }
}

fn wrong_type(node: &Node, path: &str, want: &str) -> Finding {
    let found = match scalar_type(node) {
        Some("string") => "a string",
        Some("bool") => "a boolean",
        Some("number") => "a number",
        Some(_) => "null",
        None if matches!(node.value, NodeValue::Sequence(_)) => "a list",
        None => "an object",
    };
    Finding::new(
        RuleId::Schema,
        node.start,
        format!("`{path}` must be {want}, not {found}"),
    )
}

fn unknown(key: &Node, k: &str, path: &str, fields: &[(&str, Shape, bool)]) -> Finding {
    let place = if path.is_empty() {
        "at the top level".to_string()
    } else {
        format!("in `{path}`")
    };
    let mut f = Finding::new(
        RuleId::Schema,
        key.start,
        format!("unknown field `{k}` {place}: the API server drops it"),
    );
    let names = fields.iter().map(|(n, _, _)| *n);
    let lower = k.to_ascii_lowercase();
    let lower = lower.trim_end_matches('s');
    let guess = crate::suggest::best(k, names.clone())
        .or_else(|| {
            // An operation or function name used as the key.
            Operation::ALL
                .iter()
                .find(|o| {
                    o.name().eq_ignore_ascii_case(k) || o.lua_function().eq_ignore_ascii_case(k)
                })
                .map(|o| o.rule_field())
                .filter(|f| names.clone().any(|n| n == *f))
        })
        .or_else(|| {
            names.clone().find(|n| {
                let n = n.to_ascii_lowercase();
                lower.len() >= 4 && (n.starts_with(lower) || lower.starts_with(&n))
            })
        })
        .or_else(|| {
            // Same words, other order: reviseReplica for replicaRevision.
            let stem = |s: &str| s.to_ascii_lowercase().chars().take(5).collect::<String>();
            names.clone().find(|n| {
                let words = split_camel(n);
                let typed = split_camel(k);
                words.len() == typed.len()
                    && typed
                        .iter()
                        .all(|t| words.iter().any(|w| stem(w) == stem(t)))
            })
        });
    if let Some(g) = guess {
        f = f.hint(format!("did you mean `{g}`?"));
    }
    f
}

fn split_camel(s: &str) -> Vec<String> {
    let mut words = vec![String::new()];
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            words.push(String::new());
        }
        if let Some(w) = words.last_mut() {
            w.push(c);
        }
    }
    words.retain(|w| !w.is_empty());
    words
}

//! Which documents of a file lint reads: every customization, the items of
//! a `kind: List` one by one, and, when the file holds at least one
//! customization, nothing else (Helm charts and kustomize bases put the
//! customization next to the resources it serves). The skipped documents
//! are counted in one `skipped-documents` finding.

use std::borrow::Cow;

use super::Finding;
use crate::diag::Position;
use crate::locate::{self, CustomizationLocation, FileMap, Node, NodeValue};
use crate::ric::RIC_KIND;

/// A document (or a List's item) to lint.
pub struct Item<'m> {
    pub root: &'m Node,
    pub customization: Option<Cow<'m, CustomizationLocation>>,
}

/// The documents to lint and those skipped.
pub struct Walk<'m> {
    pub items: Vec<Item<'m>>,
    skipped: Vec<Position>,
}

impl Walk<'_> {
    /// The info line counting the skipped documents, at the first one.
    pub fn skipped_finding(&self) -> Option<Finding> {
        let first = *self.skipped.first()?;
        let n = self.skipped.len();
        let what = if n == 1 {
            "1 document that is not a ResourceInterpreterCustomization was skipped".to_string()
        } else {
            format!("{n} documents that are not ResourceInterpreterCustomizations were skipped")
        };
        Some(Finding::new("skipped-documents", first, what).hint(
            "kinterp lints the customizations of a file and leaves its other resources alone",
        ))
    }
}

fn kind(node: &Node) -> Option<&str> {
    node.get("kind").and_then(Node::as_str)
}

pub fn walk<'m>(map: &'m FileMap, text: &str) -> Walk<'m> {
    let mut chars: Option<Vec<char>> = None;
    let mut items = Vec::new();
    let mut others = Vec::new();
    for (i, doc) in map.documents.iter().enumerate() {
        let Some(root) = &doc.root else { continue };
        if kind(root) == Some(RIC_KIND) {
            items.push(Item {
                root,
                customization: map.customization_in(i).map(Cow::Borrowed),
            });
            continue;
        }
        let list = match (kind(root), root.get("items").map(|n| &n.value)) {
            (Some(k), Some(NodeValue::Sequence(list))) if k.ends_with("List") => Some(list),
            _ => None,
        };
        let Some(list) = list.filter(|l| l.iter().any(|n| kind(n) == Some(RIC_KIND))) else {
            others.push(root);
            continue;
        };
        for node in list {
            if kind(node) == Some(RIC_KIND) {
                let chars = chars.get_or_insert_with(|| text.chars().collect());
                items.push(Item {
                    root: node,
                    customization: Some(Cow::Owned(locate::customization(i, node, chars))),
                });
            } else {
                others.push(node);
            }
        }
    }
    if items.is_empty() {
        // No customization at all: each document is judged (and reported
        // under `schema`) as a customization that went wrong.
        let items = others
            .into_iter()
            .map(|root| Item {
                root,
                customization: None,
            })
            .collect();
        return Walk {
            items,
            skipped: Vec::new(),
        };
    }
    Walk {
        items,
        skipped: others.into_iter().map(|n| n.start).collect(),
    }
}

//! Which documents of a file lint reads: every customization, the items of
//! a `kind: List` one by one, and, when the file holds at least one
//! customization, nothing else (Helm charts and kustomize bases put the
//! customization next to the resources it serves). The skipped documents
//! are counted in one `skipped-documents` finding.

use super::Finding;
use crate::diag::Position;
use crate::locate::{self, CustomizationLocation, FileMap, Node};
use crate::ric::RIC_KIND;

/// A document (or a List's item) to lint.
pub struct Item<'m> {
    pub root: &'m Node,
    pub customization: Option<&'m CustomizationLocation>,
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
        Some(
            Finding::new(crate::lint::RuleId::SkippedDocuments, first, what).hint(
                "kinterp lints the customizations of a file and leaves its other resources alone",
            ),
        )
    }
}

fn kind(node: &Node) -> Option<&str> {
    node.get("kind").and_then(Node::as_str)
}

pub fn walk(map: &FileMap) -> Walk<'_> {
    let mut items = Vec::new();
    let mut others = Vec::new();
    for (i, doc) in map.documents.iter().enumerate() {
        let Some(root) = &doc.root else { continue };
        if kind(root) == Some(RIC_KIND) {
            items.push(Item {
                root,
                customization: map.customization_in(i),
            });
            continue;
        }
        // A List's items are linted each as a document of its own, when
        // it holds customizations.
        let list = locate::list_items(root);
        let Some(list) = list.filter(|l| l.iter().any(|n| kind(n) == Some(RIC_KIND))) else {
            others.push(root);
            continue;
        };
        for (k, node) in list.iter().enumerate() {
            if kind(node) == Some(RIC_KIND) {
                items.push(Item {
                    root: node,
                    customization: map.customization_at(i, Some(k)),
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

//! The `optional-field` rule: indexing into what an object may lack
//! (`status`, labels, annotations, a member's status item) without a nil
//! guard first. Karmada's own annotations on resource templates are
//! always there and not reported.

use std::collections::HashSet;

use super::Finding;
use super::script::guarded;
use super::walk::{self, Binding, Facts};

/// Reports indexing into a map an object may lack (`status`, labels,
/// annotations, a status item) without a guard.
pub(super) fn check(facts: &Facts, out: &mut Vec<Finding>) {
    let mut reported = HashSet::new();
    for use_ in &facts.paths {
        if use_.root != Binding::Param {
            continue;
        }
        let p = &use_.path;
        let meta = p
            .windows(2)
            .position(|w| w[0] == "metadata" && matches!(w[1].as_str(), "annotations" | "labels"));
        let item = usize::from(p.get(1).is_some_and(|e| e == walk::ANY_INDEX));
        let (prefix_len, what) = match (p.get(1 + item).map(String::as_str), meta) {
            (Some("status"), _) if p.len() >= 3 + item => (2 + item, "status"),
            (_, Some(i)) if p.len() >= i + 3 => (i + 2, p[i + 1].as_str()),
            _ => continue,
        };
        let key = meta.and_then(|i| p.get(i + 2)).map(String::as_str);
        if what != "status" && key.is_some_and(|k| KARMADA_SET.contains(&k)) {
            continue;
        }
        let prefix = p[..prefix_len].join(".");
        let shown = prefix.replace(&format!(".{}", walk::ANY_INDEX), "[i]");
        let what = if item == 1 {
            "a member cluster's status item may carry none"
        } else {
            match what {
                "status" => "objects often have no status",
                "labels" => "objects often have no labels",
                _ => "objects often have no annotations",
            }
        };
        if guarded(facts, &prefix, use_.function)
            || !reported.insert((prefix.clone(), use_.function))
        {
            continue;
        }
        out.push(
            Finding::new(
                "optional-field",
                use_.at[prefix_len],
                format!("`{shown}` may be nil ({what}), and this indexes into it"),
            )
            .hint(format!(
                "check first: `if {shown} ~= nil then ... end`, or use `({shown} or {{}})`"
            )),
        );
    }
}

/// Annotations and labels Karmada puts on every resource template it
/// propagates: a script reading them finds the map there.
const KARMADA_SET: &[&str] = &[
    "propagationpolicy.karmada.io/name",
    "propagationpolicy.karmada.io/namespace",
    "propagationpolicy.karmada.io/permanent-id",
    "clusterpropagationpolicy.karmada.io/name",
    "clusterpropagationpolicy.karmada.io/permanent-id",
];

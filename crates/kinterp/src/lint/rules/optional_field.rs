//! The `optional-field` rule: indexing into what an object may lack
//! (`status`, labels, annotations, a member's status item) without a nil
//! guard first. Karmada's own annotations on resource templates are
//! always there and not reported.

use std::collections::HashSet;

use serde_json::Value;

use super::{Rule, RuleId, ScriptCx};
use crate::diag::Severity;
use crate::contract::{self, ParamKind};
use crate::crd;
use crate::lint::Finding;
use crate::lint::walk::{self, Binding, Facts};
use crate::ops::Operation;

pub const RULE: Rule = Rule {
    id: RuleId::OptionalField,
    severity: Severity::Warning,
    summary: "indexing into `metadata.annotations`, `metadata.labels` or `status` without checking for nil",
    docs: "Those fields are often absent; indexing into nil raises `attempt to index a nil value` and the operation fails. Reading an annotation or label that Karmada itself puts on every resource template it propagates (`propagationpolicy.karmada.io/name`, `propagationpolicy.karmada.io/namespace`, `clusterpropagationpolicy.karmada.io/name` and their `permanent-id` labels) is not reported: by the time a script sees the object, that map exists. With `--crd FILE` (a CustomResourceDefinition of the target), the fields of a custom resource below its top level are judged too: indexing into one its schema neither requires nor defaults is reported.",
};

/// Reports indexing into a map an object may lack (`status`, labels,
/// annotations, a status item) without a guard; with a CRD, into a field
/// its schema neither requires nor defaults.
pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    plain(cx.facts, out);
    if let Some(schema) = cx.schema {
        crd_fields(cx.facts, cx.op, schema, out);
    }
}

fn plain(facts: &Facts, out: &mut Vec<Finding>) {
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
        if facts.guarded(&prefix, use_.function)
            || !reported.insert((prefix.clone(), use_.function))
        {
            continue;
        }
        out.push(
            Finding::new(
                RuleId::OptionalField,
                use_.at[prefix_len],
                format!("`{shown}` may be nil ({what}), and this indexes into it"),
            )
            .hint(format!(
                "check first: `if {shown} ~= nil then ... end`, or use `({shown} or {{}})`"
            )),
        );
    }
}

/// `optional-field` with a CustomResourceDefinition (`kinterp lint --crd`):
/// below the object's top-level fields, indexing into a field the target's
/// `openAPIV3Schema` neither requires nor defaults can meet nil, as
/// `status` can.
fn crd_fields(facts: &Facts, op: Operation, schema: &Value, out: &mut Vec<Finding>) {
    // The entry function's object parameters, by the script's names.
    let Some(entry) = facts.entry(op) else {
        return;
    };
    let objects: Vec<&str> = entry
        .params
        .iter()
        .zip(contract::contract(op).params)
        .filter(|(_, p)| p.kind == ParamKind::Object)
        .map(|(n, _)| n.as_str())
        .collect();
    let mut reported = HashSet::new();
    for use_ in &facts.paths {
        let p = &use_.path;
        if use_.root != Binding::Param
            || !objects.contains(&p[0].as_str())
            // `status` and `metadata` are the plain rule's.
            || matches!(p.get(1).map(String::as_str), Some("status" | "metadata") | None)
        {
            continue;
        }
        let Some(mut node) = crd::property(schema, &p[1]) else {
            continue;
        };
        // p[k] is read, then indexed by p[k + 1].
        for k in 2..p.len() - 1 {
            let field = &p[k];
            let next = if field == walk::ANY_INDEX {
                crd::item(node)
            } else {
                crd::property(node, field)
            };
            let Some(next) = next else { break };
            let optional = field != walk::ANY_INDEX
                && !crd::required(node, field)
                && next.get("default").is_none();
            let prefix = p[..=k].join(".");
            if optional
                && !facts.guarded(&prefix, use_.function)
                && reported.insert((prefix.clone(), use_.function))
            {
                let shown = prefix.replace(&format!(".{}", walk::ANY_INDEX), "[i]");
                out.push(
                    Finding::new(
                        RuleId::OptionalField,
                        use_.at[k + 1],
                        format!(
                            "`{shown}` may be nil (the CRD neither requires nor defaults it), and this indexes into it"
                        ),
                    )
                    .hint(format!(
                        "check first: `if {shown} ~= nil then ... end`, or use `({shown} or {{}})`"
                    )),
                );
                break;
            }
            node = next;
        }
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

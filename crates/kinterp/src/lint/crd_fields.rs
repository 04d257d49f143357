//! `optional-field` with a CustomResourceDefinition (`kinterp lint --crd`):
//! below the object's top-level fields, indexing into a field the target's
//! `openAPIV3Schema` neither requires nor defaults can meet nil, as
//! `status` can.

use std::collections::HashSet;

use serde_json::Value;

use super::Finding;
use super::walk::{self, Binding, Facts};
use crate::contract::{self, ParamKind};
use crate::crd;
use crate::ops::Operation;

pub fn check(facts: &Facts, op: Operation, schema: &Value, out: &mut Vec<Finding>) {
    // The entry function's object parameters, by the script's names.
    let Some(entry) = facts
        .functions
        .iter()
        .rev()
        .find(|f| f.global && f.name.as_deref() == Some(op.lua_function()))
    else {
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
                && !super::script::guarded(facts, &prefix, use_.function)
                && reported.insert((prefix.clone(), use_.function))
            {
                let shown = prefix.replace(&format!(".{}", walk::ANY_INDEX), "[i]");
                out.push(
                    Finding::new(
                        "optional-field",
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

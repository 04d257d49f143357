//! `entry-arity`: the rule's function takes a different number of
//! parameters than Karmada passes (`contract` says what it passes).

use super::{Rule, RuleId, ScriptCx};
use crate::contract::contract;
use crate::diag::Severity;
use crate::lint::Finding;

pub const RULE: Rule = Rule {
    id: RuleId::EntryArity,
    severity: Severity::Warning,
    summary: "the rule's function takes a different number of parameters than Karmada passes",
    docs: "Extra parameters are always nil; missing ones mean the script ignores an input it was given.",
};

pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    let Some(f) = cx.facts.entry(cx.op) else {
        return;
    };
    let name = cx.op.lua_function();
    let contract = contract(cx.op);
    let n = contract.params.len();
    if f.vararg || f.params.len() == n {
        return;
    }
    let passed: Vec<&str> = contract.params.iter().map(|p| p.what).collect();
    out.push(
        Finding::new(
            RuleId::EntryArity,
            f.at,
            format!(
                "`{name}` takes {} parameter{}, but Karmada passes {n}: {}",
                f.params.len(),
                if f.params.len() == 1 { "" } else { "s" },
                passed.join(", ")
            ),
        )
        .hint(format!("declare it as `{}`", contract.signature())),
    );
}

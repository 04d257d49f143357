//! `unreachable-code`: statements after a `return`, `break` or `error`
//! that always runs (the walk records the first of each).

use super::{Rule, RuleId, ScriptCx};
use crate::diag::Severity;
use crate::lint::Finding;

pub const RULE: Rule = Rule {
    id: RuleId::UnreachableCode,
    severity: Severity::Warning,
    summary: "statements after a `return` or `error` that always runs",
    docs: "They never run: remove them or fix the control flow.",
};

pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    for at in &cx.facts.unreachable {
        out.push(
            Finding::new(RuleId::UnreachableCode, *at, "this code never runs")
                .hint("a `return`, `break` or `error` before it always ends the block"),
        );
    }
}

//! `print-call`: a `print` left in the script. Karmada discards script
//! output.

use super::{Rule, RuleId, ScriptCx};
use crate::diag::Severity;
use crate::lint::Finding;

pub const RULE: Rule = Rule {
    id: RuleId::PrintCall,
    severity: Severity::Info,
    summary: "a `print` call left in the script",
    docs: "Karmada discards script output; printing is only useful while debugging.",
};

pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    for call in &cx.facts.calls {
        if call.root.is_none() && matches!(call.callee.as_slice(), [f] if f == "print") {
            out.push(
                Finding::new(RuleId::PrintCall, call.at, "`print` left in the script")
                    .hint("Karmada discards the output; remove it when done debugging"),
            );
        }
    }
}

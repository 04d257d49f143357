//! `unused-local`: locals, local functions, loop variables and trailing
//! parameters of local functions that nothing reads. Entry functions'
//! parameters are left alone (Karmada fixes their signatures), and so is
//! every name that starts with `_`.

use super::{Rule, RuleId, ScriptCx};
use crate::diag::Severity;
use crate::lint::Finding;
use crate::lint::walk::{Facts, LocalKind};
use crate::ops::Operation;

pub const RULE: Rule = Rule {
    id: RuleId::UnusedLocal,
    severity: Severity::Warning,
    summary: "a local variable, local function, loop variable or `local function` parameter that nothing reads",
    docs: "Often a typo (the value is read under another name) or a leftover helper. Parameters are reported only for `local function`s, whose calls the script owns: never for the rule's entry function (Karmada fixes its signature), global or table functions, or callbacks; nor is a parameter followed by one that is read, nor any name that starts with `_`: name a value `_` to say it is not needed.",
};

pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    let facts: &Facts = cx.facts;
    let entries: Vec<&str> = Operation::ALL.iter().map(|o| o.lua_function()).collect();
    for (i, local) in facts.locals.iter().enumerate() {
        // A local entry function is `entry-point`'s finding.
        let entry_named = entries.contains(&local.name.as_str());
        if local.used || local.name.starts_with('_') || entry_named {
            continue;
        }
        let name = &local.name;
        let finding = match local.kind {
            LocalKind::Variable => Finding::new(
                RuleId::UnusedLocal,
                local.at,
                format!("the local `{name}` is never read"),
            )
            .hint("remove it, or name it `_` when a call's other results are needed"),
            LocalKind::Function => Finding::new(
                RuleId::UnusedLocal,
                local.at,
                format!("the local function `{name}` is never called"),
            )
            .hint("remove it, or call it where it was meant to run"),
            LocalKind::Loop => Finding::new(
                RuleId::UnusedLocal,
                local.at,
                format!("the loop variable `{name}` is never read"),
            )
            .hint("name it `_`, or leave it out when it is the last name, to say it is not needed"),
            LocalKind::Param => {
                // Only a `local function`'s: its author owns its calls.
                // Global and table functions, and callbacks, have their
                // signatures fixed by whoever calls them.
                let function = &facts.functions[local.function - 1];
                let helper = !function.global
                    && function
                        .name
                        .as_deref()
                        .is_some_and(|n| !n.contains(['.', ':']) && !entries.contains(&n));
                // A parameter before a used one cannot go: its place counts.
                let later_used = facts.locals[i + 1..]
                    .iter()
                    .take_while(|l| l.kind == LocalKind::Param && l.function == local.function)
                    .any(|l| l.used);
                if !helper || later_used {
                    continue;
                }
                Finding::new(
                    RuleId::UnusedLocal,
                    local.at,
                    format!("the parameter `{name}` is never read"),
                )
                .hint("remove it from the function and its calls, or name it `_`")
            }
        };
        out.push(finding);
    }
}

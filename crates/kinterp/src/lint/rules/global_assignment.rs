//! `global-assignment`: a global variable assigned without `local`, or a
//! global function defined inside a function. Karmada reuses its Lua
//! states, so the value is still set when the next object is interpreted.

use super::{Rule, RuleId, STATE_HINT, ScriptCx};
use crate::diag::Severity;
use crate::lint::Finding;
use crate::lint::env::Env;

pub const RULE: Rule = Rule {
    id: RuleId::GlobalAssignment,
    severity: Severity::Warning,
    summary: "a global variable assigned without `local`",
    docs: "Karmada reuses Lua states between calls: a global set while interpreting one object is still set when the next object is interpreted. Declare it `local`.",
};

pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    let env = Env::get();
    for (name, at, _) in &cx.facts.global_writes {
        if env.is_global(name) {
            continue; // `sandbox-global`'s
        }
        if name == cx.op.lua_function() {
            continue; // the entry point must be global
        }
        out.push(
            Finding::new(
                RuleId::GlobalAssignment,
                *at,
                format!("`{name}` is assigned as a global variable"),
            )
            .hint(format!("declare it `local {name}`"))
            .hint(STATE_HINT),
        );
    }
    for f in &cx.facts.functions {
        let Some(name) = f.name.as_deref() else {
            continue;
        };
        if f.global && !env.is_global(name) && !f.top_level && name != cx.op.lua_function() {
            out.push(
                Finding::new(
                    RuleId::GlobalAssignment,
                    f.at,
                    format!("the global function `{name}` is defined inside a function"),
                )
                .hint(format!("declare it `local function {name}`"))
                .hint(STATE_HINT),
            );
        }
    }
}

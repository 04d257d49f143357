//! `sandbox-global`: a script that assigns or redefines one of the
//! sandbox's own globals (`type`, `error`, `pairs`, ...) or a library's
//! field. Karmada reuses its Lua states, so the change outlives the call
//! and breaks every script that runs after it in that state.

use super::{Rule, RuleId, STATE_HINT, ScriptCx};
use crate::diag::{Position, Severity};
use crate::lint::Finding;
use crate::lint::env::Env;

pub const RULE: Rule = Rule {
    id: RuleId::SandboxGlobal,
    severity: Severity::Warning,
    summary: "a global or library function of Karmada's sandbox (`type`, `error`, `string.format`, ...) assigned or redefined",
    docs: "Karmada keeps its Lua states and reuses them for the next call, of any customization: a script that sets `type = ...` or `function error(...)` changes that name for every script that runs after it in the same state. Pick another name, and declare it `local`.",
};

/// `name = ...` and `function name()` for a sandbox global `name`, and
/// `lib.field = ...` for a library of the sandbox the script does not
/// replace.
pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    let env = Env::get();
    let facts = cx.facts;
    for (name, at, _) in &facts.global_writes {
        if env.is_global(name) {
            out.push(replaced(name, *at));
        }
    }
    let written = facts.globals_written();
    for (lib, field, at) in &facts.global_field_writes {
        if env.fields(lib).is_some() && !written.contains(lib.as_str()) {
            out.push(
                Finding::new(
                    RuleId::SandboxGlobal,
                    *at,
                    format!("`{lib}.{field}` changes the shared `{lib}` library"),
                )
                .hint("copy what you need into a local table instead")
                .hint(STATE_HINT),
            );
        }
    }
    for f in &facts.functions {
        if let Some(name) = f.name.as_deref()
            && f.global
            && env.is_global(name)
        {
            out.push(replaced(name, f.at));
        }
    }
}

/// The finding for `name = ...` or `function name(...)` where `name` is a
/// global of the sandbox.
fn replaced(name: &str, at: Position) -> Finding {
    Finding::new(
        RuleId::SandboxGlobal,
        at,
        format!(
            "`{name}` is one of the sandbox's globals: assigning it replaces Karmada's `{name}` for every script that runs after this one"
        ),
    )
    .hint("give the value another name, and declare it `local`")
    .hint("Karmada reuses Lua states between calls, across customizations")
}

//! `sandbox-disabled`: a function or library Karmada's sandbox disables
//! (read as a global or `lib.field`), or `require` of a module other than
//! `kube`: the call fails at run time.

use super::{Rule, RuleId, ScriptCx};
use crate::diag::{Position, Severity};
use crate::lint::Finding;
use crate::lint::env::Env;

pub const RULE: Rule = Rule {
    id: RuleId::SandboxDisabled,
    severity: Severity::Error,
    summary: "a function or library Karmada's sandbox disables, or `require` of a module other than `kube`",
    docs: "Karmada's Lua environment has no io, debug or coroutine, stubs out loadstring, dofile, setmetatable and the like, and preloads only `kube`: the call fails at run time.",
};

/// Reads of disabled globals and library fields.
pub(super) fn check_reads(cx: &ScriptCx, out: &mut Vec<Finding>) {
    let env = Env::get();
    for (name, at) in &cx.facts.global_reads {
        if env.is_disabled(name) {
            out.push(disabled(name, *at));
        }
    }
    for (lib, field, at) in &cx.facts.global_field_reads {
        let full = format!("{lib}.{field}");
        if env.is_disabled(&full) {
            out.push(disabled(&full, *at));
        }
    }
}

/// `require` of a module the sandbox does not provide.
pub(super) fn check_require(cx: &ScriptCx, out: &mut Vec<Finding>) {
    for call in &cx.facts.calls {
        if call.root.is_none()
            && matches!(call.callee.as_slice(), [f] if f == "require")
            && let Some(m) = call.first_string.as_deref()
            && m != "kube"
        {
            out.push(
                Finding::new(
                    RuleId::SandboxDisabled,
                    call.at,
                    format!("`require(\"{m}\")` fails: Karmada's sandbox provides only the `kube` module"),
                )
                .hint("string, table and math are globals already"),
            );
        }
    }
}

fn disabled(name: &str, at: Position) -> Finding {
    Finding::new(
        RuleId::SandboxDisabled,
        at,
        format!("`{name}` is not available in Karmada's Lua sandbox: calling it fails"),
    )
    .hint("Karmada gives scripts only the string, table and math libraries, a few os time functions, and `kube`")
}

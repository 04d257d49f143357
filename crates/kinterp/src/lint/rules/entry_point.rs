//! `entry-point`: the script does not define its rule's global function.
//! [`judge`] decides it for both commands: `kinterp lint` over the global
//! functions the syntax tree defines, `--check` over those the script's
//! top level defines (from its summary, or by running it), which
//! reports it as [`check_warning`].

use super::{Rule, RuleId, ScriptCx};
use crate::contract::contract;
use crate::diag::{Diagnostic, Kind, Position, Severity};
use crate::lint::Finding;
use crate::lint::walk;
use crate::ops::Operation;

pub const RULE: Rule = Rule {
    id: RuleId::EntryPoint,
    severity: Severity::Error,
    summary: "the script does not define its rule's global function",
    docs: "Each rule calls one global function (GetReplicas, InterpretHealth, ...). A misspelt, local or missing function makes every call fail.",
};

/// Whether a script defines its rule's entry function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judgement<'n> {
    Defined,
    /// Not defined; `like`: the first defined function whose name looks
    /// like the entry function's (a likely misspelling).
    Missing { like: Option<&'n str> },
}

/// Whether `op`'s entry function is among `defined`, the global functions
/// a script defines (in definition order).
pub fn judge<'n>(op: Operation, defined: impl IntoIterator<Item = &'n str>) -> Judgement<'n> {
    let func = op.lua_function();
    let mut like = None;
    for name in defined {
        if name == func {
            return Judgement::Defined;
        }
        if like.is_none() && crate::suggest::similar(name, func) {
            like = Some(name);
        }
    }
    Judgement::Missing { like }
}

/// `--check`'s warning for a script whose top level defines the global
/// functions `defined` (in order); `None` when it defines `op`'s.
pub fn check_warning<'n>(
    op: Operation,
    defined: impl IntoIterator<Item = &'n str>,
) -> Option<Diagnostic> {
    let Judgement::Missing { like } = judge(op, defined) else {
        return None;
    };
    let func = op.lua_function();
    let d = Diagnostic::warning(
        Kind::Lint,
        format!("the script does not define the global function {func}"),
    );
    Some(match like {
        Some(name) => d.with_hint(format!("it defines {name}; did you mean {func}?")),
        None => d,
    })
}

pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    let (facts, op) = (cx.facts, cx.op);
    // What the top level defines: its summary when the parse tells it
    // (`--check`'s answer), else every global function the script defines
    // and every global its top level assigns (running would tell more).
    let judgement = match cx.top {
        Some(top) => judge(op, top.functions.iter().map(String::as_str)),
        None => judge(
            op,
            facts
                .functions
                .iter()
                .filter(|f| f.global)
                .filter_map(|f| f.name.as_deref())
                .chain(
                    facts
                        .global_writes
                        .iter()
                        .filter(|(_, _, inside)| !inside)
                        .map(|(n, _, _)| n.as_str()),
                ),
        ),
    };
    if judgement == Judgement::Defined {
        return;
    }
    if let Some(f) = facts.entry(op) {
        // Defined inside a function the top level never calls.
        let name = op.lua_function();
        out.push(
            Finding::new(
                RuleId::EntryPoint,
                f.at,
                format!("`{name}` is defined inside a function that the script's top level never calls, so Karmada does not find it"),
            )
            .hint(format!("define it at the top level: `{}`", contract(op).signature())),
        );
        return;
    }
    let name = op.lua_function();
    let field = op.rule_field();
    if let Some(f) = facts
        .functions
        .iter()
        .find(|f| !f.global && f.name.as_deref() == Some(name))
    {
        out.push(
            Finding::new(
                RuleId::EntryPoint,
                f.at,
                format!("`{name}` is local: Karmada looks for a global function `{name}`"),
            )
            .hint(format!("remove `local`: `function {name}(...)`")),
        );
        return;
    }
    let others: Vec<&str> = Operation::ALL.iter().map(|o| o.lua_function()).collect();
    let top: Vec<&walk::Function> = facts
        .functions
        .iter()
        .filter(|f| f.global && f.top_level && f.name.is_some())
        .collect();
    let misnamed = top
        .iter()
        .find(|f| {
            f.name.as_deref().is_some_and(|n| {
                crate::suggest::similar(n, name) || (others.contains(&n) && n != name)
            })
        })
        .or(match top.as_slice() {
            [only] => Some(only),
            _ => None,
        });
    let Some(f) = misnamed else {
        out.push(
            Finding::new(
                RuleId::EntryPoint,
                Position::new(1, 1),
                format!(
                    "`{field}` calls the global function `{name}`, which the script does not define"
                ),
            )
            .hint(format!("define `{}`", contract(op).signature())),
        );
        return;
    };
    let found = f.name.as_deref().unwrap_or_default();
    let mut finding = Finding::new(
        RuleId::EntryPoint,
        f.at,
        format!("`{field}` calls the global function `{name}`, which the script does not define; it defines `{found}`"),
    )
    .hint(if crate::suggest::similar(found, name) {
        format!("did you mean `{name}`?")
    } else {
        format!("did you mean `{name}`? `{found}` is the only global function the script defines")
    });
    if let Some(other) = Operation::ALL.iter().find(|o| o.lua_function() == found) {
        finding = finding.hint(format!(
            "`{found}` is the function of `{}`; put this script there",
            other.rule_field()
        ));
    }
    out.push(finding);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judge_finds_the_entry_or_what_looks_like_it() {
        let op = Operation::InterpretHealth;
        assert_eq!(
            judge(op, ["helper", "InterpretHealth"]),
            Judgement::Defined
        );
        assert_eq!(
            judge(op, ["helper", "InterpretHeatlh", "InterpretHelth"]),
            Judgement::Missing {
                like: Some("InterpretHeatlh")
            }
        );
        assert_eq!(judge(op, ["helper"]), Judgement::Missing { like: None });
    }

    #[test]
    fn check_reports_the_judgement_in_its_own_words() {
        let op = Operation::InterpretReplica;
        assert_eq!(check_warning(op, ["GetReplicas"]), None);
        let d = check_warning(op, ["GetReplica"]).unwrap();
        assert_eq!(
            (d.kind, d.severity, d.message.as_str(), d.hints.as_slice()),
            (
                Kind::Lint,
                Severity::Warning,
                "the script does not define the global function GetReplicas",
                &["it defines GetReplica; did you mean GetReplicas?".to_string()][..]
            )
        );
        assert!(check_warning(op, []).unwrap().hints.is_empty());
    }
}

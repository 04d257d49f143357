//! `undefined-global`: a name that is neither a sandbox global, nor local,
//! nor assigned anywhere in the script, and `lib.field` for a field the
//! sandbox's library lacks. It reads as nil.

use std::collections::{BTreeSet, HashSet};

use super::{Rule, RuleId, ScriptCx};
use crate::diag::{Position, Severity};
use crate::lint::Finding;
use crate::lint::env::Env;

pub const RULE: Rule = Rule {
    id: RuleId::UndefinedGlobal,
    severity: Severity::Error,
    summary: "a name that is neither a sandbox global, nor local, nor assigned anywhere in the script",
    docs: "Reading it gives nil: `status.phase == Running` compares with nil and is never true. Quote strings, declare locals, or require the module.",
};

pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    let env = Env::get();
    let facts = cx.facts;
    let written = facts.globals_written();
    for (name, at) in &facts.global_reads {
        if !env.is_disabled(name) && !env.is_global(name) && !written.contains(name.as_str()) {
            out.push(undefined(name, *at, env, &written));
        }
    }
    let field_writes: HashSet<(&str, &str)> = facts
        .global_field_writes
        .iter()
        .map(|(l, f, _)| (l.as_str(), f.as_str()))
        .collect();
    for (lib, field, at) in &facts.global_field_reads {
        let full = format!("{lib}.{field}");
        if env.is_disabled(&full) {
            continue; // `sandbox-disabled`'s
        }
        if let Some(fields) = env.fields(lib) {
            let assigned = field_writes.contains(&(lib.as_str(), field.as_str()));
            if !fields.contains(field) && !written.contains(lib.as_str()) && !assigned {
                let mut f = Finding::new(
                    RuleId::UndefinedGlobal,
                    *at,
                    format!("`{full}` does not exist in Karmada's Lua environment"),
                );
                if let Some(s) = crate::suggest::best(field, fields.iter().map(String::as_str)) {
                    f = f.hint(format!("did you mean `{lib}.{s}`?"));
                }
                out.push(f);
            }
        }
    }
}

fn undefined(name: &str, at: Position, env: &Env, written: &HashSet<&str>) -> Finding {
    let mut f = Finding::new(
        RuleId::UndefinedGlobal,
        at,
        format!(
            "`{name}` is not defined: it is no global of Karmada's Lua environment and the script never assigns it, so it reads as nil"
        ),
    );
    if name == "kube" {
        return f.hint("load the library first: `local kube = require(\"kube\")`");
    }
    let candidates: BTreeSet<&str> = env
        .globals
        .keys()
        .map(String::as_str)
        .chain(written.iter().copied())
        .collect();
    let capital = name.chars().next().is_some_and(|c| c.is_ascii_uppercase());
    let best = crate::suggest::best(name, candidates)
        // `True` is closer to `type` than to anything else, but a capital
        // word near a lowercase global is a value meant as text.
        .filter(|s| !capital || s.eq_ignore_ascii_case(name) || !s.starts_with(char::is_lowercase));
    if let Some(s) = best {
        f = f.hint(format!("did you mean `{s}`?"));
    } else if capital {
        f = f.hint(format!(
            "to compare with the text {name}, quote it: \"{name}\""
        ));
    }
    f
}

//! `unknown-allow`: a `kinterp:allow` comment naming no rule kinterp has
//! (the comments are read by `allow`).

use super::{Rule, RuleId};
use crate::diag::{Position, Severity};
use crate::lint::Finding;

pub const RULE: Rule = Rule {
    id: RuleId::UnknownAllow,
    severity: Severity::Warning,
    summary: "a `kinterp:allow` comment naming no rule kinterp has",
    docs: "A misspelt id in a suppression comment suppresses nothing, so the finding it meant to silence still shows (or, once fixed, a later one would). The finding names the rule probably meant.",
};

/// The finding for `id`, named on script line `line` of `script`.
pub(crate) fn finding(script: &str, line: usize, id: &str) -> Finding {
    let column = script
        .lines()
        .nth(line - 1)
        .and_then(|l| l.find(id));
    let mut f = Finding::new(
        RuleId::UnknownAllow,
        Position::new(line, column.map_or(1, |c| c + 1)),
        format!("`kinterp:allow {id}` names no lint rule, so it suppresses nothing"),
    );
    if let Some(meant) = crate::suggest::best(id, RuleId::ALL.iter().map(|r| r.as_str())) {
        f = f.hint(format!("did you mean `{meant}`?"));
    }
    f
}

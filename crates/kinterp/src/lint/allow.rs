//! Inline suppressions: `-- kinterp:allow RULE[, RULE...]` in a script.
//! At the end of a line of code it covers that line; on a line of its own
//! it covers the next line of code. `-- kinterp:allow-all RULE` anywhere
//! covers the whole script.

use std::collections::{BTreeSet, HashSet};

/// The suppressions of one script.
#[derive(Debug, Default)]
pub struct Allowed {
    lines: HashSet<(usize, String)>,
    everywhere: BTreeSet<String>,
    /// Ids no rule has, with the script line of their comment.
    pub unknown: Vec<(usize, String)>,
}

impl Allowed {
    /// Whether findings of `rule` on script line `line` are suppressed.
    pub fn allows(&self, rule: super::RuleId, line: usize) -> bool {
        let rule = rule.as_str();
        self.everywhere.contains(rule) || self.lines.contains(&(line, rule.to_string()))
    }
}

/// Reads the suppression comments of `script`.
pub fn comments(script: &str) -> Allowed {
    let mut allowed = Allowed::default();
    let mut pending: Vec<String> = Vec::new();
    for (i, line) in script.lines().enumerate() {
        let n = i + 1;
        let (code, comment) = match line.find("--") {
            Some(at) => (&line[..at], Some(&line[at + 2..])),
            None => (line, None),
        };
        let has_code = !code.trim().is_empty();
        if has_code {
            for rule in pending.drain(..) {
                allowed.lines.insert((n, rule));
            }
        }
        let Some(comment) = comment else { continue };
        let comment = comment.trim_start_matches('-').trim_start();
        if let Some(rest) = comment
            .strip_prefix("kinterp:allow-all")
            .or_else(|| comment.strip_prefix("kinterp:allow"))
        {
            let known = |id: &str| super::RuleId::parse(id).is_some();
            allowed
                .unknown
                .extend(ids(rest).filter(|id| !known(id)).map(|id| (n, id)));
        }
        if let Some(rest) = comment.strip_prefix("kinterp:allow-all") {
            allowed.everywhere.extend(ids(rest));
        } else if let Some(rest) = comment.strip_prefix("kinterp:allow") {
            if has_code {
                allowed.lines.extend(ids(rest).map(|r| (n, r)));
            } else {
                pending.extend(ids(rest));
            }
        }
    }
    allowed
}

fn ids(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::RuleId::*;

    #[test]
    fn trailing_own_line_and_whole_script() {
        let a = comments(
            "x = 1 -- kinterp:allow global-assignment\n-- kinterp:allow print-call, undefined-global\n\nprint(y)\n--- kinterp:allow-all optional-field\n",
        );
        assert!(a.allows(GlobalAssignment, 1));
        assert!(!a.allows(GlobalAssignment, 4));
        assert!(a.allows(PrintCall, 4));
        assert!(a.allows(UndefinedGlobal, 4));
        assert!(!a.allows(PrintCall, 2));
        assert!(a.allows(OptionalField, 99));
        assert!(a.unknown.is_empty());
    }

    #[test]
    fn unknown_ids_are_kept_with_their_line() {
        let a = comments(
            "print(1) -- kinterp:allow prnt-call, print-call
-- kinterp:allow-all nope
",
        );
        assert_eq!(
            a.unknown,
            [(1, "prnt-call".to_string()), (2, "nope".to_string())]
        );
    }
}

//! The code action that renames a misnamed entry point: a script defining
//! `getReplicas` where its rule calls `GetReplicas` gets the name fixed
//! (the definition and every use in the script), not a second function.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, Diagnostic as LspDiagnostic, NumberOrString, Range, TextEdit, Uri,
    WorkspaceEdit,
};

use super::cursor::defines;
use super::layout::RuleBlock;
use super::text::{self, Encoding, is_word};
use kinterp::contract;
use kinterp::diag::Position;
use kinterp::lint::RuleId;

/// The global function a script defines (`function NAME(` at the start
/// of a line) whose name is close to the rule's entry point, when the
/// script lacks the entry point itself.
pub fn misnamed(script: &str, wanted: &str) -> Option<String> {
    if defines(script, wanted) {
        return None;
    }
    script.lines().find_map(|l| {
        let code = l.find("--").map_or(l, |i| &l[..i]);
        super::cursor::function_names(code)
            .find(|name| {
                name.eq_ignore_ascii_case(wanted) || kinterp::suggest::similar(name, wanted)
            })
            .map(str::to_string)
    })
}

/// The rename action for `rule`, if its script misnames the entry point.
pub fn action(
    uri: &Uri,
    text: &str,
    rule: &RuleBlock,
    diagnostics: &[LspDiagnostic],
    enc: Encoding,
) -> Option<CodeAction> {
    let script = rule.script.as_ref()?;
    let wanted = contract::contract(rule.operation).function();
    let found = misnamed(&script.text, wanted)?;
    let mut edits = Vec::new();
    for (n, line) in script.text.lines().enumerate() {
        for col in occurrences(line, &found) {
            let start = script.to_file(Position::new(n + 1, col));
            let end = Position::new(start.line, start.column + found.chars().count());
            // The file must hold the name there (a folded or quoted script
            // maps back exactly; anything else is left alone).
            let at = text::line_text(text, start.line - 1);
            let cut: String = at
                .chars()
                .skip(start.column - 1)
                .take(found.chars().count())
                .collect();
            if cut != found {
                return None;
            }
            edits.push(TextEdit::new(
                Range::new(text::to_lsp(text, start, enc), text::to_lsp(text, end, enc)),
                wanted.to_string(),
            ));
        }
    }
    if edits.is_empty() {
        return None;
    }
    let related: Vec<LspDiagnostic> = diagnostics
        .iter()
        .filter(|d| d.code == Some(NumberOrString::String(RuleId::EntryPoint.as_str().into())))
        .cloned()
        .collect();
    Some(CodeAction {
        title: format!("Rename `{found}` to `{wanted}`"),
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: (!related.is_empty()).then_some(related),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }),
        is_preferred: Some(true),
        ..CodeAction::default()
    })
}

/// The 1-based character columns where `name` stands as a whole word in
/// `line`, outside comments.
fn occurrences(line: &str, name: &str) -> Vec<usize> {
    let code = line.find("--").map_or(line, |i| &line[..i]);
    let chars: Vec<char> = code.chars().collect();
    let want: Vec<char> = name.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + want.len() <= chars.len() {
        let before_ok = i == 0 || !(is_word(chars[i - 1]) || chars[i - 1] == '.');
        let after_ok = chars.get(i + want.len()).is_none_or(|c| !is_word(*c));
        if before_ok && after_ok && chars[i..i + want.len()] == want[..] {
            out.push(i + 1);
            i += want.len();
        } else {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_misnamed_function_and_its_uses() {
        let script = "function getReplicas(obj)\n  return getReplicas2(obj)\nend\n";
        assert_eq!(
            misnamed(script, "GetReplicas").as_deref(),
            Some("getReplicas")
        );
        assert_eq!(misnamed("function GetReplicas(o) end", "GetReplicas"), None);
        assert_eq!(misnamed("function Other(o) end", "GetReplicas"), None);
        assert_eq!(
            misnamed("local k = 1 function getReplicas(o) end", "GetReplicas").as_deref(),
            Some("getReplicas")
        );
        assert_eq!(
            occurrences("x = getReplicas(o) -- getReplicas", "getReplicas"),
            [5]
        );
        assert!(occurrences("obj.getReplicas + getReplicasX", "getReplicas").is_empty());
    }
}

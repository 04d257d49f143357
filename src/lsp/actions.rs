//! The code actions for a rule's missing entry point: rename a misnamed
//! function (`getReplicas` for `GetReplicas`), or insert the function at
//! the end of its `luaScript` block (literal `|` or folded `>`), or with a
//! new `luaScript: |` block when the rule has none.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, Diagnostic as LspDiagnostic, NumberOrString, Range, TextEdit, Uri,
    WorkspaceEdit,
};

use super::cursor::defines;
use super::layout::{Layout, RuleBlock};
use super::text::{self, Encoding};
use kinterp::contract;
use kinterp::diag::Position;
use kinterp::lint::RuleId;

/// The actions for `range`: one per rule touched by the range (or by a
/// diagnostic in the request) whose script lacks its entry point.
pub fn code_actions(
    uri: &Uri,
    text: &str,
    layout: &Layout,
    range: Range,
    diagnostics: &[LspDiagnostic],
    enc: Encoding,
) -> Vec<CodeAction> {
    let mut lines: Vec<usize> = vec![range.start.line as usize + 1];
    lines.extend(diagnostics.iter().map(|d| d.range.start.line as usize + 1));
    let mut out: Vec<CodeAction> = Vec::new();
    let mut seen: Vec<Position> = Vec::new();
    for line in lines {
        let Some((_, rule)) = layout.rule_on_line(line) else {
            continue;
        };
        let c = contract::contract(rule.operation);
        if seen.contains(&rule.key) {
            continue;
        }
        seen.push(rule.key);
        if let Some(action) = super::rename::action(uri, text, rule, diagnostics, enc) {
            out.push(action);
            continue;
        }
        if let Some(edit) = insertion(text, rule, enc) {
            let related: Vec<LspDiagnostic> = diagnostics
                .iter()
                .filter(|d| {
                    let code = d.code.as_ref();
                    code == Some(&NumberOrString::String(RuleId::EntryPoint.as_str().into()))
                        || d.message.contains(c.function())
                })
                .cloned()
                .collect();
            out.push(CodeAction {
                title: format!("Insert the entry point `{}`", c.signature()),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: (!related.is_empty()).then_some(related),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(true),
                ..CodeAction::default()
            });
        }
    }
    out
}

/// The edit that adds the entry point to `rule`, or `None` when its script
/// already defines it (or is not a literal block kinterp can extend).
fn insertion(text: &str, rule: &RuleBlock, enc: Encoding) -> Option<TextEdit> {
    let c = contract::contract(rule.operation);
    match &rule.script {
        Some(script) => {
            if defines(&script.text, c.function()) {
                return None;
            }
            // A folded block joins lines of equal indentation: the blank
            // line keeps the new function apart from the script's last
            // line, and its body, indented deeper, keeps its line breaks.
            let (line, indent, folded) = match (script.block, script.folded_end()) {
                (Some((_, indent)), _) => (script.end_line()?, indent, false),
                (None, Some((line, indent))) => (line, indent, true),
                _ => return None,
            };
            let mut new_text = String::new();
            if folded || !script.text.trim().is_empty() {
                new_text.push('\n');
            }
            new_text.push_str(&c.skeleton(&" ".repeat(indent)));
            Some(insert_at_line(text, line, new_text, enc))
        }
        None => {
            let indent = " ".repeat(rule.key.column - 1 + 2);
            let new_text = format!(
                "{indent}luaScript: |\n{}",
                c.skeleton(&format!("{indent}  "))
            );
            Some(insert_at_line(text, rule.key.line + 1, new_text, enc))
        }
    }
}

/// An insertion at the start of file line `line` (1-based); past the last
/// line, at the end of the text (after a line break).
fn insert_at_line(text: &str, line: usize, mut new_text: String, enc: Encoding) -> TextEdit {
    let lines = text.lines().count();
    let at = if line <= lines {
        text::to_lsp(text, Position::new(line, 1), enc)
    } else {
        if !text.ends_with('\n') && !text.is_empty() {
            new_text.insert(0, '\n');
        }
        text::position_at(text, text.len(), enc)
    };
    TextEdit::new(Range::new(at, at), new_text)
}

#[cfg(test)]
mod tests {
    use super::super::layout::layout;
    use super::*;
    use lsp_types::Position as LspPosition;

    const RIC: &str = concat!(
        ric_head!(),
        "    healthInterpretation:
      luaScript: |
        local function helper(o)
          return true
        end
    retention:
"
    );

    fn apply(text: &str, edit: &TextEdit) -> String {
        let mut out = text.to_string();
        let change = lsp_types::TextDocumentContentChangeEvent {
            range: Some(edit.range),
            range_length: None,
            text: edit.new_text.clone(),
        };
        text::apply_change(&mut out, &change, Encoding::Utf16);
        out
    }

    fn actions(line: u32) -> Vec<CodeAction> {
        let uri: Uri = "file:///tmp/ric.yaml".parse().unwrap();
        let l = layout(RIC);
        let at = LspPosition::new(line, 0);
        code_actions(&uri, RIC, &l, Range::new(at, at), &[], Encoding::Utf16)
    }

    // `Uri` keys are the protocol's choice, not ours.
    #[allow(clippy::mutable_key_type)]
    fn edited(action: &CodeAction) -> String {
        let edits = action.edit.as_ref().unwrap().changes.as_ref().unwrap();
        let edits = edits.values().next().unwrap();
        apply(RIC, &edits[0])
    }

    #[test]
    fn appends_the_entry_point_to_the_block() {
        let a = actions(12);
        assert_eq!(a.len(), 1);
        assert_eq!(
            a[0].title,
            "Insert the entry point `function InterpretHealth(observedObj)`"
        );
        let text = edited(&a[0]);
        assert!(text.contains("        end\n\n        function InterpretHealth(observedObj)\n          if observedObj.status == nil then\n"), "{text}");
        assert!(text.ends_with("        end\n    retention:\n"));
        // The result is a valid customization whose rule now passes.
        let l = layout(&text);
        let s = l.customizations[0].rules[0].script.as_ref().unwrap();
        assert!(defines(&s.text, "InterpretHealth"));
        assert!(actions(3).is_empty());
    }

    #[test]
    fn adds_a_script_to_a_rule_without_one() {
        let a = actions(14);
        assert_eq!(a.len(), 1);
        let text = edited(&a[0]);
        assert!(text.ends_with("    retention:\n      luaScript: |\n        function Retain(desiredObj, observedObj)\n          -- copy what the member cluster manages from observedObj\n          return desiredObj\n        end\n"), "{text}");
    }
}

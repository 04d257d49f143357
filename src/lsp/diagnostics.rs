//! The diagnostics of an open file, from the engine's own checks, and
//! their translation to the protocol's form.
//!
//! TEMPORARY GLUE until `kinterp::lint::lint_text` (branch `lint`) is on
//! main: `diagnose` asks what exists today — the input reader (YAML
//! errors), the customization decoder (schema errors) and `check` (Lua
//! syntax as the engine accepts it, and whether each rule defines its
//! function) — and places script errors through `layout`. When `lint_text`
//! lands, `diagnose` becomes that one call; `to_lsp` stays.

use std::path::Path;

use lsp_types::{Diagnostic as LspDiagnostic, DiagnosticSeverity, NumberOrString, Range};

use super::layout::{Layout, RuleBlock};
use super::text::{self, Encoding};
use crate::check::{self, RuleResult, Verdict};
use crate::diag::{Diagnostic, Kind, Location, Position, Severity};
use crate::ric::{self, Document};

/// The memory limit the checks run under (the CLI's default).
const MEMORY_LIMIT: Option<usize> = Some(256 << 20);

/// Everything kinterp finds in `text`, the content of `path`.
pub fn diagnose(path: &Path, text: &str, layout: &Layout) -> Vec<Diagnostic> {
    let name = path.display().to_string();
    let at = |position: Position| Location {
        file: Some(path.to_path_buf()),
        position: Some(position),
        ..Location::default()
    };
    let values = match crate::input::parse_documents(&name, text) {
        Ok(v) => v,
        Err(e) => {
            let message = e.to_string();
            let (position, message) = split_position(&name, &message);
            return vec![Diagnostic::error(Kind::Input, message).at(at(position))];
        }
    };
    let mut out = Vec::new();
    let mut located = layout.customizations.iter();
    for value in &values {
        let doc = match ric::decode(&name, value) {
            Ok(doc) => doc,
            Err(e) => {
                out.push(Diagnostic::error(Kind::Input, e).at(at(Position::new(1, 0))));
                continue;
            }
        };
        let Document::Customization(c) = &doc else {
            continue;
        };
        let rules = located.next().map_or(&[][..], |l| &l.rules[..]);
        let entry = check::check_document(&doc, MEMORY_LIMIT);
        let rule_of = |op| rules.iter().rev().find(|r: &&RuleBlock| r.operation == op);
        match entry.verdict {
            Verdict::Rules(verdicts) => {
                for (op, result) in verdicts {
                    let RuleResult::Error(message) = result else {
                        continue;
                    };
                    let mut loc = at(script_position(rule_of(op), &message));
                    loc.customization = Some(c.name.clone());
                    loc.rule = Some(op.name().to_string());
                    loc.script = rule_of(op)
                        .and_then(|r| r.script.as_ref())
                        .and_then(|s| script_spot(&message, &s.text, None))
                        .map(|(l, c)| Position::new(l, c.unwrap_or(0)));
                    out.push(Diagnostic::error(Kind::Syntax, message).at(loc));
                }
                for warning in entry.warnings {
                    let (rule, message) = warning.split_once(": ").unwrap_or(("", &warning));
                    let op = crate::ops::Operation::parse(rule);
                    let position = op.and_then(rule_of).map_or(Position::new(1, 0), |r| r.key);
                    let mut loc = at(position);
                    loc.customization = Some(c.name.clone());
                    loc.rule = op.map(|o| o.name().to_string());
                    out.push(Diagnostic::warning(Kind::Lint, message).at(loc));
                }
            }
            Verdict::NoTargetKind => out.push(
                Diagnostic::error(Kind::Input, "spec.target.kind is not set")
                    .at(at(Position::new(1, 0))),
            ),
            Verdict::NoTargetApiVersion => out.push(
                Diagnostic::error(Kind::Input, "spec.target.apiVersion is not set")
                    .at(at(Position::new(1, 0))),
            ),
            Verdict::NotCustomization(_) => {}
        }
    }
    out
}

/// `NAME:LINE:COL: message` → the position and the message.
fn split_position(name: &str, message: &str) -> (Position, String) {
    let parsed = message
        .strip_prefix(name)
        .and_then(|r| r.strip_prefix(':'))
        .and_then(|r| {
            let mut parts = r.splitn(3, ':');
            let line = parts.next()?.parse().ok()?;
            let column = parts.next()?.parse().ok()?;
            Some((
                Position::new(line, column),
                parts.next()?.trim().to_string(),
            ))
        });
    parsed.unwrap_or((Position::new(1, 0), message.to_string()))
}

/// The script position a syntax error names: Karmada's form
/// (`<string> line:L(column:C) near 'tok': ...`, where C is the token's
/// last character; 0 when unknown), the form `<string>:L: ... near 'tok'`,
/// `<string> at EOF` (the last line), or, for a message without a
/// position, `line` and the token after `near`. The column is `None` when
/// only the line is known.
fn script_spot(message: &str, script: &str, line: Option<usize>) -> Option<(usize, Option<usize>)> {
    let near = message
        .split_once("near '")
        .and_then(|(_, t)| t.rsplit_once('\''))
        .map(|(tok, _)| tok);
    if let Some((_, rest)) = message.split_once("<string> line:") {
        let (line, rest) = rest.split_once("(column:")?;
        let (column, _) = rest.split_once(')')?;
        let (line, column): (usize, usize) = (line.parse().ok()?, column.parse().ok()?);
        let len = near.map_or(1, |t| t.chars().count().max(1));
        return Some((line, (column >= len).then(|| column + 1 - len)));
    }
    if message.contains("<string> at EOF") {
        return Some((script.trim_end_matches('\n').lines().count().max(1), None));
    }
    let line = match message.strip_prefix("<string>:") {
        Some(rest) => rest.split(':').next()?.parse().ok()?,
        None => line?,
    };
    let source = script.lines().nth(line.checked_sub(1)?).unwrap_or("");
    let column = near
        .and_then(|token| source.find(token))
        .map(|byte| source[..byte].chars().count() + 1);
    Some((line, column))
}

/// The file position of a script error, through the rule's block.
fn script_position(rule: Option<&RuleBlock>, message: &str) -> Position {
    let Some(rule) = rule else {
        return Position::new(1, 0);
    };
    let Some(script) = &rule.script else {
        return rule.key;
    };
    let Some((line, column)) = script_spot(message, &script.text, None) else {
        return script.key;
    };
    let column = column.unwrap_or_else(|| {
        let source = script.text.lines().nth(line - 1).unwrap_or("");
        source.chars().take_while(|c| c.is_whitespace()).count() + 1
    });
    script.to_file(Position::new(line, column))
}

/// One diagnostic in the protocol's form.
pub fn to_lsp(text: &str, d: &Diagnostic, enc: Encoding) -> LspDiagnostic {
    let range = match d.location.position {
        Some(p) => text::range_at(text, p, enc),
        None => Range::default(),
    };
    let mut message = d.message.clone();
    for hint in &d.hints {
        message.push_str("\nhint: ");
        message.push_str(hint);
    }
    LspDiagnostic {
        range,
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Info => DiagnosticSeverity::INFORMATION,
        }),
        code: d.code.clone().map(NumberOrString::String),
        source: Some("kinterp".to_string()),
        message,
        ..LspDiagnostic::default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::layout;
    use super::*;

    const HEAD: &str = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata:
  name: demo
spec:
  target:
    apiVersion: apps/v1
    kind: Deployment
  customizations:
    healthInterpretation:
      luaScript: |
";

    fn run(script: &str) -> Vec<Diagnostic> {
        let text = format!("{HEAD}{script}");
        diagnose(Path::new("ric.yaml"), &text, &layout(&text))
    }

    #[test]
    fn syntax_errors_land_on_the_token() {
        let d = run(
            "        function InterpretHealth(observedObj)\n          local x = 1 @ 2\n          return true\n        end\n",
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].kind, Kind::Syntax);
        assert_eq!(d[0].location.position, Some(Position::new(13, 23)));
        assert_eq!(d[0].location.script, Some(Position::new(2, 15)));
        assert_eq!(d[0].location.rule.as_deref(), Some("InterpretHealth"));
        assert!(d[0].message.contains("near '@'"), "{}", d[0].message);
        let fixed = run(
            "        function InterpretHealth(observedObj)\n          local x = 1\n          return true\n        end\n",
        );
        assert_eq!(fixed, []);
    }

    #[test]
    fn both_syntax_error_forms() {
        let script = "x = 1\n  local y = foo bar baz\n";
        let karmada = "<string> line:2(column:23) near 'baz':   parse error";
        assert_eq!(script_spot(karmada, script, None), Some((2, Some(21))));
        let puc = "<string>:2: '=' expected near 'baz'";
        assert_eq!(script_spot(puc, script, None), Some((2, Some(21))));
        let unterminated = "<string> line:3(column:0) near 'abc':   unterminated string";
        assert_eq!(script_spot(unterminated, script, None), Some((3, None)));
        let eof = "<string> at EOF:   syntax error";
        assert_eq!(script_spot(eof, script, None), Some((2, None)));
        assert_eq!(script_spot("boom", script, None), None);
        // A message whose position was taken off: the line comes apart.
        let bare = "'=' expected near 'baz'";
        assert_eq!(script_spot(bare, script, Some(2)), Some((2, Some(21))));
    }

    #[test]
    fn missing_entry_point_and_yaml_errors() {
        let d = run("        function Health(observedObj)\n          return true\n        end\n");
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].severity, Severity::Warning);
        assert_eq!(d[0].location.position, Some(Position::new(10, 5)));
        assert!(
            d[0].message
                .contains("does not define the global function InterpretHealth")
        );
        let text = "a: [\n  b: c\n";
        let d = diagnose(Path::new("x.yaml"), text, &layout(text));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].kind, Kind::Input);
        assert_eq!(d[0].location.position, Some(Position::new(3, 1)));
        let lsp = to_lsp(text, &d[0], Encoding::Utf16);
        assert_eq!(lsp.severity, Some(DiagnosticSeverity::ERROR));
        assert_eq!(lsp.source.as_deref(), Some("kinterp"));
    }
}

//! The diagnostics of an open file: exactly what `kinterp lint` finds
//! (`lint::lint_text`: YAML and schema errors, Lua syntax as kinterp's VM
//! accepts it, the lint rules), with one refinement for editors: a Lua
//! syntax error, which lint places at the start of its line, is moved onto
//! the token the message names. Then their translation to the protocol.

use std::path::Path;

use lsp_types::{Diagnostic as LspDiagnostic, DiagnosticSeverity, NumberOrString, Range};

use super::layout::Layout;
use super::text::{self, Encoding};
use crate::diag::{Diagnostic, Position, Severity};
use crate::lint::{self, Config};
use crate::ops::Operation;

/// Everything kinterp finds in `text`, the content of `path`. A file with
/// no customization in it (editors attach the server to every YAML file)
/// gets its YAML syntax errors only, not lint's "not a customization".
pub fn diagnose(path: &Path, text: &str, layout: &Layout) -> Vec<Diagnostic> {
    let mut found = lint::lint_text(path, text, &Config::default());
    if layout.customizations.is_empty() {
        found.retain(|d| d.code.as_deref() == Some("yaml-syntax"));
    }
    for d in &mut found {
        on_token(d, layout);
    }
    found
}

/// Moves a Lua syntax error from the start of its script line onto the
/// token it names, when the message names one.
fn on_token(d: &mut Diagnostic, layout: &Layout) {
    if d.code.as_deref() != Some("lua-syntax") {
        return;
    }
    let loc = &d.location;
    let (Some(at), Some(op)) = (loc.script, loc.rule.as_deref().and_then(Operation::parse)) else {
        return;
    };
    let script = layout
        .customizations
        .iter()
        .filter(|c| c.name == loc.customization)
        .flat_map(|c| c.rules.iter().rev().find(|r| r.operation == op))
        .find_map(|r| r.script.as_ref());
    let Some(script) = script else {
        return;
    };
    if let Some((line, Some(column))) = script_spot(&d.message, &script.text, Some(at.line)) {
        let spot = Position::new(line, column);
        d.location.script = Some(spot);
        d.location.position = Some(script.to_file(spot));
    }
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
    use crate::diag::Kind;

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
        assert_eq!(d[0].code.as_deref(), Some("lua-syntax"));
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
        assert_eq!(d[0].code.as_deref(), Some("entry-point"));
        assert_eq!(d[0].severity, Severity::Error);
        assert_eq!(d[0].location.position, Some(Position::new(12, 18)), "{d:?}");
        assert!(
            d[0].message.contains("`InterpretHealth`"),
            "{}",
            d[0].message
        );
        let lsp = to_lsp("", &d[0], Encoding::Utf16);
        assert!(
            lsp.message
                .contains("\nhint: did you mean `InterpretHealth`?"),
            "{}",
            lsp.message
        );
        let other = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n";
        assert_eq!(diagnose(Path::new("cm.yaml"), other, &layout(other)), []);
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

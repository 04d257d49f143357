//! Diagnostics for people: the one place that turns a [`Diagnostic`] into
//! the text on standard error.
//!
//! - A failed operation (the location names a rule) reads as karmadactl's
//!   `Execute OP error: MESSAGE`; for a script, a pointer follows with the
//!   file position of the failing line, the customization, the rule, the
//!   script line Karmada reports and, when given, that line's text.
//! - Other runtime failures are their message alone.
//! - Usage and input errors read `error: FILE:LINE:COL: MESSAGE`.
//! - Hints follow, each as `tip: ...`.

use kinterp::diag::{Diagnostic, Kind, Severity};
use kinterp::ops::Operation;

/// The text of `d` (no final newline). `snippet` is the text of the
/// script line the diagnostic points at, when the caller has it.
pub fn diagnostic(d: &Diagnostic, snippet: Option<&str>) -> String {
    let loc = &d.location;
    let mut out = match &loc.rule {
        Some(rule) => format!("Execute {rule} error: {}", d.message),
        None if d.severity == Severity::Warning => format!("warning: {d}"),
        None if matches!(d.kind, Kind::Usage | Kind::Input) => format!("error: {d}"),
        None => d.to_string(),
    };
    if let (Some(rule), Some(script), Some(src)) = (&loc.rule, loc.script, snippet) {
        let file = loc.file_position().unwrap_or_default();
        let name = match loc.customization.as_deref() {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => loc
                .file
                .as_ref()
                .map(|f| f.display().to_string())
                .unwrap_or_default(),
        };
        let field = Operation::parse(rule).map_or(rule.as_str(), |op| op.rule_field());
        let line = script.line;
        out.push_str(&format!(
            "\n  --> {file} (customization {name}, rule {field}), script line {line}\n   |\n{line:>3} | {src}"
        ));
    }
    for (i, hint) in d.hints.iter().enumerate() {
        out.push_str(if i == 0 { "\n\n  tip: " } else { "\n  tip: " });
        out.push_str(hint);
    }
    // Names, keys and script messages in it come from files and scripts.
    super::visible::text(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinterp::diag::{Location, Position};

    #[test]
    fn forms() {
        let usage = Diagnostic::usage("bad").with_hint("did you mean 'x'?");
        assert_eq!(
            diagnostic(&usage, None),
            "error: bad\n\n  tip: did you mean 'x'?"
        );
        let input = Diagnostic::input("invalid YAML: x")
            .in_file("a.yaml")
            .at_line(3, 4);
        assert_eq!(
            diagnostic(&input, None),
            "error: a.yaml:3:4: invalid YAML: x"
        );
        let exec = Diagnostic::usage("desired-file options are not set").for_rule("Retain");
        assert_eq!(
            diagnostic(&exec, None),
            "Execute Retain error: desired-file options are not set"
        );
        let script = Diagnostic::runtime("<string>:2: boom").at(Location {
            file: Some("ric.yaml".into()),
            position: Some(Position::new(13, 9)),
            customization: Some("c".into()),
            rule: Some("InterpretHealth".into()),
            script: Some(Position::new(2, 0)),
        });
        assert_eq!(
            diagnostic(&script, Some("  error('boom')")),
            "Execute InterpretHealth error: <string>:2: boom\n  --> ric.yaml:13:9 (customization c, rule healthInterpretation), script line 2\n   |\n  2 |   error('boom')"
        );
        assert_eq!(
            diagnostic(&script, None),
            "Execute InterpretHealth error: <string>:2: boom"
        );
        assert_eq!(
            diagnostic(&Diagnostic::runtime("Edit cancelled"), None),
            "Edit cancelled"
        );
    }
}

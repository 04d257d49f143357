//! The diagnostics of an open file: exactly what `kinterp lint` finds
//! (`lint::lint_text`: YAML and schema errors, Lua syntax as Karmada's VM
//! accepts it, placed on the token it names, and the lint rules), and
//! their translation to the protocol.

use std::path::Path;

use lsp_types::{Diagnostic as LspDiagnostic, DiagnosticSeverity, NumberOrString, Range};

use super::layout::Layout;
use super::text::{self, Encoding};
use kinterp::diag::{Diagnostic, Severity};
use kinterp::lint::{self, Config, RuleId};

/// Everything kinterp finds in `text`, the content of `path`. A file with
/// no customization in it (editors attach the server to every YAML file)
/// gets its YAML syntax errors only, not lint's "not a customization".
/// The workspace CRDs the layout carries let `optional-field` judge a
/// custom resource's fields, as `kinterp lint --crd` does.
pub fn diagnose(path: &Path, text: &str, layout: &Layout) -> Vec<Diagnostic> {
    let mut config = Config::default();
    config.add_crds(layout.customizations.iter().filter_map(|c| {
        let (group, version) = c.target_api_version.as_deref()?.split_once('/')?;
        Some(kinterp::crd::Crd {
            group: group.to_string(),
            kind: c.target_kind.clone()?,
            versions: vec![(version.to_string(), c.target_schema.clone()?)],
        })
    }));
    let mut found = match &layout.parsed.0 {
        Some(read) => lint::lint_read(path, read, &config),
        None => lint::lint_text(path, text, &config),
    };
    if layout.customizations.is_empty() {
        found.retain(|d| d.code.as_deref() == Some(RuleId::YamlSyntax.as_str()));
    }
    found
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
    use kinterp::diag::{Kind, Position};

    const HEAD: &str = concat!(
        ric_head!(),
        "    healthInterpretation:
      luaScript: |
"
    );

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
            "        function InterpretHealth(observedObj)\n          local x = 1\n          return x == 1\n        end\n",
        );
        assert_eq!(fixed, []);
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

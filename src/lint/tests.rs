use super::*;

fn lint(text: &str) -> Vec<Diagnostic> {
    lint_text(Path::new("ric.yaml"), text, &Config::default())
}

fn codes(text: &str) -> Vec<(String, usize, usize)> {
    lint(text)
        .into_iter()
        .map(|d| {
            let p = d.location.position.unwrap();
            (d.code.unwrap(), p.line, p.column)
        })
        .collect()
}

const HEAD: &str = "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata:\n  name: t\nspec:\n  target:\n    apiVersion: v1\n    kind: Foo\n  customizations:\n";

#[test]
fn a_sound_file_has_no_finding() {
    let text = format!(
        "{HEAD}    healthInterpretation:\n      luaScript: |\n        function InterpretHealth(obj)\n          return obj.status ~= nil and obj.status.ready == true\n        end\n"
    );
    assert_eq!(codes(&text), []);
}

#[test]
fn undefined_global_maps_to_the_file() {
    let text = format!(
        "{HEAD}    healthInterpretation:\n      luaScript: |\n        function InterpretHealth(obj)\n          if obj.status == nil then return false end\n          return obj.status.phase == Running\n        end\n"
    );
    let d = lint(&text);
    assert_eq!(codes(&text), [("undefined-global".to_string(), 14, 38)]);
    assert_eq!(d[0].location.script, Some(Position::new(3, 30)));
    assert_eq!(d[0].location.customization.as_deref(), Some("t"));
    assert_eq!(d[0].location.rule.as_deref(), Some("InterpretHealth"));
    assert_eq!(d[0].severity, Severity::Error);
}

#[test]
fn overrides_and_inline_allows() {
    let text = format!(
        "{HEAD}    healthInterpretation:\n      luaScript: |\n        function InterpretHealth(obj)\n          print(1)\n          x = 1 -- kinterp:allow global-assignment\n          return true\n        end\n"
    );
    assert_eq!(codes(&text), [("print-call".to_string(), 13, 11)]);
    let mut c = Config::default();
    c.set("print-call", Level::Deny).unwrap();
    let d = lint_text(Path::new("f"), &text, &c);
    assert_eq!(d[0].severity, Severity::Error);
    c.set("print-call", Level::Allow).unwrap();
    assert!(lint_text(Path::new("f"), &text, &c).is_empty());
    assert_eq!(
        c.set("print-cal", Level::Warn),
        Err("unknown lint rule `print-cal` (did you mean `print-call`?)".to_string())
    );
}

#[test]
fn yaml_errors_are_input_findings() {
    let d = lint("a: [1,\n");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].kind, Kind::Input);
    assert_eq!(d[0].code.as_deref(), Some("yaml-syntax"));
    let d = lint("");
    assert_eq!(d[0].message, "the file holds no document");
}

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

fn script_codes(op_field: &str, script: &str) -> Vec<(String, usize, usize)> {
    let mut text = format!("{HEAD}    {op_field}:\n      luaScript: |\n");
    for line in script.lines() {
        text.push_str(&format!("        {line}\n"));
    }
    codes(&text)
}

#[test]
fn scopes_methods_repeat_and_upvalues() {
    let script = "local M = {}\nfunction M:count(obj)\n  return self.n\nend\nfunction InterpretHealth(obj)\n  local i = 0\n  repeat\n    local done = i > 2\n    i = i + 1\n  until done\n  local function twice(x) return x * 2 end\n  return twice(i) > 0 and M ~= nil\nend";
    assert_eq!(script_codes("healthInterpretation", script), []);
    let leaky =
        "function InterpretHealth(obj)\n  local f = function() return f end\n  return true\nend";
    assert_eq!(
        script_codes("healthInterpretation", leaky),
        [
            // The local `f` is not in scope in its own initialiser: the
            // `f` read there is a global, and the local is never read.
            ("unused-local".to_string(), 13, 17),
            ("undefined-global".to_string(), 13, 39)
        ]
    );
}

fn script_findings(op_field: &str, script: &str) -> Vec<(String, Severity, String)> {
    let mut text = format!("{HEAD}    {op_field}:\n      luaScript: |\n");
    for line in script.lines() {
        text.push_str(&format!("        {line}\n"));
    }
    lint(&text)
        .into_iter()
        .map(|d| (d.code.unwrap(), d.severity, d.message))
        .collect()
}

#[test]
fn unused_locals_spare_entry_parameters_and_underscores() {
    let script = "local function helper(a, b, c)\n  return b\nend\nfunction GetReplicas(obj)\n  local _ignored = 1\n  local n, _ = helper(1, obj.spec.replicas)\n  for i, v in ipairs({}) do n = n + v end\n  return n\nend";
    let found = script_findings("replicaResource", script);
    let messages: Vec<&str> = found.iter().map(|(_, _, m)| m.as_str()).collect();
    assert_eq!(
        messages,
        [
            "the parameter `c` is never read",
            "the loop variable `i` is never read"
        ]
    );
}

#[test]
fn a_nil_guard_of_a_parameter_caps_return_shape_at_a_warning() {
    let guarded = "function Retain(desiredObj, observedObj)\n  if desiredObj == nil then\n    return nil\n  end\n  if observedObj ~= nil then\n    desiredObj.spec = observedObj.spec\n  else\n    return {}\n  end\n  return desiredObj\nend";
    let found = script_findings("retention", guarded);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found
            .iter()
            .all(|(c, s, _)| c == "return-shape" && *s == Severity::Warning)
    );
    // A nil test of a field is no such guard: the error stays.
    let field = "function Retain(desiredObj, observedObj)\n  if observedObj.status == nil then\n    return nil\n  end\n  return desiredObj\nend";
    let found = script_findings("retention", field);
    assert_eq!(found[0].1, Severity::Error, "{found:?}");
    // A flag still decides.
    let mut c = Config::default();
    c.set("return-shape", Level::Deny).unwrap();
    let text = format!(
        "{HEAD}    retention:\n      luaScript: |\n        function Retain(d, o)\n          if d == nil then return nil end\n          return d\n        end\n"
    );
    assert_eq!(
        lint_text(Path::new("f"), &text, &c)[0].severity,
        Severity::Error
    );
}

#[test]
fn karmada_set_annotations_are_not_optional_and_true_is_text() {
    let script = "function InterpretHealth(observedObj)\n  local p = observedObj.metadata.annotations[\"propagationpolicy.karmada.io/name\"]\n  local id = observedObj.metadata.labels[\"clusterpropagationpolicy.karmada.io/permanent-id\"]\n  local other = observedObj.metadata.annotations[\"example.io/x\"]\n  return p ~= nil and id ~= nil and other ~= nil and observedObj.ready == True\nend";
    let found = script_findings("healthInterpretation", script);
    let codes: Vec<&str> = found.iter().map(|(c, _, _)| c.as_str()).collect();
    // Only the annotation Karmada does not set is a nil risk.
    assert_eq!(codes, ["optional-field", "undefined-global"], "{found:?}");
    let d = lint(&format!(
        "{HEAD}    healthInterpretation:\n      luaScript: |\n        function InterpretHealth(o)\n          return o.status == True\n        end\n"
    ));
    assert_eq!(
        d[0].hints,
        ["to compare with the text True, quote it: \"True\""]
    );
}

#[test]
fn mixed_files_and_lists() {
    let ric = format!(
        "{HEAD}    healthInterpretation:\n      luaScript: |\n        function InterpretHealth(o)\n          return Ready\n        end\n"
    );
    let deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n";
    let mixed = format!("{deployment}---\n{ric}---\n{deployment}");
    let d = lint(&mixed);
    let codes: Vec<(&str, Severity)> = d
        .iter()
        .map(|d| (d.code.as_deref().unwrap(), d.severity))
        .collect();
    assert_eq!(
        codes,
        [
            ("skipped-documents", Severity::Info),
            ("undefined-global", Severity::Error)
        ]
    );
    assert_eq!(d[0].location.position, Some(Position::new(1, 1)));
    assert!(d[0].message.starts_with("2 documents"), "{}", d[0].message);
    // Without any customization, the file is still reported.
    assert_eq!(lint(deployment)[0].code.as_deref(), Some("schema"));
    // A List: each item, placed in the file.
    let item = ric.replace('\n', "\n    ");
    let list = format!(
        "apiVersion: v1\nkind: List\nitems:\n  - {item}\n  - {deployment_item}\n",
        deployment_item = deployment.replace('\n', "\n    ")
    );
    let d = lint(&list);
    let found: Vec<(&str, Option<Position>)> = d
        .iter()
        .map(|d| (d.code.as_deref().unwrap(), d.location.position))
        .collect();
    let (line, text) = list
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("return Ready"))
        .unwrap();
    let ready = Position::new(line + 1, text.find("Ready").unwrap() + 1);
    assert_eq!(found.len(), 2, "{d:#?}");
    assert_eq!(found[0], ("undefined-global", Some(ready)));
    assert_eq!(found[1].0, "skipped-documents");
}

#[test]
fn goto_and_labels_are_read_as_karmada_reads_them() {
    let script = "function InterpretHealth(obj)\n  for i = 1, 3 do\n    if i == 2 then goto continue end\n    ::continue::\n  end\n  return true\nend";
    assert_eq!(script_codes("healthInterpretation", script), []);
}

#[test]
fn json_customizations_map_script_positions_into_the_string() {
    let text = "{\"apiVersion\": \"config.karmada.io/v1alpha1\", \"kind\": \"ResourceInterpreterCustomization\", \"metadata\": {\"name\": \"j\"},\n\"spec\": {\"target\": {\"apiVersion\": \"v1\", \"kind\": \"Foo\"}, \"customizations\": {\"healthInterpretation\": {\"luaScript\":\n\"function InterpretHealth(obj)\\n  return obj.ready == Yes\\nend\"}}}}";
    let d = lint(text);
    assert_eq!(d.len(), 1, "{d:#?}");
    let p = d[0].location.position.unwrap();
    let line = text.lines().nth(p.line - 1).unwrap();
    assert_eq!(&line[p.column - 1..p.column + 2], "Yes");
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    const SEED: &str = "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata:\n  name: p\nspec:\n  target: {apiVersion: v1, kind: Foo}\n  customizations:\n    healthInterpretation:\n      luaScript: >\n        function InterpretHealth(obj)\n          return obj.status.x == \"a\\tb\"\n        end\n    retention:\n      luaScript: \"function Retain(d, o)\\n  return {x = d}\\nend\"\n    statusReflection:\n      luaScript: |2\n          function ReflectStatus(o) goto done ::done:: return o.status end\n";

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any sequence of Lua tokens as a script: findings, never a panic.
        #[test]
        fn on_any_script(tokens in proptest::collection::vec(proptest::sample::select(vec![
            "function", "end", "local", "return", "if", "then", "else", "elseif", "for", "in", "do",
            "while", "repeat", "until", "goto", "::l::", "break", "nil", "true", "not", "and", "or",
            "obj", "obj.status", ".metadata", ".annotations", "[\"k\"]", "x", "self", ":", "(", ")",
            "{", "}", "[", "]", "=", "==", "~=", ",", ";", "...", "..", "#", "1", "'s'", "\n",
            "InterpretHealth", "require", "kube", ".getResourceQuantity", "print", "`", "--", "[[",
        ]), 0..40)) {
            let script = tokens.join(" ");
            let mut text = format!("{HEAD}    healthInterpretation:\n      luaScript: |\n");
            for line in script.lines() {
                text.push_str(&format!("        {line}\n"));
            }
            let lines = text.lines().count();
            for d in lint(&text) {
                let p = d.location.position.unwrap();
                prop_assert!(p.line >= 1 && p.line <= lines + 1, "{d:?} in {text:?}");
            }
        }

        /// Cutting the file anywhere and splicing in any text gives
        /// findings, never a panic, and every finding lies inside the file.
        #[test]
        fn on_any_edit(cut in 0usize..SEED.len(), insert in "[ -~\\n\\t|>:'\"{}\\[\\]-]{0,12}", keep in any::<bool>()) {
            let mut cut = cut;
            while !SEED.is_char_boundary(cut) { cut -= 1; }
            let tail = if keep { &SEED[cut..] } else { "" };
            let text = format!("{}{insert}{tail}", &SEED[..cut]);
            let lines = text.lines().count().max(1);
            for d in lint(&text) {
                let p = d.location.position.unwrap();
                prop_assert!(p.line >= 1 && p.line <= lines + 1, "{d:?} in {text:?}");
                prop_assert!(p.column >= 1);
            }
        }
    }
}

/// Syntax errors carry Karmada's message and land on the token it names:
/// gopher-lua gives the column where that token ends.
#[test]
fn syntax_errors_land_on_the_named_token() {
    let at = |script: &str| {
        let text = format!("{HEAD}    healthInterpretation:\n      luaScript: |\n{script}");
        let d = lint(&text);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code.as_deref(), Some("lua-syntax"));
        let p = d[0].location.position.unwrap();
        (d[0].message.clone(), p.line, p.column)
    };
    // `local y = foo bar baz`: `bar` starts a statement that is an
    // expression, not a call; gopher-lua fails on the token after it.
    assert_eq!(
        at("        function InterpretHealth(o)\n          local y = foo bar baz\n        end\n"),
        (
            "<string> line:2(column:23) near 'baz':   parse error".to_string(),
            13,
            29
        )
    );
    // A missing `end`: after the script's last line.
    assert_eq!(
        at("        function InterpretHealth(o)\n          return true\n"),
        ("<string> at EOF:   syntax error".to_string(), 13, 22)
    );
    // What only compiling finds: a goto without a visible label.
    let (message, line, _) =
        at("        function InterpretHealth(o)\n          goto nowhere\n        end\n");
    assert!(message.contains("no visible label"), "{message}");
    // gopher-lua names the line where the block closes.
    assert_eq!(line, 14);
}

/// `entry-point` judges as `--check` does: what the top level defines.
#[test]
fn the_entry_point_is_what_the_top_level_defines() {
    // Defined only inside a function nothing calls: Karmada finds no
    // global `InterpretHealth` after running the top level.
    let nested = format!(
        "{HEAD}    healthInterpretation:\n      luaScript: |\n        local function setup()\n          function InterpretHealth(obj)\n            return true\n          end\n        end\n"
    );
    assert_eq!(
        codes(&nested),
        [
            ("unused-local".to_string(), 12, 24),
            ("entry-point".to_string(), 13, 20)
        ]
    );
    // Assigned from a local function: defined, and rightly global.
    let alias = format!(
        "{HEAD}    healthInterpretation:\n      luaScript: |\n        local function healthy(_)\n          return true\n        end\n        InterpretHealth = healthy\n"
    );
    assert_eq!(codes(&alias), []);
    for text in [&nested, &alias] {
        let checked = crate::check::check_str("ric.yaml", text, Some(64 << 20)).unwrap();
        let warned = checked[0]
            .warnings
            .iter()
            .any(|d| d.message.contains("does not define"));
        assert_eq!(warned, text == &nested);
    }
}

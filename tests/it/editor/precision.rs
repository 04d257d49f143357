//! The language server's precision: completion that matches the target's
//! API group and version, fields from a CustomResourceDefinition of the
//! workspace, quick fixes on folded (`>`) scripts whose result lints clean,
//! the rename of a misnamed entry point, and hover on an undefined name.

use std::path::Path;

use serde_json::{Value, json};

use super::client::Client;
use super::{kinterp, scratch};

const URI: &str = "file:///work/precision.yaml";

fn start(root: Option<&Path>) -> Client {
    let mut cmd = kinterp();
    cmd.arg("lsp");
    let mut c = Client::start(cmd);
    let root_uri = root.map(|r| format!("file://{}", r.display()));
    c.request(
        "initialize",
        json!({"processId": null, "rootUri": root_uri, "capabilities": {}}),
    );
    c.notify("initialized", json!({}));
    c
}

fn open(c: &mut Client, uri: &str, text: &str) -> Vec<Value> {
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}),
    );
    c.diagnostics(uri, 1).0
}

fn ric(api_version: &str, kind: &str, rules: &str) -> String {
    format!(
        "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata:
  name: precision
spec:
  target:
    apiVersion: {api_version}
    kind: {kind}
  customizations:
{rules}"
    )
}

/// The 0-based line holding `needle`, and the character just after it.
fn after(text: &str, needle: &str) -> (u32, u32) {
    let (line, l) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not in {text}"));
    (line as u32, (l.find(needle).unwrap() + needle.len()) as u32)
}

fn labels(c: &mut Client, uri: &str, (line, character): (u32, u32)) -> Vec<String> {
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
    );
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect()
}

fn hover(c: &mut Client, uri: &str, (line, character): (u32, u32)) -> String {
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
    );
    h["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Applies LSP edits (ASCII text) as an editor does.
fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let character = p["character"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + character
    };
    let mut sorted: Vec<&Value> = edits.iter().collect();
    sorted.sort_by_key(|e| std::cmp::Reverse(offset(&e["range"]["start"])));
    let mut out = text.to_string();
    for e in sorted {
        let (a, b) = (offset(&e["range"]["start"]), offset(&e["range"]["end"]));
        out.replace_range(a..b, e["newText"].as_str().unwrap());
    }
    out
}

/// The code actions with the cursor at the start of `line`, for `diagnostic`.
fn actions_at(c: &mut Client, line: u32, diagnostic: &Value) -> Value {
    let at = json!({"line": line, "character": 0});
    c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": {"start": at, "end": at}, "context": {"diagnostics": [diagnostic]}}),
    )
}

fn lint_clean(text: &str) {
    let found = kinterp::lint::lint_text(
        Path::new("edited.yaml"),
        text,
        &kinterp::lint::Config::default(),
    );
    assert_eq!(found, [], "the edited file:\n{text}");
}

const GET_REPLICAS: &str = "    replicaResource:
      luaScript: |
        function GetReplicas(obj)
          local n = obj.spec.
          return n
        end
";

#[test]
fn completion_matches_group_and_version() {
    let mut c = start(None);
    let volcano = ric("batch.volcano.sh/v1alpha1", "Job", GET_REPLICAS);
    open(&mut c, URI, &volcano);
    let got = labels(&mut c, URI, after(&volcano, "obj.spec."));
    assert!(
        !got.iter()
            .any(|l| l == "parallelism" || l == "podFailurePolicy"),
        "a Volcano Job is offered batch/v1 Job fields: {got:?}"
    );
    let batch = ric("batch/v1", "Job", GET_REPLICAS);
    let uri = "file:///work/batch.yaml";
    open(&mut c, uri, &batch);
    let got = labels(&mut c, uri, after(&batch, "obj.spec."));
    assert!(got.iter().any(|l| l == "parallelism"), "{got:?}");
    assert!(got.iter().any(|l| l == "podFailurePolicy"), "{got:?}");
}

const CRD: &str = include_str!("../../../testdata/crd/widget-crd.yaml");

#[test]
fn a_crd_of_the_workspace_feeds_completion_and_hover() {
    let dir = scratch("lsp-crd");
    std::fs::create_dir_all(dir.join("charts/widget")).unwrap();
    std::fs::write(dir.join("charts/widget/crd.yaml"), CRD).unwrap();
    let mut c = start(Some(&dir));
    let text = ric("example.io/v1", "Widget", GET_REPLICAS).replace(
        "local n = obj.spec.",
        "local n = obj.spec.size + #obj.spec.parts[1].",
    );
    open(&mut c, URI, &text);
    let spec = after(&text, "obj.spec.");
    assert_eq!(
        labels(&mut c, URI, spec),
        [
            "autoscale",
            "labels",
            "parts",
            "replicas",
            "size",
            "template"
        ]
    );
    assert_eq!(labels(&mut c, URI, after(&text, "parts[1].")), ["partName"]);
    let on_size = (spec.0, spec.1 + 1);
    assert_eq!(
        hover(&mut c, URI, on_size),
        "`obj.spec.size`\n\nfield `size`: `number`\n\nHow many widgets."
    );
    // Lint in the editor reads the CRD too: `parts` may be nil.
    let done = text.replace("parts[1].", "parts[1].partName");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": done}]}),
    );
    let (found, _) = c.diagnostics(URI, 2);
    let messages: Vec<&str> = found
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("`obj.spec.parts` may be nil (the CRD")),
        "{messages:?}"
    );
    // Another version is another schema: nothing is known of it.
    let v2 = text.replace("example.io/v1", "example.io/v2");
    let uri = "file:///work/v2.yaml";
    open(&mut c, uri, &v2);
    assert_eq!(
        labels(&mut c, uri, after(&v2, "obj.spec.")),
        Vec::<String>::new()
    );
    // A CRD opened in the editor counts too, as it is typed.
    let gadget = CRD
        .replace("Widget", "Gadget")
        .replace("widgets", "gadgets")
        .replace("v1\n    served", "v2\n    served")
        .replace("size:", "count:");
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": "file:///work/gadget-crd.yaml", "languageId": "yaml", "version": 1, "text": gadget}}),
    );
    let g = v2.replace("kind: Widget", "kind: Gadget");
    let uri = "file:///work/gadget.yaml";
    open(&mut c, uri, &g);
    assert_eq!(
        labels(&mut c, uri, after(&g, "obj.spec.")),
        [
            "autoscale",
            "count",
            "labels",
            "parts",
            "replicas",
            "template"
        ]
    );
}

#[test]
fn quick_fixes_on_a_folded_script() {
    let mut c = start(None);
    // A `>` script without its entry point: insert it.
    let text = ric(
        "apps/v1",
        "Deployment",
        "    healthInterpretation:
      luaScript: >
        function isReady(o)
          return o.status ~= nil and o.status.readyReplicas == o.spec.replicas
        end
    replicaResource:
      luaScript: >
        function getReplicas(obj)
          return obj.spec.replicas
        end
",
    );
    let found = open(&mut c, URI, &text);
    let codes: Vec<&str> = found.iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["entry-point", "entry-point"], "{found:?}");
    let (line, _) = after(&text, "function isReady");
    let actions = actions_at(&mut c, line, &found[0]);
    assert_eq!(
        actions[0]["title"],
        "Insert the entry point `function InterpretHealth(observedObj)`"
    );
    let insert = actions[0]["edit"]["changes"][URI]
        .as_array()
        .unwrap()
        .clone();
    // The misnamed function: a rename, not a second function.
    let (line, _) = after(&text, "function getReplicas");
    let actions = actions_at(&mut c, line, &found[1]);
    assert_eq!(actions.as_array().unwrap().len(), 1, "{actions}");
    assert_eq!(actions[0]["title"], "Rename `getReplicas` to `GetReplicas`");
    assert_eq!(actions[0]["diagnostics"][0]["code"], "entry-point");
    let rename = actions[0]["edit"]["changes"][URI]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(rename.len(), 1);
    assert_eq!(
        rename[0]["range"],
        json!({"start": {"line": line, "character": 17}, "end": {"line": line, "character": 28}})
    );
    // Each fix alone, then both: the file lints clean once both are in.
    let inserted = apply(&text, &insert);
    assert!(
        inserted.contains(
            "        end\n\n        function InterpretHealth(observedObj)\n          if observedObj.status == nil then\n"
        ),
        "{inserted}"
    );
    // Both edits, as positions in the original text.
    let both = apply(&text, &[insert, rename].concat());
    lint_clean(&both);
    // The editor's own diagnostics agree.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": both}]}),
    );
    assert_eq!(c.diagnostics(URI, 2).0, Vec::<Value>::new());
}

#[test]
fn hover_on_an_undefined_name_says_so_and_where_a_similar_one_is() {
    let mut c = start(None);
    let text = ric(
        "apps/v1",
        "Deployment",
        "    replicaResource:
      luaScript: |
        function GetReplicas(obj)
          local replicas = obj.spec.replicas
          return replica
        end
    healthInterpretation:
      luaScript: |
        function InterpretHealth(observedObj)
          return observedObj.status.phase == Running
        end
",
    );
    open(&mut c, URI, &text);
    let (line, end) = after(&text, "return replica");
    let said = hover(&mut c, URI, (line, end - 2));
    assert!(said.starts_with("`replica` is not defined"), "{said}");
    assert!(
        said.contains("`replicas` (a similar name) is defined at script line 2, file line 13."),
        "{said}"
    );
    let (line, end) = after(&text, "== Running");
    let said = hover(&mut c, URI, (line, end - 1));
    assert!(said.starts_with("`Running` is not defined"), "{said}");
    assert!(said.contains("quote it: `\"Running\"`"), "{said}");
}

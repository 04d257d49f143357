//! The acceptance session: initialize, open a broken customization, fix
//! it, hover, complete, code action, shutdown and exit — every answer
//! within a second.

use serde_json::{Value, json};

use super::client::{ANSWER, Client};
use super::{BROKEN, kinterp};

const URI: &str = "file:///work/ric.yaml";

pub(super) fn start() -> Client {
    let mut cmd = kinterp();
    cmd.arg("lsp");
    let mut c = Client::start(cmd);
    let init = c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(init["capabilities"]["hoverProvider"], true);
    assert_eq!(init["serverInfo"]["name"], "kinterp");
    c.notify("initialized", json!({}));
    c
}

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

#[test]
fn an_editing_session() {
    let mut c = start();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": BROKEN}}),
    );
    let (found, _) = c.diagnostics(URI, 1);
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    // File line 13, column 23 (1-based): the `@`.
    assert_eq!(
        d["range"],
        json!({"start": {"line": 12, "character": 22}, "end": {"line": 12, "character": 23}})
    );
    assert_eq!(d["severity"], 1);
    assert_eq!(d["source"], "kinterp");
    assert!(d["message"].as_str().unwrap().contains("near '@'"), "{d}");

    // Remove ` @ 2`: the diagnostic clears.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 12, "character": 21}, "end": {"line": 12, "character": 25}}, "text": ""}
        ]}),
    );
    let (found, took) = c.diagnostics(URI, 2);
    assert_eq!(found, Vec::<Value>::new());
    eprintln!("diagnostics after a change: {took:?}");
    assert!(took < ANSWER);

    let hover = c.request("textDocument/hover", at(19, 35));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("```lua\nkube.accuratePodRequirements(podTemplate) -> table or nil\n```"),
        "{text}"
    );
    assert_eq!(
        hover["range"],
        json!({"start": {"line": 19, "character": 27}, "end": {"line": 19, "character": 55}})
    );

    // Type `kube.` on a new line of GetReplicas and complete.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 3}, "contentChanges": [
            {"range": {"start": {"line": 20, "character": 0}, "end": {"line": 20, "character": 0}}, "text": "          kube.\n"}
        ]}),
    );
    let items = c.request("textDocument/completion", at(20, 15));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "resourceAdd",
            "getResourceQuantity",
            "accuratePodRequirements",
            "getPodDependencies"
        ]
    );

    // Every rule here defines its entry point: no action on its script.
    let range = json!({"start": {"line": 13, "character": 0}, "end": {"line": 13, "character": 0}});
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": range, "context": {"diagnostics": []}}),
    );
    assert_eq!(actions, json!([]));

    assert_eq!(c.request("shutdown", Value::Null), Value::Null);
    assert_eq!(c.exit(), 0);
}

#[test]
fn missing_entry_point_gets_an_error_and_a_fix() {
    let mut c = start();
    let text = BROKEN
        .replace(
            "function InterpretHealth(observedObj)",
            "function Health(observedObj)",
        )
        .replace("1 @ 2", "1");
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": text}}),
    );
    let (found, _) = c.diagnostics(URI, 1);
    assert_eq!(found.len(), 1, "{found:?}");
    // Lint's entry-point rule, on the misspelt name.
    assert_eq!(found[0]["code"], "entry-point");
    assert_eq!(found[0]["severity"], 1);
    assert_eq!(
        found[0]["range"],
        json!({"start": {"line": 11, "character": 17}, "end": {"line": 11, "character": 23}})
    );
    let range = found[0]["range"].clone();
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": range, "context": {"diagnostics": found}}),
    );
    let action = &actions[0];
    assert_eq!(
        action["title"],
        "Insert the entry point `function InterpretHealth(observedObj)`"
    );
    assert_eq!(action["kind"], "quickfix");
    let edit = &action["edit"]["changes"][URI][0];
    assert_eq!(edit["range"]["start"], json!({"line": 15, "character": 0}));
    assert!(
        edit["newText"]
            .as_str()
            .unwrap()
            .starts_with("\n        function InterpretHealth(observedObj)\n")
    );

    // Apply it as the editor would: the warning goes.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [
            {"range": edit["range"], "text": edit["newText"]}
        ]}),
    );
    let (found, _) = c.diagnostics(URI, 2);
    assert_eq!(found, Vec::<Value>::new());
    assert_eq!(c.request("shutdown", Value::Null), Value::Null);
    assert_eq!(c.exit(), 0);
}

#[test]
fn exit_without_shutdown_is_status_1_and_unknown_requests_are_errors() {
    let c = start();
    assert_eq!(c.exit(), 1);
    // Bad input never takes the server down.
    let mut c = start();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": "a: [\n"}}),
    );
    let (found, _) = c.diagnostics(URI, 1);
    assert_eq!(found.len(), 1);
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("invalid YAML"),
        "{found:?}"
    );
    assert_eq!(c.request("textDocument/hover", at(99, 99)), Value::Null);
    let answer = c.request_raw("textDocument/definition", at(0, 0));
    assert_eq!(answer["error"]["code"], -32601, "{answer}");
    assert_eq!(c.request("shutdown", Value::Null), Value::Null);
    assert_eq!(c.exit(), 0);
}

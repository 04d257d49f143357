//! The language server against a hostile or broken client: malformed
//! frames and JSON get JSON-RPC errors and the server goes on serving; a
//! huge `Content-Length` is skipped, not allocated; requests after
//! `shutdown` are refused; scripts that used to crash or stall the linter
//! get their diagnostics within the answer time.

use serde_json::{Value, json};

use super::client::{ANSWER, Client};
use super::lsp::start;

const URI: &str = "file:///work/hostile.yaml";

fn framed(body: &[u8]) -> Vec<u8> {
    let mut v = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    v.extend_from_slice(body);
    v
}

fn hover(c: &mut Client) -> Value {
    c.request_raw(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}),
    )
}

fn ric(script: &str) -> String {
    format!(
        "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata:\n  name: hostile\nspec:\n  target:\n    apiVersion: apps/v1\n    kind: Deployment\n  customizations:\n    healthInterpretation:\n      luaScript: |\n        {script}\n"
    )
}

#[test]
fn malformed_messages_get_errors_and_the_server_goes_on() {
    let mut c = start();
    let cases: &[(&[u8], i32, Value)] = &[
        (b"{\"jsonrpc\": \"2.0\", \"id\": 1,", -32700, Value::Null),
        (b"\xff\xfe\xfd", -32700, Value::Null),
        (
            b"[{\"jsonrpc\": \"2.0\", \"method\": \"exit\"}]",
            -32600,
            Value::Null,
        ),
        (b"{\"jsonrpc\": \"2.0\", \"id\": 41}", -32600, json!(41)),
        (
            b"{\"jsonrpc\": \"2.0\", \"id\": null, \"method\": \"textDocument/hover\"}",
            -32600,
            Value::Null,
        ),
        (
            b"{\"jsonrpc\": \"2.0\", \"id\": {\"a\": 1}, \"method\": \"textDocument/hover\"}",
            -32600,
            Value::Null,
        ),
    ];
    for (body, code, id) in cases {
        c.raw(&framed(body));
        let reply = c.reply("an error reply");
        assert_eq!(
            reply["error"]["code"],
            *code,
            "{}: {reply}",
            String::from_utf8_lossy(body)
        );
        assert_eq!(reply["id"], *id, "{reply}");
        assert!(hover(&mut c).get("error").is_none(), "still serving");
    }
    // A body over the 32 MiB limit is read past, not kept.
    let over = (32usize << 20) + 1;
    let mut big = format!("Content-Length: {over}\r\n\r\n").into_bytes();
    big.resize(big.len() + over, b' ');
    c.raw(&big);
    let reply = c.reply("the over-long message's error");
    assert_eq!(reply["error"]["code"], -32600, "{reply}");
    assert!(hover(&mut c).get("error").is_none(), "still serving");
    let peak = c.peak_kib().unwrap_or(0);
    assert!(peak < 128 << 10, "{peak} KiB");
    // After shutdown, requests are refused.
    assert_eq!(c.request("shutdown", Value::Null), Value::Null);
    let after = hover(&mut c);
    assert_eq!(after["error"]["code"], -32600, "{after}");
    assert_eq!(c.exit(), 0);
}

#[test]
fn a_terabyte_content_length_allocates_nothing() {
    let mut c = start();
    c.raw(b"Content-Length: 1000000000000\r\n\r\n{\"jsonrpc\": \"2.0\"");
    std::thread::sleep(std::time::Duration::from_millis(200));
    let peak = c.peak_kib().unwrap_or(0);
    assert!(peak < 64 << 10, "{peak} KiB");
    // The client goes away mid-message: the server ends (1: no exit
    // notification), it does not abort.
    assert_eq!(c.close(), 1);
}

#[test]
fn hostile_scripts_get_diagnostics_in_time() {
    let mut c = start();
    let deep = format!(
        "function InterpretHealth(o) return {}o{} end",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let index = format!(
        "function InterpretHealth(o) return {}o{} ~= nil end",
        "o[".repeat(30),
        "]".repeat(30)
    );
    let long = format!(
        "function InterpretHealth(o) return {} end",
        vec!["o"; 4_000].join(" and ")
    );
    for (version, script, want) in [
        (1, &deep, Some("chunk has too many syntax levels")),
        (2, &index, None),
        (3, &long, None),
    ] {
        c.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": URI, "languageId": "yaml", "version": version, "text": ric(script)}}),
        );
        let (found, took) = c.diagnostics(URI, version);
        assert!(took < ANSWER, "version {version}: {took:?}");
        match want {
            Some(text) => assert!(
                found.len() == 1 && found[0]["message"].as_str().unwrap().contains(text),
                "{found:?}"
            ),
            None => assert_eq!(found, Vec::<Value>::new()),
        }
        assert!(hover(&mut c).get("error").is_none());
    }
    assert_eq!(c.request("shutdown", Value::Null), Value::Null);
    assert_eq!(c.exit(), 0);
}

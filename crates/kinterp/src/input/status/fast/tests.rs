//! The fast reader reads what it accepts exactly as the full reader does,
//! and declines everything else.

use super::super::{Normalizer, Passing, decode_with};
use super::read;
use crate::input::tape::Tape;
use crate::lua::convert::lua_to_json;
use mlua::Lua;
use proptest::prelude::*;
use serde_json::{Value, json};

/// Whether the fast reader takes `text` (whole).
fn accepted(text: &str) -> bool {
    let mut n = Normalizer::new("s.json", true, Tape::new());
    read(text, &mut n, None).is_ok()
}

/// The items (or the error) as read with and without the fast reader.
fn both(text: &str) -> (Result<Vec<Value>, String>, Result<Vec<Value>, String>) {
    let read = |fast| {
        decode_with("s.json", text, fast, None, None)
            .map(|(items, warnings)| {
                assert!(warnings.is_empty());
                items.to_values()
            })
            .map_err(|e| e.to_string())
    };
    (read(true), read(false))
}

/// The items as a script sees them, read with and without the fast
/// reader, each converted into Lua as the CLI does (given: spent).
fn lua_both(text: &str) -> (Value, Value) {
    let lua = Lua::new();
    let seen = |fast| {
        let (items, _) = decode_with("s.json", text, fast, None, None).unwrap();
        lua_to_json(&items.into_lua(&lua).unwrap()).unwrap()
    };
    (seen(true), seen(false))
}

const ITEM: &str = r#"{"clusterName": "member7", "applied": true, "health": "Healthy", "status": {"replicas": 3, "readyReplicas": 3, "updatedReplicas": 3, "availableReplicas": 2}}"#;

#[test]
fn common_shapes_are_taken_and_read_alike() {
    let texts = [
        format!("{ITEM}\n{ITEM}\n"),
        format!("[{ITEM}, {ITEM}]"),
        format!("[]\n[{ITEM}]\n{ITEM}{ITEM}"),
        r#"{}"#.to_string(),
        r#"{"status": {"a": [1, [], {}, null, true, false, "x"], "b": {"c": {"d": 0}}}, "clusterName": "m"}"#.to_string(),
        r#"{"health": "", "appliedMessage": "", "applied": false, "clusterName": ""}"#.to_string(),
        r#"{"status": 5}{"status": "s"}{"status": [null]}{"status": true}"#.to_string(),
        "{\r\n\t\"clusterName\"\t:\r\n\"é ✓\"\t}\r\n".to_string(),
        format!(r#"{{"clusterName": "{}", "status": {{"{}": 18446744073709551615}}}}"#, "x".repeat(70), "k".repeat(50)),
    ];
    for text in &texts {
        assert!(accepted(text), "{text}");
        let (fast, full) = both(text);
        assert_eq!(fast, full, "{text}");
        assert!(fast.is_ok(), "{text}");
        let (fast, full) = lua_both(text);
        assert_eq!(fast, full, "{text}");
    }
    let (items, _) = both(&format!("{ITEM}\n{{\"status\": {{\"a\": [1, null]}}}}"));
    assert_eq!(
        items.unwrap(),
        vec![
            json!({"clusterName": "member7", "status": {"replicas": 3, "readyReplicas": 3, "updatedReplicas": 3, "availableReplicas": 2}, "applied": true, "health": "Healthy"}),
            json!({"clusterName": "", "status": {"a": [1, null]}}),
        ]
    );
}

#[test]
fn unusual_input_is_declined_and_read_by_the_full_reader() {
    let texts = [
        // Escapes, control characters.
        r#"{"clusterName": "a\nb"}"#,
        r#"{"cluster\u004eame": "a"}"#,
        "{\"clusterName\": \"a\tb\"}",
        // Numbers other than plain non-negative integers in 64 bits.
        r#"{"status": {"a": -1}}"#,
        r#"{"status": {"a": 1.5}}"#,
        r#"{"status": {"a": 1e3}}"#,
        r#"{"status": {"a": 01}}"#,
        r#"{"status": {"a": 18446744073709551616}}"#,
        // Fields: other spellings, repeats, unknown ones, nulls, types.
        r#"{"ClusterName": "a"}"#,
        r#"{"clusterName": "a", "clusterName": "b"}"#,
        r#"{"status": {}, "status": {}}"#,
        r#"{"clusterName": "a", "extra": 1}"#,
        r#"{"clusterName": null}"#,
        r#"{"status": null}"#,
        r#"{"clusterName": 5}"#,
        r#"{"applied": "true"}"#,
        r#"{"health": true}"#,
        // Documents that are not items or lists of items.
        "[1]",
        "[[]]",
        "5",
        "{} 5",
        "{} x",
        "{}\u{a0}{}",
        // Syntax errors, truncation, too deep.
        r#"{"clusterName": "a",}"#,
        r#"[{},]"#,
        r#"{"applied": truex}"#,
        r#"{"status": {"a": nul}}"#,
        r#"{"clusterName": "a""#,
        r#"{"status": {"a": [1, 2"#,
        "{\"status\": [1 2]}",
    ];
    for text in texts {
        assert!(!accepted(text), "{text}");
        let (fast, full) = both(text);
        assert_eq!(fast, full, "{text}");
    }
    let deep = format!("{{\"status\": {}{}}}", "[".repeat(120), "]".repeat(120));
    assert!(!accepted(&deep));
    assert_eq!(both(&deep).0, both(&deep).1);
    // A decline at the very end still gives the full reader's answer.
    let text = format!("{ITEM}\n{ITEM}\n{{\"clusterName\": 5}}\n");
    assert!(!accepted(&text));
    let (fast, full) = both(&text);
    assert_eq!(fast, full);
    assert!(
        fast.unwrap_err()
            .contains("AggregatedStatusItem.clusterName")
    );
}

/// A JSON value for a status, from a small pool that includes what the
/// fast reader declines.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (0u64..1000).prop_map(|n| json!(n)),
        Just(json!(u64::MAX)),
        Just(json!(-2)),
        Just(json!(1.5)),
        prop::sample::select(vec!["", "x", "Healthy", "é", "a\"b", "tab\t", "replicas"])
            .prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop::sample::select(vec!["a", "b", "replicas", "", "é"]),
                    inner
                ),
                0..4
            )
            .prop_map(|kv| Value::Object(
                kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
            )),
        ]
    })
}

/// An item as written in a file: fields in any order, sometimes
/// misspelt, repeated, null or of the wrong type.
fn item() -> impl Strategy<Value = String> {
    let field = prop_oneof![
        4 => prop::sample::select(vec!["member1", "member2", "", "m\u{e9}"]).prop_map(|s| format!("\"clusterName\": \"{s}\"")),
        3 => any::<bool>().prop_map(|b| format!("\"applied\": {b}")),
        3 => prop::sample::select(vec!["Healthy", "", "Unknown"]).prop_map(|s| format!("\"health\": \"{s}\"")),
        2 => prop::sample::select(vec!["ok", ""]).prop_map(|s| format!("\"appliedMessage\": \"{s}\"")),
        4 => value().prop_map(|v| format!("\"status\": {v}")),
        1 => prop::sample::select(vec![
            "\"Health\": \"Healthy\"", "\"extra\": 1", "\"status\": null",
            "\"clusterName\": 5", "\"applied\": 1", "\"health\": null",
        ]).prop_map(str::to_string),
    ];
    prop::collection::vec(field, 0..6).prop_map(|f| format!("{{{}}}", f.join(", ")))
}

proptest! {
    #[test]
    fn fast_and_full_readers_agree(
        items in prop::collection::vec(item(), 0..12),
        list in any::<bool>(),
        compact in any::<bool>(),
    ) {
        let text = match list {
            true => format!("[{}]", items.join(",")),
            false => items.join("\n"),
        };
        let text = if compact { text.replace(": ", ":").replace(", ", ",") } else { text };
        prop_assume!(!text.trim().is_empty());
        let (fast, full) = both(&text);
        prop_assert_eq!(&fast, &full);
        if fast.is_ok() {
            let (fast, full) = lua_both(&text);
            prop_assert_eq!(fast, full);
        }
    }
}

/// A long stream, and the same items as one list, hand `release` points
/// behind the cursor, in order and at most every `Passing::EVERY` bytes,
/// keeping the last `Passing::KEEP` bytes; the items are those read without it.
#[test]
fn release_is_handed_the_text_passed() {
    let count = (3 << 20) / (ITEM.len() + 1);
    let stream = format!("{ITEM}\n").repeat(count);
    let list = format!("[{}{ITEM}]", format!("{ITEM},").repeat(count - 1));
    for text in [stream, list] {
        let seen = super::super::tests::released_points("s.json", &text, count);
        assert_eq!(seen.len(), 2, "{seen:?}");
        assert!(seen[0] >= Passing::EVERY && seen[1] >= seen[0] + Passing::EVERY);
        assert!(seen[1] + Passing::KEEP <= text.len());
    }
}

/// A list is taken item by item, as the full reader's element-by-element
/// lists are, so the tape is shrunk to fit when it is finished; a stream
/// of documents is not a list.
#[test]
fn a_list_is_read_element_by_element() {
    for (text, listed) in [
        (format!("[{ITEM}, {ITEM}]"), true),
        (format!("{ITEM}\n{ITEM}\n"), false),
        ("[]".to_string(), true),
    ] {
        let mut n = Normalizer::new("s.json", true, Tape::new());
        assert!(read(&text, &mut n, None).is_ok(), "{text}");
        assert_eq!(n.listed, listed, "{text}");
    }
}

//! Tests of the tape (`tape.rs`).
use super::*;
use serde_json::json;

fn values(tape: &Tape) -> Vec<Value> {
    tape.roots().map(|r| tape.to_value(r)).collect()
}

#[test]
fn stream_round_trips_like_value() {
    let text = r#" {"a": [1, -2, 2.5, null, true, "x\"y"], "b": {}, "c": []} [ ] "s" 7 "#;
    let tape = Tape::parse_json_stream(text).unwrap();
    let want: Vec<Value> = serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(values(&tape), want);
}

#[test]
fn duplicate_keys_last_wins() {
    let tape = Tape::parse_json_stream(r#"{"a":1,"a":null,"b":2,"b":3}"#).unwrap();
    assert_eq!(values(&tape), vec![json!({"a": null, "b": 3})]);
}

#[test]
fn errors_match_serde_json() {
    for text in ["{\"a\":", "[1,]", "{} x", "{\"a\" 1}"] {
        let ours = Tape::parse_json_stream(text).unwrap_err().to_string();
        let theirs = serde_json::Deserializer::from_str(text)
            .into_iter::<Value>()
            .collect::<Result<Vec<_>, _>>()
            .unwrap_err()
            .to_string();
        assert_eq!(ours, theirs, "{text}");
    }
}

#[test]
fn children_skip_nested_subtrees() {
    let tape = Tape::parse_json_stream(r#"{"a":{"x":[1,2]},"b":"y"}"#).unwrap();
    let root = tape.roots().next().unwrap();
    let keys: Vec<&str> = tape.children(root).map(|k| tape.str_at(k)).collect();
    assert_eq!(keys, ["a", "b"]);
    assert_eq!(tape.size(root), 9);
}

#[test]
fn nodes_pack_into_twelve_bytes_and_back() {
    assert_eq!(std::mem::size_of::<Packed>(), 12);
    for n in [
        Node::Null,
        Node::Bool(true),
        Node::Bool(false),
        Node::Int(i64::MIN),
        Node::Int(-1),
        Node::Uint(u64::MAX),
        Node::Float(-0.5),
        Node::Str { start: 7, len: 9 },
        Node::Array { len: 1, size: 2 },
        Node::Object {
            len: 3,
            size: u32::MAX,
        },
    ] {
        assert_eq!(Packed::pack(n).unpack(), n);
    }
}

#[test]
fn from_values_and_copy() {
    let v = json!({"k": ["a", {"z": 1}], "n": null});
    let mut t = Tape::new();
    t.push_root(&v);
    let mut u = Tape::new();
    u.push_str("pad");
    let at = u.open(false);
    u.copy_subtree(&t, 0);
    u.close(at, 1);
    assert_eq!(u.to_value(at), json!([v]));
}

/// Nodes read front to back are given back page by page: nothing at or
/// after `to`, and the page a call stops short of (it holds nodes past
/// `to`) is given back by the next call, once it is whole below its `to`.
#[cfg(target_os = "linux")]
#[test]
fn discarded_nodes_are_the_pages_read() {
    let mut tape = Tape::new();
    let n = 40_000;
    for i in 0..n {
        tape.push_leaf(Node::Uint(i as u64));
    }
    let size = std::mem::size_of::<Packed>();
    let base = tape.nodes.as_ptr() as usize;
    // The first node of the page holding node `i`, and of the next page.
    let page_of = |i: usize| {
        ((base + i * size) / 4096 * 4096)
            .saturating_sub(base)
            .div_ceil(size)
    };
    let next_page = |i: usize| ((base + i * size) / 4096 * 4096 + 4096 - base).div_ceil(size);
    let (to1, to2) = (10_001, 30_001);
    tape.discard_nodes(0, to1);
    assert_eq!(
        tape.node(page_of(to1) - 1),
        Node::Null,
        "a whole page before to1"
    );
    let intact = |tape: &Tape, from: usize, call: &str| {
        for i in from..n {
            assert_eq!(
                tape.node(i),
                Node::Uint(i as u64),
                "node {i} after the {call} call"
            );
        }
    };
    intact(&tape, page_of(to1), "first");
    tape.discard_nodes(to1, to2);
    for i in next_page(page_of(to1))..page_of(to2) {
        assert_eq!(tape.node(i), Node::Null, "node {i} after the second call");
    }
    assert_eq!(
        tape.node(page_of(to1) + 1),
        Node::Null,
        "the page the first call stopped short of"
    );
    intact(&tape, page_of(to2), "second");
}

//! Status files read, normalized and handed back as read.

use super::*;
use serde_json::json;

/// The offsets in `text` that reading it as the status file `name`
/// hands to `release`, checking that it holds `count` items, the same
/// as read without `release`.
pub(super) fn released_points(name: &str, text: &str, count: usize) -> Vec<usize> {
    let base = text.as_ptr() as usize;
    let seen = std::cell::RefCell::new(Vec::new());
    let record = |at: *const u8| seen.borrow_mut().push(at as usize - base);
    let (items, _) = decode_with(name, text, true, Some(&record), None).unwrap();
    let (plain, _) = decode_with(name, text, true, None, None).unwrap();
    assert_eq!(items.len(), count, "{name}");
    assert_eq!(items.to_values(), plain.to_values(), "{name}");
    seen.into_inner()
}

/// A long YAML stream, and the same items as one YAML list, hand
/// `release` points behind the reader to the end of the text, in
/// order, `Passing::EVERY` bytes apart at least and keeping the last
/// `Passing::KEEP`; the items are those read without it.
#[test]
fn release_is_handed_the_yaml_text_passed() {
    let item = "clusterName: member\nhealth: Healthy\nstatus:\n  replicas: 3\n  readyReplicas: 2\n";
    // Past two steps of `Passing::EVERY` and `KEEP`, as a stream.
    let count = ((2 << 20) + (256 << 10)) / (item.len() + 4);
    let stream = format!("---\n{item}").repeat(count);
    let indented = item.replace('\n', "\n  ");
    let list = format!("- {}\n", indented.trim_end()).repeat(count);
    for text in [stream, list] {
        let seen = released_points("s.yaml", &text, count);
        let (every, keep) = (Passing::EVERY, Passing::KEEP);
        assert!(seen.len() >= 2 && seen[0] >= every, "{seen:?}");
        assert!(seen.windows(2).all(|w| w[1] >= w[0] + every), "{seen:?}");
        // Up to the end: the last is within one step (and an item) of it.
        let last = seen[seen.len() - 1];
        assert!(last + keep <= text.len(), "{seen:?}");
        assert!(last + keep + every + 100 >= text.len(), "{seen:?}");
    }
}

/// The reader's place is handed back only past `EVERY` bytes beyond
/// the last, less `KEEP`, and never past the text's end.
#[test]
fn passing_hands_back_behind_the_cursor() {
    let text = "x".repeat(4 << 20);
    let base = text.as_ptr() as usize;
    let seen = std::cell::RefCell::new(Vec::new());
    let record = |at: *const u8| seen.borrow_mut().push(at as usize - base);
    let mut passing = Passing::new(&record, &text);
    let (every, keep) = (Passing::EVERY, Passing::KEEP);
    for at in [
        0,
        every,
        every + keep - 1,
        every + keep,
        every + keep + 10,
        2 * every + keep,
    ] {
        passing.at(at);
    }
    assert_eq!(*seen.borrow(), [every, 2 * every]);
}

#[test]
fn normalized_as_go_decodes() {
    let items = StatusItems::parse(
            "s.yaml",
            "- ClusterName: m1\n  applied: false\n  health: ''\n  status: {a: 1}\n  extra: 1\n- clusterName: m2\n  applied: true\n",
        )
        .unwrap();
    assert_eq!(
        items.to_values(),
        vec![
            json!({"clusterName": "m1", "status": {"a": 1}}),
            json!({"clusterName": "m2", "applied": true}),
        ]
    );
}

#[test]
fn omitempty_and_null_cluster() {
    let items = StatusItems::parse(
            "s.json",
            r#"[{"clusterName": "m1", "applied": true, "health": "Healthy", "appliedMessage": "ok", "status": {"a": null}},
                {"status": {}}, {"clusterName": null}]"#,
        )
        .unwrap();
    assert_eq!(
        items.to_values(),
        vec![
            json!({"clusterName": "m1", "applied": true, "health": "Healthy", "appliedMessage": "ok", "status": {"a": null}}),
            json!({"clusterName": "", "status": {}}),
            json!({"clusterName": ""})
        ]
    );
}

#[test]
fn json_stream_of_items_and_lists() {
    let items = StatusItems::parse(
            "s.json",
            r#"[{"clusterName":"a","health":"Healthy"}] {"status":{"x":[1,null]},"appliedMessage":"m"}"#,
        )
        .unwrap();
    assert_eq!(
        items.to_values(),
        vec![
            json!({"clusterName": "a", "health": "Healthy"}),
            json!({"clusterName": "", "status": {"x": [1, null]}, "appliedMessage": "m"}),
        ]
    );
}

#[test]
fn yaml_lists_read_item_by_item_as_streams() {
    // A list document is taken element by element; the items, and the
    // first item's error, are those of the same items as a stream.
    let list = "- clusterName: a\n  status:\n    x: [1, 2]\n- clusterName: b\n  applied: true\n---\n- health: Healthy\n";
    let stream = "clusterName: a\nstatus:\n  x: [1, 2]\n---\nclusterName: b\napplied: true\n---\nhealth: Healthy\n";
    let items = StatusItems::parse("s.yaml", list).unwrap();
    assert_eq!(items, StatusItems::parse("s.yaml", stream).unwrap());
    assert_eq!(
        items.to_values(),
        vec![
            json!({"clusterName": "a", "status": {"x": [1, 2]}}),
            json!({"clusterName": "b", "applied": true}),
            json!({"clusterName": "", "health": "Healthy"}),
        ]
    );
    let bad = "- clusterName: a\n- 5\n- null\n";
    assert_eq!(
        StatusItems::parse("s.yaml", bad).unwrap_err().to_string(),
        "s.yaml: fail to get status items: json: cannot unmarshal number into Go value of type v1alpha2.AggregatedStatusItem"
    );
}

#[test]
fn later_keys_win_and_null_keeps() {
    let items = StatusItems::parse(
            "s.json",
            r#"{"clusterName":"a","ClusterName":"b","clustername":null,"applied":true,"APPLIED":false}"#,
        )
        .unwrap();
    assert_eq!(items.to_values(), vec![json!({"clusterName": "b"})]);
}

#[test]
fn type_errors_name_the_field() {
    let err = StatusItems::parse("s.yaml", "clusterName: 5\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "s.yaml: fail to get status items: json: cannot unmarshal number into Go struct field AggregatedStatusItem.clusterName of type string"
    );
    let err = StatusItems::parse("s.yaml", "health: [1]\n").unwrap_err();
    assert!(
        err.to_string().ends_with(
            "array into Go struct field AggregatedStatusItem.health of type v1alpha2.ResourceHealth"
        ),
        "{err}"
    );
    let err = StatusItems::parse("s.json", "[1]").unwrap_err();
    assert!(
        err.to_string().ends_with(
            "cannot unmarshal number into Go value of type v1alpha2.AggregatedStatusItem"
        ),
        "{err}"
    );
}

#[test]
fn a_decoding_error_after_a_bad_item_wins() {
    // Items are normalized while the file is still being decoded; the
    // first bad item is kept, but a later syntax error is reported.
    let err = StatusItems::parse("s.json", "{\"clusterName\": 5}\n{\"a\": 1\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "s.json:3: invalid JSON: EOF while parsing an object"
    );
    let err = StatusItems::parse("s.yaml", "clusterName: 5\n---\na: [1\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "s.yaml:4:1: invalid YAML: did not find expected ',' or ']'"
    );
    // Without one, the first bad item (not a later one) is.
    let err = StatusItems::parse("s.json", "{}\n{\"health\": 1}\n{\"clusterName\": 2}\n[5]\n")
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("field AggregatedStatusItem.health of type"),
        "{err}"
    );
}

#[test]
fn a_file_without_documents_holds_no_items() {
    assert!(StatusItems::from_values("c.yaml", &[]).unwrap().is_empty());
    for text in ["", "# nothing\n", "  \n", "[]"] {
        assert!(
            StatusItems::parse("s.yaml", text).unwrap().is_empty(),
            "{text:?}"
        );
    }
}

#[test]
fn from_values_does_not_unroll() {
    let err = StatusItems::from_values("c.yaml", &[json!([])]).unwrap_err();
    assert!(err.to_string().contains("cannot unmarshal array"), "{err}");
    let items = StatusItems::from_values("c.yaml", &[json!({"clusterName": "x"})]).unwrap();
    assert_eq!(items.len(), 1);
}

#[test]
fn bindings_give_their_aggregated_status_and_other_kinds_are_errors() {
    let plain = StatusItems::parse(
        "s.yaml",
        "clusterName: a\napplied: true\n---\nclusterName: b\n",
    )
    .unwrap();
    assert_eq!(plain.len(), 2);
    // Inside a binding, an item's `kind` is an unknown field (in a
    // status file, it makes the document an object).
    let binding = "apiVersion: work.karmada.io/v1alpha2
kind: ClusterResourceBinding
metadata: {name: x}
status:
  aggregatedStatus:
  - clusterName: a
    applied: true
    kind: ignored
  - clusterName: b
";
    let indented = binding.trim_end().replace('\n', "\n  ");
    let list = format!("apiVersion: v1\nkind: List\nitems:\n- {indented}\n");
    for text in [binding, &list] {
        assert_eq!(
            StatusItems::parse("s.yaml", text).unwrap().to_values(),
            plain.to_values(),
            "{text}"
        );
    }
    let json = serde_json::to_string(&crate::input::parse_documents("b.yaml", binding).unwrap()[0])
        .unwrap();
    assert_eq!(
        StatusItems::parse("s.json", &json).unwrap().to_values(),
        plain.to_values()
    );
    // No aggregatedStatus: no items.
    let bare = "apiVersion: work.karmada.io/v1alpha2\nkind: ResourceBinding\nstatus: {}\n";
    assert!(StatusItems::parse("s.yaml", bare).unwrap().is_empty());
    for (text, what) in [
        (
            "{\"apiVersion\": \"apps/v1\", \"kind\": \"Deployment\"}",
            "Deployment (apps/v1)",
        ),
        (
            "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: ConfigMap}\n",
            "ConfigMap (v1)",
        ),
        (
            "apiVersion: example.io/v1\nkind: Work\n",
            "Work (example.io/v1)",
        ),
        ("- clusterName: a\n- kind: Pod\n", "Pod"),
    ] {
        let err = StatusItems::parse("s.yaml", text).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "s.yaml: fail to get status items: found an object of kind {what}, which holds no status items"
            ),
            "{text}"
        );
        assert_eq!(err.hints, [cluster::STATUS_INPUTS]);
    }
    // A Work needs the run's object.
    let work =
        "apiVersion: work.karmada.io/v1alpha1\nkind: Work\nmetadata: {namespace: karmada-es-m1}\n";
    let err = StatusItems::parse("s.yaml", work).unwrap_err();
    assert!(
        err.to_string()
            .contains("a Work gives the status of one object"),
        "{err}"
    );
}

#[test]
fn invalid_json_file_reports_json_error() {
    let err = StatusItems::parse("s.json", "[{\"a\": 1]").unwrap_err();
    assert!(err.to_string().starts_with("s.json:1:"), "{err}");
}

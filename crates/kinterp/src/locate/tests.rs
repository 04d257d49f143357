use super::*;

const RIC: &str = "\
apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata:
  name: demo
spec:
  target:
    apiVersion: apps/v1
    kind: Foo
  customizations:
    healthInterpretation:
      luaScript: >
        function InterpretHealth(obj)
          return obj.status.ready
        end
    replicaResource:
      luaScript: |
        function GetReplicas(obj)

          return obj.spec.replicas, nil
        end
    retention:
      luaScript: \"function Retain(d, o)\\n  return d\\nend\"
---
kind: Other
";

#[test]
fn finds_documents_customizations_and_rules() {
    let map = locate(RIC);
    assert_eq!(map.error, None);
    assert_eq!(map.documents.len(), 2);
    assert_eq!(map.documents[1].start, Position::new(23, 1));
    assert_eq!(map.customizations.len(), 1);
    let c = &map.customizations[0];
    assert_eq!(c.name.as_deref(), Some("demo"));
    assert_eq!(c.target, Some(Position::new(6, 3)));
    assert_eq!(c.target_api_version.as_deref(), Some("apps/v1"));
    assert_eq!(c.target_kind.as_deref(), Some("Foo"));
    let ops: Vec<_> = c.rules.iter().map(|r| (r.operation, r.key)).collect();
    assert_eq!(
        ops,
        [
            (Operation::InterpretHealth, Position::new(10, 5)),
            (Operation::InterpretReplica, Position::new(15, 5)),
            (Operation::Retain, Position::new(21, 5)),
        ]
    );
}

#[test]
fn literal_blocks_map_exactly() {
    let map = locate(RIC);
    let s = map.customizations[0]
        .rule(Operation::InterpretReplica)
        .unwrap()
        .script
        .clone()
        .unwrap();
    assert_eq!(s.style, Style::Literal);
    assert_eq!(s.key, Position::new(16, 7));
    assert_eq!(s.start, Position::new(17, 9));
    assert_eq!(s.indent(), 8);
    // `obj` on script line 3, column 10.
    assert_eq!(s.text.lines().nth(2).unwrap().find("obj"), Some(9));
    assert_eq!(s.to_file(Position::new(3, 10)), Position::new(19, 18));
    let line = RIC.lines().nth(18).unwrap();
    assert_eq!(&line[17..20], "obj");
}

#[test]
fn folded_and_quoted_scripts_map_each_character() {
    let map = locate(RIC);
    let c = &map.customizations[0];
    let health = c
        .rule(Operation::InterpretHealth)
        .unwrap()
        .script
        .clone()
        .unwrap();
    assert_eq!(health.style, Style::Folded);
    assert!(
        matches!(health.map, ScriptMap::Chars { .. }),
        "{:?}",
        health.map
    );
    // Folding keeps the more indented line on its own script line.
    assert_eq!(
        health.text.lines().nth(1).unwrap(),
        "  return obj.status.ready"
    );
    assert_eq!(health.to_file(Position::new(2, 3)), Position::new(13, 11));
    let retain = c.rule(Operation::Retain).unwrap().script.clone().unwrap();
    assert_eq!(retain.style, Style::DoubleQuoted);
    assert_eq!(retain.text, "function Retain(d, o)\n  return d\nend");
    // Script line 2 starts after the first `\n` escape, on file line 22.
    let line = RIC.lines().nth(21).unwrap();
    let col = line.find("  return").unwrap() + 1;
    assert_eq!(retain.to_file(Position::new(2, 1)), Position::new(22, col));
    assert_eq!(
        retain.to_file(Position::new(3, 1)),
        Position::new(22, col + 12)
    );
}

#[test]
fn json_files_are_located_too() {
    let text = "{\"kind\": \"ResourceInterpreterCustomization\", \"metadata\": {\"name\": \"j\"},\n \"spec\": {\"customizations\": {\"retention\": {\"luaScript\": \"a\\nb\"}}}}";
    let map = locate(text);
    let c = &map.customizations[0];
    assert_eq!(c.name.as_deref(), Some("j"));
    let s = c.rules[0].script.clone().unwrap();
    assert_eq!(s.to_file(Position::new(2, 1)), Position::new(2, 61));
}

#[test]
fn syntax_errors_keep_earlier_documents() {
    let map = locate("a: 1\n---\nb: [1,\n");
    assert_eq!(map.documents.len(), 2);
    let e = map.error.unwrap();
    assert_eq!(e.position.line, 4);
    assert!(!e.message.is_empty());
}

#[test]
fn explicit_indentation_and_plain_scripts() {
    let text = "kind: ResourceInterpreterCustomization\nspec:\n  customizations:\n    retention:\n      luaScript: |2\n          x = 1\n        y = 2\n    statusReflection:\n      luaScript: return\n        1\n";
    let map = locate(text);
    let c = &map.customizations[0];
    let block = c.rule(Operation::Retain).unwrap().script.clone().unwrap();
    assert_eq!(block.text, "  x = 1\ny = 2\n");
    assert_eq!(block.to_file(Position::new(2, 1)), Position::new(7, 9));
    let plain = c
        .rule(Operation::InterpretStatus)
        .unwrap()
        .script
        .clone()
        .unwrap();
    assert_eq!(plain.text, "return 1");
    assert_eq!(plain.to_file(Position::new(1, 8)), Position::new(10, 9));
}

#[test]
fn customizations_in_a_list_are_located_as_its_items() {
    let indented: String = RIC
        .split("---\n")
        .next()
        .unwrap()
        .lines()
        .map(|l| format!("  {l}\n"))
        .collect();
    let list = format!(
        "apiVersion: v1\nkind: List\nitems:\n-{}- {{apiVersion: v1, kind: ConfigMap}}\n-{}",
        &indented[1..],
        &indented[1..]
    );
    let map = locate(&list);
    assert_eq!(map.error, None);
    let at: Vec<_> = map
        .customizations
        .iter()
        .map(|c| (c.document, c.item, c.start))
        .collect();
    assert_eq!(
        at,
        [
            (0, Some(0), Position::new(4, 3)),
            (0, Some(2), Position::new(27, 3)),
        ]
    );
    // Line 1 of the second one's replica script is line 17 of its
    // document, which starts on line 27.
    let second = map.customization_at(0, Some(2)).unwrap();
    let script = second.rule(Operation::InterpretReplica).unwrap();
    let s = script.script.as_ref().unwrap();
    assert_eq!(s.to_file(Position::new(1, 1)).line, 26 + 17);
    assert!(map.customization_in(0).is_none());
    assert!(map.customization_at(0, Some(1)).is_none());
}

/// The first customization's `rule` script, located in `text`.
fn script_of(text: &str, op: Operation) -> Script {
    let map = locate(text);
    assert_eq!(map.error, None);
    map.customizations[0]
        .rule(op)
        .and_then(|r| r.script.clone())
        .expect("the rule has a script")
}

#[test]
fn read_gives_values_and_positions_from_one_parse() {
    let r = read("ric.yaml", RIC);
    let docs = r.documents.expect("the file reads");
    assert_eq!(docs.values.len(), 2);
    assert_eq!(docs.values[0]["metadata"]["name"], "demo");
    assert_eq!(r.map, locate(RIC));
    // Karmada's error, and the positions up to it.
    let r = read("bad.yaml", "a: 1\n---\nb: [1,\n");
    let e = r.documents.unwrap_err().to_string();
    assert!(e.starts_with("bad.yaml:4:1: invalid YAML:"), "{e}");
    assert_eq!(r.map.error.unwrap().position, Position::new(4, 1));
    assert_eq!(r.map.documents.len(), 2);
}

#[test]
fn a_byte_order_mark_is_no_column() {
    let text = format!("\u{feff}{}", RIC.replace("kind: Foo", "kind: \"Foo\""));
    let map = locate(&text);
    assert_eq!(map.error, None);
    let c = &map.customizations[0];
    assert_eq!(c.start, Position::new(1, 1));
    assert_eq!(c.target_kind.as_deref(), Some("Foo"));
    let s = c.rule(Operation::InterpretReplica).unwrap().script.clone();
    assert_eq!(s.unwrap().start, Position::new(17, 9));
    // On the first line, a column counts characters after the mark.
    let one = "\u{feff}{kind: ResourceInterpreterCustomization, spec: {customizations: {retention: {luaScript: 'é x'}}}}";
    let s = script_of(one, Operation::Retain);
    assert_eq!(s.to_file(Position::new(1, 3)), Position::new(1, 92));
}

#[test]
fn crlf_tabs_and_multibyte_characters_count_as_characters() {
    let text = RIC
        .replace("name: demo", "name: dé日")
        .replace('\n', "\r\n");
    let s = script_of(&text, Operation::InterpretReplica);
    assert_eq!(
        s.text,
        "function GetReplicas(obj)\n\n  return obj.spec.replicas, nil\nend\n"
    );
    assert_eq!(s.to_file(Position::new(3, 10)), Position::new(19, 18));
    let health = script_of(&text, Operation::InterpretHealth);
    assert_eq!(health.to_file(Position::new(2, 3)), Position::new(13, 11));
    let tabbed = "kind: ResourceInterpreterCustomization\nspec:\n  customizations:\n    retention:\n      luaScript: \"é\\t日 = 1\\n\\tx\"\n";
    let s = script_of(tabbed, Operation::Retain);
    assert_eq!(s.text, "é\t日 = 1\n\tx");
    // `日` is the 3rd character of the script and the 20th of its line.
    assert_eq!(s.to_file(Position::new(1, 3)), Position::new(5, 22));
    assert_eq!(s.to_file(Position::new(2, 2)), Position::new(5, 31));
}

#[test]
fn block_scripts_with_an_anchor_or_tag_map_to_their_content() {
    for props in ["&s ", "!!str ", "&s !!str "] {
        let text = format!(
            "kind: ResourceInterpreterCustomization\nspec:\n  customizations:\n    retention:\n      luaScript: {props}|\n        x = 1\n        y = 2\n"
        );
        let s = script_of(&text, Operation::Retain);
        assert_eq!(s.start, Position::new(6, 9), "{props}");
        assert_eq!(s.to_file(Position::new(2, 1)), Position::new(7, 9));
    }
}

#[test]
fn nodes_sit_where_the_editor_shows_them() {
    let text = "kind: List\nitems:\n- a: &x\n    b: 1\n  c:\n  d:\n  - 1\n";
    let map = locate(text);
    let root = map.documents[0].root.as_ref().unwrap();
    // An indentless sequence starts at its first item, an empty value on
    // its `:`, an anchored mapping at its anchor.
    let items = root.get("items").unwrap();
    assert_eq!(items.start, Position::new(3, 3));
    let item = &list_items(root).unwrap()[0];
    assert_eq!(item.get("c").unwrap().start, Position::new(5, 4));
    assert!(item.get("c").unwrap().is_null());
    assert_eq!(item.get("a").unwrap().start, Position::new(3, 6));
    assert_eq!(item.get("d").unwrap().start, Position::new(7, 5));
}

#[test]
fn what_follows_a_document_end_is_not_read() {
    let text = "kind: A\n...\nkind: ResourceInterpreterCustomization\n---\nkind: B\n";
    let map = locate(text);
    assert_eq!(map.documents.len(), 2);
    assert!(map.customizations.is_empty());
    assert_eq!(map.documents[1].start, Position::new(4, 1));
}

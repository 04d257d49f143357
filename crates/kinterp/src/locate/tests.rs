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

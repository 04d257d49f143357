//! Property tests of the value boundaries: JSON through Lua and back, the
//! YAML emitter against a YAML parser, input parsing and quantities.

// Each property runs proptest's default 256 cases; set `PROPTEST_CASES` for
// more (e.g. `PROPTEST_CASES=100000 cargo test --release props::`).

use std::cmp::Ordering;
use std::collections::HashSet;

use kinterp::go::yaml::to_yaml;
use kinterp::input::{
    parse_documents, parse_one_object, parse_status_items, parse_yaml_fast_for_tests,
    parse_yaml_slow_for_tests,
};
use kinterp::kube::quantity::Quantity;
use kinterp::lua::convert::{json_to_lua, lua_to_json};
use kinterp::lua::emptyfix::{self, EmptyPaths, Target};
use kinterp::lua::sandbox::{PrintSink, new_state};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use serde_json::{Map, Number, Value};

/// Scalars with a meaning in YAML 1.1 or 1.2, or a special character.
#[rustfmt::skip]
const SPECIAL_TEXT: &[&str] = &[
    "", "true", "yes", "No", "on", "OFF", "y", "n", "null", "~", "Null", "1", "-1",
    "0x1F", "0o17", "017", "1e3", "1.5", ".5", ".inf", "-.Inf", ".nan", "1_000", "1:30",
    "2001-12-14", "2001-12-14t21:59:43.10-05:00", "---", "...", "- a", "a: b", "#c",
    "&a", "*a", "!t", "|", ">", "%", "@", "`", "? x", " lead", "trail ", "a\nb", "a\n",
    "\n", "a\r\nb", "tab\there", "\u{85}", "\u{2028}", "\u{feff}x", "\0", "<<", "=",
];

/// Strings that stress YAML and Lua: anything, key-like text, and scalars
/// that YAML resolves to something other than a string.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-zA-Z0-9 _.:/#'\"\\-\n\t]{0,12}",
        prop::sample::select(SPECIAL_TEXT).prop_map(str::to_string),
    ]
}

fn any_number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<i32>().prop_map(Value::from),
        any::<f64>().prop_filter_map("finite", |f| Number::from_f64(f).map(Value::Number)),
        (-1000i64..1000, -30i32..30).prop_filter_map("finite", |(m, e)| Number::from_f64(
            m as f64 * 10f64.powi(e)
        )
        .map(Value::Number)),
    ]
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any_number(),
        any_text().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(any_text(), inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// The index-free paths of the empty objects and arrays of `v` (the root
/// excluded), as the empty-table fix records them.
fn empty_paths(v: &Value, path: &mut Vec<String>, structs: &mut Paths, slices: &mut Paths) {
    match v {
        Value::Object(m) if m.is_empty() && !path.is_empty() => {
            structs.insert(path.clone());
        }
        Value::Array(a) if a.is_empty() && !path.is_empty() => {
            slices.insert(path.clone());
        }
        Value::Object(m) => {
            for (k, x) in m {
                path.push(k.clone());
                empty_paths(x, path, structs, slices);
                path.pop();
            }
        }
        Value::Array(a) => a.iter().for_each(|x| empty_paths(x, path, structs, slices)),
        _ => {}
    }
}

type Paths = HashSet<Vec<String>>;

/// What crossing into Lua and back gives before the fix: numbers become
/// floats, object nulls vanish, array nulls vanish (the later items move
/// up, as in Karmada), and every empty table reads `[]`.
fn through_lua(v: &Value) -> Value {
    match v {
        Value::Number(n) => Value::Number(Number::from_f64(n.as_f64().unwrap()).unwrap()),
        Value::Array(a) => {
            Value::Array(a.iter().filter(|x| !x.is_null()).map(through_lua).collect())
        }
        Value::Object(m) => {
            let out: Map<String, Value> = m
                .iter()
                .filter(|(_, x)| !x.is_null())
                .map(|(k, x)| (k.clone(), through_lua(x)))
                .collect();
            if out.is_empty() {
                Value::Array(Vec::new())
            } else {
                Value::Object(out)
            }
        }
        other => other.clone(),
    }
}

fn is_empty_container(v: &Value) -> bool {
    matches!(v, Value::Array(a) if a.is_empty()) || matches!(v, Value::Object(m) if m.is_empty())
}

/// The documented fix on `through_lua`'s result: an empty table becomes
/// `{}` where the reference had an empty object at its path, stays `[]`
/// where it had an empty array, and is deleted elsewhere (array deletions
/// by ascending index while the array shifts, as Karmada does).
fn fixed(v: &mut Value, path: &mut Vec<String>, structs: &Paths, slices: &Paths) {
    let decide = |p: &Vec<String>| {
        if structs.contains(p) {
            Some(Value::Object(Map::new()))
        } else if slices.contains(p) {
            Some(Value::Array(Vec::new()))
        } else {
            None
        }
    };
    match v {
        Value::Object(m) => {
            let keys: Vec<String> = m.keys().cloned().collect();
            for k in keys {
                path.push(k.clone());
                let x = m.get_mut(&k).unwrap();
                if is_empty_container(x) {
                    match decide(path) {
                        Some(e) => *x = e,
                        None => {
                            m.remove(&k);
                        }
                    }
                } else {
                    fixed(x, path, structs, slices);
                }
                path.pop();
            }
        }
        Value::Array(items) => {
            let mut gone = Vec::new();
            for (i, x) in items.iter_mut().enumerate() {
                if is_empty_container(x) {
                    match decide(path) {
                        Some(e) => *x = e,
                        None => gone.push(i),
                    }
                } else {
                    fixed(x, path, structs, slices);
                }
            }
            for i in gone {
                if i < items.len() {
                    items.remove(i);
                }
            }
        }
        _ => {}
    }
}

/// The round trip's expected result with `v` itself as the reference.
fn expected_round_trip(v: &Value, target: Target) -> Value {
    let mut out = through_lua(v);
    if is_empty_container(&out) {
        return match target {
            Target::Struct => Value::Object(Map::new()),
            Target::Slice => Value::Array(Vec::new()),
        };
    }
    let (mut structs, mut slices) = (Paths::new(), Paths::new());
    empty_paths(v, &mut Vec::new(), &mut structs, &mut slices);
    fixed(&mut out, &mut Vec::new(), &structs, &slices);
    out
}

/// Whether a plain scalar that go-yaml (YAML 1.1) leaves unquoted may read
/// as a non-string in serde_yaml's YAML 1.2: karmadactl quotes by 1.1's
/// rules, so 1.2-only forms (`0o17`) stay plain.
fn yaml12_only_non_string(s: &str) -> bool {
    let t = s.trim_start_matches(['-', '+']);
    t.starts_with("0o") || t.starts_with("0O")
}

/// Compares a re-parsed YAML value with the JSON it was printed from:
/// numbers as f64, keys as text.
fn same_as_yaml(json: &Value, yaml: &serde_yaml::Value) -> Result<(), String> {
    use serde_yaml::Value as Y;
    let fail = || Err(format!("{json} came back as {yaml:?}"));
    match (json, yaml) {
        (Value::Null, Y::Null) => Ok(()),
        (Value::Bool(a), Y::Bool(b)) if a == b => Ok(()),
        (Value::Number(a), Y::Number(b)) if a.as_f64() == b.as_f64() => Ok(()),
        (Value::String(a), Y::String(b)) if a == b => Ok(()),
        (Value::String(a), Y::Number(_)) if yaml12_only_non_string(a) => Ok(()),
        (Value::Array(a), Y::Sequence(b)) if a.len() == b.len() => {
            a.iter().zip(b).try_for_each(|(x, y)| same_as_yaml(x, y))
        }
        (Value::Object(a), Y::Mapping(b)) if a.len() == b.len() => {
            for (k, y) in b {
                let key = match k {
                    Y::String(s) => s.clone(),
                    Y::Number(n) => match a.keys().find(|k| yaml12_only_non_string(k)) {
                        Some(k) => k.clone(),
                        None => return Err(format!("key {n} of {json} lost its quotes")),
                    },
                    other => return Err(format!("key {other:?} of {json} is not text")),
                };
                match a.get(&key) {
                    Some(x) => same_as_yaml(x, y)?,
                    None => return fail(),
                }
            }
            Ok(())
        }
        _ => fail(),
    }
}

/// The fast YAML reader's contract on `text`: when it answers, serde_yaml
/// accepts the text and gives the same documents. Returns whether it did.
fn fast_yaml_agrees(text: &str) -> Result<bool, TestCaseError> {
    let Some(fast) = parse_yaml_fast_for_tests(text) else {
        return Ok(false);
    };
    match parse_yaml_slow_for_tests(text) {
        Ok(slow) if slow == fast => Ok(true),
        Ok(slow) => Err(TestCaseError::fail(format!(
            "fast path gave {fast:?}, serde_yaml {slow:?}, for {text:?}"
        ))),
        Err(e) => Err(TestCaseError::fail(format!(
            "fast path accepted {text:?}; serde_yaml says {e}"
        ))),
    }
}

/// Hand-written YAML in the shapes the fast reader takes, to be mutated.
#[rustfmt::skip]
const YAML_SEEDS: &[&str] = &[
    "# c\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web # n\n  labels: {app: web, tier: \"1\"}\n  annotations: {}\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n        args: [\"--a\", b, -c]\n        env:\n          - name: X\n            value: '0x1F'\n      volumes: []\n",
    "---\nluaScript: |\n  function f(o)\n    return o -- x: y\n\n  end\nb: |-\n   keep\n    more\nc: |+\n  k\n\nd: 1\n---\n",
    "a: one\n  two\n\n  three\nb: 'it''s\n  folded'\nc: \"esc \\t \\u00e9 \\\n  \\ cont\"\nd: x # c\n",
    "- 1\n- -2\n- 0x1F\n- 0o17\n- 010\n- 1e3\n- .5\n- 1_000\n- 2026-11-20\n- ~\n- True\n- null\n- 18446744073709551615\n- -9223372036854775808\n- +1\n- -0\n- 1.\n",
    "a:\n- b: 1\n  c:\n  - - x\n    - y\n  -\n- {k: [1, {m: n}], 'q': \"r\"}\n\"k\" : v\n---\n- z\n",
    "items:\n  - name: a\n    value: \"x\"\n  - name: b\n    value: |\n      lit\n  -   c: :x\n      d: ?y\n",
    "status:\n  conditions:\n  - type: Ready\n    message: 'invalid ''s'' data: fields\n      and ''k'''\n    reason: \"a\n\n      b\"\n  observedGeneration: 2\n",
    "  indented: root\n  list:\n    - [a, \"b\", 'c', {d: e:f}]\n    -\n      k: v\n",
];

fn yaml_seed() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(YAML_SEEDS).prop_map(str::to_string),
        any_json().prop_map(|v| to_yaml(&v)),
    ]
}

/// Text inserted by mutations: YAML's indicators, whitespace, breaks,
/// escapes and characters libyaml treats specially.
#[rustfmt::skip]
const MUTATION_TEXT: &[&str] = &[
    ":", "-", "#", "'", "\"", " ", "  ", "\n", "\t", "|", "|-", "|+", ">", "[", "]", "{", "}", ",", "&",
    "*", "!", "?", "\\", ".", "0", "1", "a", "e", "~", "%", "@", "+", "---", "...", "- ", ": ", " #",
    "\n- ", "\n  ", "\n ", "''", "\\n", "\\x", "\\\n", "\u{85}", "é", "\r", "\u{feff}", "<<", "|2",
];

/// Applies (position, kind, text) edits: insert, delete or replace a char.
fn mutate(text: &str, edits: &[(Index, u8, &str)]) -> String {
    let mut s = text.to_string();
    for (at, kind, insert) in edits {
        let starts: Vec<usize> = s.char_indices().map(|(i, _)| i).chain([s.len()]).collect();
        let i = starts[at.index(starts.len())];
        let next = s[i..].chars().next().map_or(i, |c| i + c.len_utf8());
        match kind % 3 {
            0 => s.insert_str(i, insert),
            1 => s.replace_range(i..next, ""),
            _ => s.replace_range(i..next, insert),
        }
    }
    s
}

/// Quantity-shaped text: signs, digits, fractions, exponents and suffixes.
fn quantity_text() -> impl Strategy<Value = String> {
    "[+-]?[0-9]{0,24}(\\.[0-9]{0,12})?([eE][+-]?[0-9]{1,3}|[numkMGTPE]|[KMGTPE]i)?"
}

proptest! {
    #[test]
    fn json_through_lua_and_back(v in any_json()) {
        let lua = new_state(Some(64 << 20), PrintSink::Discard, kinterp::kube::lua::MODULES).unwrap();
        let target = if v.is_array() { Target::Slice } else { Target::Struct };
        let table = json_to_lua(&lua, &v).unwrap();
        let mut got = lua_to_json(&table).map_err(|e| TestCaseError::fail(e.to_string()))?;
        emptyfix::fix(&mut got, target, &EmptyPaths::from_references(&[&v]));
        prop_assert_eq!(got, expected_round_trip(&v, target));
    }

    #[test]
    fn yaml_output_parses_back(v in any_json()) {
        let text = to_yaml(&v);
        let parsed: serde_yaml::Value = serde_yaml::from_str(&text)
            .map_err(|e| TestCaseError::fail(format!("{e} in:\n{text}")))?;
        same_as_yaml(&v, &parsed).map_err(|e| TestCaseError::fail(format!("{e}; yaml:\n{text}")))?;
    }

    #[test]
    fn fast_yaml_matches_serde_yaml_on_emitted_yaml(v in any_json()) {
        fast_yaml_agrees(&to_yaml(&v))?;
    }

    #[test]
    fn fast_yaml_matches_serde_yaml_on_mutated_yaml(
        seed in yaml_seed(),
        edits in prop::collection::vec(
            (any::<Index>(), any::<u8>(), prop::sample::select(MUTATION_TEXT)),
            1..4,
        ),
    ) {
        fast_yaml_agrees(&mutate(&seed, &edits))?;
    }

    #[test]
    fn parsing_bytes_never_panics(bytes in any::<Vec<u8>>()) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_documents("p.yaml", &text);
        let _ = parse_status_items("p.yaml", &text);
        let _ = parse_one_object("desired", "p.yaml", &text);
    }

    #[test]
    fn parsing_yaml_like_text_never_panics(
        text in "([ \n\t:,#&*!|>'\"%@`?{}\\[\\]\\-]|[a-z0-9]{1,3}|---|\\.\\.\\.|<<|\u{feff}){0,40}"
    ) {
        let _ = parse_documents("p.yaml", &text);
        let _ = parse_status_items("p.yaml", &text);
        let _ = parse_one_object("desired", "p.yaml", &text);
    }

    #[test]
    fn quantity_parse_never_panics(text in prop_oneof![any::<String>(), quantity_text()]) {
        if let Ok(q) = Quantity::parse(&text) {
            let _ = (q.to_string(), q.go_string(), q.go_dump(), q.as_f64());
            let _ = (q.checked_value(), q.checked_milli_value());
        }
        let _ = kinterp::kube::quantity::from_json(&Value::String(text));
    }

    #[test]
    fn quantity_text_round_trips(a in quantity_text(), b in quantity_text()) {
        let Ok(q) = Quantity::parse(&a) else { return Ok(()) };
        // From 10^21 up Kubernetes prints the bare mantissa (no suffix);
        // kinterp keeps that gap, so larger values need not round-trip.
        if q.as_f64().abs() < 1e21 {
            for text in [q.to_string(), q.go_string()] {
                let again = Quantity::parse(&text)
                    .map_err(|e| TestCaseError::fail(format!("{a:?} printed {text:?}: {e}")))?;
                prop_assert_eq!(q.cmp_value(&again), Ordering::Equal, "{:?} printed {:?}", a, text);
            }
        }
        if let Ok(other) = Quantity::parse(&b) {
            let mut sum = q.clone();
            sum.add(&other);
            let _ = (sum.to_string(), sum.checked_milli_value());
        }
    }
}

#[test]
fn yaml_seeds_take_the_fast_path() {
    for seed in YAML_SEEDS {
        assert!(
            fast_yaml_agrees(seed).unwrap(),
            "fast path declined {seed:?}"
        );
    }
}

/// Whether emitted YAML uses what the fast reader leaves to serde_yaml by
/// design: `? ` keys, `<<` keys, block indentation indicators, and the
/// characters libyaml treats as line breaks.
fn uses_declined_yaml(text: &str) -> bool {
    text.lines().any(|line| {
        let t = line.trim_start_matches([' ', '-']);
        t.starts_with("? ") || t == "?" || t.starts_with("<<:")
    }) || text.contains(['\u{85}', '\u{2028}', '\u{2029}'])
        || text
            .as_bytes()
            .windows(2)
            .any(|w| w[0] == b'|' && w[1].is_ascii_digit())
}

/// The fast reader takes the emitter's output for nearly every collection
/// it is meant to read (top-level scalars and empty collections, which
/// print as one line, are left to serde_yaml).
#[test]
fn fast_yaml_takes_most_emitted_yaml() {
    let mut runner = TestRunner::deterministic();
    let strategy = any_json();
    let (mut total, mut taken, mut plain_total, mut plain_taken) = (0, 0, 0, 0);
    while total < 2000 {
        let v = strategy.new_tree(&mut runner).unwrap().current();
        let nonempty = match &v {
            Value::Array(a) => !a.is_empty(),
            Value::Object(m) => !m.is_empty(),
            _ => false,
        };
        if !nonempty {
            continue;
        }
        let text = to_yaml(&v);
        let took = usize::from(fast_yaml_agrees(&text).unwrap());
        total += 1;
        taken += took;
        if !uses_declined_yaml(&text) {
            plain_total += 1;
            plain_taken += took;
        }
    }
    eprintln!(
        "fast path took {taken} of {total} emitted documents, \
         {plain_taken} of {plain_total} without constructs it declines"
    );
    assert!(
        plain_total * 2 >= total,
        "the generator changed: {plain_total} of {total}"
    );
    assert!(
        plain_taken * 100 >= plain_total * 99,
        "took only {plain_taken} of {plain_total}"
    );
    assert!(taken * 2 >= total, "took only {taken} of {total}");
}

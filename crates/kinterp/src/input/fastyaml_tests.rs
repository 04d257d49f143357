//! Tests of the YAML fast reader: each construct against the full (libyaml) reader, the
//! cases it must decline, and whole files from the repository's test data.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::fastyaml::parse;
use super::yaml::parse_documents_slow;

/// Asserts that the fast reader accepts `text` and agrees with the full reader.
#[track_caller]
fn same(text: &str) -> Vec<Value> {
    let fast = parse(text).unwrap_or_else(|| panic!("fast path declined {text:?}"));
    let slow = parse_documents_slow("t.yaml", text)
        .unwrap_or_else(|e| panic!("slow path rejects {text:?}: {e}"));
    assert_eq!(fast, slow, "{text:?}");
    fast
}

/// Asserts that the fast reader declines `text`.
#[track_caller]
fn bails(text: &str) {
    assert_eq!(parse(text), None, "{text:?}");
}

/// The contract: when the fast reader answers, the full reader agrees.
#[track_caller]
fn agrees(text: &str) -> bool {
    match parse(text) {
        Some(fast) => match parse_documents_slow("t.yaml", text) {
            Ok(slow) => {
                assert_eq!(fast, slow, "{text:?}");
                true
            }
            Err(e) => panic!("fast path accepted {text:?}, slow path says {e}"),
        },
        None => false,
    }
}

#[test]
fn block_mappings_and_sequences() {
    let docs = same(
        "a: 1\nb:\n  c: x\n  d:\n  - 1\n  - two\ne:\n  - f: g\n    h: i\n  -\n  - - 1\n    - 2\n",
    );
    assert_eq!(
        docs,
        vec![
            json!({"a": 1, "b": {"c": "x", "d": [1, "two"]}, "e": [{"f": "g", "h": "i"}, null, [1, 2]]})
        ]
    );
    same("containers:\n- name: x\n  image: y\n  args:\n  - --a\n  - -b\nnext: 1\n");
    same("- a: 1\n  b:\n  - x\n- c\n-\n  d: 2\n- - - deep\n");
    same("  indented: root\n  more: 1\n");
    same("a:\nb: \nc:   # comment\n");
    same("key with spaces: v\nurl: http://x:80/p?q#f\n\"quoted\": 1\n'single': 2\n-dash: 3\n");
    same("a :  spaced\n\"b\" : 1\n");
}

#[test]
fn documents_comments_and_blank_lines() {
    let docs = same(
        "# head\n---\na: 1 # trailing\n\n   # indented comment\nb: 2\n---\n---\n# only a comment\n--- # c\n- x\n",
    );
    assert_eq!(docs, vec![json!({"a": 1, "b": 2}), json!(["x"])]);
    assert_eq!(same(""), Vec::<Value>::new());
    assert_eq!(same("# nothing\n\n"), Vec::<Value>::new());
    assert_eq!(same("---\n---\n"), Vec::<Value>::new());
    same("a:\n---\nb: 1");
    same("a: 1\nb: 2"); // no final line break
}

#[test]
fn plain_scalars_resolve_like_the_full_reader() {
    for s in [
        "~",
        "null",
        "Null",
        "NULL",
        "true",
        "True",
        "FALSE",
        "yes",
        "no",
        "on",
        "y",
        "0",
        "-0",
        "+1",
        "010",
        "-010",
        "0x1F",
        "-0x1F",
        "+0x1f",
        "0o17",
        "-0o17",
        "0b101",
        "-0b1",
        "0x",
        "0b2",
        "1_000",
        "1e3",
        "1E-3",
        "1.5",
        ".5",
        "-.5",
        "+.5",
        "5.",
        "1e400",
        "1e-400",
        "-1e-400",
        "inf",
        "nan",
        "NaN",
        "infinity",
        "-inf",
        "+-1",
        "-+1",
        "++1",
        "--1",
        "0x+1",
        "0x-1",
        "-0x-1",
        "1.0",
        "-1.0",
        "2026-11-20",
        "12:30",
        "1.2.3",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "18446744073709551615",
        "-0x8000000000000000",
        "0.1e1",
        "00",
        "+0",
        "-",
        "+",
        ".",
        "...x",
        "1e",
        "e1",
        "0e0",
        "007.5",
        "-007",
        "0xFFFFFFFFFFFFFFFF",
        "a b",
        "a#b",
        "a'b\"c",
        "x: y",
    ] {
        let text = format!("k: {s}\n");
        // `x: y` is an error in a value; everything else is a scalar.
        if s.contains(": ") {
            bails(&text);
            continue;
        }
        // A lone `-` is a sequence entry, not a scalar.
        assert!(agrees(&text) || s == "-", "declined {text:?}");
    }
    // Go's YAML 1.1 typing, then its JSON round trip: a float without a
    // fraction reads back as an integer, an integer past i64 as a float.
    assert_eq!(
        same("a: 1.0\nb: 1\nc: 1e3\nd: yes\ne: 010\nf: 0b101\ng: 1_000\nh: 08\ni: Off\nj: yEs\n"),
        vec![
            json!({"a": 1, "b": 1, "c": 1000, "d": true, "e": 8, "f": 5, "g": 1000, "h": 8, "i": false, "j": "yEs"})
        ]
    );
    assert!(same("a: 1.5\n")[0]["a"].is_f64());
    assert!(same("a: 18446744073709551615\n")[0]["a"].is_f64());
    assert!(same("a: 9223372036854775807\n")[0]["a"].is_i64());
}

#[test]
fn values_the_slow_path_refuses_or_cannot_hold_bail() {
    for s in [".inf", "-.Inf", "+.INF", ".nan", ".NaN", "<<"] {
        bails(&format!("k: {s}\n"));
    }
    for s in [
        "18446744073709551616",
        "-9223372036854775809",
        "0x1FFFFFFFFFFFFFFFFF",
        "1e400",
    ] {
        same(&format!("k: {s}\n"));
    }
}

#[test]
fn keys_must_be_unique_strings() {
    for key in [
        "1", "true", "null", "~", "1.5", "0x1", "<<", "? x", "&a k", "!t k", "*a", "yes", "n",
        "Off",
    ] {
        bails(&format!("{key}: v\n"));
    }
    bails("a: 1\na: 2\n");
    bails("a: 1\n'a': 2\n");
    bails("- a: 1\n  \"a\": 2\n");
    same("\"1\": x\n'true': y\n'yes': z\n\"<<\": m\nyEs: w\n");
    bails(&format!("{}: v\n", "k".repeat(1200)));
}

#[test]
fn big_mappings_are_built_in_bulk() {
    // Keys out of byte order (`k-10` before `k-2`), nested maps, non-ASCII
    // and quoted keys: the same map as the full
    // reader's; a duplicate anywhere, even far apart, declines.
    let mut text = String::from("m:\n");
    for i in (0..300).rev().chain(300..600) {
        text.push_str(&format!("  k-{i}: v{i}\n"));
    }
    text.push_str("  é: 1\n  \"a b\": x\n  'z:': w\n  nest:\n    z: 1\n    x: 2\nb: 1\na: 2\n");
    let docs = same(&text);
    let m = docs[0]["m"].as_object().unwrap();
    assert_eq!(m.len(), 604);
    assert_eq!(m["k-10"], json!("v10"));
    assert_eq!(m["nest"], json!({"x": 2, "z": 1}));
    assert_eq!(m["a b"], json!("x"));
    assert_eq!(m["z:"], json!("w"));
    bails(&format!("{text}m: 3\n"));
    let dup = text.replace("  k-599: v599\n", "  k-17: again\n");
    bails(&dup);
    // Around the size where entries stop going one by one into the map:
    // a duplicate among the first ones, or of one of them later, declines.
    for n in [15, 16, 17, 40] {
        let keys: String = (0..n).map(|i| format!("  k{i}: {i}\n")).collect();
        same(&format!("m:\n{keys}"));
        bails(&format!("m:\n{keys}  k3: again\n"));
        bails(&format!("m:\n  k3: first\n{keys}"));
    }
}

#[test]
fn quoted_scalars() {
    let docs = same(
        "a: \"x\\\\ \\\" \\/ \\n \\t \\r \\0 \\a \\b \\e \\f \\v \\x41 \\u00e9 \\U0001F600\"\nb: 'it''s # not a comment'\nc: \"tab\there\"\nd: ''\ne: \"\"\nf: \"a # b\" # c\n",
    );
    assert_eq!(
        docs[0]["a"],
        json!("x\\ \" / \n \t \r \0 \u{7} \u{8} \u{1b} \u{c} \u{b} A é 😀")
    );
    assert_eq!(docs[0]["b"], json!("it's # not a comment"));
    let docs = same("a: \"\\N\\_\\L\\P\\ \\\t.\"\n");
    assert_eq!(docs[0]["a"], json!("\u{85}\u{a0}\u{2028}\u{2029} \t."));
    for text in [
        r#"a: "\q""#,
        r#"a: "\x4""#,
        r#"a: "\uD800""#,
        r#"a: "\U00110000""#,
        r#"a: "x"y"#,
        r##"a: "x"#c"##,
        "a: \"unclosed\n",
        "a: \"unclosed\n  \n",
        "a: \"x\n\ty\"\n",
        "a: \"x\ny\"\n",
        "- \"x\n\"\n",
        "\"multi\n line\": 1\n",
    ] {
        bails(text);
    }
}

#[test]
fn multi_line_quoted_scalars_fold_like_libyaml() {
    let text = r#"a: 'one
  two  

   three'
b: "x \
  \ y\

  z"
c: "p\n  
  q" # c
"#;
    let docs = same(text);
    assert_eq!(docs[0]["a"], json!("one two\nthree"));
    assert_eq!(docs[0]["b"], json!("x  y\nz"));
    assert_eq!(docs[0]["c"], json!("p\n q"));
    same("- 'a\n  b'\n- \"c\n\n\n  d\"\n");
    same("message: 'invalid ''x'' data: required\n  and ''y'''\n");
    // libyaml does not check the indentation of quoted continuation lines.
    same("- k: 'a\n  b'\n  j: \"c\n d\"\n");
}

#[test]
fn multi_line_plain_scalars_fold_like_libyaml() {
    let text = "a: one\n  two\n\n  three   \n    four # c\nb: x\n  # comment ends it\nc: not\n   - a list\n";
    let docs = same(text);
    assert_eq!(docs[0]["a"], json!("one two\nthree four"));
    assert_eq!(docs[0]["c"], json!("not - a list"));
    same("- a\n  b\n- c\n");
    same("- k: 1\n    2\n");
    assert_eq!(same("a: 1\n  2\n")[0]["a"], json!("1 2"));
    for text in [
        "a: b\n  c: d\n",
        "a: b\n  c:\n",
        "a: b\n  # c\n  d\n",
        "a: b\n\tc\n",
        "a: b\n  c # x\n  d\n",
    ] {
        bails(text);
    }
}

#[test]
fn literal_block_scalars() {
    let text = "a: |\n  line 1\n\n    deeper\n  # not a comment\nb: |-\n  x\n\n\nc: |+\n  y\n\n\nd: |  # comment\n  z\ne: 1\n";
    let docs = same(text);
    assert_eq!(docs[0]["a"], json!("line 1\n\n  deeper\n# not a comment\n"));
    assert_eq!(docs[0]["b"], json!("x"));
    assert_eq!(docs[0]["c"], json!("y\n\n\n"));
    same("- |\n  item\n- |-\n   x\n   y\n");
    same("a: |\n\n  after blank\n");
    same("a: |\n  x\n     \n  y\n");
    same("a: |\n  tab\tinside\n  \tleading tab\n");
    same("a: |\n  no final break");
    same("a: |+\n  keep\n\n  ");
    same("a:\n  b: |\n    x\n  c: 1\n");
    for text in [
        "a: |2\n  x\n",
        "a: >\n  x\n",
        "a: |\nb: 1\n",
        "a: |\n",
        "a: |\n   \n  x\n",
        "a: |\n\tx\n",
        "a: |\n  x\n \ty\n",
        "a: | x\n",
        "- a: |\n  x\n",
    ] {
        bails(text);
    }
}

#[test]
fn flow_collections_on_one_line() {
    let docs = same(
        "a: []\nb: {}\nc: [ ]\nd: [x, \"y\", 'z', 1, true, -2]\ne: {k: v, \"q\": 1, 'r': null}\nf: [a b, c,]\ng: {\"j\":1}\n",
    );
    assert_eq!(docs[0]["d"], json!(["x", "y", "z", 1, true, -2]));
    assert_eq!(docs[0]["e"], json!({"k": "v", "q": 1, "r": null}));
    same("- []\n- {}\n- [--a, b]\n");
    let docs = same("a: {image: app:1, u: http://x/y, 'q': a:b}\nb: [a:b, c]\n");
    assert_eq!(
        docs[0]["a"],
        json!({"image": "app:1", "u": "http://x/y", "q": "a:b"})
    );
    let docs = same("a: [x, [y, []], {k: {}}]\nb: {m: {p: [1]}}\n");
    assert_eq!(docs[0]["a"], json!(["x", [true, []], {"k": {}}]));
    bails("b: {n: 1}\n"); // the key `n` is a boolean: the full reader decides
    bails(&format!("a: {}{}\n", "[".repeat(120), "]".repeat(120)));
    for text in [
        "a: [x\n  , y]\n",
        "a: [x: y]\n",
        "a: {a:1}\n",
        "a: [x:]\n",
        "a: {k: x:}\n",
        "a: [x:,y]\n",
        "a: {a}\n",
        "a: [x # c]\n",
        "a: [,]\n",
        "a: [x,,y]\n",
        "a: {k: 1, k: 2}\n",
        "a: {1: x}\n",
        "a: [x] y\n",
        "a: [- x]\n",
        "a: [&x y]\n",
        "a: [x]]\n",
        "a: {k: v]\n",
    ] {
        bails(text);
    }
}

#[test]
fn structures_it_declines() {
    for text in [
        "just a scalar\n",
        "\"scalar\"\n",
        "[a, b]\n",
        "{a: 1}\n",
        "a: b: c\n",
        "a: - b\n",
        "a: &x 1\n",
        "a: *x\n",
        "a: !!str 1\n",
        "%YAML 1.2\n---\na: 1\n",
        "--- a: 1\n",
        "---a: 1\n",
        "a: 1\n...\n",
        "a:\n\tb: 1\n",
        "a:\t1\n",
        "\tb: 1\n",
        "a: 1\r\nb: 2\r\n",
        "\u{feff}a: 1\n",
        "a: x\u{85}y\n",
        "a: x\u{2028}y\n",
        "a: \u{1}\n",
        "a: 1\n- b\n",
        "a:\n  - x\n- y\n",
        "a: 1\n b: 2\n",
        "- a: 1\n  - x\n",
        "- a: 1\n b: 2\n",
        "a:\n    b: 1\n  c: 2\n",
        "a: 1\nb\n",
        ": x\n",
        "? a\n: b\n",
        "a: >-\n  x\n",
        "a: 'x' y\n",
        "a: @x\n",
        "a: `x\n",
        "a: %x\n",
        "a: ,x\n",
        "a: x\n  # c\n  y\n",
    ] {
        bails(text);
    }
}

#[test]
fn depth_is_limited() {
    let mut deep = String::new();
    for i in 0..150 {
        deep.push_str(&" ".repeat(i));
        deep.push_str("k:\n");
    }
    bails(&deep);
    let mut ok = String::new();
    for i in 0..50 {
        ok.push_str(&" ".repeat(i));
        ok.push_str("k:\n");
    }
    same(&ok);
}

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            yaml_files(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        ) {
            out.push(path);
        }
    }
}

/// Runs the contract over files; returns (files, accepted).
fn check_files(dirs: &[&Path]) -> (usize, usize) {
    let mut files = Vec::new();
    for dir in dirs {
        yaml_files(dir, &mut files);
    }
    files.sort();
    let mut accepted = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let Some(fast) = parse(&text) else { continue };
        match parse_documents_slow("f.yaml", &text) {
            Ok(slow) => assert_eq!(fast, slow, "{}", path.display()),
            Err(e) => panic!("{}: fast path accepted, slow path says {e}", path.display()),
        }
        accepted += 1;
    }
    (files.len(), accepted)
}

#[test]
fn repository_yaml_files_agree_and_mostly_take_the_fast_path() {
    // This crate's bundled customizations and the workspace's test data.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (files, accepted) =
        check_files(&[&root.join("../../testdata"), &root.join("src/thirdparty")]);
    eprintln!("fast path: {accepted} of {files} repository YAML files");
    assert!(files > 100, "found only {files} files");
    assert!(
        accepted * 10 >= files * 9,
        "fast path took only {accepted} of {files} files"
    );
}

#[test]
fn conformance_yaml_files_agree() {
    // The shared cases sit beside the checkout, as `.ci/run` expects them,
    // or where KINTERP_CONFORMANCE points; a clone without them says so.
    let dir = std::env::var_os("KINTERP_CONFORMANCE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance")
        });
    if !dir.is_dir() {
        // Past the harness's capture of `eprintln!`: a plain `cargo test`
        // shows why.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no conformance cases at {} (set KINTERP_CONFORMANCE to their folder); \
             the repository's own YAML files are compared by the test above",
            dir.display()
        );
        return;
    }
    let (files, accepted) = check_files(&[&dir]);
    eprintln!("fast path: {accepted} of {files} conformance YAML files");
    assert!(
        accepted * 10 >= files * 9,
        "fast path took only {accepted} of {files} files"
    );
}

/// A sink that takes list documents element by element, recording what
/// it is given.
#[derive(Default)]
struct Elements(Vec<String>);

impl super::yaml::DocSink for Elements {
    fn doc(&mut self, v: Value) -> Result<(), crate::diag::Diagnostic> {
        self.0.push(format!("doc {v}"));
        Ok(())
    }
    fn restart(&mut self) {
        self.0.push("restart".into());
    }
    fn takes_elements(&self) -> bool {
        true
    }
    fn list(&mut self) {
        self.0.push("list".into());
    }
    fn element(&mut self, v: Value) {
        self.0.push(format!("element {v}"));
    }
}

#[test]
fn list_documents_come_element_by_element_to_a_sink_that_takes_them() {
    let text = "- a: 1\n  b: [1, 2]\n-\n  - x\n---\nk: v\n---\n- plain\n- 'q'\n";
    let mut sink = Elements::default();
    assert_eq!(super::fastyaml::parse_each(text, &mut sink), Ok(true));
    assert_eq!(
        sink.0,
        [
            "list",
            r#"element {"a":1,"b":[1,2]}"#,
            r#"element ["x"]"#,
            r#"doc {"k":"v"}"#,
            "list",
            r#"element "plain""#,
            r#"element "q""#,
        ]
    );
    // The same documents, whole, for a sink that does not take elements.
    same(text);
    // Declining part way leaves the elements given so far to be undone
    // by the caller (`restart`), as for whole documents.
    let mut sink = Elements::default();
    assert_eq!(
        super::fastyaml::parse_each("- a: 1\n- a: 2\n  a: 3\n", &mut sink),
        Ok(false)
    );
    assert_eq!(sink.0, ["list", r#"element {"a":1}"#]);
}

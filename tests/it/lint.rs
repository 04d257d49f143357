//! `kinterp lint`: each rule's bad and good fixture (testdata/lint/RULE/),
//! the output formats, exit codes, and the generated docs/lint.md.

use std::fmt::Write;
use std::path::Path;

use insta_cmd::assert_cmd_snapshot;
use kinterp::diag::Severity;
use kinterp::lint::{self, Config, RULES};
use serde_json::Value;

use crate::builder::Test;
use crate::output;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(rule: &str, which: &str) -> (String, String) {
    let rel = format!("testdata/lint/{rule}/{which}.yaml");
    let text = std::fs::read_to_string(root().join(&rel))
        .unwrap_or_else(|e| panic!("{rel}: every rule needs a bad and a good fixture: {e}"));
    (rel, text)
}

fn lint(rel: &str, text: &str) -> Vec<kinterp::diag::Diagnostic> {
    lint::lint_text(Path::new(rel), text, &Config::default())
}

#[test]
fn every_rule_has_a_bad_and_a_good_fixture() {
    for rule in RULES {
        let (bad, text) = fixture(rule.id.as_str(), "bad");
        let found = lint(&bad, &text);
        assert!(
            found
                .iter()
                .any(|d| d.code.as_deref() == Some(rule.id.as_str())),
            "{bad} shows no {} finding: {found:#?}",
            rule.id
        );
        let (good, text) = fixture(rule.id.as_str(), "good");
        assert_eq!(lint(&good, &text), [], "{good} must be clean");
    }
}

#[test]
fn fixture_snapshots() {
    for rule in RULES {
        for which in ["bad", "good"] {
            let (rel, _) = fixture(rule.id.as_str(), which);
            assert_cmd_snapshot!(
                format!("{}_{which}", rule.id),
                Test::new()
                    .args(["lint", "--color", "never", &rel])
                    .command()
            );
        }
    }
}

#[test]
fn bundled_and_sound_examples_have_no_error() {
    let mut files = Vec::new();
    for dir in ["crates/kinterp/src/thirdparty", "testdata"] {
        collect(&root().join(dir), &mut files);
    }
    let broken = [
        "testdata/inputs/bad-scripts.yaml",
        "testdata/inputs/broken.yaml",
    ];
    let mut checked = 0;
    for f in files {
        let rel = f
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        // Reader probes hold files that are not UTF-8 (testdata/parity/readers).
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        // Parity probes call disabled functions on purpose, to record
        // Karmada's error texts: they are not sound examples.
        if rel.starts_with("testdata/lint/")
            || rel.starts_with("testdata/parity/")
            || broken.contains(&rel.as_str())
            || !text.contains("ResourceInterpreterCustomization")
        {
            continue;
        }
        checked += 1;
        let errors: Vec<_> = lint(&rel, &text)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert_eq!(errors, [], "{rel}");
    }
    assert!(checked >= 30, "only {checked} customization files found");
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            collect(&p, out);
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml" | "json")
        ) {
            out.push(p);
        }
    }
}

#[test]
fn exit_codes() {
    let run = |args: &[&str]| output(Test::new().arg("lint").args(args)).0;
    assert_eq!(run(&["testdata/lint/undefined-global/bad.yaml"]), 1);
    assert_eq!(run(&["testdata/lint/global-assignment/bad.yaml"]), 0);
    assert_eq!(run(&["testdata/lint/undefined-global/good.yaml"]), 0);
    assert_eq!(
        run(&[
            "--deny",
            "global-assignment",
            "testdata/lint/global-assignment/bad.yaml"
        ]),
        1
    );
    assert_eq!(
        run(&[
            "--warn",
            "undefined-global",
            "testdata/lint/undefined-global/bad.yaml"
        ]),
        0
    );
    assert_eq!(run(&["testdata/lint/yaml-syntax/bad.yaml"]), 2);
    assert_eq!(run(&["testdata/lint/no-such-file.yaml"]), 2);
    let (code, out, err) = output(Test::new().args([
        "lint",
        "--allow",
        "undefined-globals",
        "testdata/lint/undefined-global/bad.yaml",
    ]));
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: unknown lint rule `undefined-globals` (did you mean `undefined-global`?)\n"
    );
}

#[test]
fn allow_flag_and_inline_comment() {
    let (code, out, _) = output(Test::new().args([
        "lint",
        "--allow",
        "print-call",
        "testdata/lint/print-call/bad.yaml",
    ]));
    assert_eq!(
        (code, out.as_str()),
        (0, "0 errors, 0 warnings, 0 infos in 1 file\n")
    );
    let text = std::fs::read_to_string(root().join("testdata/lint/undefined-global/bad.yaml"))
        .unwrap()
        .replace("== Running", "== Running -- kinterp:allow undefined-global");
    let out = Test::new()
        .args(["lint", "-o", "json", "-"])
        .stdin(text)
        .output()
        .stdout;
    assert_eq!(
        out,
        "{\"findings\":[],\"summary\":{\"errors\":0,\"warnings\":0,\"infos\":0,\"files\":1}}\n"
    );
}

#[test]
fn formats() {
    let files = [
        "testdata/lint/undefined-global/bad.yaml",
        "testdata/lint/print-call/bad.yaml",
        "testdata/lint/entry-arity/bad.yaml",
    ];
    for format in ["json", "github", "sarif"] {
        assert_cmd_snapshot!(
            format!("format_{format}"),
            Test::new()
                .args(["lint", "-o", format])
                .args(files)
                .command()
        );
    }
    assert_cmd_snapshot!(
        "format_human_recursive",
        Test::new()
            .args(["lint", "--color", "never", "-R", "testdata/inputs/dir"])
            .command()
    );
}

#[test]
fn human_output_is_coloured_on_request() {
    let (_, out, _) = output(Test::new().args([
        "lint",
        "--color",
        "always",
        "testdata/lint/undefined-global/bad.yaml",
    ]));
    assert!(out.starts_with("\u{1b}["), "{out:?}");
    let (_, plain, _) = output(Test::new().args([
        "lint",
        "--color",
        "never",
        "testdata/lint/undefined-global/bad.yaml",
    ]));
    assert!(!plain.contains('\u{1b}'));
}

/// The structure SARIF 2.1.0's schema requires, checked field by field.
#[test]
fn sarif_has_the_required_2_1_0_structure() {
    let (code, out, _) = output(Test::new().args([
        "lint",
        "-o",
        "sarif",
        "testdata/lint/return-shape/bad.yaml",
        "testdata/lint/print-call/bad.yaml",
    ]));
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["version"], "2.1.0");
    assert!(doc["$schema"].as_str().unwrap().contains("sarif-2.1.0"));
    let runs = doc["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let driver = &runs[0]["tool"]["driver"];
    assert_eq!(driver["name"], "kinterp");
    let rules = driver["rules"].as_array().unwrap();
    assert_eq!(rules.len(), RULES.len());
    for (r, meta) in rules.iter().zip(RULES) {
        assert_eq!(r["id"], meta.id.as_str());
        assert!(r["shortDescription"]["text"].is_string());
        let level = r["defaultConfiguration"]["level"].as_str().unwrap();
        assert!(["none", "note", "warning", "error"].contains(&level));
    }
    let results = runs[0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 5);
    for r in results {
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], r["ruleId"]);
        assert!(["none", "note", "warning", "error"].contains(&r["level"].as_str().unwrap()));
        assert!(!r["message"]["text"].as_str().unwrap().is_empty());
        let loc = &r["locations"][0]["physicalLocation"];
        let uri = loc["artifactLocation"]["uri"].as_str().unwrap();
        assert!(uri.starts_with("testdata/lint/"), "{uri}");
        assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        assert!(loc["region"]["startLine"].as_u64().unwrap() >= 1);
        assert!(loc["region"]["startColumn"].as_u64().unwrap() >= 1);
    }
}

/// docs/lint.md is generated from the rule table and the fixtures.
#[test]
fn docs_lint_md_is_current() {
    let mut doc = String::from(DOC_HEAD);
    for rule in RULES {
        let _ = write!(
            doc,
            "\n## `{}`\n\nDefault severity: **{}**. {}\n\n{}\n\nBad (`testdata/lint/{0}/bad.yaml`):\n\n```yaml\n{}```\n\n",
            rule.id,
            rule.severity,
            capitalize(rule.summary),
            rule.docs,
            fixture(rule.id.as_str(), "bad").1,
        );
        let (bad, text) = fixture(rule.id.as_str(), "bad");
        doc.push_str("What kinterp reports:\n\n```text\n");
        for d in lint(&bad, &text) {
            let p = d.location.position.unwrap();
            let _ = writeln!(
                doc,
                "{}:{}: {}[{}]: {}",
                p.line,
                p.column,
                d.severity,
                d.code.unwrap(),
                d.message
            );
        }
        let _ = write!(
            doc,
            "```\n\nGood (`testdata/lint/{}/good.yaml`):\n\n```yaml\n{}```\n",
            rule.id,
            fixture(rule.id.as_str(), "good").1
        );
    }
    let path = root().join("docs/lint.md");
    if std::env::var_os("KINTERP_BLESS").is_some() {
        std::fs::write(&path, &doc).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == doc,
        "docs/lint.md is stale: run `KINTERP_BLESS=1 cargo test --test it lint` and commit it"
    );
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
        + "."
}

const DOC_HEAD: &str = "# `kinterp lint`

<!-- Generated by tests/it/lint.rs from crates/kinterp/src/lint/rules/ and testdata/lint/:
     edit those and run `KINTERP_BLESS=1 cargo test --test it lint`. -->

`kinterp lint PATH... [-R]` reads customization files (the same inputs as
`-f`: files, directories, globs, `-` for standard input) and reports the
bugs Karmada would only show at run time, or never: a misspelt rule key
that the API server silently drops, a health script comparing with an
undefined global, an AggregateStatus script that returns a bare table.

Each finding has a rule id, a severity (error, warning, info), a message
with hints, and a location in the file itself: the YAML line and column,
mapped from the position inside the script (exactly for `|` blocks; for
`>`, quoted and plain scalars, and JSON strings, by decoding the scalar
again), plus the customization and operation.

    kinterp lint ric.yaml                    # human, rustc-style
    kinterp lint -R customizations/ -o json  # {\"findings\": [...], \"summary\": {...}}
    kinterp lint ric.yaml -o sarif           # SARIF 2.1.0 for code scanning
    kinterp lint ric.yaml -o github          # ::error file=...,line=...,col=...::

Exit status: 1 when an error-severity finding is reported, 0 otherwise; 2
for bad usage, an unreadable file, or a file that is not valid YAML.

Severities can be changed per run: `--deny RULE` (error), `--warn RULE`
(warning), `--allow RULE` (not reported). In a script,
`-- kinterp:allow RULE` at the end of a line silences that line; on a line
of its own, the next line of code; `-- kinterp:allow-all RULE` the whole
script.

Syntax errors come from kinterp's Lua VM, which accepts what Karmada's
(gopher-lua) accepts; the other rules read the script's syntax tree
(full_moon, with `goto` and labels). What a script can reach (its globals,
the disabled functions) is read from kinterp's own sandbox, so the linter
and the runtime agree. `docs/ci.md` shows CI set-ups.

`kinterp lint` is separate from `interpret --check`, whose output stays
karmadactl's.

# Rules
";

/// The schema rule types plain scalars with the readers' resolver: `inf`,
/// `nan` and `infinity` are strings for go-yaml v2 (only `.inf`, `.nan`
/// are floats), so a customization named `inf` is clean, as `--check`
/// says; `1.5` and `0x1F` stay numbers.
#[test]
fn schema_types_plain_scalars_as_the_readers_do() {
    let doc = |name: &str, kind: &str| {
        format!(
            "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\n\
             metadata:\n  name: {name}\nspec:\n  target:\n    apiVersion: apps/v1\n    kind: {kind}\n\
             \x20 customizations:\n    healthInterpretation:\n      luaScript: |\n\
             \x20       function InterpretHealth(obj)\n          return true\n        end\n"
        )
    };
    for (name, kind) in [("inf", "nan"), ("Infinity", "NaN"), ("nan", "infinity")] {
        assert_eq!(
            lint("ric.yaml", &doc(name, kind)),
            [],
            "name: {name}, kind: {kind}"
        );
    }
    let found = lint("ric.yaml", &doc("1.5", "0x1F"));
    let messages: Vec<_> = found.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "`metadata.name` must be a string, not a number",
            "`spec.target.kind` must be a string, not a number",
        ]
    );
}

/// A finding on a line of thousands of characters (minified JSON, a deep
/// flow collection) shows a window of the line around the column.
#[test]
fn long_lines_are_shown_as_a_window() {
    let ric = format!(
        "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata: {{name: x}}\nspec:\n  target: {{apiVersion: v1, kind: Foo}}\n  customizations:\n    healthInterpretation:\n      luaScript: |\n        function InterpretHealth(obj) return true end\nx: {}{}\n",
        "[".repeat(3000),
        "]".repeat(3000)
    );
    let out = Test::new()
        .args(["lint", "--color", "never"])
        .file("long.yaml", ric)
        .arg("long.yaml")
        .output();
    assert_eq!(out.status, 1);
    let shown = format!("x: {}...", "[".repeat(117));
    assert_eq!(
        out.stdout,
        format!(
            "error[schema]: unknown field `x` at the top level: the API server drops it\n  --> long.yaml:10:1\n   |\n10 | {shown}\n   | ^\n   = note: customization `x`\n\n1 error, 0 warnings, 0 infos in 1 file\n"
        )
    );
}

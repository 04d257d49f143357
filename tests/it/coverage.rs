//! `kinterp test --coverage`: the table, JSON, the lcov file with the YAML
//! file's line numbers, and `--coverage-min`.

use insta_cmd::assert_cmd_snapshot;
use serde_json::Value;

use crate::builder::Test;
use crate::output;

const CASES: &str = "testdata/cases";
const RIC: &str = "testdata/deployment/ric.yaml";

#[test]
fn table_and_lcov_pin_the_lines_run() {
    let dir = std::env::temp_dir().join(format!("kinterp-cov-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lcov = dir.join("lcov.info");
    assert_cmd_snapshot!(
        "coverage_table",
        Test::new()
            .args(["test", CASES, "-f", RIC, "--coverage", "--coverage-file"])
            .arg(lcov.display().to_string())
            .command()
    );
    let text = std::fs::read_to_string(&lcov).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    insta::assert_snapshot!("coverage_lcov", text);
    // Every DA line of the YAML file is a line of one of its scripts.
    let ric = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(RIC))
        .unwrap();
    let lines: Vec<&str> = ric.lines().collect();
    for da in text.lines().filter_map(|l| l.strip_prefix("DA:")) {
        let n: usize = da.split(',').next().unwrap().parse().unwrap();
        let src = lines[n - 1].trim();
        assert!(
            !src.is_empty()
                && !src.starts_with("--")
                && !src.ends_with(':')
                && !src.contains("luaScript"),
            "DA:{da} is not script code: {src:?}"
        );
    }
    // Retain's `if` ran once; GetReplicas never ran.
    assert!(text.contains("\nDA:16,1\n"), "{text}");
    assert!(text.contains("\nDA:25,0\n"), "{text}");
}

#[test]
fn json_output_carries_coverage() {
    let (code, out, _) =
        output(Test::new().args(["test", CASES, "-f", RIC, "--coverage", "-o", "json"]));
    assert_eq!(code, 0);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (doc["passed"].as_u64(), doc["failed"].as_u64()),
        (Some(6), Some(0))
    );
    let cov = &doc["coverage"];
    assert_eq!(cov["lines"]["covered"], 25);
    assert_eq!(cov["lines"]["total"], 32);
    let rules = cov["rules"].as_array().unwrap();
    let health = rules
        .iter()
        .find(|r| r["operation"] == "InterpretHealth")
        .unwrap();
    assert_eq!(health["calls"], 2);
    let lines: Vec<(u64, u64)> = health["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["line"].as_u64().unwrap(),
                l["scriptLine"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(lines, [(52, 1), (53, 2), (54, 3), (55, 4), (56, 5)]);
}

#[test]
fn coverage_min_fails_below_the_threshold() {
    let (code, out, err) =
        output(Test::new().args(["test", CASES, "-f", RIC, "--coverage-min", "90"]));
    assert_eq!(code, 1);
    assert!(out.ends_with("6 passed, 0 failed\n"), "{out}");
    assert_eq!(err, "error: line coverage 78.1% is below the minimum 90%\n");
    let (code, _, err) =
        output(Test::new().args(["test", CASES, "-f", RIC, "--coverage-min", "75"]));
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn without_coverage_nothing_changes() {
    let (code, out, _) = output(Test::new().args(["test", CASES, "-f", RIC]));
    assert_eq!(code, 0);
    assert!(!out.contains("Coverage"));
    assert!(out.ends_with("6 passed, 0 failed\n"));
}

//! `kinterp test`: passing and failing case files, filters, empty runs and
//! malformed case files.

use insta_cmd::assert_cmd_snapshot;

use crate::builder::Test;
use crate::output;

#[test]
fn own_cases_pass() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "test",
                "testdata/cases",
                "-f",
                "testdata/deployment/ric.yaml"
            ])
            .command()
    );
}

#[test]
fn failures_show_diffs() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "test",
                "testdata/failing",
                "-f",
                "testdata/deployment/ric.yaml",
                "--jobs",
                "1"
            ])
            .command()
    );
}

#[test]
fn filter_and_empty_runs() {
    let (code, out, _) = output(Test::new().args([
        "test",
        "testdata/cases",
        "-f",
        "testdata/deployment/ric.yaml",
        "--filter",
        "fully",
    ]));
    assert_eq!(code, 0);
    assert!(out.ends_with("1 passed, 0 failed, 5 skipped\n"), "{out}");
    let (code, out, _) = output(Test::new().args([
        "test",
        "testdata/cases",
        "-f",
        "testdata/deployment/ric.yaml",
        "--filter",
        "zzz",
        "--fail-on-empty",
    ]));
    assert_eq!((code, out.as_str()), (1, "0 passed, 0 failed, 6 skipped\n"));
}

#[test]
fn results_do_not_depend_on_jobs() {
    let one = output(Test::new().args([
        "test",
        "testdata/cases",
        "testdata/failing",
        "-f",
        "testdata/deployment/ric.yaml",
        "--jobs",
        "1",
    ]));
    let two = output(Test::new().args([
        "test",
        "testdata/cases",
        "testdata/failing",
        "-f",
        "testdata/deployment/ric.yaml",
        "--jobs",
        "2",
    ]));
    assert_eq!(one, two);
}

#[test]
fn junit_report_parses_with_counts() {
    let mut test = Test::new();
    let path = test.path("report.xml");
    let cases = crate::root().join("testdata/cases").display().to_string();
    let failing = crate::root().join("testdata/failing").display().to_string();
    let ric = crate::root()
        .join("testdata/deployment/ric.yaml")
        .display()
        .to_string();
    let test = test
        .args(["test", &cases, &failing, "-f", &ric, "--junit", &path])
        .status(1);
    test.run();
    let xml = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), 9);
    let failures: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .collect();
    assert_eq!(failures.len(), 2);
    let suite = doc
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    assert_eq!(
        (suite.attribute("tests"), suite.attribute("failures")),
        (Some("9"), Some("2"))
    );
    assert!(
        failures[0]
            .text()
            .unwrap()
            .contains("-  replicas: 5\n+  replicas: 4")
    );
    assert_eq!(
        cases[0].attribute("name"),
        Some("Retain: member pause is retained")
    );
}

#[test]
fn runs_do_not_leak_into_each_other() {
    for jobs in ["1", "2"] {
        let (code, out, _) = output(Test::new().args([
            "test",
            "testdata/isolation/cases",
            "-f",
            "testdata/isolation/ric.yaml",
            "--jobs",
            jobs,
        ]));
        assert_eq!(
            (code, out.lines().last()),
            (0, Some("3 passed, 0 failed")),
            "{out}"
        );
    }
}

#[test]
fn failing_scripts_point_into_the_customization_file() {
    let ric = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: health}
spec:
  target: {apiVersion: apps/v1, kind: Deployment}
  customizations:
    healthInterpretation:
      luaScript: |
        function InterpretHealth(obj)
          error('no status')
        end
";
    let case = "name: fails
operation: InterpretHealth
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}}
output:
  healthy: true
";
    Test::new()
        .file("ric.yaml", ric)
        .file("cases.yaml", case)
        .args(["test", "cases.yaml", "-f", "ric.yaml"])
        .stdout(
            "FAIL cases.yaml: InterpretHealth: fails
Execute InterpretHealth error: <string>:2: no status
stack traceback:
\t[G]: in function 'error'
\t<string>:2: in main chunk
\t[G]: ?
  --> ric.yaml:10:11 (customization health, rule healthInterpretation), script line 2
   |
  2 |   error('no status')
0 passed, 1 failed
",
        )
        .status(1)
        .run();
}

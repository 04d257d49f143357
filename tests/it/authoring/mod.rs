//! The authoring loop: bad cases failing alone, Karmada's layouts, saving
//! a run as a case, `--update`, `--compare`, `--builtins` and `--trace`.

use crate::builder::Test;

mod compare;
mod save;
mod trace;
mod update;

/// A health rule of our own: healthy when `status.ready` is true.
pub const HEALTH_RIC: &str = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: health}
spec:
  target: {apiVersion: apps/v1, kind: Deployment}
  customizations:
    healthInterpretation:
      luaScript: |
        function InterpretHealth(obj)
          return obj.status.ready == true
        end
";

const MIXED_CASES: &str = "name: ready
operation: InterpretHealth
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, status: {ready: true}}
output:
  healthy: true
---
name: typo in a field
operation: InterpretHealth
observed: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}}
output:
  healthy: false
---
name: typo in the operation
operation: Retian
output: {}
---
name: not ready
operation: InterpretHealth
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, status: {ready: false}}
output:
  healthy: false
";

const MIXED_REPORT: &str = "PASS cases.yaml: InterpretHealth: ready
FAIL cases.yaml: InterpretHealth: typo in a field
error: cases.yaml: case 2: unknown field \"observed\"

  tip: did you mean \"observedObj\"?
FAIL cases.yaml: Retian: typo in the operation
error: cases.yaml: case 3: unknown operation \"Retian\"

  tip: did you mean \"Retain\"?
PASS cases.yaml: InterpretHealth: not ready
2 passed, 2 failed
";

#[test]
fn bad_cases_fail_alone_and_name_the_field_meant() {
    Test::new()
        .file("ric.yaml", HEALTH_RIC)
        .file("cases.yaml", MIXED_CASES)
        .args(["test", "cases.yaml", "-f", "ric.yaml"])
        .stdout(MIXED_REPORT)
        .stderr("")
        .status(1)
        .run();
}

#[test]
fn an_undecodable_case_file_is_an_error_of_its_own() {
    Test::new()
        .file("ric.yaml", HEALTH_RIC)
        .file("cases.yaml", MIXED_CASES)
        .file("broken.yaml", "name: broken\noperation: [\n")
        .args(["test", "broken.yaml", "cases.yaml", "-f", "ric.yaml"])
        .stdout(MIXED_REPORT)
        .stderr("error: broken.yaml:3:1: invalid YAML: did not find expected node content\n")
        .status(2)
        .run();
}

#[test]
fn karmada_layouts_run_against_the_customizations_beside_them() {
    Test::new()
        .args(["test", "testdata/layout"])
        .stdout(
            "PASS testdata/layout/example.io/v1/Gadget/customizations_tests.yaml: InterpretHealth: tests[0] testdata/observed-gadget.yaml
PASS testdata/layout/example.io/v1/Gadget/customizations_tests.yaml: AggregateStatus: tests[1] testdata/desired-gadget.yaml
PASS testdata/layout/example.io/v1/Gadget/customizations_tests.yaml: ReviseReplica: tests[2] /testdata/desired-gadget.yaml
PASS testdata/layout/example.io/v1/Widget/testdata/interprethealth-test.yaml: InterpretHealth: enough widgets are ready
PASS testdata/layout/example.io/v1/Widget/testdata/interprethealth-test.yaml: InterpretHealth: too few widgets are ready
PASS testdata/layout/example.io/v1/Widget/testdata/interpretreplica-test.yaml: InterpretReplica: size is the replica count
6 passed, 0 failed
",
        )
        .run();
}

/// Copies `testdata/layout` into the test's directory, with `edit`
/// applied to the text of each file.
fn layout_copy(mut test: Test, edit: impl Fn(&str, String) -> String) -> Test {
    let root = crate::root().join("testdata/layout");
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(&root).unwrap().display().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            test = test.file(&format!("layout/{rel}"), edit(&rel, text));
        }
    }
    test
}

#[test]
fn the_scripts_beside_the_cases_are_the_ones_that_run() {
    // Breaking the Widget's health rule fails its health cases alone.
    let test = layout_copy(Test::new(), |rel, text| {
        if rel == "example.io/v1/Widget/customizations.yaml" {
            text.replace("return ready >= wanted", "return true")
        } else {
            text
        }
    });
    let out = test.args(["test", "layout"]).status(1).run();
    let verdicts: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("PASS") || l.starts_with("FAIL"))
        .map(|l| &l[..4])
        .collect();
    assert_eq!(verdicts, ["PASS", "PASS", "PASS", "PASS", "FAIL", "PASS"]);
    assert!(
        out.stdout.ends_with("5 passed, 1 failed\n"),
        "{}",
        out.stdout
    );
    // An old-format entry fails when its operation fails.
    let test = layout_copy(Test::new(), |rel, text| {
        if rel == "example.io/v1/Gadget/customizations.yaml" {
            text.replace(
                "return gadget.status.phase == 'Running'",
                "error('no phase')",
            )
        } else {
            text
        }
    });
    let out = test.args(["test", "layout"]).status(1).run();
    assert!(
        out.stdout.starts_with(
            "FAIL layout/example.io/v1/Gadget/customizations_tests.yaml: InterpretHealth: tests[0] testdata/observed-gadget.yaml\nExecute InterpretHealth error: <string>:2: no phase\n"
        ),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.ends_with("5 passed, 1 failed\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn old_format_entries_with_bad_fields_fail_alone() {
    let test = layout_copy(Test::new(), |rel, text| {
        if rel == "example.io/v1/Gadget/customizations_tests.yaml" {
            text.replace("operation: ReviseReplica", "operation: RevisReplica")
                .replace("statusInputPath", "statusPath")
        } else {
            text
        }
    });
    let out = test
        .args(["test", "layout/example.io/v1/Gadget"])
        .status(1)
        .run();
    assert_eq!(
        out.stdout,
        "PASS layout/example.io/v1/Gadget/customizations_tests.yaml: InterpretHealth: tests[0] testdata/observed-gadget.yaml
FAIL layout/example.io/v1/Gadget/customizations_tests.yaml: AggregateStatus: tests[1]
error: layout/example.io/v1/Gadget/customizations_tests.yaml: tests[1]: unknown field \"statusPath\"

  tip: did you mean \"statusInputPath\"?
FAIL layout/example.io/v1/Gadget/customizations_tests.yaml: RevisReplica: tests[2]
error: layout/example.io/v1/Gadget/customizations_tests.yaml: tests[2]: unknown operation \"RevisReplica\"

  tip: did you mean 'ReviseReplica'?
1 passed, 2 failed
"
    );
}

#[test]
fn a_mistyped_result_name_gets_a_suggestion() {
    Test::new()
        .file("ric.yaml", HEALTH_RIC)
        .file(
            "cases.yaml",
            "name: typo in output
operation: InterpretHealth
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, status: {ready: true}}
output:
  healty: true
",
        )
        .args(["test", "cases.yaml", "-f", "ric.yaml"])
        .stdout(
            "FAIL cases.yaml: InterpretHealth: typo in output
result \"healty\" is not produced by InterpretHealth (it gives: healthy)

  tip: did you mean \"healthy\"?
0 passed, 1 failed
",
        )
        .status(1)
        .run();
}

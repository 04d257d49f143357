//! `interpret --save-case`: a run becomes a case that passes.

use super::*;
use crate::builder::Test;

const READY_DEPLOYMENT: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
status:
  ready: true
";

#[test]
fn a_saved_run_is_a_case_that_passes() {
    let mut test = Test::new()
        .file("ric.yaml", HEALTH_RIC)
        .file("obs.yaml", READY_DEPLOYMENT);
    let run = |test: &Test, extra: &[&str]| {
        let mut args = vec![
            "interpret",
            "-f",
            "ric.yaml",
            "--operation",
            "interprethealth",
            "--observed-file",
            "obs.yaml",
            "--save-case",
            "cases/saved.yaml",
        ];
        args.extend(extra);
        let mut cmd = test.command();
        cmd.args(args);
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{out:?}");
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    std::fs::create_dir_all(test.path("cases")).unwrap();
    let (stdout, stderr) = run(&test, &[]);
    assert_eq!(stdout, "---\n# [1/1] healthy:\ntrue\n");
    assert_eq!(
        stderr,
        "saved case \"InterpretHealth Deployment/web\" to cases/saved.yaml\n"
    );
    run(&test, &["--case-name", "second"]);
    let saved = std::fs::read_to_string(test.path("cases/saved.yaml")).unwrap();
    let case = "operation: InterpretHealth
observedObj:
  apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web
  status:
    ready: true
output:
  healthy: true
";
    assert_eq!(
        saved,
        format!("name: InterpretHealth Deployment/web\n{case}---\nname: second\n{case}")
    );
    test.args(["test", "cases/saved.yaml", "-f", "ric.yaml"])
        .stdout(
            "PASS cases/saved.yaml: InterpretHealth: InterpretHealth Deployment/web
PASS cases/saved.yaml: InterpretHealth: second
2 passed, 0 failed
",
        )
        .run();
}

#[test]
fn a_failed_run_saves_nothing_and_says_so() {
    let ric = HEALTH_RIC.replace("return obj.status.ready == true", "error('no status')");
    let out = Test::new()
        .file("ric.yaml", ric)
        .file("obs.yaml", READY_DEPLOYMENT)
        .args([
            "interpret",
            "-f",
            "ric.yaml",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            "obs.yaml",
            "--save-case",
            "saved.yaml",
        ])
        .stdout("")
        .status(1);
    let result = out.run();
    assert!(
        result
            .stderr
            .ends_with("\n\n  tip: the run failed: nothing was saved to saved.yaml\n"),
        "{}",
        result.stderr
    );
    let mut out = out;
    assert!(!std::path::Path::new(&out.path("saved.yaml")).exists());
}

#[test]
fn saved_runs_of_every_input_shape_pass_with_the_builtins() {
    let mut test = Test::new();
    let file = test.path("saved.yaml");
    let data = |f: &str| {
        crate::root()
            .join("testdata/deployment")
            .join(f)
            .display()
            .to_string()
    };
    let runs: [&[&str]; 5] = [
        &[
            "Retain",
            "--desired-file",
            &data("desired.yaml"),
            "--observed-file",
            &data("observed.yaml"),
        ],
        &[
            "AggregateStatus",
            "--desired-file",
            &data("desired.yaml"),
            "--status-file",
            &data("status.yaml"),
        ],
        &[
            "ReviseReplica",
            "--desired-file",
            &data("desired.yaml"),
            "--desired-replica",
            "5",
        ],
        &["InterpretReplica", "--desired-file", &data("desired.yaml")],
        &[
            "InterpretDependency",
            "--desired-file",
            &data("desired.yaml"),
        ],
    ];
    for run in runs {
        let mut cmd = test.command();
        cmd.args(["interpret", "--save-case", &file, "--operation"])
            .args(run);
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{run:?}: {out:?}");
    }
    let saved = std::fs::read_to_string(&file).unwrap();
    assert_eq!(saved.matches("\n---\n").count(), 4, "{saved}");
    assert!(saved.contains("\ninputReplicas: 5\n"), "{saved}");
    assert!(
        saved.contains("\nstatusItems:\n  - applied: true\n"),
        "{saved}"
    );
    let out = test.args(["test", &file]).run();
    assert!(
        out.stdout.ends_with("5 passed, 0 failed\n"),
        "{}",
        out.stdout
    );
}

//! `kinterp interpret` on the shipped examples: karmadactl's exact output
//! for every operation, JSON, diffs, print routing and failing scripts.

use std::time::{Duration, Instant};

use insta_cmd::assert_cmd_snapshot;

use crate::builder::Test;
use crate::output;

const DEPLOY: &str = "testdata/deployment/ric.yaml";
const DESIRED: &str = "testdata/deployment/desired.yaml";
const OBSERVED: &str = "testdata/deployment/observed.yaml";
const GUESTBOOK: &str = "testdata/guestbook/ric.yaml";
const GUESTBOOK_OBJ: &str = "testdata/guestbook/guestbook.json";
const NIGHTLY: &str = "testdata/cronworkflow/ric.yaml";
const BAD: &str = "testdata/inputs/bad-scripts.yaml";
const WIDGET: &str = "testdata/inputs/widget.yaml";

#[test]
fn deployment_retain() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "-f",
                DEPLOY,
                "--operation",
                "Retain",
                "--desired-file",
                DESIRED,
                "--observed-file",
                OBSERVED
            ])
            .command()
    );
}

#[test]
fn deployment_interpret_replica() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "-f",
                DEPLOY,
                "--operation",
                "InterpretReplica",
                "--desired-file",
                DESIRED
            ])
            .command()
    );
}

#[test]
fn deployment_revise_replica() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "-f",
                DEPLOY,
                "--operation",
                "revisereplica",
                "--desired-file",
                DESIRED,
                "--desired-replica",
                "5"
            ])
            .command()
    );
}

#[test]
fn deployment_aggregate_status() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "-f",
                DEPLOY,
                "--operation",
                "AggregateStatus",
                "--desired-file",
                DESIRED,
                "--status-file",
                "testdata/deployment/status.yaml"
            ])
            .command()
    );
}

#[test]
fn deployment_health_and_dependencies() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "-f",
                DEPLOY,
                "--operation",
                "InterpretHealth",
                "--observed-file",
                OBSERVED
            ])
            .command()
    );
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "-f",
                DEPLOY,
                "--operation",
                "InterpretDependency",
                "--desired-file",
                DESIRED
            ])
            .command()
    );
}

#[test]
fn guestbook_every_rule() {
    for op in [
        "InterpretReplica",
        "InterpretComponent",
        "InterpretStatus",
        "InterpretHealth",
        "InterpretDependency",
    ] {
        let test = Test::new().args([
            "interpret",
            "-f",
            GUESTBOOK,
            "--operation",
            op,
            "--desired-file",
            GUESTBOOK_OBJ,
        ]);
        insta::with_settings!({snapshot_suffix => op}, {
            assert_cmd_snapshot!(test.command());
        });
    }
}

#[test]
fn nightly_job_every_rule() {
    let d = "testdata/cronworkflow/desired.yaml";
    let o = "testdata/cronworkflow/observed.yaml";
    assert_cmd_snapshot!(
        "nightly_retain",
        Test::new()
            .args([
                "interpret",
                "-f",
                NIGHTLY,
                "--operation",
                "Retain",
                "--desired-file",
                d,
                "--observed-file",
                o
            ])
            .command()
    );
    assert_cmd_snapshot!(
        "nightly_status",
        Test::new()
            .args([
                "interpret",
                "-f",
                NIGHTLY,
                "--operation",
                "InterpretStatus",
                "--observed-file",
                o
            ])
            .command()
    );
    assert_cmd_snapshot!(
        "nightly_aggregate",
        Test::new()
            .args([
                "interpret",
                "-f",
                NIGHTLY,
                "--operation",
                "AggregateStatus",
                "--desired-file",
                d,
                "--status-file",
                "testdata/cronworkflow/status.json"
            ])
            .command()
    );
    assert_cmd_snapshot!(
        "nightly_health",
        Test::new()
            .args([
                "interpret",
                "-f",
                NIGHTLY,
                "--operation",
                "InterpretHealth",
                "--observed-file",
                o
            ])
            .command()
    );
}

#[test]
fn json_output_is_one_line() {
    let (code, out, _) = output(Test::new().args([
        "interpret",
        "-f",
        GUESTBOOK,
        "--operation",
        "InterpretComponent",
        "--desired-file",
        GUESTBOOK_OBJ,
        "-o",
        "json",
    ]));
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["components"][0]["name"], "frontend");
    assert_eq!(v["components"][0]["replicas"], 4);
    assert_eq!(
        v["components"][1],
        serde_json::json!({"name": "redis", "replicas": 2})
    );
}

#[test]
fn diff_of_revise_and_no_changes() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "-f",
                DEPLOY,
                "--operation",
                "ReviseReplica",
                "--desired-file",
                DESIRED,
                "--desired-replica",
                "5",
                "--diff"
            ])
            .command()
    );
    let (code, out, _) = output(Test::new().args([
        "interpret",
        "-f",
        DEPLOY,
        "--operation",
        "ReviseReplica",
        "--desired-file",
        DESIRED,
        "--desired-replica",
        "3",
        "--diff",
    ]));
    assert_eq!((code, out.as_str()), (0, "no changes\n"));
}

#[test]
fn print_goes_to_stderr_or_stdout() {
    let (code, out, err) = output(Test::new().args([
        "interpret",
        "-f",
        "testdata/inputs/dir",
        "--operation",
        "InterpretHealth",
        "--observed-file",
        WIDGET,
        "-o",
        "json",
    ]));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "{\"healthy\":true}\n", "checking\tgizmo\t2.5\n")
    );
    let (code, out, err) = output(Test::new().args([
        "interpret",
        "-f",
        "testdata/inputs/dir",
        "--operation",
        "InterpretHealth",
        "--observed-file",
        WIDGET,
        "--print-to-stdout",
    ]));
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.starts_with("checking\tgizmo\t2.5\n---\n# [1/1] healthy:\n"),
        "{out}"
    );
}

#[test]
fn failing_scripts_exit_1_with_karmadas_text() {
    let (code, out, err) = output(Test::new().args([
        "interpret",
        "-f",
        "testdata/inputs/dir",
        "--operation",
        "InterpretReplica",
        "-R",
        "--desired-file",
        "testdata/deployment/desired.yaml",
    ]));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            1,
            "",
            "Execute InterpretReplica error: rule is not enabled\n\n  tip: the object is apps/v1 Deployment, and no customization loaded targets it (loaded: example.io/v1 Widget); --with-builtins falls back to the built-in interpreters\n"
        )
    );
    let (code, _, err) = output(Test::new().args([
        "interpret",
        "-f",
        BAD,
        "--operation",
        "InterpretHealth",
        "--observed-file",
        WIDGET,
    ]));
    assert_eq!(
        (code, err.as_str()),
        (
            1,
            "Execute InterpretHealth error: not found function InterpretHealth\n"
        )
    );
    assert_cmd_snapshot!(
        "retain_syntax_error",
        Test::new()
            .args([
                "interpret",
                "-f",
                BAD,
                "--operation",
                "Retain",
                "--desired-file",
                WIDGET,
                "--observed-file",
                WIDGET
            ])
            .command()
    );
    assert_cmd_snapshot!(
        "goto_message",
        Test::new()
            .args([
                "interpret",
                "-f",
                BAD,
                "--operation",
                "InterpretStatus",
                "--observed-file",
                WIDGET
            ])
            .command()
    );
}

#[test]
fn infinite_loop_ends_after_about_a_second() {
    let _serial = crate::timing_lock();
    let start = Instant::now();
    let (code, _, err) = output(Test::new().args([
        "interpret",
        "-f",
        BAD,
        "--operation",
        "InterpretReplica",
        "--desired-file",
        WIDGET,
    ]));
    let took = start.elapsed();
    assert_eq!(code, 1);
    assert_eq!(
        err.lines().next(),
        Some("Execute InterpretReplica error: <string>:2: context deadline exceeded")
    );
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_millis(2500),
        "{took:?}"
    );
    let start = Instant::now();
    let (code, _, _) = output(Test::new().args([
        "--timeout",
        "200ms",
        "interpret",
        "-f",
        BAD,
        "--operation",
        "InterpretReplica",
        "--desired-file",
        WIDGET,
    ]));
    assert_eq!(code, 1);
    assert!(start.elapsed() < Duration::from_millis(900));
}

#[test]
fn memory_bombs_fail_cleanly() {
    let _serial = crate::timing_lock();
    for op in ["AggregateStatus", "ReviseReplica"] {
        let start = Instant::now();
        let (code, out, err) = output(Test::new().args([
            "--lua-memory-limit",
            "32",
            "interpret",
            "-f",
            BAD,
            "--operation",
            op,
            "--desired-file",
            WIDGET,
            "--desired-replica",
            "2",
        ]));
        assert_eq!((code, out.as_str()), (1, ""), "{op}: {err}");
        assert!(err.starts_with(&format!("Execute {op} error: ")), "{err}");
        assert!(err.contains("not enough memory"), "{err}");
        assert!(start.elapsed() < Duration::from_secs(2));
    }
}

#[test]
fn pod_requirements_through_get_replicas() {
    for name in ["node-selector", "multi-container", "init-larger"] {
        let file = format!("testdata/requirements/{name}.yaml");
        let test = Test::new().args([
            "interpret",
            "-f",
            "testdata/requirements/ric.yaml",
            "--operation",
            "InterpretReplica",
            "--desired-file",
            &file,
        ]);
        insta::with_settings!({snapshot_suffix => name}, {
            assert_cmd_snapshot!(test.command());
        });
    }
}

#[test]
fn coloured_diff_only_when_asked() {
    let args = [
        "interpret",
        "-f",
        DEPLOY,
        "--operation",
        "Retain",
        "--desired-file",
        DESIRED,
        "--observed-file",
        OBSERVED,
        "--diff",
    ];
    assert_cmd_snapshot!(
        "diff_colour_always",
        Test::new().args(["--color", "always"]).args(args).command()
    );
    // Not a terminal: auto means no colour; NO_COLOR changes nothing here either.
    let (_, plain, _) = output(Test::new().args(args));
    assert!(!plain.contains('\u{1b}'));
    let (_, never, _) = output(
        Test::new()
            .args(["--color", "never"])
            .args(args)
            .env("NO_COLOR", "1"),
    );
    assert_eq!(plain, never);
}

/// A status file above the large-input threshold (which prepares a
/// huge-page heap first) gives the same sums as the items one by one.
#[test]
fn large_status_file_is_summed_exactly() {
    let n = 12_000;
    let items: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"clusterName":"member{i}","applied":true,"health":"Healthy","status":{{"replicas":{},"readyReplicas":1,"updatedReplicas":2,"availableReplicas":{}}}}}"#,
                i % 3,
                i % 2
            )
        })
        .collect();
    let text = format!("[{}]", items.join(",\n"));
    assert!(text.len() as u64 > kinterp_cli::heap::LARGE_INPUT);
    let root = |p: &str| crate::root().join(p).display().to_string();
    let stdout = Test::new()
        .file("status.json", text)
        .args([
            "interpret",
            "-f",
            &root(DEPLOY),
            "--operation",
            "AggregateStatus",
        ])
        .args([
            "--desired-file",
            &root(DESIRED),
            "--status-file",
            "status.json",
        ])
        .args(["-o", "json"])
        .run()
        .stdout;
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let status = &v["aggregatedStatus"]["status"];
    let sum = |f: fn(u64) -> u64| (0..n as u64).map(f).sum::<u64>();
    assert_eq!(status["replicas"], sum(|i| i % 3), "{status}");
    assert_eq!(status["readyReplicas"], n, "{status}");
    assert_eq!(status["updatedReplicas"], 2 * n, "{status}");
    assert_eq!(status["availableReplicas"], sum(|i| i % 2), "{status}");
}

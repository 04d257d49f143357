//! The built-in interpreters through the CLI (no -f): Deployment, Job,
//! Service and Ingress in YAML and JSON, and the `builtins` listing.

use insta_cmd::assert_cmd_snapshot;

use crate::builder::Test;

/// (object file, operation, object flag, extra arguments)
const RUNS: &[(&str, &str, &str, &[&str])] = &[
    ("deployment", "InterpretReplica", "--desired-file", &[]),
    (
        "deployment",
        "ReviseReplica",
        "--desired-file",
        &["--desired-replica", "5"],
    ),
    ("deployment", "InterpretStatus", "--observed-file", &[]),
    ("deployment", "InterpretHealth", "--observed-file", &[]),
    ("deployment", "InterpretDependency", "--desired-file", &[]),
    ("job", "InterpretReplica", "--desired-file", &[]),
    (
        "job",
        "AggregateStatus",
        "--desired-file",
        &["--status-file", "testdata/native/job-status.yaml"],
    ),
    ("job", "InterpretDependency", "--desired-file", &[]),
    (
        "service",
        "AggregateStatus",
        "--desired-file",
        &["--status-file", "testdata/native/service-status.yaml"],
    ),
    ("service", "InterpretStatus", "--observed-file", &[]),
    ("service", "InterpretHealth", "--observed-file", &[]),
    ("ingress", "InterpretStatus", "--observed-file", &[]),
    ("ingress", "InterpretHealth", "--observed-file", &[]),
    ("ingress", "InterpretDependency", "--desired-file", &[]),
];

#[test]
fn native_kinds_in_yaml_and_json() {
    for (file, op, flag, extra) in RUNS {
        for format in ["yaml", "json"] {
            let path = format!("testdata/native/{file}.yaml");
            let test = Test::new()
                .args(["interpret", "--operation", op, flag, &path, "-o", format])
                .args(*extra);
            insta::with_settings!({snapshot_suffix => format!("{file}-{op}-{format}")}, {
                assert_cmd_snapshot!(test.command());
            });
        }
    }
}

#[test]
fn unsupported_kind_errors() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "--operation",
                "Retain",
                "--desired-file",
                "testdata/native/ingress.yaml",
                "--observed-file",
                "testdata/native/ingress.yaml"
            ])
            .command()
    );
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "--operation",
                "InterpretComponent",
                "--desired-file",
                "testdata/native/job.yaml"
            ])
            .command()
    );
}

#[test]
fn builtins_listing() {
    assert_cmd_snapshot!(Test::new().arg("builtins").command());
    assert_cmd_snapshot!(
        Test::new()
            .args(["builtins", "--kind", "apps/v1/Deployment", "-o", "json"])
            .command()
    );
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "builtins",
                "--operation",
                "interpretcomponent",
                "--kind",
                "RayJob"
            ])
            .command()
    );
}

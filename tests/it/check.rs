//! `--check`: karmadactl's table, its JSON form, lint warnings and exit codes.

use insta_cmd::assert_cmd_snapshot;

use crate::builder::Test;
use crate::output;

#[test]
fn clean_customization_passes() {
    assert_cmd_snapshot!(
        Test::new()
            .args(["interpret", "-f", "testdata/deployment/ric.yaml", "--check"])
            .command()
    );
}

#[test]
fn problems_are_reported_in_input_order() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "-f",
                "testdata/inputs/bad-scripts.yaml",
                "-f",
                "testdata/inputs/deployment.yaml",
                "-f",
                "testdata/guestbook/ric.yaml",
                "--check"
            ])
            .command()
    );
}

#[test]
fn json_form() {
    assert_cmd_snapshot!(
        Test::new()
            .args([
                "interpret",
                "-f",
                "testdata/inputs/bad-scripts.yaml",
                "--check",
                "-o",
                "json"
            ])
            .command()
    );
}

#[test]
fn strict_turns_warnings_into_failures() {
    Test::new()
        .args([
            "interpret",
            "-f",
            "testdata/inputs/multi/two.yaml",
            "--check",
        ])
        .stderr("")
        .run();
    Test::new()
        .args([
            "interpret",
            "-f",
            "testdata/inputs/dir/health.yaml",
            "--check",
            "--strict",
        ])
        .run();
    let typo = "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata: {name: typo}\nspec:\n  target: {apiVersion: v1, kind: Pod}\n  customizations:\n    retention:\n      luaScript: |\n        function retain(d, o) return d end\n";
    Test::new()
        .file("typo.yaml", typo)
        .args(["interpret", "-f", "typo.yaml", "--check"])
        .stderr("warning: typo: Retain: the script does not define the global function Retain (it defines retain; did you mean Retain?)\n")
        .run();
    Test::new()
        .file("typo.yaml", typo)
        .args(["interpret", "-f", "typo.yaml", "--check", "--strict"])
        .status(1)
        .run();
}

#[test]
fn results_do_not_depend_on_jobs() {
    // Many files per thread, so that each thread's Lua state is reset and
    // reused between files.
    let run = |jobs: &str, format: &str| {
        output(Test::new().args([
            "interpret",
            "-f",
            "crates/kinterp/src/thirdparty",
            "-R",
            "-f",
            "testdata/inputs/bad-scripts.yaml",
            "-f",
            "testdata/deployment/ric.yaml",
            "-f",
            "testdata/guestbook/ric.yaml",
            "--check",
            "-o",
            format,
            "--jobs",
            jobs,
        ]))
    };
    for format in ["table", "json"] {
        let one = run("1", format);
        assert!(
            one.1.contains("kinterp-kyverno.io-clusterpolicy"),
            "{}",
            one.1
        );
        assert_eq!(one, run("2", format), "{format}");
        assert_eq!(one, run("3", format), "{format}");
    }
}

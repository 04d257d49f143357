//! The bundled third-party customizations: each is an ordinary RIC that
//! passes `--check`, each kind's own cases under testdata/ pass, and each
//! fails where Karmada's script for the kind fails.

use kinterp::ops::Operation;
use kinterp::thirdparty::{BUNDLED, customizations_for};

use crate::builder::Test;
use crate::output;

#[test]
fn bundled_files_pass_check() {
    let (code, out, err) = output(Test::new().args([
        "interpret",
        "-f",
        "crates/kinterp/src/thirdparty",
        "-R",
        "--check",
        "--strict",
    ]));
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(!out.contains("ERROR"), "{out}");
}

#[test]
fn every_bundled_operation_has_own_cases() {
    for b in BUNDLED {
        let set = customizations_for(b.api_version, b.kind).expect("bundled set");
        let dir = format!("testdata/thirdparty/{}/{}", b.api_version, b.kind);
        let cases =
            kinterp::testrun::load_cases(&[format!("{}/{dir}", env!("CARGO_MANIFEST_DIR"))])
                .unwrap_or_else(|e| panic!("{dir}: {e}"));
        for op in Operation::ALL {
            if set.enabled(op, b.api_version, b.kind) {
                assert!(
                    cases.iter().any(|c| c.operation == op),
                    "{dir}: no own case for {op}"
                );
            }
        }
    }
}

#[test]
fn own_bundled_cases_pass_with_the_builtins() {
    let (code, out, _) =
        output(Test::new().args(["test", "testdata/thirdparty", "--fail-on-empty"]));
    assert_eq!(code, 0, "{out}");
    assert!(
        out.lines().last().is_some_and(|l| l.ends_with(" 0 failed")),
        "{out}"
    );
}

/// `testdata/thirdparty-errors/` holds inputs on which Karmada's own script
/// for a bundled kind raises a Lua error (its cases have no `output`). The
/// bundled script must fail on each of them too, rather than answer.
#[test]
fn bundled_scripts_fail_where_karmadas_fail() {
    let (code, out, _) = output(Test::new().args([
        "test",
        "testdata/thirdparty-errors",
        "--fail-on-empty",
        "--color",
        "never",
    ]));
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let failed = lines.iter().filter(|l| l.starts_with("FAIL ")).count();
    assert!(failed > 0, "{out}");
    assert_eq!(
        lines.last().copied(),
        Some(format!("0 passed, {failed} failed").as_str()),
        "{out}"
    );
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("FAIL ") {
            let next = lines.get(i + 1).copied().unwrap_or_default();
            assert!(
                next.starts_with("Execute ") && next.contains(" error: "),
                "{line} should fail with a script error, not: {next}"
            );
        }
    }
}

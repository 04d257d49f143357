//! The bundled third-party customizations: each is an ordinary RIC that
//! passes `--check`, and each kind's own cases under testdata/ pass.

use kinterp::ops::Operation;
use kinterp::thirdparty::{BUNDLED, customizations_for};

use crate::{kinterp, output};

#[test]
fn bundled_files_pass_check() {
    let (code, out, err) = output(kinterp().args(["interpret", "-f", "src/thirdparty", "-R", "--check", "--strict"]));
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(!out.contains("ERROR"), "{out}");
}

#[test]
fn every_bundled_operation_has_own_cases() {
    for b in BUNDLED {
        let set = customizations_for(b.api_version, b.kind).expect("bundled set");
        let dir = format!("testdata/thirdparty/{}/{}", b.api_version, b.kind);
        let cases = kinterp::testrun::load_cases(&[format!("{}/{dir}", env!("CARGO_MANIFEST_DIR"))])
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
    let (code, out, _) = output(kinterp().args(["test", "testdata/thirdparty", "--fail-on-empty"]));
    assert_eq!(code, 0, "{out}");
    assert!(out.lines().last().is_some_and(|l| l.ends_with(" 0 failed")), "{out}");
}

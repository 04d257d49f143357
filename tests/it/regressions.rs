//! Replays the crash inputs fuzzing found (tests/it/regressions/TARGET/*)
//! through the fuzz targets' own code, and checks what users see for them.

use std::path::Path;

use crate::builder::Test;
use crate::fuzz_harness;

/// Runs every kept input of `target` through `run`; returns how many.
fn replay(target: &str, run: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/regressions")
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return 0;
    };
    let mut n = 0;
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let data = std::fs::read(&path).expect("a readable input");
        // Deep inputs need the stack the engine's deep work gets.
        kinterp::deep::with_stack(|| run(&data));
        n += 1;
    }
    n
}

#[test]
fn kept_inputs_replay_without_crashing() {
    let total = replay("parse_input", fuzz_harness::parse_input)
        + replay("lua_roundtrip", fuzz_harness::lua_roundtrip)
        + replay("quantity", fuzz_harness::quantity)
        + replay("interpret_object", fuzz_harness::interpret_object)
        + replay("interpret_script", fuzz_harness::interpret_script)
        + replay("lint", fuzz_harness::lint)
        + replay("lsp_frames", fuzz_harness::lsp_frames);
    assert!(total > 0, "no regression inputs found");
}

#[test]
fn deeply_nested_result_is_a_script_error() {
    // Once a stack overflow that aborted the process (exit 134).
    let script = std::fs::read_to_string(
        crate::root().join("tests/it/regressions/interpret_script/deep-table-chain"),
    )
    .unwrap();
    let indented: String = script[1..]
        .lines()
        .map(|l| format!("        {l}\n"))
        .collect();
    let desired = crate::root().join("testdata/deployment/desired.yaml");
    let observed = crate::root().join("testdata/deployment/observed.yaml");
    let out = Test::new()
        .file(
            "ric.yaml",
            format!(
                "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata:\n  name: deep\nspec:\n  target:\n    apiVersion: apps/v1\n    kind: Deployment\n  customizations:\n    retention:\n      luaScript: |\n{indented}"
            ),
        )
        .args(["interpret", "-f", "ric.yaml", "--operation", "Retain"])
        .arg("--desired-file")
        .arg(desired.display().to_string())
        .arg("--observed-file")
        .arg(observed.display().to_string())
        .stdout("")
        .status(1)
        .run();
    assert!(
        out.stderr.starts_with("Execute Retain error: encode lua result to json failed: json: error calling MarshalJSON for type *json.jsonValue: cannot encode tables nested more than 20000 levels deep to JSON"),
        "{}",
        out.stderr
    );
}

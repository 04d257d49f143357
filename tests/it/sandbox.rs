//! The Lua sandbox seen from the command line: what scripts cannot reach.

use crate::builder::{Output, Test};

fn run_script(body: &str) -> Output {
    let script: String = body.lines().map(|l| format!("        {l}\n")).collect();
    Test::new()
        .file(
            "ric.yaml",
            format!("apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata: {{name: s}}\nspec:\n  target: {{apiVersion: example.io/v1, kind: Widget}}\n  customizations:\n    healthInterpretation:\n      luaScript: |\n{script}"),
        )
        .file("widget.yaml", std::fs::read(crate::root().join("testdata/inputs/widget.yaml")).unwrap())
        .args(["interpret", "-f", "ric.yaml", "--operation", "InterpretHealth", "--observed-file", "widget.yaml"])
        .status(1)
        .run()
}

#[test]
fn no_io_os_or_loaders() {
    for (expr, msg) in [
        (
            "io.open('/etc/passwd')",
            "<string>:2: attempt to index a non-table object(nil) with key 'open'",
        ),
        (
            "os.execute('true')",
            "<string>:2: attempt to call a non-function object",
        ),
        (
            "os.getenv('HOME')",
            "<string>:2: attempt to call a non-function object",
        ),
        (
            "loadstring('return 1')",
            "<string>:1: call function loadstring is not supported in karmada customized resourceinterpreter.",
        ),
        ("require('io')", "<string>:2: module io not found:"),
    ] {
        let err = run_script(&format!(
            "function InterpretHealth(obj)\n  {expr}\n  return true\nend"
        ))
        .stderr;
        assert!(
            err.starts_with(&format!("Execute InterpretHealth error: {msg}")),
            "{expr}: {err}"
        );
    }
}

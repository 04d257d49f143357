//! The Lua sandbox seen from the command line: what scripts cannot reach.

use crate::output;

fn run_script(body: &str) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!(
        "kinterp-sandbox-{}-{}",
        std::process::id(),
        body.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let ric = dir.join("ric.yaml");
    let script: String = body.lines().map(|l| format!("        {l}\n")).collect();
    std::fs::write(
        &ric,
        format!("apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata: {{name: s}}\nspec:\n  target: {{apiVersion: example.io/v1, kind: Widget}}\n  customizations:\n    healthInterpretation:\n      luaScript: |\n{script}"),
    )
    .unwrap();
    output(crate::kinterp().args([
        "interpret",
        "-f",
        ric.to_str().unwrap(),
        "--operation",
        "InterpretHealth",
        "--observed-file",
        "testdata/inputs/widget.yaml",
    ]))
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
        let (code, _, err) = run_script(&format!(
            "function InterpretHealth(obj)\n  {expr}\n  return true\nend"
        ));
        assert_eq!(code, 1, "{expr}");
        assert!(
            err.starts_with(&format!("Execute InterpretHealth error: {msg}")),
            "{expr}: {err}"
        );
    }
}

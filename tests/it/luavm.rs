//! The Lua VM's observable behaviour against karmadactl's recorded output
//! (testdata/parity/luavm/README.md): table order, length, the table
//! library, number formatting and coercion, patterns and os.date.

use std::path::Path;

use crate::builder::Test;
use crate::output;

const DIR: &str = "testdata/parity/luavm";

#[test]
fn lua_vm_matches_karmadactl_recordings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR);
    let mut areas: Vec<_> = std::fs::read_dir(&root)
        .expect("fixture directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    areas.sort();
    let mut checked = 0;
    let mut failures = Vec::new();
    for area in &areas {
        let mut rics: Vec<_> = std::fs::read_dir(area)
            .expect("area directory")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .collect();
        rics.sort();
        for ric in rics {
            let expected = std::fs::read_to_string(ric.with_extension("out"))
                .unwrap_or_else(|e| panic!("{}: no recording: {e}", ric.display()));
            let object = root.join("object.yaml");
            let (ric_path, object) = (ric.display().to_string(), object.display().to_string());
            let (code, out, err) = output(Test::new().args([
                "interpret",
                "-f",
                &ric_path,
                "--operation",
                "Retain",
                "--desired-file",
                &object,
                "--observed-file",
                &object,
            ]));
            checked += 1;
            if (code, out.as_str(), err.as_str()) != (0, expected.as_str(), "") {
                failures.push(format!(
                    "{}: exit {code}\n--- karmadactl\n{expected}--- kinterp\n{out}{err}",
                    ric.display()
                ));
            }
        }
    }
    assert!(checked >= 250, "only {checked} fixtures under {DIR}");
    assert!(
        failures.is_empty(),
        "{} of {checked} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

//! How object and status files are read, against karmadactl's recorded
//! verdicts and output (testdata/parity/readers/README.md): byte-order
//! marks, UTF-16, invalid UTF-8, empty status files, document separators
//! and ends, directives, `null` documents, lone surrogates, nesting.

use std::path::Path;

use crate::kinterp;

const DIR: &str = "testdata/parity/readers";

#[test]
fn readers_match_karmadactl_recordings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR);
    let mut checked = 0;
    let mut failures = Vec::new();
    for (area, op, flag) in [
        ("obj", "Retain", "--observed-file"),
        ("status", "AggregateStatus", "--status-file"),
    ] {
        let mut inputs: Vec<_> = std::fs::read_dir(root.join(area))
            .expect("fixture directory")
            .map(|e| e.expect("entry").path())
            .filter(|p| !p.extension().is_some_and(|e| e == "out" || e == "err"))
            .collect();
        inputs.sort();
        for input in inputs {
            let name = input.file_name().unwrap().to_string_lossy().into_owned();
            let rel = format!("{area}/{name}");
            let out = kinterp()
                .current_dir(&root)
                .args(["interpret", "-f", "ric.yaml", "--operation", op])
                .args(["--desired-file", "desired.yaml", flag, &rel])
                .output()
                .expect("kinterp runs");
            let (stdout, stderr) = (
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr),
            );
            let recorded = |ext: &str| std::fs::read_to_string(root.join(format!("{rel}.{ext}")));
            checked += 1;
            match (recorded("out"), recorded("err")) {
                (Ok(want), _) => {
                    if out.status.code() != Some(0) || stdout != want {
                        failures.push(format!(
                            "{rel}: exit {:?}\n--- karmadactl\n{want}--- kinterp\n{stdout}{stderr}",
                            out.status.code()
                        ));
                    }
                }
                // A number beyond float64 (`1E400`, bignum.rs): the same
                // message; a status item's fails running AggregateStatus
                // (a script error, exit 1), with Go's heap addresses.
                (_, Ok(why))
                    if why.contains("cannot unmarshal number ") && !why.contains("number into") =>
                {
                    let code = if why.starts_with("Execute ") { 1 } else { 2 };
                    if out.status.code() != Some(code) || masked(&stderr) != masked(&why) {
                        failures.push(format!(
                            "{rel}: karmadactl: {why}kinterp: exit {:?}\n{stdout}{stderr}",
                            out.status.code()
                        ));
                    }
                }
                // karmadactl refused the file: kinterp must too, as an
                // input error.
                (_, Ok(why)) => {
                    if out.status.code() != Some(2) {
                        failures.push(format!(
                            "{rel}: karmadactl: {why}kinterp: exit {:?}\n{stdout}{stderr}",
                            out.status.code()
                        ));
                    }
                }
                _ => panic!("{rel}: no recording"),
            }
        }
    }
    assert!(checked >= 60, "only {checked} fixtures under {DIR}");
    assert!(
        failures.is_empty(),
        "{} of {checked} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `text` with its addresses (`0x…`: Go's are different at every run)
/// written `0x…`.
fn masked(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("0x") {
        out.push_str(&rest[..at + 2]);
        rest = rest[at + 2..].trim_start_matches(|c: char| c.is_ascii_hexdigit());
        out.push('…');
    }
    out.push_str(rest);
    out
}

//! Replays what karmadactl printed for Lua probes on syntax errors, lexical
//! corners, goto and labels, runtime errors, and call depth, `break` outside
//! a loop and bytes outside ASCII (`testdata/parity/luaparse/{syn,lex,goto,err,limits}`;
//! karmadactl's invalid UTF-8 bytes are recorded as U+FFFD, one per byte),
//! and for probes written as real customizations mixing them with tables,
//! numbers and the string library (`testdata/parity/sweep/mix`): each
//! `NAME.lua` is a rule script, `NAME.ref` holds karmadactl's `--check`
//! table and its `interpret` output. kinterp must print the same table and
//! the same result or error text, traceback included (kinterp then adds the
//! failing script line). karmadactl's `print` output is not part of the
//! probes.

use std::path::{Path, PathBuf};

use crate::kinterp;

const ROOT: &str = "testdata/parity/luaparse";
const SWEEP: &str = "testdata/parity/sweep";

/// The rule a probe script is run as, chosen by the function it defines
/// (the last match wins): its customization key, operation, and whether it
/// takes the status items (`status.yaml`) or a desired object (the observed
/// one).
fn rule(script: &str) -> (&'static str, &'static str, &'static [&'static str]) {
    let mut rule: (&str, &str, &[&str]) = ("healthInterpretation", "InterpretHealth", &[]);
    for (function, key, op, extra) in [
        (
            "ReflectStatus",
            "statusReflection",
            "InterpretStatus",
            &[][..],
        ),
        (
            "AggregateStatus",
            "statusAggregation",
            "AggregateStatus",
            &["--status-file", "status.yaml"][..],
        ),
        (
            "Retain",
            "retention",
            "Retain",
            &["--desired-file", "observed.yaml"][..],
        ),
        (
            "GetReplicas",
            "replicaResource",
            "InterpretReplica",
            &[][..],
        ),
    ] {
        if script.contains(&format!("function {function}")) {
            rule = (key, op, extra);
        }
    }
    rule
}

/// The customization karmadactl was given: the script as the rule `rule`
/// names.
fn customization(script: &str) -> String {
    let (key, _, _) = rule(script);
    let mut yaml = format!(
        "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\n\
         metadata:\n  name: probe\nspec:\n  target:\n    apiVersion: apps/v1\n    kind: Deployment\n\
         \x20 customizations:\n    {key}:\n      luaScript: |\n"
    );
    for line in script.split_inclusive('\n') {
        yaml.push_str("        ");
        yaml.push_str(line);
    }
    yaml
}

fn probes(root: &str, areas: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for area in areas {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(root).join(area);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "lua"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

/// Compares one probe; returns a description of the difference. `root`
/// holds the inputs: `observed.yaml` (also the desired object), and
/// `status.yaml` for AggregateStatus probes.
fn replay(root: &str, script_path: &Path, work: &Path) -> Option<String> {
    // A probe may hold a byte that is not UTF-8: both tools read it as
    // U+FFFD (Go's UTF-8 decoder).
    let script = std::fs::read(script_path).unwrap();
    let script = String::from_utf8(script)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    let reference = std::fs::read_to_string(script_path.with_extension("ref")).unwrap();
    let (check_ref, run_ref) = reference
        .strip_prefix("--check:\n")
        .and_then(|r| r.split_once("run:\n"))
        .expect("a .ref file holds `--check:` then `run:`");
    let (_, op, extra) = rule(&script);
    let name = script_path.file_stem().unwrap().to_string_lossy();
    let ric = work.join(format!("{name}.yaml"));
    std::fs::write(&ric, customization(&script)).unwrap();
    let inputs = Path::new(env!("CARGO_MANIFEST_DIR")).join(root);

    let check = kinterp()
        .args(["interpret", "--check", "-f"])
        .arg(&ric)
        .output()
        .unwrap();
    let table: Vec<&str> = std::str::from_utf8(&check.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty() && !l.trim_start().starts_with("warning"))
        .collect();
    let table_ref: Vec<&str> = check_ref.lines().filter(|l| !l.is_empty()).collect();
    if table != table_ref {
        return Some(format!(
            "--check:\n{}\nexpected:\n{}",
            table.join("\n"),
            check_ref
        ));
    }

    let run = kinterp()
        .args(["interpret", "--operation", op, "-f"])
        .arg(&ric)
        .arg("--observed-file")
        .arg(inputs.join("observed.yaml"))
        .args(extra.iter().map(|a| {
            if a.ends_with(".yaml") {
                inputs.join(a)
            } else {
                a.into()
            }
        }))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    match run_ref.find("Execute ") {
        Some(at) => {
            // karmadactl's error text, traceback included; kinterp follows it
            // with the failing script line and tips (after a blank line).
            let mut lines: Vec<&str> = stderr
                .lines()
                .take_while(|l| !l.starts_with("  --> ") && !l.starts_with("  tip: "))
                .collect();
            if stderr.contains("\n\n  tip: ") && lines.last() == Some(&"") {
                lines.pop();
            }
            let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
            if text != run_ref[at..] || run.status.code() != Some(1) {
                return Some(format!("run:\n{text}expected:\n{}", &run_ref[at..]));
            }
        }
        None => {
            if stdout != run_ref || !run.status.success() {
                return Some(format!("run:\n{stdout}{stderr}expected:\n{run_ref}"));
            }
        }
    }
    None
}

/// Replays every probe of `areas` under `root`; at least `min` of them.
fn replay_all(root: &str, areas: &[&str], min: usize) {
    let work = std::env::temp_dir().join(format!(
        "kinterp-{}-{}",
        root.rsplit('/').next().unwrap(),
        std::process::id()
    ));
    std::fs::create_dir_all(&work).unwrap();
    let all = probes(root, areas);
    assert!(all.len() >= min, "the fixtures are missing: {}", all.len());
    let failures: Vec<String> = all
        .iter()
        .filter_map(|p| replay(root, p, &work).map(|d| format!("{}:\n{d}", p.display())))
        .collect();
    let _ = std::fs::remove_dir_all(&work);
    assert!(
        failures.is_empty(),
        "{} of {} probes differ from karmadactl:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n\n")
    );
}

#[test]
fn karmadactl_outputs_replay() {
    replay_all(ROOT, &["syn", "lex", "goto", "err", "limits"], 310);
}

/// Probes in the style of real customizations (AggregateStatus grouping
/// conditions, Retain, InterpretHealth, ReflectStatus, GetReplicas) that
/// mix the areas: null items in input lists, numbers in messages, goto,
/// error levels under pcall, errors inside table.sort comparators and
/// pattern callbacks.
#[test]
fn mixed_customizations_replay() {
    replay_all(SWEEP, &["mix"], 90);
}

//! Cost must grow linearly with input: for each input dimension, the
//! instructions kinterp executes (counted by valgrind, so independent of
//! the machine's load) for an input ten times larger must grow by at most
//! sixteen times, once the cost of the smallest input is taken off. A
//! quadratic step anywhere (a line number counted from the start of the
//! text for each item, a rescan per document) makes the growth near 100.
//! Sixteen, not ten: results are written with their keys sorted, as
//! go-yaml writes them, and sorting is n log n — at 500 keys, ten times the
//! keys is about 13.7 times the comparisons. (The bench, `benches/cli.sh`,
//! holds wall time to 12.)
//!
//! Needs valgrind; without it each test prints why it did not measure.
//! `KINTERP_SCALING_BIN` runs another kinterp binary (an older build, to
//! see these tests fail on it).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The largest growth accepted for ten times the input: linear and
/// n log n pass, quadratic (about 100) fails.
const MAX_GROWTH: f64 = 16.0;

fn bin() -> PathBuf {
    std::env::var_os("KINTERP_SCALING_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_kinterp")))
}

fn have_valgrind() -> bool {
    Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kinterp-scaling-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Instructions executed by `kinterp ARGS` in `dir`; the run must end
/// with exit code `status`.
fn instructions(dir: &Path, args: &[String], status: i32) -> u64 {
    let out = Command::new("valgrind")
        .args([
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
        ])
        .arg(bin())
        .args(args)
        // valgrind runs code some fifty times slower than the script budget allows.
        .args(["--timeout", "10m"])
        .current_dir(dir)
        .output()
        .expect("valgrind runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(status),
        "kinterp {args:?} under valgrind:\n{stderr}"
    );
    let line = stderr
        .lines()
        .find(|l| l.contains("I") && l.contains("refs:"))
        .unwrap_or_else(|| panic!("no instruction count in:\n{stderr}"));
    line.rsplit(':')
        .next()
        .unwrap_or_default()
        .replace([',', ' '], "")
        .parse()
        .unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// Measures one dimension: `make(dir, n)` writes the input for `n` units
/// and returns kinterp's arguments. Checks the growth from `n` to `10 n`
/// units, the cost of one unit taken off both.
fn assert_linear(name: &str, n: usize, make: impl Fn(&Path, usize) -> Vec<String>) {
    assert_linear_ending(name, n, 0, make)
}

/// `assert_linear` for runs that end with exit code `status`.
fn assert_linear_ending(
    name: &str,
    n: usize,
    status: i32,
    make: impl Fn(&Path, usize) -> Vec<String>,
) {
    if !have_valgrind() {
        crate::skipped(&format!(
            "{name} not measured: valgrind is not installed (.ci/run installs it)"
        ));
        return;
    }
    let dir = scratch(name);
    let mut cost = [0u64; 3];
    for (slot, units) in [1, n, 10 * n].into_iter().enumerate() {
        let sub = dir.join(units.to_string());
        std::fs::create_dir_all(&sub).expect("folder");
        let args = make(&sub, units);
        cost[slot] = instructions(&sub, &args, status);
    }
    let _ = std::fs::remove_dir_all(&dir);
    let [one, small, large] = cost.map(|c| c as f64);
    let growth = (large - one) / (small - one).max(1.0);
    println!(
        "{name}: {small} -> {large} instructions for {n} -> {} units: growth {growth:.2}",
        10 * n
    );
    assert!(
        small > one,
        "{name}: {n} units cost no more than one ({small} vs {one})"
    );
    assert!(
        growth <= MAX_GROWTH,
        "{name}: 10x the input costs {growth:.1}x the instructions (at most {MAX_GROWTH})"
    );
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    std::fs::write(dir.join(name), text).expect("write input");
    name.to_string()
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

const DESIRED: &str =
    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n";

/// A customization for Deployments with the given rules' scripts.
fn ric(name: &str, rules: &[(&str, &str)]) -> String {
    let mut out = format!(
        "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata:\n  name: {name}\nspec:\n  target:\n    apiVersion: apps/v1\n    kind: Deployment\n  customizations:\n"
    );
    for (rule, script) in rules {
        let _ = writeln!(out, "    {rule}:\n      luaScript: |");
        for line in script.lines() {
            let _ = writeln!(out, "        {line}");
        }
    }
    out
}

const AGGREGATE: &str = "function AggregateStatus(desired, statusItems)\n  local ready = 0\n  for i = 1, #statusItems do\n    if statusItems[i].applied then ready = ready + 1 end\n  end\n  desired.status = {readyReplicas = ready}\n  return desired\nend\n";

/// AggregateStatus over `n` status items written by `item(i)` into one
/// file, joined by `sep`, with `head` and `tail` around them.
fn status_run(
    dir: &Path,
    n: usize,
    file: &str,
    head: &str,
    sep: &str,
    tail: &str,
    item: impl Fn(usize) -> String,
) -> Vec<String> {
    let items: Vec<String> = (0..n).map(item).collect();
    let status = write(dir, file, &format!("{head}{}{tail}", items.join(sep)));
    write(
        dir,
        "ric.yaml",
        &ric("agg", &[("statusAggregation", AGGREGATE)]),
    );
    write(dir, "desired.yaml", DESIRED);
    args(&[
        "interpret",
        "-f",
        "ric.yaml",
        "--operation",
        "AggregateStatus",
        "--desired-file",
        "desired.yaml",
        "--status-file",
        &status,
    ])
}

fn json_item(i: usize) -> String {
    format!(
        r#"{{"clusterName":"member{i}","applied":true,"health":"Healthy","status":{{"replicas":3,"readyReplicas":3}}}}"#
    )
}

#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn status_items_as_a_json_stream() {
    assert_linear("JSON stream", 200, |d, n| {
        status_run(d, n, "s.json", "", "\n", "\n", json_item)
    });
}

#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn status_items_as_a_json_list() {
    assert_linear("JSON list", 200, |d, n| {
        status_run(d, n, "s.json", "[", ",\n", "]\n", json_item)
    });
}

#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn status_items_as_a_yaml_stream() {
    assert_linear("YAML stream", 200, |d, n| {
        status_run(d, n, "s.yaml", "", "", "", |i| {
            format!(
                "---\nclusterName: member{i}\napplied: yes\nhealth: Healthy\nstatus:\n  replicas: 3\n"
            )
        })
    });
}

#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn status_items_as_a_yaml_list() {
    assert_linear("YAML list", 200, |d, n| {
        status_run(d, n, "s.yaml", "", "", "", |i| {
            format!("- clusterName: member{i}\n  applied: true\n  status: {{replicas: 3}}\n")
        })
    });
}

/// The JSON stream through the full reader (an escaped character in each
/// name, which the one-pass reader leaves to it): the path that was
/// quadratic before it found its documents in one pass.
#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn status_items_through_the_full_json_reader() {
    assert_linear("JSON stream, full reader", 200, |d, n| {
        status_run(d, n, "s.json", "", "\n", "\n", |i| {
            json_item(i).replace("member", "mem\\u0062er")
        })
    });
}

/// The same in the full YAML reader (flow mappings with a duplicate key,
/// which the fast reader leaves to it): each item warns once.
#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn status_items_through_the_full_yaml_reader() {
    assert_linear("YAML stream, full reader", 200, |d, n| {
        status_run(d, n, "s.yaml", "", "", "", |i| {
            // Content on a `---` line is an error for karmadactl.
            format!("---\n{{clusterName: a, clusterName: member{i}, applied: on}}\n")
        })
    });
}

fn check_script(i: usize) -> String {
    format!(
        "function InterpretReplica(desired)\n  -- script {i}\n  return desired.spec.replicas + {i}\nend\n"
    )
}

#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn customization_files_per_run() {
    assert_linear("files per --check", 20, |d, n| {
        for i in 0..n {
            write(
                d,
                &format!("ric-{i:05}.yaml"),
                &ric(&format!("r{i}"), &[("replicaResource", &check_script(i))]),
            );
        }
        args(&["interpret", "-f", ".", "--check", "--jobs", "1"])
    });
}

#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn customizations_per_file() {
    assert_linear("documents per file", 20, |d, n| {
        let docs: Vec<String> = (0..n)
            .map(|i| ric(&format!("r{i}"), &[("replicaResource", &check_script(i))]))
            .collect();
        write(d, "all.yaml", &docs.join("---\n"));
        args(&["interpret", "-f", "all.yaml", "--check"])
    });
}

/// Every customization of one file fails to compile: each error is placed
/// on the file's own line, which must not locate the whole file again per
/// error.
#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn failing_customizations_per_file() {
    assert_linear_ending("failing documents per file", 20, 1, |d, n| {
        let docs: Vec<String> = (0..n)
            .map(|i| {
                let script = format!("function Retain(d, o)\n  -- script {i}\n  return d +\nend\n");
                ric(&format!("r{i}"), &[("retention", &script)])
            })
            .collect();
        write(d, "all.yaml", &docs.join("---\n"));
        args(&["interpret", "-f", "all.yaml", "--check"])
    });
}

fn retain_run(dir: &Path, observed: &str, script: &str) -> Vec<String> {
    write(dir, "ric.yaml", &ric("keep", &[("retention", script)]));
    write(dir, "desired.yaml", DESIRED);
    let observed = write(dir, "observed.json", observed);
    args(&[
        "interpret",
        "-f",
        "ric.yaml",
        "--operation",
        "Retain",
        "--desired-file",
        "desired.yaml",
        "--observed-file",
        &observed,
    ])
}

#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn object_size_in_labels() {
    assert_linear("labels", 500, |d, n| {
        let mut text = String::from(
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels:\n",
        );
        for i in 0..n {
            let _ = writeln!(text, "    label-{i}: value-{i}");
        }
        retain_run(
            d,
            &text,
            "function Retain(desired, observed)\n  desired.metadata.labels = observed.metadata.labels\n  return desired\nend\n",
        )
    });
}

#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn object_size_on_one_json_line() {
    assert_linear("one-line JSON object", 500, |d, n| {
        let fields: Vec<String> = (0..n)
            .map(|i| format!(r#""k{i}":"{}""#, "v".repeat(20)))
            .collect();
        let text = format!(
            r#"{{"apiVersion":"apps/v1","kind":"Deployment","metadata":{{"name":"web"}},"spec":{{{}}}}}"#,
            fields.join(",")
        );
        retain_run(
            d,
            &text,
            "function Retain(desired, observed)\n  desired.spec = observed.spec\n  return desired\nend\n",
        )
    });
}

#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn script_length() {
    assert_linear("script lines", 200, |d, n| {
        let mut script = String::from("function InterpretReplica(desired)\n  local r = 0\n");
        for i in 0..n {
            let _ = writeln!(script, "  r = r + {}", i % 7);
        }
        script.push_str("  return r\nend\n");
        write(d, "ric.yaml", &ric("long", &[("replicaResource", &script)]));
        args(&["interpret", "-f", "ric.yaml", "--check"])
    });
}

#[test]
#[ignore = "slow: counts instructions under valgrind; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn result_size() {
    assert_linear("result size", 300, |d, n| {
        let script = format!(
            "function Retain(desired, observed)\n  local items = {{}}\n  for i = 1, {n} do\n    items[i] = {{name = 'item-' .. i, ready = i % 2 == 0}}\n  end\n  desired.spec.items = items\n  return desired\nend\n"
        );
        retain_run(
            d,
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n",
            &script,
        )
    });
}

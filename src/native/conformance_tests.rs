//! Temporary conformance run: the shared native cases (spec §14) through
//! `interpret`, until the project's `kinterp test` runner replaces it.

use super::interpret;
use crate::kube::quantity::Quantity;
use crate::ops::{OpInput, Operation};
use serde::Deserialize;
use serde_json::Value;
use std::path::Path;

const DIR: &str = "/work/shared/conformance/native";

/// Compares an expected value with an actual one; `quantities` marks the
/// inside of `resourceRequest`, where quantity texts compare by value.
fn matches(want: &Value, got: &Value, quantities: bool) -> bool {
    match (want, got) {
        (Value::String(s), _) if s == "{{EXCLUDE}}" => true,
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::String(a), Value::String(b)) if quantities && a != b => {
            match (Quantity::parse(a), Quantity::parse(b)) {
                (Ok(x), Ok(y)) => x.cmp_value(&y).is_eq(),
                _ => false,
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| matches(x, y, quantities))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter().all(|(k, x)| {
                    b.get(k)
                        .is_some_and(|y| matches(x, y, quantities || k == "resourceRequest"))
                })
        }
        _ => want == got,
    }
}

/// Runs one case; `Err` describes the mismatch.
fn run_case(case: &Value) -> Result<(), String> {
    let op_name = case["operation"].as_str().unwrap_or("");
    let op = Operation::parse(op_name).ok_or(format!("unknown operation {op_name}"))?;
    let input = OpInput {
        desired: case.get("desiredObj").cloned(),
        observed: case.get("observedObj").cloned(),
        status_items: case["statusItems"].as_array().cloned(),
        desired_replica: case["inputReplicas"].as_i64().unwrap_or(0) as i32,
    };
    let outcome = interpret(op, &input)?;
    for (name, want) in case["output"].as_object().into_iter().flatten() {
        let got = outcome.get(name).ok_or(format!("no result {name}"))?;
        if !matches(want, got, false) {
            return Err(format!("{name}: want {want}\n got {got}"));
        }
    }
    Ok(())
}

#[test]
fn native_conformance_cases() {
    let Ok(entries) = std::fs::read_dir(Path::new(DIR)) else {
        eprintln!("skipping: {DIR} not found");
        return;
    };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    let (mut passed, mut failures) = (0, Vec::new());
    for path in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
    {
        let text = std::fs::read_to_string(path).unwrap();
        for doc in serde_yaml::Deserializer::from_str(&text) {
            let yaml = serde_yaml::Value::deserialize(doc).unwrap();
            let case: Value = serde_json::to_value(yaml).unwrap();
            let name = case["name"].as_str().unwrap_or("?").to_string();
            let result = std::panic::catch_unwind(|| run_case(&case))
                .unwrap_or_else(|_| Err("panicked".into()));
            match result {
                Ok(()) => passed += 1,
                Err(e) => failures.push(format!("{}: {name}: {e}", path.display())),
            }
        }
    }
    eprintln!(
        "native conformance: {passed} passed, {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
}

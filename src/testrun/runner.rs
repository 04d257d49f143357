//! Running test cases (in parallel, results in input order) and judging
//! each against its expected output.

use serde_json::Value;

use super::case::Case;
use super::compare::align;
use crate::interpreter::Interpreter;
use crate::ops::Operation;
use crate::output::diff::unified;
use crate::output::yaml::to_yaml;

/// The verdict on one case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    pub passed: bool,
    /// Why it failed: the error, and/or per-result diffs.
    pub failure: Option<String>,
}

/// The object a single-object operation reads from a case: observed for
/// the rules Karmada feeds the member's object, desired otherwise.
fn case_input(case: &Case) -> crate::ops::OpInput {
    let mut input = case.input.clone();
    let prefer_observed = matches!(
        case.operation,
        Operation::InterpretHealth | Operation::InterpretStatus
    );
    if case.operation != Operation::Retain && input.desired.is_some() && input.observed.is_some() {
        if prefer_observed {
            input.desired = None;
        } else {
            input.observed = None;
        }
    }
    input
}

/// Runs one case.
pub fn run_case(interpreter: &Interpreter, case: &Case, color: bool) -> CaseResult {
    let outcome = match interpreter.run(case.operation, &case_input(case)) {
        Ok(o) => o,
        Err(e) => {
            return CaseResult {
                passed: false,
                failure: Some(format!("Execute {} error: {e}\n", case.operation)),
            };
        }
    };
    let mut report = String::new();
    for (name, expected) in &case.output {
        let Some(actual) = outcome.get(name) else {
            report.push_str(&format!(
                "result {name:?} is not produced by {} (it gives: {})\n",
                case.operation,
                case.operation.result_names().join(", ")
            ));
            continue;
        };
        let (expected, actual) = align(expected, actual);
        if expected != actual {
            let d = unified(
                &to_yaml(&expected),
                &to_yaml(&actual),
                &format!("expected {name}"),
                &format!("actual {name}"),
                color,
            );
            report.push_str(&d);
        }
    }
    CaseResult {
        passed: report.is_empty(),
        failure: (!report.is_empty()).then_some(report),
    }
}

/// Runs all cases on `jobs` threads; results keep the cases' order.
pub fn run_all(interpreter: &Interpreter, cases: &[Case], jobs: usize, color: bool) -> Vec<CaseResult> {
    let jobs = jobs.max(1).min(cases.len().max(1));
    if jobs == 1 {
        return cases.iter().map(|c| run_case(interpreter, c, color)).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots: Vec<std::sync::Mutex<Option<CaseResult>>> =
        cases.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= cases.len() {
                        break;
                    }
                    let r = run_case(interpreter, &cases[i], color);
                    if let Ok(mut slot) = slots[i].lock() {
                        *slot = Some(r);
                    }
                }
            });
        }
    });
    slots
        .into_iter()
        .map(|m| {
            m.into_inner().ok().flatten().unwrap_or(CaseResult {
                passed: false,
                failure: Some("the case did not run\n".into()),
            })
        })
        .collect()
}

/// Whether a value is the expected form of a result (for messages).
pub fn describe(v: &Value) -> String {
    to_yaml(v)
}

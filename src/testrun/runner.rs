//! Running test cases (in parallel, results in input order) and judging
//! each against its expected output.

use super::case::Case;
use super::compare::{align, align_unordered};
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
        let (expected, actual) = if name == "dependencies" {
            align_unordered(expected, actual)
        } else {
            align(expected, actual)
        };
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
pub fn run_all(
    interpreter: &Interpreter,
    cases: &[Case],
    jobs: usize,
    color: bool,
) -> Vec<CaseResult> {
    crate::parallel::map(cases, jobs, |c| run_case(interpreter, c, color))
}

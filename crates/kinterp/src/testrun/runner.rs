//! Running test cases (in parallel, results in input order) and judging
//! each against its expected output.

use serde_json::Value;

use super::case::Case;
use super::compare::{align, align_unordered};
use crate::diag::Diagnostic;
use crate::interpreter::Interpreter;
use crate::ops::{Operation, Outcome};

/// Where one expected result differs from the actual one.
#[derive(Clone, Debug, PartialEq)]
pub enum Mismatch {
    /// The case expects a result the operation does not produce.
    Missing {
        name: String,
        /// The results the operation gives.
        produced: &'static [&'static str],
    },
    /// The values differ (both aligned: excluded fields masked, equal
    /// quantities spelled alike, numbers as floats).
    Differs {
        name: String,
        expected: Value,
        actual: Value,
    },
}

/// The verdict on one case: data, rendered by the reporters.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseResult {
    /// The operation failed.
    pub error: Option<Diagnostic>,
    /// The text of the script line the error points at, when known.
    pub snippet: Option<String>,
    /// The operation ran and some results differ.
    pub mismatches: Vec<Mismatch>,
    /// The results, when the operation ran.
    pub outcome: Option<Outcome>,
}

impl CaseResult {
    /// Whether the case passed.
    pub fn passed(&self) -> bool {
        self.error.is_none() && self.mismatches.is_empty()
    }
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
pub fn run_case(interpreter: &Interpreter, case: &Case) -> CaseResult {
    if let Some(problem) = &case.problem {
        return CaseResult {
            error: Some(problem.clone()),
            snippet: None,
            mismatches: Vec::new(),
            outcome: None,
        };
    }
    let outcome = match interpreter.run(case.operation, &case_input(case)) {
        Ok(o) => o,
        Err(e) => {
            return CaseResult {
                snippet: interpreter.snippet(&e).map(str::to_string),
                error: Some(e),
                mismatches: Vec::new(),
                outcome: None,
            };
        }
    };
    let mut mismatches = Vec::new();
    for (name, expected) in &case.output {
        let Some(actual) = outcome.get(name) else {
            mismatches.push(Mismatch::Missing {
                name: name.clone(),
                produced: case.operation.result_names(),
            });
            continue;
        };
        let (expected, actual) = if name == "dependencies" {
            align_unordered(expected, actual)
        } else {
            align(expected, actual)
        };
        if expected != actual {
            mismatches.push(Mismatch::Differs {
                name: name.clone(),
                expected,
                actual,
            });
        }
    }
    CaseResult {
        error: None,
        snippet: None,
        mismatches,
        outcome: Some(outcome),
    }
}

/// The `output` a failing case would need to pass: its results, only
/// those the case lists (all when it lists none the operation gives),
/// `{{EXCLUDE}}` fields
/// and equal quantities kept as written. `None` when the case did not run.
pub fn updated_output(case: &Case, result: &CaseResult) -> Option<serde_json::Map<String, Value>> {
    let outcome = result.outcome.as_ref()?;
    let mut out = serde_json::Map::new();
    for (name, expected) in &case.output {
        if let Some(actual) = outcome.get(name) {
            out.insert(name.clone(), super::compare::keep_masks(expected, actual));
        }
    }
    if out.is_empty() {
        // None listed, or none the operation gives (a mistyped name).
        for (name, actual) in &outcome.results {
            out.insert(name.to_string(), actual.clone());
        }
    }
    Some(out)
}

/// Runs all cases on `jobs` threads; results keep the cases' order.
pub fn run_all(interpreter: &Interpreter, cases: &[&Case], jobs: usize) -> Vec<CaseResult> {
    run_each(cases, jobs, |_| interpreter)
}

/// Runs all cases on `jobs` threads, each with the interpreter `pick`
/// chooses for it; results keep the cases' order.
pub fn run_each<'i>(
    cases: &[&Case],
    jobs: usize,
    pick: impl Fn(&Case) -> &'i Interpreter + Sync,
) -> Vec<CaseResult> {
    crate::parallel::map(cases, jobs, |c| run_case(pick(c), c))
}

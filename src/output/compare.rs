//! `--compare`: a run of the customization under test beside the same run
//! of a baseline, as text and as a unified diff.

use kinterp::diag::Diagnostic;
use kinterp::ops::Outcome;
use kinterp::testrun::{Case, CaseResult};

use super::diff::unified;

/// What one side printed: karmadactl's YAML of the results, or the error.
pub fn run_text(run: Result<&Outcome, &Diagnostic>) -> String {
    match run {
        Ok(outcome) => super::results::yaml(outcome),
        Err(e) => format!("{}\n", super::human::diagnostic(e, None)),
    }
}

/// The unified diff of the baseline's run against the tested one; empty
/// when they agree.
pub fn diff(
    baseline_name: &str,
    baseline: Result<&Outcome, &Diagnostic>,
    tested_name: &str,
    tested: Result<&Outcome, &Diagnostic>,
    color: bool,
) -> String {
    unified(
        &run_text(baseline),
        &run_text(tested),
        baseline_name,
        tested_name,
        color,
    )
}

/// A case's run as the comparison reads it: the fields the case excludes
/// (`{{EXCLUDE}}`, e.g. times) masked; `None` when the case could not be
/// decoded (its problem is the same on both sides).
fn case_run(case: &Case, r: &CaseResult) -> Option<Result<Outcome, Diagnostic>> {
    if case.problem.is_some() {
        return None;
    }
    match (&r.outcome, &r.error) {
        (Some(o), _) => {
            let mut o = o.clone();
            for (name, value) in &mut o.results {
                if let Some((_, expected)) = case.output.iter().find(|(n, _)| n == name) {
                    *value = kinterp::testrun::compare::keep_masks(expected, value);
                }
            }
            Some(Ok(o))
        }
        (None, Some(e)) => Some(Err(e.clone())),
        (None, None) => None,
    }
}

/// `kinterp test --compare`: per case whether the baseline agrees (and
/// the diff where it does not), then `compare: N same, M differ`. Fields
/// the case excludes are not compared.
pub fn cases(
    cases: &[&Case],
    tested: &[CaseResult],
    baseline: &[CaseResult],
    baseline_name: &str,
    tested_name: &str,
    color: bool,
) -> String {
    let mut out = format!("compared with {baseline_name}:\n");
    let (mut same, mut differ) = (0, 0);
    for ((case, t), b) in cases.iter().zip(tested).zip(baseline) {
        let (Some(t), Some(b)) = (case_run(case, t), case_run(case, b)) else {
            continue;
        };
        let text = diff(baseline_name, b.as_ref(), tested_name, t.as_ref(), color);
        let word = if text.is_empty() { "same" } else { "differs" };
        out.push_str(&format!(
            "{word} {}: {}: {}\n{text}",
            case.file,
            case.operation_name(),
            case.name
        ));
        if text.is_empty() {
            same += 1;
        } else {
            differ += 1;
        }
    }
    out.push_str(&format!("compare: {same} same, {differ} differ\n"));
    out
}

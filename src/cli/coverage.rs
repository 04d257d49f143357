//! The CLI side of `kinterp test --coverage`: building the report from the
//! customizations under test, placing the table, JSON, lcov, the minimum.

use serde_json::json;

use std::io::Write;

use super::test::TestArgs;
use crate::output::report::failure_text;
use kinterp::coverage::{self, Report};
use kinterp::diag::Diagnostic;
use kinterp::ric::{Customization, CustomizationSet};
use kinterp::testrun::{Case, CaseResult};

fn write_stdout(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// Stops recording and reports on the customizations under test (`-f`),
/// or on the bundled ones the cases ran.
pub fn report(customizations: Option<&CustomizationSet>) -> Report {
    let rec = coverage::finish();
    match customizations {
        Some(set) => {
            let texts: std::collections::HashMap<String, String> = set
                .items()
                .iter()
                .filter_map(|c| Some((c.file.clone(), std::fs::read_to_string(&c.file).ok()?)))
                .collect();
            Report::build(set.items(), |f| texts.get(f).map(String::as_str), &rec)
        }
        None => {
            let mut items: Vec<Customization> = Vec::new();
            let mut texts = std::collections::HashMap::new();
            for b in kinterp::thirdparty::BUNDLED {
                let parsed = b.parse();
                if let Some(first) = parsed.first() {
                    texts.insert(first.file.clone(), b.text);
                }
                items.extend(parsed);
            }
            let mut report = Report::build(&items, |f| texts.get(f).copied(), &rec);
            report.rules.retain(|r| r.calls > 0);
            report
        }
    }
}

/// Prints the human report with the coverage table before the closing
/// count line (which stays last, for CI log readers).
pub fn print_with_table(text: String, report: &Report) {
    write_stdout(&with_table(text, report));
}

fn with_table(text: String, report: &Report) -> String {
    let body = text.trim_end_matches('\n');
    let (cases, closing) = body.rsplit_once('\n').unwrap_or(("", body));
    let mut out = String::from(cases);
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(&report.table());
    out.push_str(closing);
    out.push('\n');
    out
}

/// `-o json`: the cases, the counts and (with coverage) the report.
pub fn print_json(
    cases: &[&Case],
    results: &[CaseResult],
    skipped: usize,
    report: Option<&Report>,
) {
    let passed = results.iter().filter(|r| r.passed()).count();
    let doc = json!({
        "cases": cases.iter().zip(results).map(|(c, r)| json!({
            "file": c.file,
            "operation": c.operation_name(),
            "name": c.name,
            "passed": r.passed(),
            "failure": (!r.passed()).then(|| failure_text(c, r, false)),
        })).collect::<Vec<_>>(),
        "passed": passed,
        "failed": results.len() - passed,
        "skipped": skipped,
        "coverage": report.map(Report::json),
    });
    write_stdout(&format!("{doc}\n"));
}

/// Writes the lcov file and checks `--coverage-min`; `Ok(true)` when the
/// coverage is below the minimum (the message is on standard error).
pub fn finish(report: Option<&Report>, args: &TestArgs) -> Result<bool, Diagnostic> {
    let Some(report) = report else {
        return Ok(false);
    };
    if let Some(path) = &args.coverage_file {
        std::fs::write(path, report.lcov()).map_err(|e| {
            Diagnostic::input(format!("{path}: cannot write the coverage file: {e}"))
        })?;
    }
    match args.coverage_min {
        Some(min) if report.percent() < min => {
            eprintln!(
                "error: line coverage {:.1}% is below the minimum {min}%",
                report.percent()
            );
            Ok(true)
        }
        _ => Ok(false),
    }
}

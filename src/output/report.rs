//! The one reporter interface: every command hands its results to a
//! [`Reporter`] as data ([`Report`]), and the reporter gives the text.
//! Colour is a property of the reporter, decided once by the caller.
//!
//! | report     | [`Human`]                    | [`Json`]             | [`Junit`] |
//! |------------|------------------------------|----------------------|-----------|
//! | `Outcome`  | karmadactl's YAML blocks     | one JSON object      | —         |
//! | `Diff`     | unified diff                 | —                    | —         |
//! | `Check`    | karmadactl's table           | array of entries     | —         |
//! | `Tests`    | PASS/FAIL lines, diffs, count| —                    | JUnit XML |
//! | `Builtins` | aligned table                | array of rows        | —         |
//! | `Simulation` | member table and status diff, or the record as YAML | the record | — |

use serde_json::{Value, json};

use kinterp::check::Entry;
use kinterp::ops::{Operation, Outcome};
use kinterp::simulate::Simulation;
use kinterp::testrun::{Case, CaseResult, Mismatch};

use super::diff::unified;
use kinterp_go::yaml::to_yaml;

/// One row of the built-in support matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinRow<'a> {
    pub api_version: &'a str,
    pub kind: &'a str,
    pub operation: Operation,
    /// `thirdparty` or `native`.
    pub source: &'a str,
}

/// The cases of one `kinterp test` run and their results, in order.
#[derive(Clone, Copy, Debug)]
pub struct TestReport<'a> {
    pub cases: &'a [&'a Case],
    pub results: &'a [CaseResult],
    /// Cases left out by a filter.
    pub skipped: usize,
}

/// What a command reports, as data.
#[derive(Clone, Copy, Debug)]
pub enum Report<'a> {
    /// `interpret`: the named results of one operation.
    Outcome(&'a Outcome),
    /// `interpret --diff`: the input object against the result.
    Diff {
        before: &'a Value,
        after: &'a Value,
        before_name: &'a str,
        after_name: &'a str,
    },
    /// `interpret --check`.
    Check(&'a [Entry]),
    /// `test`.
    Tests(TestReport<'a>),
    /// `builtins`.
    Builtins(&'a [BuiltinRow<'a>]),
    /// `simulate`: every step's result; `record` asks the human form for
    /// the record (as YAML) instead of the table.
    Simulation {
        simulation: &'a Simulation,
        template: &'a Value,
        record: bool,
    },
}

/// Turns reports into text.
pub trait Reporter {
    /// The text of `report`, or `None` when this reporter has no form for it.
    fn render(&self, report: &Report<'_>) -> Option<String>;

    /// Writes the text of `report` to `out` (by default rendered whole
    /// first), ignoring write errors; `false` when this reporter has no
    /// form for it.
    fn write(&self, report: &Report<'_>, out: &mut dyn std::io::Write) -> bool {
        write_rendered(self.render(report), out)
    }
}

fn write_rendered(text: Option<String>, out: &mut dyn std::io::Write) -> bool {
    match text {
        Some(text) => {
            let _ = out.write_all(text.as_bytes());
            true
        }
        None => false,
    }
}

/// The forms people read (karmadactl's where it has one).
#[derive(Clone, Copy, Debug, Default)]
pub struct Human {
    pub color: bool,
}

/// Machine-readable JSON.
#[derive(Clone, Copy, Debug, Default)]
pub struct Json;

/// JUnit XML, for CI systems.
#[derive(Clone, Copy, Debug, Default)]
pub struct Junit;

impl Reporter for Human {
    fn render(&self, report: &Report<'_>) -> Option<String> {
        Some(match report {
            Report::Outcome(o) => super::results::yaml(o),
            Report::Diff {
                before,
                after,
                before_name,
                after_name,
            } => super::diff::diff(before, after, before_name, after_name, self.color),
            Report::Check(entries) => super::check::table(entries),
            Report::Tests(t) => tests_human(t, self.color),
            Report::Builtins(rows) => builtins_table(rows),
            Report::Simulation {
                simulation,
                record: true,
                ..
            } => super::simulate::yaml(simulation),
            Report::Simulation {
                simulation,
                template,
                record: false,
            } => super::simulate::human(simulation, template, self.color),
        })
    }

    fn write(&self, report: &Report<'_>, out: &mut dyn std::io::Write) -> bool {
        match report {
            // A big result goes out as it is made.
            Report::Outcome(o) => {
                super::results::write_yaml(o, out);
                true
            }
            _ => write_rendered(self.render(report), out),
        }
    }
}

impl Reporter for Json {
    fn render(&self, report: &Report<'_>) -> Option<String> {
        match report {
            Report::Outcome(o) => Some(super::results::json(o)),
            Report::Check(entries) => Some(super::check::json(entries)),
            Report::Builtins(rows) => {
                let items: Vec<_> = rows
                    .iter()
                    .map(|r| json!({"apiVersion": r.api_version, "kind": r.kind, "operation": r.operation.name(), "source": r.source}))
                    .collect();
                Some(format!(
                    "{}\n",
                    serde_json::to_string(&items).unwrap_or_default()
                ))
            }
            Report::Simulation { simulation, .. } => Some(super::simulate::json(simulation)),
            Report::Diff { .. } | Report::Tests(_) => None,
        }
    }
}

impl Reporter for Junit {
    fn render(&self, report: &Report<'_>) -> Option<String> {
        match report {
            Report::Tests(t) => Some(super::junit::report(t.cases, t.results)),
            _ => None,
        }
    }
}

/// Why a case failed, as text: the error, or each result's diff.
pub fn failure_text(case: &Case, result: &CaseResult, color: bool) -> String {
    let mut out = String::new();
    if let Some(e) = &result.error {
        out.push_str(&super::human::diagnostic(e, result.snippet.as_deref()));
        out.push('\n');
    }
    for m in &result.mismatches {
        match m {
            Mismatch::Missing { name, produced } => {
                out.push_str(&format!(
                    "result {name:?} is not produced by {} (it gives: {})\n",
                    case.operation,
                    produced.join(", ")
                ));
                if let Some(meant) = kinterp::suggest::best(name, produced.iter().copied()) {
                    out.push_str(&format!("\n  tip: did you mean {meant:?}?\n"));
                }
            }
            Mismatch::Differs {
                name,
                expected,
                actual,
            } => out.push_str(&unified(
                &to_yaml(expected),
                &to_yaml(actual),
                &format!("expected {name}"),
                &format!("actual {name}"),
                color,
            )),
        }
    }
    out
}

/// A line per case, the reasons of failures, the closing count.
fn tests_human(t: &TestReport<'_>, color: bool) -> String {
    use owo_colors::OwoColorize;
    let mut out = String::new();
    let mut passed = 0;
    for (case, r) in t.cases.iter().zip(t.results) {
        let word = match (r.passed(), color) {
            (true, true) => "PASS".green().to_string(),
            (true, false) => "PASS".to_string(),
            (false, true) => "FAIL".red().to_string(),
            (false, false) => "FAIL".to_string(),
        };
        out.push_str(&format!(
            "{word} {}: {}: {}\n",
            super::visible::line(&case.file),
            case.operation_name(),
            super::visible::line(&case.name)
        ));
        if r.passed() {
            passed += 1;
        } else {
            out.push_str(&failure_text(case, r, color));
        }
    }
    out.push_str(&format!(
        "{passed} passed, {} failed",
        t.results.len() - passed
    ));
    if t.skipped > 0 {
        out.push_str(&format!(", {} skipped", t.skipped));
    }
    out.push('\n');
    out
}

fn builtins_table(rows: &[BuiltinRow<'_>]) -> String {
    let header = ["APIVERSION", "KIND", "OPERATION", "SOURCE"];
    let cells: Vec<[&str; 4]> = rows
        .iter()
        .map(|r| [r.api_version, r.kind, r.operation.name(), r.source])
        .collect();
    let mut widths = header.map(str::len);
    for c in &cells {
        for (i, cell) in c.iter().enumerate() {
            widths[i] = widths[i].max(cell.len());
        }
    }
    let mut out = String::new();
    for cols in std::iter::once(&header).chain(&cells) {
        let mut l = String::new();
        for (i, c) in cols.iter().enumerate() {
            if i == 3 {
                l.push_str(c);
            } else {
                l.push_str(&format!("{c:<w$}   ", w = widths[i]));
            }
        }
        out.push_str(l.trim_end());
        out.push('\n');
    }
    out
}

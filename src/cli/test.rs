//! `kinterp test`: run declarative cases against customizations (`-f`) or
//! the built-ins, print PASS/FAIL lines, diffs and a closing count.

use std::io::Write;

use clap::Args;

use super::GlobalArgs;
use crate::Error;
use crate::interpreter::Interpreter;
use crate::lua::sandbox::PrintSink;
use crate::ric::CustomizationSet;
use crate::testrun::{self, Case, CaseResult};

pub const EXAMPLES: &str = "Examples:
  # Test a customization against the cases in a folder
  kinterp test tests/ -f ric.yaml

  # Test the built-in interpreters (bundled and native)
  kinterp test cases/

  # Only the cases whose name or path contains 'health', with a JUnit report for CI
  kinterp test tests/ -f ric.yaml --filter health --junit report.xml";

/// Arguments of `kinterp test`.
#[derive(Debug, Args)]
pub struct TestArgs {
    /// Case files or directories (searched recursively for .yaml, .yml, .json)
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<String>,
    /// Customizations under test (file, directory, glob or -); without it, the built-ins
    #[arg(short = 'f', long = "filename", value_name = "PATH")]
    pub filename: Vec<String>,
    /// Read directories given with -f recursively
    #[arg(short = 'R', long)]
    pub recursive: bool,
    /// With -f: fall back to the built-in interpreters as Karmada's control plane does
    #[arg(long, requires = "filename")]
    pub with_builtins: bool,
    /// Also write a JUnit XML report to FILE
    #[arg(long, value_name = "FILE")]
    pub junit: Option<String>,
    /// Run only the cases whose name or file path contains TEXT
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
    /// Exit 1 when no case ran
    #[arg(long)]
    pub fail_on_empty: bool,
    /// Number of parallel jobs (default: all cores)
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Report which customizations, rules and script lines the cases ran (runs cases on one thread)
    #[arg(long)]
    pub coverage: bool,
    /// With coverage: also write an lcov tracefile (YAML file lines) to FILE
    #[arg(long, value_name = "FILE")]
    pub coverage_file: Option<String>,
    /// With coverage: exit 1 when line coverage is below PCT percent
    #[arg(long, value_name = "PCT")]
    pub coverage_min: Option<f64>,
    /// Output format: human, or json (cases, counts and coverage in one object)
    #[arg(short = 'o', long, value_enum, default_value_t = TestFormat::Human)]
    pub output: TestFormat,
}

/// `-o` of `kinterp test`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TestFormat {
    Human,
    Json,
}

/// Runs `kinterp test`.
pub fn run(global: &GlobalArgs, args: TestArgs) -> Result<i32, Error> {
    let customizations = if args.filename.is_empty() {
        None
    } else {
        Some(CustomizationSet::new(
            super::interpret::load_customizations(&args.filename, args.recursive)?,
        ))
    };
    let interpreter = Interpreter {
        builtins: customizations.is_none() || args.with_builtins,
        customizations,
        profile: global.profile(PrintSink::Stderr),
    };
    let all = testrun::load_cases(&args.paths)?;
    let (cases, skipped): (Vec<&Case>, usize) = match &args.filter {
        None => (all.iter().collect(), 0),
        Some(f) => {
            let kept: Vec<&Case> = all
                .iter()
                .filter(|c| c.name.contains(f.as_str()) || c.file.contains(f.as_str()))
                .collect();
            let skipped = all.len() - kept.len();
            (kept, skipped)
        }
    };
    let coverage = args.coverage || args.coverage_file.is_some() || args.coverage_min.is_some();
    let jobs = match coverage {
        // Coverage is recorded per thread: run on this one.
        true => 1,
        false => args.jobs.unwrap_or_else(crate::parallel::default_jobs),
    };
    let color = args.output == TestFormat::Human && super::color::stdout_color(global.color);
    let owned: Vec<Case> = cases.iter().map(|c| (*c).clone()).collect();
    if coverage {
        crate::coverage::start();
    }
    let results = testrun::run_all(&interpreter, &owned, jobs, color);
    let report = coverage.then(|| super::coverage::report(interpreter.customizations.as_ref()));
    let text = match args.output {
        TestFormat::Human => {
            super::coverage::with_table(render(&cases, &results, skipped, color), report.as_ref())
        }
        TestFormat::Json => super::coverage::json(&cases, &results, skipped, report.as_ref()),
    };
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    if let Some(path) = &args.junit {
        let refs: Vec<&CaseResult> = results.iter().collect();
        std::fs::write(path, testrun::junit::report(&cases, &refs))
            .map_err(|e| Error::Input(format!("{path}: cannot write the JUnit report: {e}")))?;
    }
    let below = super::coverage::finish(report.as_ref(), &args)?;
    let failed = results.iter().any(|r| !r.passed);
    Ok(i32::from(
        failed || below || (args.fail_on_empty && cases.is_empty()),
    ))
}

/// The human report: a line per case, diffs of failures, the closing count.
pub fn render(cases: &[&Case], results: &[CaseResult], skipped: usize, color: bool) -> String {
    use owo_colors::OwoColorize;
    let mut out = String::new();
    let mut passed = 0;
    for (case, r) in cases.iter().zip(results) {
        let word = match (r.passed, color) {
            (true, true) => "PASS".green().to_string(),
            (true, false) => "PASS".to_string(),
            (false, true) => "FAIL".red().to_string(),
            (false, false) => "FAIL".to_string(),
        };
        out.push_str(&format!(
            "{word} {}: {}: {}\n",
            case.file, case.operation, case.name
        ));
        if r.passed {
            passed += 1;
        } else if let Some(f) = &r.failure {
            out.push_str(f);
            if !f.ends_with('\n') {
                out.push('\n');
            }
        }
    }
    out.push_str(&format!(
        "{passed} passed, {} failed",
        results.len() - passed
    ));
    if skipped > 0 {
        out.push_str(&format!(", {skipped} skipped"));
    }
    out.push('\n');
    out
}

//! `kinterp test`: run declarative cases against customizations (`-f`) or
//! the built-ins, print PASS/FAIL lines, diffs and a closing count.

use clap::Args;

use super::GlobalArgs;
use crate::diag::Diagnostic;
use crate::interpreter::Interpreter;
use crate::lua::sandbox::PrintSink;
use crate::output::report::{Human, Junit, Report, Reporter, TestReport};
use crate::ric::CustomizationSet;
use crate::testrun::{self, Case};

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
}

/// Runs `kinterp test`.
pub fn run(global: &GlobalArgs, args: TestArgs) -> Result<i32, Diagnostic> {
    let customizations = if args.filename.is_empty() {
        None
    } else {
        Some(CustomizationSet::new(crate::load::load_customizations(
            &args.filename,
            args.recursive,
        )?))
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
    let jobs = args.jobs.unwrap_or_else(crate::parallel::default_jobs);
    let results = testrun::run_all(&interpreter, &cases, jobs);
    let report = Report::Tests(TestReport {
        cases: &cases,
        results: &results,
        skipped,
    });
    let human = Human {
        color: super::color::stdout_color(global.color),
    };
    super::print(&human, &report);
    if let Some(path) = &args.junit {
        let text = Junit.render(&report).unwrap_or_default();
        std::fs::write(path, text).map_err(|e| {
            Diagnostic::input(format!("{path}: cannot write the JUnit report: {e}"))
        })?;
    }
    let failed = results.iter().any(|r| !r.passed());
    Ok(i32::from(
        failed || (args.fail_on_empty && cases.is_empty()),
    ))
}

//! `kinterp test`: run declarative cases against customizations (`-f`) or
//! the built-ins, print PASS/FAIL lines, diffs and a closing count.

use clap::Args;

use super::GlobalArgs;
use crate::output::report::{Human, Junit, Report, Reporter, TestReport};
use kinterp::diag::Diagnostic;
use kinterp::interpreter::Interpreter;
use kinterp::lua::sandbox::PrintSink;
use kinterp::ric::CustomizationSet;
use kinterp::testrun::{self, Case};

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
    /// Run again whenever a case file or customization changes (Ctrl-C to stop)
    #[arg(long)]
    pub watch: bool,
    /// With -f: also run each case on a baseline, the built-ins or the customizations at PATH, and report where they agree
    #[arg(long, value_name = "builtins|PATH", requires = "filename")]
    pub compare: Option<String>,
    #[command(flatten)]
    pub builtins_dir: super::baseline::BuiltinsDir,
    /// Show each script line run, and the locals it assigned, on standard error (runs cases on one thread)
    #[arg(long)]
    pub trace: bool,
    /// Rewrite the expected output of failing cases to the actual results, in place
    #[arg(long, conflicts_with = "watch")]
    pub update: bool,
}

/// `-o` of `kinterp test`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TestFormat {
    Human,
    Json,
}

/// Runs `kinterp test`.
pub fn run(global: &GlobalArgs, args: TestArgs) -> Result<i32, Diagnostic> {
    if args.watch {
        let paths: Vec<&str> = args
            .paths
            .iter()
            .chain(&args.filename)
            .map(String::as_str)
            .collect();
        return super::watch::run(&paths, || Ok(run_once(global, &args)?));
    }
    run_once(global, &args)
}

fn run_once(global: &GlobalArgs, args: &TestArgs) -> Result<i32, Diagnostic> {
    let customizations = if args.filename.is_empty() {
        None
    } else {
        Some(CustomizationSet::new(kinterp::load::load_customizations(
            &args.filename,
            args.recursive,
        )?))
    };
    let mut interpreter = Interpreter {
        builtins: customizations.is_none() || args.with_builtins,
        customizations,
        profile: global.profile(PrintSink::Stderr),
        bundled: None,
    };
    args.builtins_dir.apply(&mut interpreter)?;
    if args.compare.is_some() && args.output == TestFormat::Json {
        return Err(Diagnostic::usage(
            "--compare reports as text; leave out -o json",
        ));
    }
    let baseline = match &args.compare {
        Some(spec) => Some(super::baseline::baseline(
            spec,
            args.with_builtins,
            interpreter.bundled.clone(),
            interpreter.profile.clone(),
        )?),
        None => None,
    };
    let mut suite = testrun::load_suite(&args.paths)?;
    // Karmada's layout: cases under `testdata/` run against the
    // customizations beside it (unless -f names the ones to test).
    let beside = if args.filename.is_empty() {
        beside_interpreters(&suite.beside, &interpreter, &mut suite.cases)
    } else {
        Vec::new()
    };
    let pick = |c: &Case| c.beside.and_then(|i| beside.get(i)).unwrap_or(&interpreter);
    // Undecodable files are errors of their own; with no case left, the
    // last one ends the command as before.
    let last = match suite.cases.is_empty() {
        true => suite.errors.pop(),
        false => None,
    };
    for e in &suite.errors {
        eprintln!("{}", crate::output::human::diagnostic(e, None));
    }
    if let Some(e) = last {
        return Err(e);
    }
    let all = &suite.cases;
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
    let jobs = match coverage || args.trace {
        // Coverage and traces are recorded per thread: run on this one.
        true => 1,
        false => args.jobs.unwrap_or_else(kinterp::parallel::default_jobs),
    };
    if coverage {
        kinterp::coverage::start();
    }
    let results = match args.trace {
        false => testrun::run_each(&cases, jobs, pick),
        true => traced(&cases, pick),
    };
    let lines = coverage.then(|| super::coverage::report(interpreter.customizations.as_ref()));
    let report = Report::Tests(TestReport {
        cases: &cases,
        results: &results,
        skipped,
    });
    let human = Human {
        color: args.output == TestFormat::Human && super::color::stdout_color(global.color),
    };
    match (args.output, &lines) {
        (TestFormat::Human, None) => super::print(&human, &report),
        (TestFormat::Human, Some(lines)) => {
            super::coverage::print_with_table(human.render(&report).unwrap_or_default(), lines)
        }
        (TestFormat::Json, _) => {
            super::coverage::print_json(&cases, &results, skipped, lines.as_ref())
        }
    }
    if let Some((baseline, name)) = &baseline {
        let theirs = testrun::run_each(&cases, jobs, |_| baseline);
        let color = super::color::stdout_color(global.color);
        print!(
            "{}",
            crate::output::compare::cases(
                &cases,
                &results,
                &theirs,
                name,
                &args.filename.join(","),
                color
            )
        );
    }
    if let Some(path) = &args.junit {
        let text = Junit.render(&report).unwrap_or_default();
        std::fs::write(path, text).map_err(|e| {
            Diagnostic::input(format!("{path}: cannot write the JUnit report: {e}"))
        })?;
    }
    let below = super::coverage::finish(lines.as_ref(), args)?;
    if !suite.errors.is_empty() {
        return Ok(2);
    }
    if args.update {
        return update(&cases, &results, args.output == TestFormat::Json);
    }
    let failed = results.iter().any(|r| !r.passed());
    Ok(i32::from(
        failed || below || (args.fail_on_empty && cases.is_empty()),
    ))
}

/// Runs the cases one by one on this thread, each one's trace on
/// standard error under its name.
fn traced<'i>(
    cases: &[&Case],
    pick: impl Fn(&Case) -> &'i Interpreter,
) -> Vec<testrun::CaseResult> {
    kinterp::trace::start();
    let results = cases
        .iter()
        .map(|c| {
            let r = testrun::run_case(pick(c), c);
            eprint!(
                "trace {}: {}: {}\n{}",
                c.file,
                c.operation_name(),
                c.name,
                kinterp::trace::render(&kinterp::trace::take())
            );
            r
        })
        .collect();
    kinterp::trace::finish();
    results
}

/// `--update`: rewrites the `output` of each case that ran but differs,
/// file by file, and names them; 0 unless a case could not run.
fn update(cases: &[&Case], results: &[testrun::CaseResult], json: bool) -> Result<i32, Diagnostic> {
    type Rewrite<'c> = (usize, &'c Case, serde_json::Map<String, serde_json::Value>);
    let mut by_file: Vec<(&str, Vec<Rewrite>)> = Vec::new();
    let mut broken = false;
    for (case, result) in cases.iter().zip(results) {
        if result.passed() {
            continue;
        }
        let Some(output) = testrun::updated_output(case, result) else {
            broken = true;
            continue;
        };
        match by_file.iter_mut().find(|(f, _)| *f == case.file) {
            Some((_, list)) => list.push((case.index, case, output)),
            None => by_file.push((&case.file, vec![(case.index, case, output)])),
        }
    }
    for (file, list) in &by_file {
        let cannot = |m: String| Diagnostic::input(format!("{file}: cannot update: {m}"));
        let text = std::fs::read_to_string(file).map_err(|e| cannot(e.to_string()))?;
        let outputs: Vec<_> = list.iter().map(|(i, _, o)| (*i, o.clone())).collect();
        let new = crate::output::case::rewrite_outputs(&text, &outputs).map_err(cannot)?;
        std::fs::write(file, new).map_err(|e| cannot(e.to_string()))?;
        for (_, case, _) in list {
            let line = format!("updated {file}: {}: {}", case.operation_name(), case.name);
            // Standard output holds one JSON object with -o json.
            match json {
                true => eprintln!("{line}"),
                false => println!("{line}"),
            }
        }
    }
    Ok(i32::from(broken))
}

/// An interpreter per customization file of Karmada's layout: those
/// customizations alone, as Karmada's own test runs them. A file that
/// cannot be loaded fails the cases beside it.
fn beside_interpreters(
    files: &[String],
    base: &Interpreter,
    cases: &mut [Case],
) -> Vec<Interpreter> {
    let mut out = Vec::with_capacity(files.len());
    for (i, file) in files.iter().enumerate() {
        let loaded = kinterp::load::load_customizations(std::slice::from_ref(file), false);
        let set = match loaded {
            Ok(set) => set,
            Err(e) => {
                for c in cases.iter_mut().filter(|c| c.beside == Some(i)) {
                    c.problem.get_or_insert_with(|| e.clone());
                }
                Vec::new()
            }
        };
        out.push(Interpreter::customizations(set, base.profile.clone()));
    }
    out
}

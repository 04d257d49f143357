//! `kinterp interpret`: run one operation (customizations or built-ins) and
//! print karmadactl's output, or `--check` customizations.

use clap::{Args, ValueEnum};
use serde_json::Value;

use super::{Failure, GlobalArgs};
use crate::output::{
    self,
    report::{Human, Json, Report},
};
use kinterp::check::{self, Entry};
use kinterp::diag::Diagnostic;
use kinterp::input::bulk::Intake;
use kinterp::input::cluster::ObjectRef;
use kinterp::interpreter::Interpreter;
use kinterp::load::{load_customizations_and_warnings, parse_operation, read_objects_and_warnings};
use kinterp::lua::sandbox::PrintSink;
use kinterp::ops::{OpInput, Operation};
use kinterp::ric::CustomizationSet;

pub const EXAMPLES: &str = "Examples:
  # Check every customization in a folder, recursively
  kinterp interpret -f customizations/ -R --check

  # Run the Retain rule of a customization
  kinterp interpret -f ric.yaml --operation retain --desired-file desired.yaml --observed-file observed.yaml

  # Aggregate member statuses, printing JSON
  kinterp interpret -f ric.yaml --operation AggregateStatus --desired-file obj.yaml --status-file status.yaml -o json

  # Show what ReviseReplica changes, as a diff
  kinterp interpret -f ric.yaml --operation revisereplica --desired-file obj.yaml --desired-replica 5 --diff

  # Ask the built-in interpreters (no -f) how Karmada reads a Deployment
  kinterp interpret --operation InterpretReplica --desired-file deployment.yaml";

/// `-o` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    Yaml,
    Json,
    Table,
}

/// Arguments of `kinterp interpret`.
#[derive(Debug, Args)]
pub struct InterpretArgs {
    /// Customization files: a file, a directory, a glob, or - for standard input (repeatable)
    #[arg(short = 'f', long = "filename", value_name = "PATH")]
    pub filename: Vec<String>,
    /// Read directories given with -f recursively
    #[arg(short = 'R', long)]
    pub recursive: bool,
    /// Validate the customizations instead of running an operation
    #[arg(long, conflicts_with_all = ["operation", "diff"])]
    pub check: bool,
    /// With --check: treat lint warnings as errors
    #[arg(long, requires = "check")]
    pub strict: bool,
    /// With --check: number of parallel jobs (default: all cores)
    #[arg(short = 'j', long, value_name = "N", requires = "check")]
    pub jobs: Option<usize>,
    /// The operation to run, e.g. Retain or InterpretReplica (case-insensitive)
    #[arg(long, value_name = "OP")]
    pub operation: Option<String>,
    /// The desired object (the resource template), or a List of them
    #[arg(long, value_name = "FILE")]
    pub desired_file: Option<String>,
    /// The observed object (as found in a member cluster), or a List of them
    #[arg(long, value_name = "FILE")]
    pub observed_file: Option<String>,
    /// AggregatedStatusItem documents (a stream or a list), or a ResourceBinding, Works or a List of them
    #[arg(long, value_name = "FILE")]
    pub status_file: Option<String>,
    /// The replica number passed to ReviseReplica (0, with a warning, when not given)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub desired_replica: Option<i32>,
    /// Output format: yaml or json (run), table or json (--check)
    #[arg(short = 'o', long, value_enum, value_name = "FORMAT")]
    pub output: Option<OutputFormat>,
    /// Print a unified diff of the input object against the result (Retain, ReviseReplica, AggregateStatus)
    #[arg(long)]
    pub diff: bool,
    /// With -f: fall back to the built-in interpreters as Karmada's control plane does
    #[arg(long, requires = "filename")]
    pub with_builtins: bool,
    /// Write script print output to standard output, ahead of the result, as karmadactl does
    #[arg(long)]
    pub print_to_stdout: bool,
    /// Edit the customization in $KUBE_EDITOR, $EDITOR, $VISUAL or vi, then validate and save it
    #[arg(long, requires = "filename", conflicts_with_all = ["operation", "diff"])]
    pub edit: bool,
    /// With --edit: show each rule's documentation as comments
    #[arg(long, requires = "edit")]
    pub show_doc: bool,
    /// Run again whenever an input file changes (Ctrl-C to stop)
    #[arg(long, conflicts_with = "edit")]
    pub watch: bool,
    /// Append this run to FILE as a test case (inputs and results), for `kinterp test`
    #[arg(long, value_name = "FILE", conflicts_with_all = ["check", "edit", "watch"])]
    pub save_case: Option<String>,
    /// Also run on a baseline, the built-ins or the customizations at PATH, and print where the results differ (exit 1 when they do)
    #[arg(long, value_name = "builtins|PATH", requires = "filename", conflicts_with_all = ["check", "edit", "diff"])]
    pub compare: Option<String>,
    #[command(flatten)]
    pub builtins_dir: super::baseline::BuiltinsDir,
    /// Show each script line run, and the locals it assigned, on standard error
    #[arg(long, conflicts_with_all = ["check", "edit"])]
    pub trace: bool,
    /// With --save-case: the case's name (default: the operation and the object's kind/name)
    #[arg(long, value_name = "NAME", requires = "save_case")]
    pub case_name: Option<String>,
}

/// Shows the warnings reading an input raised (duplicate keys), on
/// standard error.
fn warn(warnings: &[Diagnostic]) {
    for w in warnings {
        eprintln!("{}", crate::output::human::diagnostic(w, None));
    }
}

/// A value read with warnings: shows them, keeps the value.
pub(super) fn warned<T>((value, warnings): (T, Vec<Diagnostic>)) -> T {
    warn(&warnings);
    value
}

fn fail<T>(d: Diagnostic) -> Result<T, Failure> {
    Err(d.into())
}

/// Runs `kinterp interpret`.
pub fn run(global: &GlobalArgs, args: InterpretArgs) -> Result<i32, Failure> {
    if args.watch {
        let objects = [&args.desired_file, &args.observed_file, &args.status_file];
        let paths: Vec<&str> = args
            .filename
            .iter()
            .chain(objects.into_iter().flatten())
            .map(String::as_str)
            .collect();
        return Ok(super::watch::run(&paths, || run_once(global, &args))?);
    }
    run_once(global, &args)
}

fn run_once(global: &GlobalArgs, args: &InterpretArgs) -> Result<i32, Failure> {
    if args.edit {
        return Ok(super::edit::run(global, args)?);
    }
    if args.check {
        return Ok(run_check(global, args)?);
    }
    if !args.filename.is_empty() && args.filename.iter().any(|f| f.is_empty()) {
        return fail(Diagnostic::usage("-f needs a path"));
    }
    let Some(op_text) = &args.operation else {
        return fail(Diagnostic::usage("operation is not set for executing"));
    };
    let op = parse_operation(op_text)?;
    let format = match args.output {
        None | Some(OutputFormat::Yaml) => OutputFormat::Yaml,
        Some(OutputFormat::Json) => OutputFormat::Json,
        Some(OutputFormat::Table) => {
            return fail(Diagnostic::usage(
                "-o table goes with --check; use yaml or json",
            ));
        }
    };
    if args.diff {
        if !matches!(
            op,
            Operation::Retain | Operation::ReviseReplica | Operation::AggregateStatus
        ) {
            return fail(Diagnostic::usage(format!(
                "--diff works with Retain, ReviseReplica and AggregateStatus, not {op}"
            )));
        }
        if format == OutputFormat::Json {
            return fail(Diagnostic::usage("--diff cannot be combined with -o json"));
        }
    }
    let customizations = if args.filename.is_empty() {
        None
    } else {
        let (set, warnings) = load_customizations_and_warnings(&args.filename, args.recursive)?;
        warn(&warnings);
        Some(CustomizationSet::new(set))
    };
    // Which object files the operation needs (karmadactl's rules and texts).
    let exec_err = |m: &str| Diagnostic::usage(m).for_rule(op.name());
    if op == Operation::Retain {
        if args.desired_file.is_none() {
            return fail(exec_err("desired, desired-file options are not set"));
        }
        if args.observed_file.is_none() {
            return fail(exec_err("observed, observed-file options are not set"));
        }
    } else {
        match (&args.desired_file, &args.observed_file) {
            (None, None) => {
                return fail(exec_err("desired-file, observed-file options are not set"));
            }
            (Some(_), Some(_)) => {
                return fail(exec_err(
                    "you can not specify both desired-file and observed-file options",
                ));
            }
            _ => {}
        }
    }
    if op == Operation::ReviseReplica && args.desired_replica.is_none() {
        warn(&[Diagnostic::warning(
            kinterp::diag::Kind::Usage,
            "--desired-replica is not set: ReviseReplica is given 0 replicas",
        )]);
    }
    let files: Vec<&str> = [&args.desired_file, &args.observed_file, &args.status_file]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    let intake = if args.watch {
        Intake::new(&crate::heap::Tuning, &files)
    } else {
        // SAFETY: each run reads the status file once, and a status file
        // is not rewritten under a running interpret (docs/security.md);
        // watching reads into memory.
        unsafe { Intake::in_place(&crate::heap::Tuning, &files) }
    };
    let desired = args
        .desired_file
        .as_deref()
        .map(|p| read_objects_and_warnings("desired", p).map(warned))
        .transpose()?;
    let observed = args
        .observed_file
        .as_deref()
        .map(|p| read_objects_and_warnings("observed", p).map(warned))
        .transpose()?;
    let runs = runs(op, desired, observed, args)?;
    let print = if args.print_to_stdout {
        PrintSink::Stdout
    } else {
        PrintSink::Stderr
    };
    let mut interpreter = Interpreter {
        builtins: customizations.is_none() || args.with_builtins,
        customizations,
        profile: global.profile(print),
        bundled: None,
    };
    args.builtins_dir.apply(&mut interpreter)?;
    let one = |run: Run| run_one(global, args, op, format, &interpreter, &intake, run);
    if runs.len() == 1 {
        return one(runs.into_iter().next().unwrap_or_default());
    }
    // Each object's result (or error) as for that object alone, in
    // order; the exit status is the worst.
    let mut worst = 0;
    for run in runs {
        match one(run) {
            Ok(code) => worst = worst.max(code),
            Err(f) => {
                eprintln!(
                    "{}",
                    output::human::diagnostic(&f.diagnostic, f.snippet.as_deref())
                );
                worst = worst.max(f.diagnostic.exit_code());
            }
        }
    }
    Ok(worst)
}

/// The objects of each run, in order: one object file's objects (a List
/// runs once per item), or for Retain the desired and observed objects
/// paired by identity when either file holds several.
type Run = (Option<Value>, Option<Value>);

fn runs(
    op: Operation,
    desired: Option<Vec<Value>>,
    observed: Option<Vec<Value>>,
    args: &InterpretArgs,
) -> Result<Vec<Run>, Diagnostic> {
    let (desired, observed) = match (desired, observed) {
        (Some(d), Some(o)) if op == Operation::Retain => (d, o),
        (Some(d), _) => return Ok(d.into_iter().map(|v| (Some(v), None)).collect()),
        (None, o) => {
            return Ok(o
                .unwrap_or_default()
                .into_iter()
                .map(|v| (None, Some(v)))
                .collect());
        }
    };
    if desired.len() == 1 && observed.len() == 1 {
        return Ok(desired
            .into_iter()
            .zip(observed)
            .map(|(d, o)| (Some(d), Some(o)))
            .collect());
    }
    let mut observed: Vec<Option<Value>> = observed.into_iter().map(Some).collect();
    let name = |p: &Option<String>| p.clone().unwrap_or_default();
    let mut runs = Vec::with_capacity(desired.len());
    for d in desired {
        let id = ObjectRef::of(&d);
        let partner = observed
            .iter_mut()
            .find(|o| o.as_ref().is_some_and(|o| ObjectRef::of(o) == id))
            .and_then(Option::take);
        let Some(o) = partner else {
            return Err(Diagnostic::input(format!(
                "fail to get observed object: {} holds no observed {id} for the desired one",
                name(&args.observed_file)
            )));
        };
        runs.push((Some(d), Some(o)));
    }
    if let Some(o) = observed.into_iter().flatten().next() {
        return Err(Diagnostic::input(format!(
            "fail to get desired object: {} holds no desired {} for the observed one",
            name(&args.desired_file),
            ObjectRef::of(&o)
        )));
    }
    Ok(runs)
}

/// Runs the operation on one object (or Retain's pair) and prints the
/// result as for that object alone; the exit status (`--compare`: 1 when
/// the baseline differs).
fn run_one(
    global: &GlobalArgs,
    args: &InterpretArgs,
    op: Operation,
    format: OutputFormat,
    interpreter: &Interpreter,
    intake: &Intake,
    (desired, observed): Run,
) -> Result<i32, Failure> {
    // A Work in the status file gives the item of the run's object.
    let object = match op {
        Operation::Retain => desired.as_ref(),
        _ => desired.as_ref().or(observed.as_ref()),
    };
    let status_items = args
        .status_file
        .as_deref()
        .map(|p| intake.status_for(p, object).map(warned))
        .transpose()?;
    let input = intake.ready(OpInput {
        desired,
        observed,
        status_items,
        desired_replica: args.desired_replica.unwrap_or(0),
    });
    if let Some(spec) = &args.compare {
        return compare(global, args, spec, interpreter, op, &input);
    }
    // The object the diff shows, as it was.
    let before = match (args.diff, op) {
        (false, _) => None,
        (true, Operation::Retain) => input.desired.clone(),
        (true, _) => input.object().cloned(),
    };
    if args.trace {
        kinterp::trace::start();
    }
    // The input is given to the run, which frees it as it is converted
    // into Lua; a saved case holds the inputs, so it is lent.
    let (run, kept) = match args.save_case {
        Some(_) => (interpreter.run(op, &input), Some(input)),
        None => (interpreter.run_owned(op, input), None),
    };
    if args.trace {
        eprint!("{}", kinterp::trace::render(&kinterp::trace::finish()));
    }
    match run {
        Ok(outcome) => {
            let human = Human {
                color: super::color::stdout_color(global.color),
            };
            if args.diff {
                let before_name = if op == Operation::Retain || args.desired_file.is_some() {
                    args.desired_file.as_deref()
                } else {
                    args.observed_file.as_deref()
                }
                .unwrap_or_default();
                let (name, after) = &outcome.results[0];
                let diff = Report::Diff {
                    before: before.as_ref().unwrap_or(&serde_json::Value::Null),
                    after,
                    before_name,
                    after_name: name,
                };
                super::print(&human, &diff);
            } else if format == OutputFormat::Json {
                super::print(&Json, &Report::Outcome(&outcome));
            } else {
                super::print(&human, &Report::Outcome(&outcome));
            }
            if let (Some(path), Some(input)) = (&args.save_case, &kept) {
                save_case(path, args.case_name.as_deref(), op, input, &outcome)?;
            }
            // Unless watching, the results (like the inputs) live until the
            // process exits.
            if !args.watch {
                crate::runtime::keep_until_exit((outcome, kept));
            }
            Ok(0)
        }
        Err(e) => {
            let e = match &args.save_case {
                Some(path) => e.with_hint(format!("the run failed: nothing was saved to {path}")),
                None => e,
            };
            Err(Failure::of_run(e, interpreter))
        }
    }
}

/// `--compare`: the same run on the baseline; a diff where they differ.
fn compare(
    global: &GlobalArgs,
    args: &InterpretArgs,
    spec: &str,
    interpreter: &Interpreter,
    op: Operation,
    input: &OpInput,
) -> Result<i32, Failure> {
    let (baseline, name) = super::baseline::baseline(
        spec,
        args.with_builtins,
        interpreter.bundled.clone(),
        interpreter.profile.clone(),
    )?;
    if args.trace {
        kinterp::trace::start();
    }
    let tested = interpreter.run(op, input);
    if args.trace {
        // The customization under test's run only.
        eprint!("{}", kinterp::trace::render(&kinterp::trace::finish()));
    }
    let base = baseline.run(op, input);
    let color = super::color::stdout_color(global.color);
    let tested_name = args.filename.join(",");
    let diff = output::compare::diff(&name, base.as_ref(), &tested_name, tested.as_ref(), color);
    if diff.is_empty() {
        println!("no differences from {name}");
    } else {
        print!("{diff}");
    }
    if let (Some(path), Ok(outcome)) = (&args.save_case, &tested) {
        save_case(path, args.case_name.as_deref(), op, input, outcome)?;
    }
    Ok(i32::from(!diff.is_empty()))
}

/// Appends the run to the case file `path` (made when missing), and says
/// so on standard error.
fn save_case(
    path: &str,
    name: Option<&str>,
    op: Operation,
    input: &OpInput,
    outcome: &kinterp::ops::Outcome,
) -> Result<(), Diagnostic> {
    let name = match name {
        Some(n) => n.to_string(),
        None => {
            let object = if op == Operation::Retain {
                input.desired.as_ref()
            } else {
                input.object()
            };
            let text = |v: Option<&serde_json::Value>| {
                v.and_then(serde_json::Value::as_str)
                    .unwrap_or("")
                    .to_string()
            };
            let kind = text(object.and_then(|o| o.get("kind")));
            let obj_name = text(object.and_then(|o| o.pointer("/metadata/name")));
            format!("{op} {kind}/{obj_name}")
        }
    };
    let doc = output::case::case_document(&name, op, input, outcome);
    let cannot =
        |e: std::io::Error| Diagnostic::input(format!("{path}: cannot save the case: {e}"));
    let before = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(cannot(e)),
    };
    let mut text = String::new();
    if !before.is_empty() {
        if !before.ends_with(b"\n") {
            text.push('\n');
        }
        text.push_str("---\n");
    }
    text.push_str(&doc);
    use std::io::Write;
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(cannot)?;
    eprintln!("saved case {name:?} to {path}");
    Ok(())
}

fn run_check(global: &GlobalArgs, args: &InterpretArgs) -> Result<i32, Diagnostic> {
    if args.filename.is_empty() {
        return Err(Diagnostic::usage(
            "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'",
        ));
    }
    let json = match args.output {
        None | Some(OutputFormat::Table) => false,
        Some(OutputFormat::Json) => true,
        Some(OutputFormat::Yaml) => {
            return Err(Diagnostic::usage(
                "--check prints a table or json; -o yaml is for running an operation",
            ));
        }
    };
    let jobs = args.jobs.unwrap_or_else(kinterp::parallel::default_jobs);
    let paths = kinterp::input::sources::expand_paths(&args.filename, args.recursive)?;
    let memory_limit = super::memory_limit(global.lua_memory_limit);
    let per_file = kinterp::parallel::map(&paths, jobs, |p| check_file(p.as_deref(), memory_limit));
    let mut entries = Vec::new();
    for r in per_file {
        entries.extend(r?);
    }
    let report = Report::Check(&entries);
    if json {
        super::print(&Json, &report);
    } else {
        super::print(&Human::default(), &report);
    }
    let mut failed = entries.iter().any(Entry::failed);
    if !json {
        for e in &entries {
            for w in &e.warnings {
                eprintln!("warning: {}: {}", e.source, output::check::warning(w));
            }
        }
    }
    if args.strict && entries.iter().any(|e| !e.warnings.is_empty()) {
        failed = true;
    }
    Ok(i32::from(failed))
}

/// Reads, decodes and checks one file.
fn check_file(
    path: Option<&std::path::Path>,
    memory_limit: Option<usize>,
) -> Result<Vec<Entry>, Diagnostic> {
    let source = kinterp::input::sources::read_path(path)?;
    check::check_str(&source.name, &source.text, memory_limit)
}

//! `kinterp interpret`: run one operation (customizations or built-ins) and
//! print karmadactl's output, or `--check` customizations.

use std::io::Write;

use clap::{Args, ValueEnum};

use super::GlobalArgs;
use crate::Error;
use crate::check::{self, Entry};
use crate::input::{self, read_sources};
use crate::interpreter::Interpreter;
use crate::lua::sandbox::PrintSink;
use crate::ops::{OpInput, Operation};
use crate::output;
use crate::ric::{self, Customization, CustomizationSet, Document};

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
    /// The desired object (the resource template)
    #[arg(long, value_name = "FILE")]
    pub desired_file: Option<String>,
    /// The observed object (as found in a member cluster)
    #[arg(long, value_name = "FILE")]
    pub observed_file: Option<String>,
    /// AggregatedStatusItem documents, as a YAML stream or a list
    #[arg(long, value_name = "FILE")]
    pub status_file: Option<String>,
    /// The replica number passed to ReviseReplica
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    pub desired_replica: i32,
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
}

/// Reads and decodes the customization documents of `-f`.
pub fn load_documents(paths: &[String], recursive: bool) -> Result<Vec<Document>, Error> {
    let mut docs = Vec::new();
    for source in read_sources(paths, recursive)? {
        let read = input::read_documents(&source.name, &source.text)?;
        warn(&read.warnings);
        if read.values.is_empty() {
            return Err(input::no_document(&source.name));
        }
        for value in read.values {
            let doc = ric::decode(&source.name, &value)
                .map_err(|e| Error::Input(format!("unable to decode {:?}: {e}", source.name)))?;
            docs.push(doc);
        }
    }
    Ok(docs)
}

/// Loads `-f` as customizations only: any other kind is an input error.
pub fn load_customizations(paths: &[String], recursive: bool) -> Result<Vec<Customization>, Error> {
    load_documents(paths, recursive)?
        .into_iter()
        .map(|d| match d {
            Document::Customization(c) => Ok(c),
            Document::Other { file, gvk, .. } => Err(Error::Input(format!(
                "{file}: fail to get customization object: not a ResourceInterpreterCustomization, got {gvk}"
            ))),
        })
        .collect()
}

/// Parses an operation name, with Karmada's error and a suggestion.
pub fn parse_operation(text: &str) -> Result<Operation, Error> {
    Operation::parse(text).ok_or_else(|| {
        let names: Vec<&str> = Operation::ALL.iter().map(|o| o.name()).collect();
        let hint = crate::suggest::best(text, names.iter().copied())
            .map(|s| format!("\n\n  tip: did you mean '{s}'?"))
            .unwrap_or_default();
        Error::Usage(format!(
            "operation {text} is not supported. Use one of: {}{hint}",
            names.join(", ")
        ))
    })
}

fn read_object(role: &str, path: &str) -> Result<serde_json::Value, Error> {
    let sources = read_sources(&[path.to_string()], false)?;
    if sources.len() != 1 {
        return Err(Error::Input(format!(
            "fail to get {role} object: {path} names {} files, expect one",
            sources.len()
        )));
    }
    let (object, warnings) =
        input::yaml::read_one_object(role, &sources[0].name, &sources[0].text)?;
    warn(&warnings);
    Ok(object)
}

/// Shows the warnings reading an input raised, on standard error.
fn warn(warnings: &[crate::diag::Diagnostic]) {
    for w in warnings {
        eprintln!("warning: {w}");
    }
}

fn read_status(path: &str) -> Result<input::StatusItems, Error> {
    let mut items: Option<input::StatusItems> = None;
    for s in read_sources(&[path.to_string()], false)? {
        let (more, warnings) = input::StatusItems::read_text(&s.name, s.text)?;
        warn(&warnings);
        match &mut items {
            Some(all) => all.extend(&more),
            None => items = Some(more),
        }
    }
    Ok(items.unwrap_or_else(input::StatusItems::empty))
}

/// Runs `kinterp interpret`.
pub fn run(global: &GlobalArgs, args: InterpretArgs) -> Result<i32, Error> {
    if args.edit {
        return super::edit::run(global, &args);
    }
    if args.check {
        return run_check(global, &args);
    }
    if !args.filename.is_empty() && args.filename.iter().any(|f| f.is_empty()) {
        return Err(Error::Usage("-f needs a path".into()));
    }
    let Some(op_text) = &args.operation else {
        return Err(Error::Usage("operation is not set for executing".into()));
    };
    let op = parse_operation(op_text)?;
    let format = match args.output {
        None | Some(OutputFormat::Yaml) => OutputFormat::Yaml,
        Some(OutputFormat::Json) => OutputFormat::Json,
        Some(OutputFormat::Table) => {
            return Err(Error::Usage(
                "-o table goes with --check; use yaml or json".into(),
            ));
        }
    };
    if args.diff {
        if !matches!(
            op,
            Operation::Retain | Operation::ReviseReplica | Operation::AggregateStatus
        ) {
            return Err(Error::Usage(format!(
                "--diff works with Retain, ReviseReplica and AggregateStatus, not {op}"
            )));
        }
        if format == OutputFormat::Json {
            return Err(Error::Usage(
                "--diff cannot be combined with -o json".into(),
            ));
        }
    }
    let customizations = if args.filename.is_empty() {
        None
    } else {
        Some(CustomizationSet::new(load_customizations(
            &args.filename,
            args.recursive,
        )?))
    };
    // Which object files the operation needs (karmadactl's rules and texts).
    let exec_err = |m: &str| Error::Usage(format!("Execute {op} error: {m}"));
    if op == Operation::Retain {
        if args.desired_file.is_none() {
            return Err(exec_err("desired, desired-file options are not set"));
        }
        if args.observed_file.is_none() {
            return Err(exec_err("observed, observed-file options are not set"));
        }
    } else {
        match (&args.desired_file, &args.observed_file) {
            (None, None) => {
                return Err(exec_err("desired-file, observed-file options are not set"));
            }
            (Some(_), Some(_)) => {
                return Err(exec_err(
                    "you can not specify both desired-file and observed-file options",
                ));
            }
            _ => {}
        }
    }
    let input_bytes: u64 = [&args.desired_file, &args.observed_file, &args.status_file]
        .into_iter()
        .flatten()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    crate::heap::prepare_for(input_bytes);
    // The inputs live until the process exits: freeing thousands of status
    // items just before exiting costs more than reading them.
    let input = std::mem::ManuallyDrop::new(OpInput {
        desired: args
            .desired_file
            .as_deref()
            .map(|p| read_object("desired", p))
            .transpose()?,
        observed: args
            .observed_file
            .as_deref()
            .map(|p| read_object("observed", p))
            .transpose()?,
        status_items: args.status_file.as_deref().map(read_status).transpose()?,
        desired_replica: args.desired_replica,
    });
    let print = if args.print_to_stdout {
        PrintSink::Stdout
    } else {
        PrintSink::Stderr
    };
    let interpreter = Interpreter {
        builtins: customizations.is_none() || args.with_builtins,
        customizations,
        profile: global.profile(print),
    };
    match interpreter.run(op, &input) {
        Ok(outcome) => {
            let text = if args.diff {
                let before = if op == Operation::Retain {
                    input.desired.as_ref()
                } else {
                    input.object()
                };
                let before_name = if op == Operation::Retain || args.desired_file.is_some() {
                    args.desired_file.clone()
                } else {
                    args.observed_file.clone()
                }
                .unwrap_or_default();
                let (name, after) = &outcome.results[0];
                output::diff::diff(
                    before.unwrap_or(&serde_json::Value::Null),
                    after,
                    &before_name,
                    name,
                    super::color::stdout_color(global.color),
                )
            } else if format == OutputFormat::Json {
                output::results::json(&outcome)
            } else {
                output::results::yaml(&outcome)
            };
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
            Ok(0)
        }
        Err(msg) => Err(Error::Failed(script_error_report(
            op,
            &msg,
            interpreter.customizations.as_ref(),
            &input,
        ))),
    }
}

/// `Execute OP error: ...`, followed by where the failing script line is.
fn script_error_report(
    op: Operation,
    msg: &str,
    set: Option<&CustomizationSet>,
    input: &OpInput,
) -> String {
    let mut report = format!("Execute {op} error: {msg}");
    let line = msg.find("<string>:").and_then(|i| {
        msg[i + 9..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|d| d.parse::<usize>().ok())
    });
    let object = if op == Operation::Retain {
        input.desired.as_ref()
    } else {
        input.object()
    };
    let get = |k: &str| {
        object
            .and_then(|o| o.get(k))
            .and_then(|v| v.as_str())
            .unwrap_or("")
    };
    let custom = set.and_then(|s| s.source_of(op, get("apiVersion"), get("kind")));
    if let (Some(line), Some(c)) = (line, custom) {
        if let Some(script) = c.script(op) {
            if let Some(src) = script.lines().nth(line.saturating_sub(1)) {
                report.push_str(&format!(
                    "\n  --> {} (customization {}, rule {}), script line {line}\n   |\n{line:>3} | {}",
                    c.file,
                    c.source(),
                    op.rule_field(),
                    src
                ));
            }
        }
    }
    report
}

fn run_check(global: &GlobalArgs, args: &InterpretArgs) -> Result<i32, Error> {
    if args.filename.is_empty() {
        return Err(Error::Usage(
            "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'".into(),
        ));
    }
    let json = match args.output {
        None | Some(OutputFormat::Table) => false,
        Some(OutputFormat::Json) => true,
        Some(OutputFormat::Yaml) => {
            return Err(Error::Usage(
                "--check prints a table or json; -o yaml is for running an operation".into(),
            ));
        }
    };
    let jobs = args.jobs.unwrap_or_else(crate::parallel::default_jobs);
    let paths = crate::input::sources::expand_paths(&args.filename, args.recursive)?;
    let memory_limit = super::memory_limit(global.lua_memory_limit);
    let per_file = crate::parallel::map(&paths, jobs, |p| check_file(p.as_deref(), memory_limit));
    let mut entries = Vec::new();
    for r in per_file {
        entries.extend(r?);
    }
    let text = if json {
        output::check::json(&entries)
    } else {
        output::check::table(&entries)
    };
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    let mut failed = entries.iter().any(Entry::failed);
    if !json {
        for e in &entries {
            for w in &e.warnings {
                eprintln!("warning: {}: {w}", e.source);
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
) -> Result<Vec<Entry>, Error> {
    let source = crate::input::sources::read_path(path)?;
    let mut out = Vec::new();
    let read = input::read_documents(&source.name, &source.text)?;
    if read.values.is_empty() {
        return Err(input::no_document(&source.name));
    }
    for value in read.values {
        let doc = ric::decode(&source.name, &value)
            .map_err(|e| Error::Input(format!("unable to decode {:?}: {e}", source.name)))?;
        out.push(check::check_document(&doc, memory_limit));
    }
    // Reading warnings (duplicate keys) go with the file's first entry, so
    // that they are shown in file order whatever the number of jobs.
    if let Some(first) = out.first_mut() {
        first
            .warnings
            .extend(read.warnings.iter().map(|w| w.to_string()));
    }
    Ok(out)
}

//! `kinterp simulate`: read a template and its members' objects, run the
//! engine's simulation (`kinterp::simulate`), render it and pick the exit code.

use std::path::Path;

use clap::{Args, ValueEnum};
use serde_json::Value;

use super::interpret::warned;
use super::{Failure, GlobalArgs};
use crate::output::report::{Human, Json, Report};
use kinterp::diag::Diagnostic;
use kinterp::input::{self, sources::read_sources};
use kinterp::interpreter::Interpreter;
use kinterp::load::read_object_and_warnings;
use kinterp::lua::sandbox::PrintSink;
use kinterp::simulate::{Member, Scenario, Simulation, simulate};

pub const EXAMPLES: &str = "Examples:
  # A Deployment over three clusters; m3 has no object yet
  kinterp simulate --template deploy.yaml --member m1=m1.yaml --member m2=m2.yaml --member m3

  # Two replicas to member1, the template's count elsewhere, with a customization
  kinterp simulate --template app.yaml --members observed/ --replicas member1=2 -f ric.yaml

  # Every step's result for a script, and the status items for later interpret runs
  kinterp simulate --template deploy.yaml --members observed.yaml -o json --save-status items.yaml";

/// The annotation Karmada sets on the objects it applies: the Work's
/// namespace, `karmada-es-<cluster>`.
const WORK_NAMESPACE: &str = "work.karmada.io/namespace";
const EXECUTION_SPACE: &str = "karmada-es-";

/// `-o` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SimulateFormat {
    Human,
    Yaml,
    Json,
}

/// Arguments of `kinterp simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The resource template (the desired object)
    #[arg(long, value_name = "FILE")]
    pub template: String,
    /// A member cluster and the object observed there (NAME=FILE), or one with no object yet (NAME) (repeatable)
    #[arg(long, value_name = "NAME[=FILE]")]
    pub member: Vec<String>,
    /// Members' objects: a directory of files named by cluster (member1.yaml), or a file of objects (a List too) each naming its cluster in the work.karmada.io/namespace annotation (repeatable)
    #[arg(long, value_name = "PATH")]
    pub members: Vec<String>,
    /// Replicas scheduled to a member (NAME=N); others get the template's count (repeatable)
    #[arg(long, value_name = "NAME=N")]
    pub replicas: Vec<String>,
    #[command(flatten)]
    pub interpreters: super::interpreters::InterpreterArgs,
    /// Output format: human (a table and the status diff), yaml or json (every step's result)
    #[arg(short = 'o', long, value_enum, value_name = "FORMAT", default_value_t = SimulateFormat::Human)]
    pub output: SimulateFormat,
    /// Also write the status items of the members as a status file (for interpret --status-file)
    #[arg(long, value_name = "FILE")]
    pub save_status: Option<String>,
}

/// Runs `kinterp simulate`.
pub fn run(global: &GlobalArgs, args: SimulateArgs) -> Result<i32, Failure> {
    let template = read_object_and_warnings("template", &args.template).map(warned)?;
    let mut members = Vec::new();
    for m in &args.member {
        members.push(flag_member(m)?);
    }
    for path in &args.members {
        members.extend(read_members(path)?);
    }
    // Shown in cluster name order, the order of Karmada's status items.
    members.sort_by(|a, b| a.name.cmp(&b.name));
    if let Some(w) = members.windows(2).find(|w| w[0].name == w[1].name) {
        return Err(Diagnostic::usage(format!("member {:?} is given twice", w[0].name)).into());
    }
    for r in &args.replicas {
        let (name, n) = parse_replicas(r)?;
        match members.binary_search_by(|m| m.name.as_str().cmp(name)) {
            Ok(i) => members[i].replicas = Some(n),
            Err(_) => {
                return Err(Diagnostic::usage(format!(
                    "--replicas {r}: no member {name:?} (give it with --member or --members)"
                ))
                .into());
            }
        }
    }
    let interpreter = args.interpreters.interpreter(global, PrintSink::Stderr)?;
    let scenario = Scenario { template, members };
    let sim = simulate(&interpreter, &scenario);
    if let Some(path) = &args.save_status {
        save_status(path, &sim)?;
    }
    report_errors(&sim, &interpreter);
    let report = Report::Simulation {
        simulation: &sim,
        template: &scenario.template,
        record: args.output == SimulateFormat::Yaml,
    };
    match args.output {
        SimulateFormat::Json => super::print(&Json, &report),
        _ => super::print(
            &Human {
                color: super::color::stdout_color(global.color),
            },
            &report,
        ),
    }
    Ok(i32::from(sim.failed()))
}

/// Each failed step's error on standard error, naming the step's member.
fn report_errors(sim: &Simulation, interpreter: &Interpreter) {
    for (op, member, step) in sim.steps() {
        if let Some(d) = step.error() {
            let snippet = interpreter.snippet(d);
            let at = member.map_or("template".to_string(), |m| format!("member {m}"));
            eprintln!(
                "{op} ({at}): {}",
                crate::output::human::diagnostic(d, snippet)
            );
        }
    }
}

/// `--member NAME=FILE` or `--member NAME`.
fn flag_member(text: &str) -> Result<Member, Diagnostic> {
    let (name, file) = match text.split_once('=') {
        Some((n, f)) => (n, Some(f)),
        None => (text, None),
    };
    check_name(name, "--member")?;
    let observed = match file {
        Some("") => {
            return Err(Diagnostic::usage(format!(
                "--member {text}: no file after ="
            )));
        }
        Some(f) => Some(one_object(
            f,
            read_object_and_warnings("observed", f).map(warned)?,
        )?),
        None => None,
    };
    Ok(Member {
        name: name.to_string(),
        observed,
        replicas: None,
    })
}

/// A member's object: a List of one item is that item; a List of several
/// is an error (one member holds one object of the template's kind).
fn one_object(file: &str, doc: Value) -> Result<Value, Diagnostic> {
    let mut items = Vec::new();
    unroll(doc, &mut items);
    match items.len() {
        1 => Ok(items.pop().unwrap_or_default()),
        n => Err(Diagnostic::input(format!(
            "fail to get observed object: {file} holds a List of {n} objects, expect one"
        ))
        .with_hint("a List across members goes to --members, each object naming its cluster")),
    }
}

fn check_name(name: &str, flag: &str) -> Result<(), Diagnostic> {
    if name.is_empty() {
        return Err(Diagnostic::usage(format!("{flag} needs a cluster name")));
    }
    Ok(())
}

/// `--replicas NAME=N`.
fn parse_replicas(text: &str) -> Result<(&str, i32), Diagnostic> {
    let bad = || {
        Diagnostic::usage(format!(
            "--replicas {text}: expected NAME=N, N a whole number from 0"
        ))
    };
    let (name, n) = text.split_once('=').ok_or_else(bad)?;
    check_name(name, "--replicas")?;
    let n: i32 = n.trim().parse().map_err(|_| bad())?;
    if n < 0 {
        return Err(bad());
    }
    Ok((name, n))
}

/// `--members PATH`: a directory of files named by cluster, each with one
/// object, or a file of objects (Lists unrolled) each naming its cluster
/// by the annotation Karmada sets.
fn read_members(path: &str) -> Result<Vec<Member>, Diagnostic> {
    let member = |name: String, observed| Member {
        name,
        observed: Some(observed),
        replicas: None,
    };
    if Path::new(path).is_dir() {
        let mut out = Vec::new();
        for s in read_sources(&[path.to_string()], false)? {
            let name = Path::new(&s.name)
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let obj = input::yaml::read_one_object("observed", &s.name, &s.text).map(warned)?;
            out.push(member(name, obj));
        }
        return Ok(out);
    }
    let mut out = Vec::new();
    for s in read_sources(&[path.to_string()], false)? {
        let docs = warned({
            let d = input::yaml::read_documents(&s.name, &s.text)?;
            (d.values, d.warnings)
        });
        let mut objects = Vec::new();
        for doc in docs {
            unroll(doc, &mut objects);
        }
        for obj in objects {
            input::yaml::check_kind(&s.name, &obj)
                .map_err(|e| Diagnostic::input(format!("fail to get observed object: {e}")))?;
            let name = cluster_of(&obj).ok_or_else(|| {
                Diagnostic::input(format!(
                    "{}: {} names no member cluster: expected the annotation {WORK_NAMESPACE}: {EXECUTION_SPACE}<cluster>, as Karmada sets it",
                    s.name,
                    crate::output::simulate::describe(&obj)
                ))
                .in_file(s.name.clone())
                .with_hint("or give the member with --member NAME=FILE, or a directory of files named by cluster")
            })?;
            out.push(member(name, obj));
        }
    }
    Ok(out)
}

/// A `kind: List` (or `…List` with `items`) as its items; anything else as
/// itself.
fn unroll(doc: Value, out: &mut Vec<Value>) {
    let is_list = doc
        .get("kind")
        .and_then(Value::as_str)
        .is_some_and(|k| k.ends_with("List"))
        && doc.get("items").is_some_and(Value::is_array);
    match doc {
        Value::Object(mut m) if is_list => {
            if let Some(Value::Array(items)) = m.remove("items") {
                out.extend(items);
            }
        }
        other => out.push(other),
    }
}

fn cluster_of(obj: &Value) -> Option<String> {
    let ns = obj
        .pointer("/metadata/annotations")?
        .get(WORK_NAMESPACE)?
        .as_str()?;
    ns.strip_prefix(EXECUTION_SPACE)
        .filter(|c| !c.is_empty())
        .map(str::to_string)
}

/// `--save-status FILE`: the items as a YAML list.
fn save_status(path: &str, sim: &Simulation) -> Result<(), Diagnostic> {
    let text = kinterp_go::yaml::to_yaml(&Value::Array(sim.items.clone()));
    std::fs::write(path, text)
        .map_err(|e| Diagnostic::input(format!("cannot write the status file {path}: {e}")))
}

//! `kinterp builtins`: the support matrix of the built-in interpreters,
//! bundled third-party customizations and native kinds, as a table or JSON.

use clap::{Args, ValueEnum};

use super::GlobalArgs;
use crate::output::report::{BuiltinRow, Human, Json, Report};
use kinterp::diag::Diagnostic;
use kinterp::ops::Operation;

pub const EXAMPLES: &str = "Examples:
  # Everything kinterp knows without -f
  kinterp builtins

  # Which operations are built in for Deployments
  kinterp builtins --kind apps/v1/Deployment

  # Every kind with a built-in InterpretHealth, as JSON
  kinterp builtins --operation InterpretHealth -o json";

/// `-o` of builtins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BuiltinsFormat {
    Table,
    Json,
}

/// Arguments of `kinterp builtins`.
#[derive(Debug, Args)]
pub struct BuiltinsArgs {
    /// Only this operation (case-insensitive)
    #[arg(long, value_name = "OP")]
    pub operation: Option<String>,
    /// Only this kind: Kind or apiVersion/Kind
    #[arg(long, value_name = "KIND")]
    pub kind: Option<String>,
    /// Output format
    #[arg(short = 'o', long, value_enum, default_value_t = BuiltinsFormat::Table)]
    pub output: BuiltinsFormat,
    #[command(flatten)]
    pub builtins_dir: super::baseline::BuiltinsDir,
}

/// One row of the matrix.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Row {
    pub api_version: String,
    pub kind: String,
    pub operation: Operation,
    pub source: &'static str,
}

/// The full matrix, sorted: bundled customizations, native kinds, and the
/// generic InterpretStatus fallback as `*`/`*`.
pub fn matrix() -> Vec<Row> {
    matrix_with(None)
}

/// [`matrix`] with `bundled` (`--builtins DIR`) in place of the bundled
/// customizations, when given.
pub fn matrix_with(bundled: Option<&kinterp::ric::CustomizationSet>) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut push = |api_version: &str, kind: &str, set: Option<&kinterp::ric::CustomizationSet>| {
        for op in Operation::ALL {
            if set.is_some_and(|s| s.enabled(op, api_version, kind)) {
                rows.push(Row {
                    api_version: api_version.into(),
                    kind: kind.into(),
                    operation: op,
                    source: "thirdparty",
                });
            }
        }
    };
    match bundled {
        None => {
            for b in kinterp::thirdparty::BUNDLED {
                let set = kinterp::thirdparty::customizations_for(b.api_version, b.kind);
                push(b.api_version, b.kind, set);
            }
        }
        Some(set) => {
            for c in set.items() {
                push(&c.api_version, &c.kind, Some(set));
            }
        }
    }
    for (api_version, kind, op) in kinterp::native::matrix() {
        rows.push(Row {
            api_version,
            kind,
            operation: op,
            source: "native",
        });
    }
    rows.push(Row {
        api_version: "*".into(),
        kind: "*".into(),
        operation: Operation::InterpretStatus,
        source: "native",
    });
    rows.sort();
    rows.dedup();
    rows
}

/// Runs `kinterp builtins`.
pub fn run(_global: &GlobalArgs, args: BuiltinsArgs) -> Result<i32, Diagnostic> {
    let op = args
        .operation
        .as_deref()
        .map(kinterp::load::parse_operation)
        .transpose()?;
    let bundled = args.builtins_dir.load()?;
    let rows: Vec<Row> = matrix_with(bundled.as_deref())
        .into_iter()
        .filter(|r| op.is_none_or(|o| o == r.operation))
        .filter(|r| match &args.kind {
            None => true,
            Some(k) => r.kind == *k || format!("{}/{}", r.api_version, r.kind) == *k,
        })
        .collect();
    let data: Vec<BuiltinRow> = rows
        .iter()
        .map(|r| BuiltinRow {
            api_version: &r.api_version,
            kind: &r.kind,
            operation: r.operation,
            source: r.source,
        })
        .collect();
    let report = Report::Builtins(&data);
    match args.output {
        BuiltinsFormat::Json => super::print(&Json, &report),
        BuiltinsFormat::Table => {
            match &args.builtins_dir.dir {
                Some(dir) => println!("third-party customizations: {dir}"),
                None => println!(
                    "third-party customizations: Karmada {}",
                    kinterp::thirdparty::KARMADA
                ),
            }
            super::print(&Human::default(), &report)
        }
    }
    Ok(0)
}

//! `kinterp lint`: lint customization files and report the findings.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::GlobalArgs;
use crate::output::lint as report;
use kinterp::diag::Diagnostic;
use kinterp::diag::{Kind, Severity};
use kinterp::input::sources;
use kinterp::lint::{self, Config, Level};

pub const EXAMPLES: &str = "Examples:
  # Lint a customization file
  kinterp lint ric.yaml

  # Lint every customization under a folder, for GitHub code scanning
  kinterp lint -R customizations/ -o sarif > kinterp.sarif

  # Make warnings about globals fail the build, and silence print calls
  kinterp lint ric.yaml --deny global-assignment --allow print-call

Rules: undefined-global, global-assignment, entry-point, ... (docs/lint.md lists them all).
Silence one line with a script comment: -- kinterp:allow RULE";

/// `-o` of `kinterp lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LintFormat {
    Human,
    Json,
    Sarif,
    Github,
}

/// Arguments of `kinterp lint`.
#[derive(Debug, Args)]
pub struct LintArgs {
    /// Customization files, directories (.yaml, .yml, .json), globs, or - for standard input
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<String>,
    /// Read directories recursively
    #[arg(short = 'R', long)]
    pub recursive: bool,
    /// Output format
    #[arg(short = 'o', long, value_enum, default_value_t = LintFormat::Human)]
    pub output: LintFormat,
    /// Report RULE as an error
    #[arg(long, value_name = "RULE")]
    pub deny: Vec<String>,
    /// Report RULE as a warning
    #[arg(long, value_name = "RULE")]
    pub warn: Vec<String>,
    /// Do not report RULE
    #[arg(long, value_name = "RULE")]
    pub allow: Vec<String>,
    /// A CustomResourceDefinition file: optional-field also checks the
    /// fields its schema does not require, for customizations of its kind
    #[arg(long, value_name = "FILE")]
    pub crd: Vec<PathBuf>,
}

/// Runs `kinterp lint`.
pub fn run(global: &GlobalArgs, args: LintArgs) -> Result<i32, Diagnostic> {
    let mut config = Config::default();
    for (ids, level) in [
        (&args.allow, Level::Allow),
        (&args.warn, Level::Warn),
        (&args.deny, Level::Deny),
    ] {
        for id in ids {
            config.set(id, level).map_err(Diagnostic::usage)?;
        }
    }
    for file in &args.crd {
        let shown = file.display();
        let text = std::fs::read_to_string(file)
            .map_err(|e| Diagnostic::input(format!("{shown}: cannot read the CRD file: {e}")))?;
        let crds = kinterp::crd::read(&text);
        if crds.is_empty() {
            return Err(Diagnostic::input(format!(
                "{shown}: holds no CustomResourceDefinition"
            )));
        }
        config.add_crds(crds);
    }
    let sources = sources::read_sources(&args.paths, args.recursive)?;
    let mut findings = Vec::new();
    let mut texts = HashMap::new();
    for source in &sources {
        let path = PathBuf::from(&source.name);
        findings.extend(lint::lint_text(&path, &source.text, &config));
        texts.insert(path, source.text.clone());
    }
    let text = match args.output {
        LintFormat::Human => report::human(
            &findings,
            &texts,
            sources.len(),
            super::color::stdout_color(global.color),
        ),
        LintFormat::Json => report::json(&findings, sources.len()),
        LintFormat::Sarif => report::sarif(&findings),
        LintFormat::Github => report::github(&findings),
    };
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    let code = if findings.iter().any(|d| d.kind == Kind::Input) {
        2
    } else if findings.iter().any(|d| d.severity == Severity::Error) {
        1
    } else {
        0
    };
    Ok(code)
}

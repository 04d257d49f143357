//! `kinterp lint`: finding a customization's bugs before Karmada does.
//!
//! [`lint_text`] reads one file's text and returns its findings as the
//! project's one [`Diagnostic`] type (kind `Lint`, `code` = the rule id),
//! located in the file: YAML errors, schema problems, Lua syntax errors
//! (from kinterp's own Lua VM, which accepts what Karmada's accepts) and the
//! rules of [`rules::RULES`] (one file per rule, `rules/`) run over each
//! script's fact sheet ([`ScriptFacts`]: full_moon's syntax tree and the
//! facts one walk of it records).
//! Nothing here prints or exits: the CLI and the language server render.

mod allow;
mod documents;
mod env;
mod facts;
mod names;
pub(crate) mod rules;
mod script;
mod sheet;
mod syntax;
mod walk;

use std::collections::BTreeMap;
use std::path::Path;

pub use names::ScriptNames;
pub use rules::{RULES, Rule, RuleId};
pub(crate) use script::for_full_moon;
pub use sheet::ScriptFacts;

use crate::diag::{Diagnostic, Kind, Location, Position, Severity};
use crate::locate::{self, FileMap};
use crate::ops::Operation;

/// Every rule's metadata (id, default severity, summary, docs), in
/// documentation order.
pub fn rules() -> &'static [Rule] {
    RULES
}

/// What `--deny`, `--warn` and `--allow` make of a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Allow,
    Warn,
    Deny,
}

/// Severity overrides, by rule.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    overrides: BTreeMap<RuleId, Level>,
    /// CustomResourceDefinitions of the targets (`--crd`).
    crds: Vec<crate::crd::Crd>,
}

impl Config {
    /// Adds CRDs whose schemas `optional-field` reads for their targets.
    pub fn add_crds(&mut self, crds: impl IntoIterator<Item = crate::crd::Crd>) {
        self.crds.extend(crds);
    }

    /// Sets a rule's level. `Err` names an unknown rule, with a suggestion.
    pub fn set(&mut self, id: &str, level: Level) -> Result<(), String> {
        match RuleId::parse(id) {
            Some(rule) => {
                self.overrides.insert(rule, level);
                Ok(())
            }
            None => {
                let hint = crate::suggest::best(id, RuleId::ALL.iter().map(|r| r.as_str()))
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                Err(format!("unknown lint rule `{id}`{hint}"))
            }
        }
    }

    /// The severity a finding gets: its rule's level, or its own cap when
    /// no flag set that level.
    fn finding_severity(&self, rule: &Rule, cap: Option<Severity>) -> Option<Severity> {
        let level = self.severity(rule)?;
        match cap {
            Some(c) if !self.overrides.contains_key(&rule.id) => Some(level.min(c)),
            _ => Some(level),
        }
    }

    /// The severity a finding of `rule` gets; `None` when allowed.
    pub fn severity(&self, rule: &Rule) -> Option<Severity> {
        match self.overrides.get(&rule.id) {
            None => Some(rule.severity),
            Some(Level::Allow) => None,
            Some(Level::Warn) => Some(Severity::Warning),
            Some(Level::Deny) => Some(Severity::Error),
        }
    }
}

/// A finding before it is placed: the rule, where, what, and hints.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Finding {
    pub rule: RuleId,
    /// A position in the script (for script findings) or the file.
    pub at: Position,
    pub message: String,
    pub hints: Vec<String>,
    /// The most this finding weighs when no flag set its rule's level: a
    /// finding the rule is less sure of.
    pub cap: Option<Severity>,
}

impl Finding {
    pub fn new(rule: RuleId, at: Position, message: impl Into<String>) -> Finding {
        Finding {
            rule,
            at,
            message: message.into(),
            hints: Vec::new(),
            cap: None,
        }
    }

    /// Caps the finding's default severity at `most`.
    pub fn at_most(mut self, most: Severity) -> Finding {
        self.cap = Some(most);
        self
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Finding {
        self.hints.push(hint.into());
        self
    }
}

/// Lints one file's text. `path` is the name findings carry.
pub fn lint_text(path: &Path, text: &str, config: &Config) -> Vec<Diagnostic> {
    // One parse: Karmada's verdict on the file and the positions.
    let read = locate::read_verdict(&path.display().to_string(), text);
    lint_read(path, &read, config)
}

/// Lints a file already read by `locate::read_verdict` (the language server keeps
/// that one parse for its other features). `path` is the name findings
/// carry.
pub fn lint_read(path: &Path, read: &locate::Read, config: &Config) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let map = &read.map;
    if let Err(e) = &read.documents {
        let at = map
            .error
            .as_ref()
            .map(|e| e.position)
            .or(e.location.position)
            .map_or(Position::new(1, 1), |p| {
                Position::new(p.line, p.column.max(1))
            });
        let message = e.message.clone();
        push(
            &mut out,
            path,
            config,
            None,
            None,
            Finding::new(RuleId::YamlSyntax, at, message),
        );
        return finish(out, Kind::Input);
    }
    if map.documents.iter().all(|d| d.root.is_none()) {
        let f = Finding::new(
            RuleId::YamlSyntax,
            Position::new(1, 1),
            "the file holds no document",
        );
        push(&mut out, path, config, None, None, f);
        return finish(out, Kind::Input);
    }
    if let Some(e) = &map.error {
        let f = Finding::new(
            RuleId::YamlSyntax,
            e.position,
            format!("positions after this point are unknown: {}", e.message),
        );
        push(&mut out, path, config, None, None, f);
    }
    let walk = documents::walk(map);
    for item in &walk.items {
        let cname = item.customization.and_then(|c| c.name.clone());
        for f in rules::schema::check_document(item.root) {
            push(&mut out, path, config, cname.as_deref(), None, f);
        }
        if let Some(c) = item.customization {
            lint_scripts(&mut out, path, config, map, c);
        }
    }
    if let Some(f) = walk.skipped_finding() {
        push(&mut out, path, config, None, None, f);
    }
    finish(out, Kind::Lint)
}

fn lint_scripts(
    out: &mut Vec<Diagnostic>,
    path: &Path,
    config: &Config,
    _map: &FileMap,
    c: &locate::CustomizationLocation,
) {
    for rule in &c.rules {
        let Some(s) = &rule.script else { continue };
        if s.text.trim().is_empty() {
            continue;
        }
        let allowed = allow::comments(&s.text);
        let schema = match (&c.target_api_version, &c.target_kind) {
            (Some(v), Some(k)) => crate::crd::find(&config.crds, v, k),
            _ => None,
        };
        let unknown = allowed
            .unknown
            .iter()
            .map(|(line, id)| rules::unknown_allow::finding(&s.text, *line, id));
        let found: Vec<Finding> = script::check(ScriptFacts::new(&s.text), rule.operation, schema)
            .into_iter()
            .chain(unknown)
            .collect();
        for mut f in found {
            if allowed.allows(f.rule, f.at.line) {
                continue;
            }
            let script_at = f.at;
            f.at = s.to_file(script_at);
            let n = out.len();
            push(
                out,
                path,
                config,
                c.name.as_deref(),
                Some(rule.operation),
                f,
            );
            if let Some(d) = out.get_mut(n) {
                d.location.script = Some(script_at);
            }
        }
    }
}

fn push(
    out: &mut Vec<Diagnostic>,
    path: &Path,
    config: &Config,
    customization: Option<&str>,
    op: Option<Operation>,
    f: Finding,
) {
    let rule = f.rule.rule();
    let Some(severity) = config.finding_severity(rule, f.cap) else {
        return;
    };
    out.push(Diagnostic {
        kind: Kind::Lint,
        severity,
        code: Some(rule.id.as_str().to_string()),
        message: f.message,
        hints: f.hints,
        location: Location {
            file: Some(path.to_path_buf()),
            position: Some(f.at),
            customization: customization.map(str::to_string),
            rule: op.map(|o| o.name().to_string()),
            script: None,
        },
    });
}

/// Sorts by position; the YAML findings of an undecodable file take `kind`.
fn finish(mut out: Vec<Diagnostic>, kind: Kind) -> Vec<Diagnostic> {
    for d in &mut out {
        if d.code.as_deref() == Some(RuleId::YamlSyntax.as_str()) && kind == Kind::Input {
            d.kind = Kind::Input;
        }
    }
    out.sort_by_key(|d| d.location.position);
    out
}

#[cfg(test)]
mod tests;

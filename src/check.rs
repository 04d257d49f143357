//! `--check`: validating customizations. Karmada's verdict per rule (does
//! the script compile) plus kinterp's lint warnings (does it define its rule).

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Duration;

use mlua::Value as LuaValue;

use crate::lua::pool;
use crate::lua::run::{Runner, ScriptError, error_text};
use crate::lua::sandbox::PrintSink;
use crate::ops::Operation;
use crate::ric::{Customization, Document};

/// The verdict on one rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleResult {
    Pass,
    Unset,
    Error(String),
}

/// What `--check` says about one document.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Not a customization: holds its GVK text.
    NotCustomization(String),
    /// `spec.target.kind` is empty.
    NoTargetKind,
    /// `spec.target.apiVersion` is empty.
    NoTargetApiVersion,
    /// Each rule's verdict, in `Operation::ALL` order.
    Rules(Vec<(Operation, RuleResult)>),
}

/// One checked document.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// `metadata.name` or, when empty, the file.
    pub source: String,
    /// `metadata.name`.
    pub name: String,
    /// The target, when the document is a customization.
    pub target: Option<(String, String)>,
    pub verdict: Verdict,
    /// Lint findings beyond Karmada's: `RULE: message`.
    pub warnings: Vec<String>,
}

impl Entry {
    /// Whether Karmada would count the entry as failed.
    pub fn failed(&self) -> bool {
        match &self.verdict {
            Verdict::Rules(rules) => rules.iter().any(|(_, r)| matches!(r, RuleResult::Error(_))),
            _ => true,
        }
    }
}

/// Checks one decoded document.
pub fn check_document(doc: &Document, memory_limit: Option<usize>) -> Entry {
    match doc {
        Document::Other { file, name, gvk } => Entry {
            source: if name.is_empty() {
                file.clone()
            } else {
                name.clone()
            },
            name: name.clone(),
            target: None,
            verdict: Verdict::NotCustomization(gvk.clone()),
            warnings: Vec::new(),
        },
        Document::Customization(c) => check_customization(c, memory_limit),
    }
}

fn check_customization(c: &Customization, memory_limit: Option<usize>) -> Entry {
    let mut entry = Entry {
        source: c.source().to_string(),
        name: c.name.clone(),
        target: Some((c.api_version.clone(), c.kind.clone())),
        verdict: Verdict::NoTargetKind,
        warnings: Vec::new(),
    };
    if c.kind.is_empty() {
        return entry;
    }
    if c.api_version.is_empty() {
        entry.verdict = Verdict::NoTargetApiVersion;
        return entry;
    }
    let key: LintKey = (
        memory_limit,
        Operation::ALL
            .iter()
            .map(|op| c.script(*op).map(str::to_string))
            .collect(),
    );
    if let Some((rules, warnings)) = LINTED.with(|m| m.borrow().get(&key).cloned()) {
        entry.verdict = Verdict::Rules(rules);
        entry.warnings = warnings;
        return entry;
    }
    let linted: Result<_, String> =
        pool::with_runner(memory_limit, LINT_BUDGET, PrintSink::Discard, |runner| {
            let mut rules = Vec::with_capacity(8);
            let mut warnings = Vec::new();
            for op in Operation::ALL {
                let result = match c.script(op) {
                    None | Some("") => RuleResult::Unset,
                    Some(script) => match lint_script(runner, script, op) {
                        Ok(None) => RuleResult::Pass,
                        Ok(Some(w)) => {
                            warnings.push(format!("{}: {w}", op.name()));
                            RuleResult::Pass
                        }
                        Err(syntax) => RuleResult::Error(syntax.trim().to_string()),
                    },
                };
                rules.push((op, result));
            }
            Ok((rules, warnings))
        });
    match linted {
        Ok((rules, warnings)) => {
            LINTED.with(|m| {
                m.borrow_mut()
                    .insert(key, (rules.clone(), warnings.clone()))
            });
            entry.verdict = Verdict::Rules(rules);
            entry.warnings = warnings;
        }
        Err(e) => {
            entry.verdict = Verdict::Rules(Vec::new());
            entry.warnings.push(e);
        }
    }
    entry
}

/// A customization's rule scripts (in `Operation::ALL` order) and the
/// memory limit they were linted under.
type LintKey = (Option<usize>, Vec<Option<String>>);

/// The rule verdicts and warnings of one customization.
type Linted = (Vec<(Operation, RuleResult)>, Vec<String>);

thread_local! {
    /// Verdicts of the rule sets this thread has linted. Linting runs in a
    /// pristine state, so the verdicts depend only on the scripts (all of
    /// them: a chunk's top level may change what the next one sees):
    /// identical customizations under other names are linted once.
    static LINTED: RefCell<HashMap<LintKey, Linted>> = RefCell::new(HashMap::new());
}

/// Budget for running a chunk's top level while linting.
const LINT_BUDGET: Duration = Duration::from_millis(500);

/// `Err` = the syntax error; `Ok(Some)` = a lint warning.
fn lint_script(runner: &Runner, script: &str, op: Operation) -> Result<Option<String>, String> {
    let env = match runner.run_isolated(script) {
        Ok(env) => env,
        Err(ScriptError::Syntax(m)) => return Err(m),
        Err(ScriptError::Runtime(m)) => {
            return Ok(Some(format!("the script's top level fails: {m}")));
        }
    };
    let func = op.lua_function();
    match env.raw_get::<LuaValue>(func) {
        Ok(LuaValue::Function(_)) => Ok(None),
        Ok(LuaValue::Nil) => {
            let hint = defined_functions(&env)
                .into_iter()
                .find(|name| crate::suggest::similar(name, func))
                .map(|name| format!(" (it defines {name}; did you mean {func}?)"))
                .unwrap_or_default();
            Ok(Some(format!(
                "the script does not define the global function {func}{hint}"
            )))
        }
        Ok(other) => Ok(Some(format!(
            "{func} is not a function: {}",
            crate::lua::raise::type_name(&other)
        ))),
        Err(e) => Ok(Some(error_text(&e))),
    }
}

fn defined_functions(env: &mlua::Table) -> Vec<String> {
    env.pairs::<String, LuaValue>()
        .filter_map(Result::ok)
        .filter(|(_, v)| matches!(v, LuaValue::Function(_)))
        .map(|(k, _)| k)
        .collect()
}

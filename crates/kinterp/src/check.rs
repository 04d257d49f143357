//! `--check`: validating customizations. Karmada's verdict per rule (does
//! the script compile) plus kinterp's lint warnings (does it define its rule).

use std::cell::RefCell;
use std::time::Duration;

use mlua::Value as LuaValue;
// The memo keys are whole scripts: Fx hashes them several times faster
// than SipHash, and the map keeps full keys (a collision costs only time).
use rustc_hash::FxHashMap;

use crate::diag::{Diagnostic, Kind};
use crate::kube::lua::MODULES;
use crate::lint::ScriptFacts;
use crate::lint::rules::entry_point;
use crate::lua::pool;
use crate::lua::run::{Runner, ScriptError, error_text};
use crate::lua::sandbox::PrintSink;
use crate::lua::toplevel::TopLevel;
use crate::ops::Operation;
use crate::ric::{Customization, Document};

/// The verdict on one rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleResult {
    Pass,
    Unset,
    /// The script does not compile: Karmada's message, with the rule,
    /// the script line and (when known) the file position.
    Error(Diagnostic),
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
    /// Lint findings beyond Karmada's (warnings naming the rule).
    pub warnings: Vec<Diagnostic>,
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

/// Decodes and checks every document of one text named `name` (a file
/// name, for messages). A file that does not parse is an input error; a
/// customization that fails a check is a failed entry.
///
/// ```
/// use kinterp::check::{check_str, RuleResult, Verdict};
/// let ric = "apiVersion: config.karmada.io/v1alpha1
/// kind: ResourceInterpreterCustomization
/// metadata: {name: broken}
/// spec:
///   target: {apiVersion: apps/v1, kind: Deployment}
///   customizations:
///     retention:
///       luaScript: 'function Retain(d, o) return d'
/// ";
/// let entries = check_str("ric.yaml", ric, Some(64 << 20)).unwrap();
/// assert!(entries[0].failed());
/// let Verdict::Rules(rules) = &entries[0].verdict else { panic!() };
/// let RuleResult::Error(e) = &rules[0].1 else { panic!() };
/// assert_eq!(e.message, "<string> at EOF:   syntax error");
/// assert_eq!(e.kind, kinterp::Kind::Syntax);
/// assert_eq!(e.location.rule.as_deref(), Some("Retain"));
/// ```
pub fn check_str(
    name: &str,
    text: &str,
    memory_limit: Option<usize>,
) -> Result<Vec<Entry>, crate::diag::Diagnostic> {
    let (docs, warnings) = crate::load::documents_and_warnings(name, text)?;
    let mut entries: Vec<Entry> = docs
        .iter()
        .map(|doc| check_document(doc, memory_limit))
        .collect();
    // Reading warnings (duplicate keys) go with the file's first entry, so
    // that they are shown in file order whatever the number of jobs.
    if let Some(first) = entries.first_mut() {
        first.warnings.extend(warnings);
    }
    Ok(entries)
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
        return located(entry, c);
    }
    let linted = lint(c, memory_limit, true);
    match linted {
        Ok((rules, warnings)) => {
            LINTED.with(|m| {
                let mut m = m.borrow_mut();
                if m.len() >= LINTED_MAX {
                    m.clear();
                }
                m.insert(key, (rules.clone(), warnings.clone()))
            });
            entry.verdict = Verdict::Rules(rules);
            entry.warnings = warnings;
        }
        Err(e) => {
            entry.verdict = Verdict::Rules(Vec::new());
            entry.warnings.push(Diagnostic::warning(Kind::Runtime, e));
        }
    }
    located(entry, c)
}

/// The entry's findings, placed in `c` (the memo keeps them without it).
fn located(mut entry: Entry, c: &Customization) -> Entry {
    let place = |d: &mut Diagnostic| {
        d.location.file = Some(c.file.clone().into());
        d.location.customization = Some(c.name.clone());
    };
    entry.warnings.iter_mut().for_each(place);
    if let Verdict::Rules(rules) = &mut entry.verdict {
        for (op, r) in rules {
            if let RuleResult::Error(d) = r {
                place(d);
                d.location.position = d.location.script.and_then(|s| c.file_position(*op, s.line));
            }
        }
    }
    entry
}

/// A customization's rule scripts (in `Operation::ALL` order) and the
/// memory limit they were linted under.
type LintKey = (Option<usize>, Vec<Option<String>>);

/// The rule verdicts and warnings of one customization.
type Linted = (Vec<(Operation, RuleResult)>, Vec<Diagnostic>);

thread_local! {
    /// Verdicts of the rule sets this thread has linted. Linting runs in a
    /// pristine state, so the verdicts depend only on the scripts (all of
    /// them: a chunk's top level may change what the next one sees):
    /// identical customizations under other names are linted once. At most
    /// `LINTED_MAX` entries.
    static LINTED: RefCell<FxHashMap<LintKey, Linted>> = RefCell::new(FxHashMap::default());
}

/// At most this many verdicts are remembered per thread; when full, the
/// memo starts over (a long-lived embedder's memory stays bounded).
const LINTED_MAX: usize = 256;

/// Budget for running a chunk's top level while linting.
const LINT_BUDGET: Duration = Duration::from_millis(500);

/// Memory limits from which a top level that `toplevel` summarizes cannot
/// run out of memory: summaries are used only from there.
const SUMMARY_MEMORY: usize = 32 << 20;

/// How one rule is answered.
enum Plan<'s> {
    /// Without running anything: unset, or a syntax error.
    Known(RuleResult),
    /// From the summary of the script's top level.
    Summary(TopLevel),
    /// By compiling and running the script's top level; `true` when its
    /// syntax is still to be checked.
    Run(&'s str, bool),
}

/// Lints every rule of `c`: each script's syntax, then what its top level
/// defines, from its summary when `summaries` allows and the summary holds
/// (the same answers, see `toplevel`), else by running it in a pristine
/// state (all of one customization's scripts in the same one: a chunk's top
/// level may change what the next one sees).
fn lint(c: &Customization, memory_limit: Option<usize>, summaries: bool) -> Result<Linted, String> {
    let summaries = summaries && memory_limit.is_none_or(|m| m >= SUMMARY_MEMORY);
    let mut plans: Vec<(Operation, Plan)> = Operation::ALL
        .iter()
        .map(|&op| {
            let plan = match c.script(op) {
                None | Some("") => Plan::Known(RuleResult::Unset),
                Some(script) if !summaries => Plan::Run(script, true),
                Some(script) => plan(script, op),
            };
            (op, plan)
        })
        .collect();
    let runs = plans.iter().any(|(_, p)| matches!(p, Plan::Run(..)));
    if runs {
        // A summary reading or changing the shared state holds only when
        // no other script runs.
        for (op, p) in &mut plans {
            if matches!(p, Plan::Summary(t) if t.shared) {
                *p = Plan::Run(c.script(*op).unwrap_or_default(), false);
            }
        }
    }
    let answer = |runner: Option<&Runner>| {
        let mut rules = Vec::with_capacity(8);
        let mut warnings = Vec::new();
        for (op, plan) in plans {
            let linted = match plan {
                Plan::Known(result) => {
                    rules.push((op, result));
                    continue;
                }
                Plan::Summary(top) => Ok(summary_warning(&top, op)),
                Plan::Run(script, check) => match runner {
                    Some(runner) => lint_script(runner, script, op, check),
                    None => unreachable!("a script to run without a state"),
                },
            };
            let result = match linted {
                Ok(None) => RuleResult::Pass,
                Ok(Some(w)) => {
                    warnings.push(w.for_rule(op.name()));
                    RuleResult::Pass
                }
                Err(syntax) => RuleResult::Error(syntax.for_rule(op.name())),
            };
            rules.push((op, result));
        }
        (rules, warnings)
    };
    if runs || !summaries {
        pool::with_runner(
            memory_limit,
            MODULES,
            LINT_BUDGET,
            PrintSink::Discard,
            |runner| Ok(answer(Some(runner))),
        )
    } else {
        Ok(answer(None))
    }
}

/// The plan for a script when summaries may answer: from its fact sheet,
/// Karmada's verdict on its syntax and the summary of its top level.
fn plan(script: &str, op: Operation) -> Plan<'_> {
    let sheet = ScriptFacts::new(script);
    if let Err(e) = sheet.gopher() {
        return Plan::Known(RuleResult::Error(
            syntax_diagnostic(&ScriptError::Syntax(e.to_string())).for_rule(op.name()),
        ));
    }
    match sheet.top_level() {
        Some(top) => Plan::Summary(top.clone()),
        None => Plan::Run(script, false),
    }
}

/// The lint warning for a rule whose top level `top` summarizes: lint's
/// `entry-point` rule judges.
fn summary_warning(top: &TopLevel, op: Operation) -> Option<Diagnostic> {
    entry_point::check_warning(op, top.functions.iter().map(String::as_str))
}

/// A syntax error as a rule's error.
fn syntax_diagnostic(e: &ScriptError) -> Diagnostic {
    let mut d = Diagnostic::error(Kind::Syntax, e.to_string().trim());
    d.location.script = e.line().map(|l| crate::diag::Position::new(l, 0));
    d
}

/// `Err` = the syntax error; `Ok(Some)` = a lint warning. `check_syntax`:
/// whether Karmada's syntax is still to be checked.
fn lint_script(
    runner: &Runner,
    script: &str,
    op: Operation,
    check_syntax: bool,
) -> Result<Option<Diagnostic>, Diagnostic> {
    let warn = |m: String| Ok(Some(Diagnostic::warning(Kind::Lint, m)));
    let run = match check_syntax {
        true => runner.run_isolated(script),
        false => runner.run_isolated_checked(script),
    };
    let env = match run {
        Ok(env) => env,
        Err(e @ ScriptError::Syntax(_)) => return Err(syntax_diagnostic(&e)),
        Err(ScriptError::Runtime(m) | ScriptError::Timeout(m) | ScriptError::Memory(m)) => {
            return warn(format!("the script's top level fails: {m}"));
        }
    };
    let func = op.lua_function();
    match env.raw_get::<LuaValue>(func) {
        Ok(LuaValue::Function(_)) => Ok(None),
        Ok(LuaValue::Nil) => {
            let defined = defined_functions(&env);
            Ok(entry_point::check_warning(
                op,
                defined.iter().map(String::as_str),
            ))
        }
        Ok(other) => warn(format!(
            "{func} is not a function: {}",
            crate::lua::raise::type_name(&other)
        )),
        Err(e) => warn(error_text(&e)),
    }
}

fn defined_functions(env: &mlua::Table) -> Vec<String> {
    env.pairs::<String, LuaValue>()
        .filter_map(Result::ok)
        .filter(|(_, v)| matches!(v, LuaValue::Function(_)))
        .map(|(k, _)| k)
        .collect()
}

#[cfg(test)]
#[path = "check_summary_tests.rs"]
mod summary_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Position;

    fn ric(i: usize) -> String {
        format!(
            "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {{name: c{i}}}
spec:
  target: {{apiVersion: v1, kind: Pod}}
  customizations:
    retention:
      luaScript: 'function Retain(d, o) return d end -- {i}'
"
        )
    }

    #[test]
    fn syntax_errors_point_into_the_file() {
        let ric = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: bad}
spec:
  target: {apiVersion: v1, kind: Pod}
  customizations:
    retention:
      luaScript: |
        function Retain(d, o)
          return d +
        end
";
        // Twice: the second answer comes from the memo, placed again.
        for _ in 0..2 {
            let entries = check_str("bad.yaml", ric, Some(64 << 20)).unwrap();
            let Verdict::Rules(rules) = &entries[0].verdict else {
                panic!("{entries:?}")
            };
            let RuleResult::Error(e) = &rules[0].1 else {
                panic!("{rules:?}")
            };
            assert_eq!(e.kind, Kind::Syntax);
            // Karmada's words: gopher-lua's parser names line and column.
            assert_eq!(
                e.message,
                "<string> line:3(column:3) near 'end':   syntax error"
            );
            assert_eq!(e.location.rule.as_deref(), Some("Retain"));
            assert_eq!(e.location.customization.as_deref(), Some("bad"));
            assert_eq!(e.location.script, Some(Position::new(3, 0)));
            assert_eq!(e.location.position, Some(Position::new(11, 9)));
            assert_eq!(
                e.to_string(),
                "bad.yaml:11:9: <string> line:3(column:3) near 'end':   syntax error"
            );
        }
    }

    #[test]
    fn the_memo_stays_bounded() {
        for i in 0..LINTED_MAX + 10 {
            let entries = check_str("c.yaml", &ric(i), Some(64 << 20)).unwrap();
            assert!(!entries[0].failed());
            assert!(LINTED.with(|m| m.borrow().len()) <= LINTED_MAX);
        }
        // A repeat is answered from the memo (and is still right).
        let again = check_str("c.yaml", &ric(LINTED_MAX + 9), Some(64 << 20)).unwrap();
        assert!(!again[0].failed());
    }
}

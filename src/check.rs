//! `--check`: validating customizations. Karmada's verdict per rule (does
//! the script compile) plus kinterp's lint warnings (does it define its rule).

use std::time::{Duration, Instant};

use mlua::{HookTriggers, Lua, Value as LuaValue, VmState};

use crate::lua::run::error_text;
use crate::lua::sandbox::{PrintSink, new_state};
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
            source: if name.is_empty() { file.clone() } else { name.clone() },
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
    let lua = new_state(memory_limit, PrintSink::Discard).ok();
    let mut rules = Vec::with_capacity(8);
    for op in Operation::ALL {
        let result = match c.script(op) {
            None | Some("") => RuleResult::Unset,
            Some(script) => match &lua {
                None => RuleResult::Pass,
                Some(lua) => match lint_script(lua, script, op) {
                    Ok(warning) => {
                        if let Some(w) = warning {
                            entry.warnings.push(format!("{}: {w}", op.name()));
                        }
                        RuleResult::Pass
                    }
                    Err(syntax) => RuleResult::Error(syntax.trim().to_string()),
                },
            },
        };
        rules.push((op, result));
    }
    entry.verdict = Verdict::Rules(rules);
    entry
}

/// Budget for running a chunk's top level while linting.
const LINT_BUDGET: Duration = Duration::from_millis(500);

/// Compiles `script` (`Err` = syntax error), then runs its top level in a
/// fresh environment and reports a missing rule function as a warning.
fn lint_script(lua: &Lua, script: &str, op: Operation) -> Result<Option<String>, String> {
    let env = lua.create_table().map_err(|e| e.to_string())?;
    let meta = lua.create_table().map_err(|e| e.to_string())?;
    meta.raw_set("__index", lua.globals()).map_err(|e| e.to_string())?;
    env.set_metatable(Some(meta)).map_err(|e| e.to_string())?;
    let f = lua
        .load(script)
        .set_name("=<string>")
        .set_environment(env.clone())
        .into_function()
        .map_err(|e| crate::lua::run::syntax_error(&e, script).to_string())?;
    let deadline = Instant::now() + LINT_BUDGET;
    let _ = lua.set_hook(HookTriggers::new().every_nth_instruction(1000), move |_, _| {
        if Instant::now() > deadline {
            Err(mlua::Error::RuntimeError("time limit exceeded while running the top level".into()))
        } else {
            Ok(VmState::Continue)
        }
    });
    let run = f.call::<()>(());
    lua.remove_hook();
    if let Err(e) = run {
        return Ok(Some(format!("the script's top level fails: {}", error_text(&e))));
    }
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

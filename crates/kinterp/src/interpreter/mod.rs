//! Choosing and running the interpreter for an operation: user
//! customizations, bundled third-party customizations, then native code.

pub mod customized;
pub mod dependencies;
pub mod labels;

pub use customized::Profile;

use serde_json::Value;

use crate::diag::{Diagnostic, Location, Position};
use crate::ops::{Given, OpInput, Operation, Outcome, Which};
use crate::ric::{Customization, CustomizationSet};

/// Which interpreters answer, in order.
#[derive(Clone, Debug)]
pub struct Interpreter {
    /// Customizations given with `-f`, if any.
    pub customizations: Option<CustomizationSet>,
    /// Whether the built-ins (bundled third-party, then native) answer when
    /// no customization does.
    pub builtins: bool,
    /// The runtime profile of every script.
    pub profile: Profile,
    /// Customizations that stand in for the bundled third-party set
    /// (`--builtins DIR`, e.g. another Karmada release's); `None`: the
    /// bundled set.
    pub bundled: Option<std::sync::Arc<CustomizationSet>>,
}

/// Where an answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Customization,
    ThirdParty,
    Native,
}

fn target_of(v: Option<&Value>) -> (String, String) {
    let get = |k: &str| {
        v.and_then(|v| v.get(k))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    (get("apiVersion"), get("kind"))
}

impl Interpreter {
    /// The built-in interpreters alone (bundled customizations, then
    /// native code), as Karmada's control plane runs them.
    pub fn builtins(profile: Profile) -> Interpreter {
        Interpreter {
            customizations: None,
            builtins: true,
            profile,
            bundled: None,
        }
    }

    /// `customizations` alone: an operation none of them defines fails
    /// with Karmada's `rule is not enabled`.
    pub fn customizations(customizations: Vec<Customization>, profile: Profile) -> Interpreter {
        Interpreter {
            customizations: Some(CustomizationSet::new(customizations)),
            builtins: false,
            profile,
            bundled: None,
        }
    }

    /// Whether some interpreter would answer `op` for objects of this
    /// apiVersion and kind (Karmada's `HookEnabled`): a customization given,
    /// or, with the built-ins, a bundled customization or native code. When
    /// none would, [`Interpreter::run`] fails with `rule is not enabled` (or
    /// native code's "not implemented").
    pub fn enabled(&self, op: Operation, api_version: &str, kind: &str) -> bool {
        let in_set = |set: &CustomizationSet| set.enabled(op, api_version, kind);
        if self.customizations.as_ref().is_some_and(in_set) {
            return true;
        }
        self.builtins
            && (self.bundled_for(api_version, kind).is_some_and(in_set)
                || crate::native::supports(op, api_version, kind))
    }

    /// The bundled third-party customizations for a kind: the set
    /// `--builtins DIR` stands in (`bundled`), else the embedded one.
    fn bundled_for(&self, api_version: &str, kind: &str) -> Option<&CustomizationSet> {
        match &self.bundled {
            Some(set) => Some(set),
            None => crate::thirdparty::customizations_for(api_version, kind),
        }
    }

    /// The text of the script line a diagnostic of [`Interpreter::run`]
    /// points at (from the customizations given, or the bundled ones).
    pub fn snippet(&self, d: &Diagnostic) -> Option<&str> {
        let loc = &d.location;
        let op = Operation::parse(loc.rule.as_deref()?)?;
        let line = loc.script?.line;
        let file = loc.file.as_ref()?.to_str()?;
        let name = loc.customization.as_deref()?;
        let bundled = file
            .strip_prefix("bundled:")
            .and_then(|path| crate::thirdparty::BUNDLED.iter().find(|b| b.path == path))
            .and_then(|b| crate::thirdparty::customizations_for(b.api_version, b.kind));
        let c = self
            .customizations
            .iter()
            .chain(self.bundled.as_deref())
            .chain(bundled)
            .flat_map(CustomizationSet::items)
            .find(|c| c.name == name && c.file == file)?;
        c.script(op)?.lines().nth(line.checked_sub(1)?)
    }

    /// Runs `op`. A failure is a diagnostic whose message is Karmada's
    /// error text (printed after `Execute OP error: `), whose location names
    /// the rule and, for a script, the customization, its file and lines.
    pub fn run(&self, op: Operation, input: &OpInput) -> Result<Outcome, Diagnostic> {
        self.run_with_origin(op, input).map(|(o, _)| o)
    }

    /// Runs `op` and says which interpreter answered.
    pub fn run_with_origin(
        &self,
        op: Operation,
        input: &OpInput,
    ) -> Result<(Outcome, Origin), Diagnostic> {
        match self.run_scripts(op, &mut Given::Lent(input))? {
            Some(found) => Ok(found),
            None => self.run_native(op, input),
        }
    }

    /// Runs `op` on an input it is given: a script's objects and status
    /// items are moved into Lua at their last use and freed as they are
    /// pushed, so that an input and its Lua tables are not held at once
    /// (native code reads the input; what is left is dropped). For a run
    /// whose input is not read again; [`Interpreter::run`] lends it.
    pub fn run_owned(&self, op: Operation, input: OpInput) -> Result<Outcome, Diagnostic> {
        let mut given = Given::Owned(input);
        match self.run_scripts(op, &mut given)? {
            Some((out, _)) => Ok(out),
            None => self.run_native(op, given.input()).map(|(o, _)| o),
        }
    }

    /// Runs `op` through the customizations or the bundled ones; `None`
    /// when neither has a script for it.
    fn run_scripts(
        &self,
        op: Operation,
        given: &mut Given,
    ) -> Result<Option<(Outcome, Origin)>, Diagnostic> {
        let which = if op == Operation::Retain {
            Which::Desired
        } else {
            given.one()
        };
        let (api_version, kind) = target_of(given.object(which));
        if let Some(set) = &self.customizations {
            if let Some(out) = self.run_set(set, op, &api_version, &kind, given)? {
                return Ok(Some((out, Origin::Customization)));
            }
        }
        if !self.builtins {
            return Ok(None);
        }
        if let Some(set) = self.bundled_for(&api_version, &kind) {
            if let Some(out) = self.run_set(set, op, &api_version, &kind, given)? {
                return Ok(Some((out, Origin::ThirdParty)));
            }
        }
        Ok(None)
    }

    /// The native interpreter, when no script answered `op`.
    fn run_native(&self, op: Operation, input: &OpInput) -> Result<(Outcome, Origin), Diagnostic> {
        let failed = |m: &str| Diagnostic::runtime(m).for_rule(op.name());
        if !self.builtins {
            let object = match op {
                Operation::Retain => input.desired.as_ref(),
                _ => input.object(),
            };
            let d = failed("rule is not enabled");
            return Err(match &self.customizations {
                Some(set) => d.with_hint(not_enabled_hint(set, op, target_of(object))),
                None => d,
            });
        }
        if op == Operation::InterpretComponent {
            return Err(failed("interface GetComponents not implemented yet"));
        }
        crate::native::interpret(op, input)
            .map(|o| (o, Origin::Native))
            .map_err(|m| match crate::native::failure_hint(op, input) {
                Some(hint) => failed(&m).with_hint(hint),
                None => failed(&m),
            })
    }

    fn run_set(
        &self,
        set: &CustomizationSet,
        op: Operation,
        api_version: &str,
        kind: &str,
        given: &mut Given,
    ) -> Result<Option<Outcome>, Diagnostic> {
        let sources: Vec<&Customization> = if op == Operation::InterpretDependency {
            set.dependency_sources(api_version, kind)
        } else {
            set.source_of(op, api_version, kind).into_iter().collect()
        };
        if sources.is_empty() {
            return Ok(None);
        }
        let scripts: Vec<&str> = sources.iter().filter_map(|c| c.script(op)).collect();
        customized::run_given(op, &scripts, given, &self.profile)
            .map(Some)
            .map_err(|f| {
                let c = sources[f.script.min(sources.len() - 1)];
                let d = match f.hint {
                    Some(hint) => Diagnostic::error(f.kind, f.message).with_hint(hint),
                    None => Diagnostic::error(f.kind, f.message),
                };
                d.at(Location {
                    file: Some(c.file.clone().into()),
                    position: f.line.and_then(|l| c.file_position(op, l)),
                    customization: Some(c.name.clone()),
                    rule: Some(op.name().to_string()),
                    script: f.line.map(|l| Position::new(l, 0)),
                })
            })
    }
}

/// Why no customization answered `op` for an object of `target`: none
/// targets its apiVersion and kind (then which targets were loaded), or
/// those that do have no script for the rule.
fn not_enabled_hint(set: &CustomizationSet, op: Operation, target: (String, String)) -> String {
    let (api_version, kind) = target;
    let object = match (api_version.as_str(), kind.as_str()) {
        (_, "") => "the object names no kind".to_string(),
        ("", k) => format!("the object is of kind {k} with no apiVersion"),
        (a, k) => format!("the object is {a} {k}"),
    };
    let aimed: Vec<&str> = set
        .items()
        .iter()
        .filter(|c| c.api_version == api_version && c.kind == kind && !kind.is_empty())
        .map(|c| c.source())
        .collect();
    if !aimed.is_empty() {
        return format!(
            "{object}; the customizations for it ({}) define no {} script ({})",
            aimed.join(", "),
            op.name(),
            op.rule_field()
        );
    }
    let mut targets: Vec<String> = set
        .items()
        .iter()
        .map(|c| format!("{} {}", c.api_version, c.kind))
        .collect();
    targets.sort();
    targets.dedup();
    format!(
        "{object}, and no customization loaded targets it (loaded: {}); --with-builtins falls back to the built-in interpreters",
        targets.join(", ")
    )
}

#[cfg(test)]
#[path = "spend_tests.rs"]
mod tests;

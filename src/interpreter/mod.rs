//! Choosing and running the interpreter for an operation: user
//! customizations, bundled third-party customizations, then native code.

pub mod customized;
pub mod dependencies;
pub mod labels;

pub use customized::Profile;

use serde_json::Value;

use crate::diag::{Diagnostic, Location, Position};
use crate::ops::{Objects, OpInput, Operation, Outcome, Spend, Which};
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
        match self.run_scripts(op, input, &Objects::lent(input))? {
            Some(found) => Ok(found),
            None => self.run_native(op, input),
        }
    }

    /// Runs `op`, spending the objects of `input` that `spend` marks: they
    /// are freed as they are converted into Lua and are `None` in `input`
    /// afterwards (those not converted, e.g. when native code answers, are
    /// kept). For a run whose input is not read again; `run` keeps them.
    pub fn run_spending(
        &self,
        op: Operation,
        input: &mut OpInput,
        spend: Spend,
    ) -> Result<Outcome, Diagnostic> {
        let objects = Objects::spending(input, spend);
        let scripts = self.run_scripts(op, input, &objects);
        objects.restore(input);
        match scripts? {
            Some((out, _)) => Ok(out),
            None => self.run_native(op, input).map(|(o, _)| o),
        }
    }

    /// Runs `op` through the customizations or the bundled ones; `None`
    /// when neither has a script for it.
    fn run_scripts(
        &self,
        op: Operation,
        input: &OpInput,
        objects: &Objects,
    ) -> Result<Option<(Outcome, Origin)>, Diagnostic> {
        let which = if op == Operation::Retain {
            Which::Desired
        } else {
            objects.one()
        };
        let (api_version, kind) = objects.with(which, target_of);
        if let Some(set) = &self.customizations {
            if let Some(out) = self.run_set(set, op, &api_version, &kind, input, objects)? {
                return Ok(Some((out, Origin::Customization)));
            }
        }
        if !self.builtins {
            return Ok(None);
        }
        let bundled = match &self.bundled {
            Some(set) => Some(&**set),
            None => crate::thirdparty::customizations_for(&api_version, &kind),
        };
        if let Some(set) = bundled {
            if let Some(out) = self.run_set(set, op, &api_version, &kind, input, objects)? {
                return Ok(Some((out, Origin::ThirdParty)));
            }
        }
        Ok(None)
    }

    /// The native interpreter, when no script answered `op`.
    fn run_native(&self, op: Operation, input: &OpInput) -> Result<(Outcome, Origin), Diagnostic> {
        let failed = |m: &str| Diagnostic::runtime(m).for_rule(op.name());
        if !self.builtins {
            return Err(failed("rule is not enabled"));
        }
        if op == Operation::InterpretComponent {
            return Err(failed("interface GetComponents not implemented yet"));
        }
        crate::native::interpret(op, input)
            .map(|o| (o, Origin::Native))
            .map_err(|m| failed(&m))
    }

    fn run_set(
        &self,
        set: &CustomizationSet,
        op: Operation,
        api_version: &str,
        kind: &str,
        input: &OpInput,
        objects: &Objects,
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
        customized::run_objects(op, &scripts, input, objects, &self.profile)
            .map(Some)
            .map_err(|f| {
                let c = sources[f.script.min(sources.len() - 1)];
                Diagnostic::error(f.kind, f.message).at(Location {
                    file: Some(c.file.clone().into()),
                    position: f.line.and_then(|l| c.file_position(op, l)),
                    customization: Some(c.name.clone()),
                    rule: Some(op.name().to_string()),
                    script: f.line.map(|l| Position::new(l, 0)),
                })
            })
    }
}

#[cfg(test)]
#[path = "spend_tests.rs"]
mod tests;

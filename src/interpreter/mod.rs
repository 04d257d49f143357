//! Choosing and running the interpreter for an operation: user
//! customizations, bundled third-party customizations, then native code.

pub mod customized;
pub mod dependencies;
pub mod labels;
pub mod typed;

pub use customized::Profile;

use serde_json::Value;

use crate::ops::{OpInput, Operation, Outcome};
use crate::ric::CustomizationSet;

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
    /// Runs `op`. `Err` is Karmada's error text (printed after
    /// `Execute OP error: `).
    pub fn run(&self, op: Operation, input: &OpInput) -> Result<Outcome, String> {
        self.run_with_origin(op, input).map(|(o, _)| o)
    }

    /// Runs `op` and says which interpreter answered.
    pub fn run_with_origin(
        &self,
        op: Operation,
        input: &OpInput,
    ) -> Result<(Outcome, Origin), String> {
        let object = if op == Operation::Retain {
            input.desired.as_ref()
        } else {
            input.object()
        };
        let (api_version, kind) = target_of(object);
        if let Some(set) = &self.customizations {
            if let Some(out) = self.run_set(set, op, &api_version, &kind, input)? {
                return Ok((out, Origin::Customization));
            }
        }
        if !self.builtins {
            return Err("rule is not enabled".to_string());
        }
        if let Some(set) = crate::thirdparty::customizations_for(&api_version, &kind) {
            if let Some(out) = self.run_set(set, op, &api_version, &kind, input)? {
                return Ok((out, Origin::ThirdParty));
            }
        }
        if op == Operation::InterpretComponent {
            return Err("interface GetComponents not implemented yet".to_string());
        }
        crate::native::interpret(op, input).map(|o| (o, Origin::Native))
    }

    fn run_set(
        &self,
        set: &CustomizationSet,
        op: Operation,
        api_version: &str,
        kind: &str,
        input: &OpInput,
    ) -> Result<Option<Outcome>, String> {
        let scripts: Vec<&str> = if op == Operation::InterpretDependency {
            set.dependency_scripts(api_version, kind)
        } else {
            set.script_for(op, api_version, kind).into_iter().collect()
        };
        if scripts.is_empty() {
            return Ok(None);
        }
        customized::run(op, &scripts, input, &self.profile).map(Some)
    }
}

//! The lint rules, one file per rule (`rules/<rule>.rs`): each holds its
//! metadata (a [`Rule`]: id, default severity, summary, docs) and, for the
//! rules judged over a script, its check over the script's facts
//! ([`ScriptCx`]). [`RuleId`] names a rule in code, so an id no rule has
//! cannot be written; [`RULES`], gathered from the rule files, is the one
//! home of rule metadata: the CLI's `--deny/--warn/--allow`, SARIF's
//! `tool.driver.rules`, the language server and docs/lint.md's test all
//! read it.

use std::fmt;

use full_moon::ast::Block;

use super::Finding;
use super::walk::Facts;
use crate::diag::Severity;
use crate::lua::toplevel::TopLevel;
use crate::ops::Operation;

/// One rule's metadata.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// The id, e.g. [`RuleId::UndefinedGlobal`] (`undefined-global`).
    pub id: RuleId,
    pub severity: Severity,
    /// One line.
    pub summary: &'static str,
    /// A paragraph: why it matters and what to do.
    pub docs: &'static str,
}

/// Declares the rule modules, [`RuleId`] and [`RULES`] from one list:
/// `module: Variant = "id"`, in documentation order.
macro_rules! rules {
    ($($module:ident: $variant:ident = $id:literal,)*) => {
        $(pub(crate) mod $module;)*

        /// A lint rule, by name: its text (`as_str`) is what findings
        /// carry as their code and what `--deny`, `--warn`, `--allow` and
        /// `kinterp:allow` comments name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum RuleId {
            $($variant,)*
        }

        impl RuleId {
            /// Every rule, in documentation order.
            pub const ALL: &[RuleId] = &[$(RuleId::$variant,)*];

            /// The rule's id as users write it, e.g. `undefined-global`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(RuleId::$variant => $id,)*
                }
            }
        }

        /// Every rule, in documentation order (each from its own file).
        pub const RULES: &[Rule] = &[$($module::RULE,)*];

        // Each file's rule is the one its module is listed under.
        const _: () = {
            let mut i = 0;
            while i < RULES.len() {
                assert!(RULES[i].id as usize == i);
                i += 1;
            }
        };
    };
}

rules! {
    yaml_syntax: YamlSyntax = "yaml-syntax",
    schema: Schema = "schema",
    skipped_documents: SkippedDocuments = "skipped-documents",
    lua_syntax: LuaSyntax = "lua-syntax",
    entry_point: EntryPoint = "entry-point",
    entry_arity: EntryArity = "entry-arity",
    undefined_global: UndefinedGlobal = "undefined-global",
    global_assignment: GlobalAssignment = "global-assignment",
    sandbox_global: SandboxGlobal = "sandbox-global",
    sandbox_disabled: SandboxDisabled = "sandbox-disabled",
    kube_arity: KubeArity = "kube-arity",
    return_shape: ReturnShape = "return-shape",
    unreachable_code: UnreachableCode = "unreachable-code",
    unused_local: UnusedLocal = "unused-local",
    empty_block: EmptyBlock = "empty-block",
    unknown_allow: UnknownAllow = "unknown-allow",
    print_call: PrintCall = "print-call",
    optional_field: OptionalField = "optional-field",
}

impl RuleId {
    /// The rule named `id`, as users write it.
    pub fn parse(id: &str) -> Option<RuleId> {
        RuleId::ALL.iter().copied().find(|r| r.as_str() == id)
    }

    /// The rule's metadata.
    pub fn rule(self) -> &'static Rule {
        &RULES[self as usize]
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for RuleId {
    type Err = ();

    fn from_str(s: &str) -> Result<RuleId, ()> {
        RuleId::parse(s).ok_or(())
    }
}

impl serde::Serialize for RuleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// What a script rule judges: the facts of one walk over the script's
/// syntax tree, the tree, the summary of the script's top level (when the
/// parse alone tells it, as for `--check`), the rule's operation and, with
/// `--crd`, the target's openAPIV3Schema.
pub(crate) struct ScriptCx<'f, 'a> {
    pub facts: &'f Facts<'a>,
    pub chunk: &'a Block,
    pub top: Option<&'f TopLevel>,
    pub op: Operation,
    pub schema: Option<&'f serde_json::Value>,
}

/// Why a global a script sets is a problem (`global-assignment`,
/// `sandbox-global`).
const STATE_HINT: &str =
    "Karmada reuses Lua states between calls: the value stays set for the next object interpreted";

/// A script rule's check.
type Check = fn(&ScriptCx, &mut Vec<Finding>);

/// The script rules' checks, in the order their findings are reported
/// (findings at one position keep this order).
const SCRIPT_CHECKS: &[Check] = &[
    entry_point::check,
    entry_arity::check,
    undefined_global::check,
    sandbox_disabled::check_reads,
    sandbox_global::check,
    global_assignment::check,
    print_call::check,
    sandbox_disabled::check_require,
    kube_arity::check,
    optional_field::check,
    unused_local::check,
    empty_block::check,
    unreachable_code::check,
    return_shape::check,
];

/// Every script rule's findings over one script.
pub(crate) fn check_script(cx: &ScriptCx) -> Vec<Finding> {
    let mut out = Vec::new();
    for check in SCRIPT_CHECKS {
        check(cx, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_unique() {
        for (i, r) in RULES.iter().enumerate() {
            assert_eq!(r.id as usize, i);
            assert_eq!(RuleId::parse(r.id.as_str()), Some(r.id));
            assert_eq!(r.id.to_string(), r.id.as_str());
        }
        assert_eq!(RuleId::parse("no-such-rule"), None);
    }
}

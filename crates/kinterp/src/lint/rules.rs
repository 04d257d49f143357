//! The lint rules: ids, default severities and what each one means. This
//! table is the one home of rule metadata: the CLI's `--deny/--warn/--allow`,
//! SARIF's `tool.driver.rules`, the language server and docs/lint.md's
//! test all read it.

use crate::diag::Severity;

/// One rule's metadata.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// The id, e.g. `undefined-global`.
    pub id: &'static str,
    pub severity: Severity,
    /// One line.
    pub summary: &'static str,
    /// A paragraph: why it matters and what to do.
    pub docs: &'static str,
}

const fn rule(
    id: &'static str,
    severity: Severity,
    summary: &'static str,
    docs: &'static str,
) -> Rule {
    Rule {
        id,
        severity,
        summary,
        docs,
    }
}

use Severity::{Error, Info, Warning};

/// Every rule, in documentation order.
pub const RULES: &[Rule] = &[
    rule(
        "yaml-syntax",
        Error,
        "the file is not valid YAML or JSON",
        "Karmada cannot decode the customization at all; nothing in the file applies.",
    ),
    rule(
        "schema",
        Error,
        "a field the ResourceInterpreterCustomization API does not have, a wrong type, or a missing required field",
        "The API server prunes unknown fields, so a rule written under a misspelt key never runs; a wrong type or a missing target makes the object invalid.",
    ),
    rule(
        "skipped-documents",
        Info,
        "documents that are not customizations, in a file that holds customizations",
        "Helm charts and kustomize bases keep a customization next to the resources it serves (a PropagationPolicy, a CRD, a Deployment). kinterp lints the customizations, skips the other documents and says how many it skipped; a `kind: List` is read item by item. A file without any customization is still reported under `schema`.",
    ),
    rule(
        "lua-syntax",
        Error,
        "the script does not compile",
        "Karmada rejects the customization when its script does not compile with its Lua VM.",
    ),
    rule(
        "entry-point",
        Error,
        "the script does not define its rule's global function",
        "Each rule calls one global function (GetReplicas, InterpretHealth, ...). A misspelt, local or missing function makes every call fail.",
    ),
    rule(
        "entry-arity",
        Warning,
        "the rule's function takes a different number of parameters than Karmada passes",
        "Extra parameters are always nil; missing ones mean the script ignores an input it was given.",
    ),
    rule(
        "undefined-global",
        Error,
        "a name that is neither a sandbox global, nor local, nor assigned anywhere in the script",
        "Reading it gives nil: `status.phase == Running` compares with nil and is never true. Quote strings, declare locals, or require the module.",
    ),
    rule(
        "global-assignment",
        Warning,
        "a global variable assigned without `local`",
        "Karmada reuses Lua states between calls: a global set while interpreting one object is still set when the next object is interpreted. Declare it `local`.",
    ),
    rule(
        "sandbox-global",
        Warning,
        "a global or library function of Karmada's sandbox (`type`, `error`, `string.format`, ...) assigned or redefined",
        "Karmada keeps its Lua states and reuses them for the next call, of any customization: a script that sets `type = ...` or `function error(...)` changes that name for every script that runs after it in the same state. Pick another name, and declare it `local`.",
    ),
    rule(
        "sandbox-disabled",
        Error,
        "a function or library Karmada's sandbox disables, or `require` of a module other than `kube`",
        "Karmada's Lua environment has no io, debug or coroutine, stubs out loadstring, dofile, setmetatable and the like, and preloads only `kube`: the call fails at run time.",
    ),
    rule(
        "kube-arity",
        Error,
        "a `kube` library function called with the wrong number of arguments, or one that does not exist",
        "The kube library checks its arguments and raises an error on a wrong count.",
    ),
    rule(
        "return-shape",
        Error,
        "the rule's function returns a value of the wrong shape for its operation",
        "Retain, ReviseReplica and AggregateStatus return the whole object; GetReplicas a number and an optional requirements table; InterpretHealth a boolean; GetDependencies a list of object references.",
    ),
    rule(
        "unreachable-code",
        Warning,
        "statements after a `return` or `error` that always runs",
        "They never run: remove them or fix the control flow.",
    ),
    rule(
        "unused-local",
        Warning,
        "a local variable, local function, loop variable or `local function` parameter that nothing reads",
        "Often a typo (the value is read under another name) or a leftover helper. Parameters are reported only for `local function`s, whose calls the script owns: never for the rule's entry function (Karmada fixes its signature), global or table functions, or callbacks; nor is a parameter followed by one that is read, nor any name that starts with `_`: name a value `_` to say it is not needed.",
    ),
    rule(
        "empty-block",
        Warning,
        "an `if` branch or a loop body without a statement",
        "An empty branch or loop is either code that was meant to be written or dead syntax to remove; a branch holding only a comment counts as empty.",
    ),
    rule(
        "unknown-allow",
        Warning,
        "a `kinterp:allow` comment naming no rule kinterp has",
        "A misspelt id in a suppression comment suppresses nothing, so the finding it meant to silence still shows (or, once fixed, a later one would). The finding names the rule probably meant.",
    ),
    rule(
        "print-call",
        Info,
        "a `print` call left in the script",
        "Karmada discards script output; printing is only useful while debugging.",
    ),
    rule(
        "optional-field",
        Warning,
        "indexing into `metadata.annotations`, `metadata.labels` or `status` without checking for nil",
        "Those fields are often absent; indexing into nil raises `attempt to index a nil value` and the operation fails. Reading an annotation or label that Karmada itself puts on every resource template it propagates (`propagationpolicy.karmada.io/name`, `propagationpolicy.karmada.io/namespace`, `clusterpropagationpolicy.karmada.io/name` and their `permanent-id` labels) is not reported: by the time a script sees the object, that map exists. With `--crd FILE` (a CustomResourceDefinition of the target), the fields of a custom resource below its top level are judged too: indexing into one its schema neither requires nor defaults is reported.",
    ),
];

/// The rule with id `id`.
pub fn rule_by_id(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.id == id)
}

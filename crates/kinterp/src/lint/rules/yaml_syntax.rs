//! `yaml-syntax`: the file is not valid YAML or JSON (its findings are
//! made where the file is read, `lint::lint_text`).

use super::{Rule, RuleId};
use crate::diag::Severity;

pub const RULE: Rule = Rule {
    id: RuleId::YamlSyntax,
    severity: Severity::Error,
    summary: "the file is not valid YAML or JSON",
    docs: "Karmada cannot decode the customization at all; nothing in the file applies.",
};

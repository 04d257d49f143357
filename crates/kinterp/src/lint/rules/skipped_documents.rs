//! `skipped-documents`: documents that are not customizations in a file
//! that holds some (counted where the documents are walked, `documents`).

use super::{Rule, RuleId};
use crate::diag::Severity;

pub const RULE: Rule = Rule {
    id: RuleId::SkippedDocuments,
    severity: Severity::Info,
    summary: "documents that are not customizations, in a file that holds customizations",
    docs: "Helm charts and kustomize bases keep a customization next to the resources it serves (a PropagationPolicy, a CRD, a Deployment). kinterp lints the customizations, skips the other documents and says how many it skipped; a `kind: List` is read item by item. A file without any customization is still reported under `schema`.",
};

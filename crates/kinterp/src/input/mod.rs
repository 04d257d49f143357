//! Reading input files: paths, directories, globs and standard input, and
//! decoding their YAML or JSON documents into JSON values or tapes.

pub(crate) mod bignum;
pub mod bulk;
pub mod cluster;
mod docsplit;
mod fastyaml;
mod fastyaml_scalar;
#[cfg(test)]
mod fastyaml_tests;
mod jsondeep;
mod libyaml;
mod objmeta;
pub mod sources;
pub mod status;
mod statuspush;
mod surrogates;
pub mod tape;
pub mod yaml;
mod yamldepth;

pub use sources::{Source, read_sources};
pub use status::StatusItems;
pub use yaml::{Documents, parse_documents, parse_one_object, read_documents};

/// The error for an input file that holds no document at all: nothing to
/// check or read is a mistake to report, not a success.
pub fn no_document(name: &str) -> crate::diag::Diagnostic {
    crate::diag::Diagnostic::input("no YAML or JSON document in the file").in_file(name)
}

/// Reads a status file's items; see `StatusItems::parse`.
pub fn parse_status_items(name: &str, text: &str) -> Result<StatusItems, crate::diag::Diagnostic> {
    StatusItems::parse(name, text)
}

/// The YAML fast reader alone (`None` when it declines), for property tests.
#[doc(hidden)]
pub fn parse_yaml_fast_for_tests(text: &str) -> Option<Vec<serde_json::Value>> {
    fastyaml::parse(text)
}

/// The full (libyaml) reader alone, for property tests.
#[doc(hidden)]
pub fn parse_yaml_slow_for_tests(
    text: &str,
) -> Result<Vec<serde_json::Value>, crate::diag::Diagnostic> {
    yaml::parse_documents_slow("test.yaml", text)
}

//! Reading input files: paths, directories, globs and standard input, and
//! decoding their YAML or JSON documents into JSON values or tapes.

pub mod sources;
pub mod status;
pub mod tape;
pub mod yaml;

pub use sources::{Source, read_sources};
pub use status::StatusItems;
pub use yaml::{parse_documents, parse_one_object};

/// Reads a status file's items; see `StatusItems::parse`.
pub fn parse_status_items(name: &str, text: &str) -> Result<StatusItems, crate::Error> {
    StatusItems::parse(name, text)
}

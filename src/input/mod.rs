//! Reading input files: paths, directories, globs and standard input, and
//! decoding their YAML or JSON documents into JSON values.

pub mod sources;
pub mod yaml;

pub use sources::{Source, read_sources};
pub use yaml::{parse_documents, parse_one_object, parse_status_items};

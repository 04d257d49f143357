//! `kinterp test`: declarative test cases, comparison and reports.

pub mod case;
pub mod compare;
pub mod runner;

pub use case::{Case, parse_cases};
pub use runner::{CaseResult, Mismatch, run_all, run_case};

use crate::diag::Diagnostic;
use crate::input::sources::{expand_paths, read_path};

/// Loads every case under the paths (files, or directories searched
/// recursively for .yaml, .yml and .json files), in path order.
pub fn load_cases(paths: &[String]) -> Result<Vec<Case>, Diagnostic> {
    let mut cases = Vec::new();
    for p in expand_paths(paths, true)? {
        let source = read_path(p.as_deref())?;
        cases.extend(parse_cases(&source.name, &source.text)?);
    }
    Ok(cases)
}

//! `kinterp test`: declarative test cases, comparison and reports.

pub mod case;
pub mod compare;
pub mod layout;
pub mod runner;

pub use case::{Case, parse_cases};
pub use layout::{Suite, load_suite};
pub use runner::{CaseResult, Mismatch, run_all, run_case, run_each, updated_output};

use crate::diag::Diagnostic;

/// Loads every case under the paths (files, or directories searched
/// recursively for .yaml, .yml and .json files), in path order; the first
/// file that cannot be decoded is the error.
pub fn load_cases(paths: &[String]) -> Result<Vec<Case>, Diagnostic> {
    let mut suite = load_suite(paths)?;
    match suite.errors.is_empty() {
        true => Ok(suite.cases),
        false => Err(suite.errors.swap_remove(0)),
    }
}

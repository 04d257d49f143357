//! Rendering results: karmadactl's YAML, JSON, the `--check` table, diffs,
//! JUnit and diagnostics, behind one reporter interface (`report`).

pub mod check;
pub mod diff;
pub mod human;
pub mod json;
pub mod junit;
pub mod report;
pub mod results;
pub mod tabwriter;
pub mod visible;
pub mod yaml;
mod yaml_number;
mod yaml_resolve;
mod yaml_sort;
mod yaml_style;
mod yaml_write;

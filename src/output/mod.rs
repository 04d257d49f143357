//! Rendering results: karmadactl's YAML, JSON, the `--check` table and diffs.

pub mod check;
pub mod diff;
pub mod json;
pub mod results;
pub mod tabwriter;
pub mod yaml;
mod yaml_number;
mod yaml_resolve;
mod yaml_sort;
mod yaml_style;
mod yaml_write;

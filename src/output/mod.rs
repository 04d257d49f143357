//! Rendering results: karmadactl's YAML, JSON, the `--check` table and diffs.

pub mod check;
pub mod diff;
pub mod json;
pub mod results;
pub mod tabwriter;
pub mod yaml;

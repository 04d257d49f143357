//! Rendering results: karmadactl's YAML, JSON, the `--check` table and diffs.

pub mod json;
pub mod yaml;

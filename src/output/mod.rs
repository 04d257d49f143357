//! Rendering results: karmadactl's YAML, JSON, the `--check` table, diffs,
//! JUnit and diagnostics, behind one reporter interface (`report`).

pub mod case;
pub mod check;
pub mod compare;
pub mod diff;
pub mod human;
pub mod junit;
pub mod lint;
pub mod report;
pub mod results;
pub mod simulate;
pub mod tabwriter;
pub mod visible;

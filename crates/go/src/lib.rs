//! Go's semantics, in one home: what Karmada's Go code makes of values,
//! reproduced for kinterp.
//!
//! - [`yaml11`]: how go-yaml v2 types a plain YAML scalar (the one
//!   resolver for every reader and the lint);
//! - [`yaml`]: go-yaml v2's printer, as karmadactl prints results (key
//!   order, quoting, number forms, folding);
//! - [`json`], [`gojson`]: encoding/json's output, its number literals,
//!   escaping and the kind names of its type errors;
//! - [`value`]: numbers as Go's generic decoding leaves them (float64);
//! - [`bigint`]: the arbitrary-precision integers Kubernetes quantities
//!   compute with;
//! - [`calendar`]: civil dates as Go's `time` package counts them.
//! - [`depth`]: the nesting bounds of Go's readers.
//!
//! Architecture invariant: this crate knows nothing of Lua, Karmada or
//! the command line. It depends on serde_json alone, so every layer above
//! (the VM, the engine, the CLI) can share it.

pub mod bigint;
pub mod calendar;
pub mod depth;
pub mod gojson;
pub mod json;
pub mod value;
pub mod yaml;
pub mod yaml11;
mod yaml_number;
mod yaml_resolve;
mod yaml_sort;
mod yaml_style;
mod yaml_write;

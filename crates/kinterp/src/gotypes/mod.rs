//! The Go types kinterp decodes, in one home: the schema table
//! (`schema.txt`, read by [`schema`]), the one decoder with its modes
//! ([`decode()`]), Go's marshalling of decoded values ([`encode()`]), script
//! results read into Karmada's types ([`results`]), `metav1.Time` text
//! ([`time`]) and accessors for decoded values ([`view`]).
//!
//! Callers: the native interpreters (full form, converter or JSON rules),
//! the kube library (trimmed copies of a PodTemplateSpec), customization
//! results, and editor completion ([`schema::fields_at`]).

pub mod decode;
pub mod encode;
pub mod results;
pub mod schema;
pub mod time;
pub mod view;

pub use decode::{Mode, decode, decode_list, zero};
pub use encode::encode;
pub use schema::{Field, Marker, Ty, TypeDef, fields_at};

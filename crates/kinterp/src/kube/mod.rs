//! Kubernetes helpers shared by the `kube` Lua module and the native
//! interpreters: quantities, pod requirements and pod dependencies.

pub mod deps;
pub mod lua;
pub mod pod;
pub mod quantity;
pub mod quantity_text;
pub mod resources;

pub use quantity_text::{normalized_json, normalized_text};

#[cfg(test)]
mod lua_tests;

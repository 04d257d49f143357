//! Kubernetes helpers shared by the `kube` Lua module and the native
//! interpreters: quantities, pod requirements and pod dependencies.

pub mod deps;
pub mod lua;
pub mod pod;
pub mod quantity;

//! Choosing and running the interpreter for an operation: user
//! customizations, bundled third-party customizations, then native code.

pub mod customized;
pub mod dependencies;
pub mod labels;
pub mod typed;

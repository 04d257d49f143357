//! Values across the Lua boundary: JSON into Lua tables (`convert`), Lua
//! results back to JSON with gopher-json's rules (`encode`), and which
//! empty tables were objects (`emptyfix`).

pub mod convert;
pub mod emptyfix;
pub(crate) mod encode;

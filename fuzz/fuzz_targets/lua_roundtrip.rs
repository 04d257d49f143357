//! Fuzz target: a JSON object into a sandboxed Lua state and back, with
//! the empty-table fix using the object itself as the reference.
#![no_main]

#[allow(dead_code)] // each target uses one of the harness functions
#[path = "../../tests/it/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::lua_roundtrip(data));

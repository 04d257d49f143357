//! Fuzz target: fuzzed Lua scripts as a customization's rules, run on the
//! fixed Deployment objects of testdata/deployment through the interpreter.
#![no_main]

#[allow(dead_code)] // each target uses one of the harness functions
#[path = "../../tests/it/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::interpret_script(data));

//! Fuzz target: every operation on fuzzed objects, through a fixed
//! customization (testdata/deployment/ric.yaml) or the built-ins.
#![no_main]

#[allow(dead_code)] // each target uses one of the harness functions
#[path = "../../tests/it/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::interpret_object(data));

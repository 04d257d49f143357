//! Fuzz target: fuzzed scripts and files through `kinterp lint`'s checks (`lint::lint_text`).
#![no_main]

#[allow(dead_code)] // each target uses one of the harness functions
#[path = "../../tests/it/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::lint(data));

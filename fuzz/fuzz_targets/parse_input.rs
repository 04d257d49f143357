//! Fuzz target: YAML and JSON input text into objects, as `-f`,
//! `--desired-file` and `--status-file` read it, then printed back.
#![no_main]

#[allow(dead_code)] // each target uses one of the harness functions
#[path = "../../tests/it/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::parse_input(data));

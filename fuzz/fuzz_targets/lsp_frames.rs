//! Fuzz target: fuzzed byte streams through the language server's message reader (`lsp::framing`).
#![no_main]

#[allow(dead_code)] // each target uses one of the harness functions
#[path = "../../tests/it/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::lsp_frames(data));

//! Fuzz target: Kubernetes quantity text parsed, printed, re-parsed and
//! added, as the native interpreters and `kube` Lua library use it.
#![no_main]

#[allow(dead_code)] // each target uses one of the harness functions
#[path = "../../tests/it/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::quantity(data));

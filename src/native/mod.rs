//! Karmada's native (built-in, Go-coded) interpreters for core Kubernetes
//! kinds, reimplemented in Rust over JSON values.

use crate::ops::{OpInput, Operation, Outcome};

/// Whether a native interpreter handles `op` for this apiVersion and kind.
pub fn supports(op: Operation, api_version: &str, kind: &str) -> bool {
    let _ = (op, api_version, kind);
    false
}

/// Runs the native interpreter. `Err` holds Karmada's error text.
pub fn interpret(op: Operation, input: &OpInput) -> Result<Outcome, String> {
    let _ = input;
    Err(format!("default {op} interpreter not implemented"))
}

/// The (apiVersion, kind, operation) triples handled natively, without the
/// generic InterpretStatus fallback.
pub fn matrix() -> Vec<(String, String, Operation)> {
    Vec::new()
}

//! `kinterp lsp`: a language server for customization files.
//!
//! Editors send the text of the RIC YAML files they open; the server
//! answers with what kinterp knows about the Lua scripts inside them:
//! diagnostics placed on the file's own lines and columns, hover on the
//! rule's entry point, the `kube` module and the sandbox's globals,
//! completion of `kube.` functions and of the target kind's fields, and a
//! code action that inserts a missing entry point. It reuses the engine's
//! checks and never runs an operation.
//!
//! Everything but `server` is plain functions over a text and a position,
//! testable without a client; `server` speaks the protocol (through the
//! synchronous `lsp-server` crate) on a connection the caller provides.

/// The head of the customization the unit tests below edit: a
/// Deployment target, up to `customizations:`.
#[cfg(test)]
macro_rules! ric_head {
    () => {
        "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata:
  name: demo
spec:
  target:
    apiVersion: apps/v1
    kind: Deployment
  customizations:
"
    };
}

pub mod actions;
pub mod complete;
pub mod cursor;
pub mod diagnostics;
pub mod fields;
pub mod globals;
pub mod hover;
pub mod layout;
pub mod rename;
pub mod server;
pub mod text;
pub mod workspace;

/// Serves on standard input and output until the client exits; returns
/// the process exit code.
pub fn run_stdio() -> Result<i32, String> {
    let (connection, io_threads) = lsp_server::Connection::stdio();
    let code = server::serve(&connection)?;
    drop(connection);
    io_threads
        .join()
        .map_err(|e| format!("language server I/O: {e}"))?;
    Ok(code)
}

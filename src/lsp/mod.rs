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
pub mod framing;
pub mod globals;
pub mod hover;
pub mod layout;
pub mod rename;
pub mod server;
pub mod text;
pub mod workspace;

/// Serves on standard input and output until the client exits; returns
/// the process exit code. Messages are read by `framing` (limits, error
/// replies to malformed input) on a thread of their own, and written by
/// another.
pub fn run_stdio() -> Result<i32, String> {
    use crossbeam_channel::{bounded, select, unbounded};
    use std::io::Write;
    let (to_server, from_reader) = bounded::<lsp_server::Message>(0);
    let (to_writer, from_server) = unbounded::<lsp_server::Message>();
    let (invalid_tx, invalid_rx) = unbounded::<framing::Invalid>();
    let reader = std::thread::Builder::new()
        .name("kinterp-lsp-reader".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut stdin = stdin.lock();
            loop {
                match framing::read(&mut stdin) {
                    Ok(framing::Frame::Message(m)) => {
                        let exit = matches!(&m, lsp_server::Message::Notification(n) if n.method == "exit");
                        if to_server.send(m).is_err() || exit {
                            break;
                        }
                    }
                    Ok(framing::Frame::Invalid(e)) => {
                        if invalid_tx.send(e).is_err() {
                            break;
                        }
                    }
                    Ok(framing::Frame::End) | Err(_) => break,
                }
            }
        })
        .map_err(|e| format!("language server reader: {e}"))?;
    let writer = std::thread::Builder::new()
        .name("kinterp-lsp-writer".into())
        .spawn(move || {
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            let mut invalid_rx = Some(invalid_rx);
            loop {
                let never = crossbeam_channel::never();
                let invalid = invalid_rx.as_ref().unwrap_or(&never);
                select! {
                    recv(from_server) -> m => match m {
                        Ok(m) => {
                            if m.write(&mut out).is_err() {
                                break;
                            }
                        }
                        Err(_) => break,
                    },
                    recv(invalid) -> e => match e {
                        Ok(e) => {
                            if e.write(&mut out).is_err() {
                                break;
                            }
                        }
                        Err(_) => invalid_rx = None,
                    },
                }
            }
            let _ = out.flush();
        })
        .map_err(|e| format!("language server writer: {e}"))?;
    let connection = lsp_server::Connection {
        sender: to_writer,
        receiver: from_reader,
    };
    let code = server::serve(&connection);
    drop(connection);
    // The reader may wait on standard input for a message that never
    // comes (the client said `exit`, or the server failed): it is not
    // joined; the process ends with it.
    drop(reader);
    writer
        .join()
        .map_err(|_| "language server writer failed".to_string())?;
    code
}

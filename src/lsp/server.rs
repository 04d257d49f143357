//! The protocol loop: one thread reads messages in order, keeps the open
//! documents, answers requests from them and publishes diagnostics a short
//! quiet spell after the last change (at most `MAX_DELAY` after the first).

use std::collections::{HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossbeam_channel::RecvTimeoutError;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{CodeActionRequest, Completion, HoverRequest, Request as _};
use lsp_types::{
    CodeActionParams, CodeActionProviderCapability, CompletionOptions, CompletionParams,
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    HoverParams, HoverProviderCapability, InitializeParams, PositionEncodingKind,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    Uri,
};

use super::layout::{Layout, layout};
use super::text::{self, Encoding};
use super::workspace::Crds;
use super::{actions, complete, diagnostics, hover};

/// How long the documents must stay unchanged before diagnostics run.
const QUIET: Duration = Duration::from_millis(40);
/// The longest diagnostics wait while changes keep coming.
const MAX_DELAY: Duration = Duration::from_millis(150);

/// One open document.
struct Doc {
    uri: Uri,
    text: String,
    version: i32,
    layout: Layout,
}

impl Doc {
    fn new(uri: Uri, text: String, version: i32) -> Doc {
        let layout = layout(&text);
        Doc {
            uri,
            text,
            version,
            layout,
        }
    }
}

/// The server's state.
struct Server<'c> {
    conn: &'c Connection,
    enc: Encoding,
    /// The open documents, by URI text (`Uri` itself makes a poor key:
    /// it caches its parse inside).
    docs: HashMap<String, Doc>,
    /// Documents changed since their diagnostics were published.
    dirty: HashSet<String>,
    dirty_since: Option<Instant>,
    shutdown: bool,
    /// The workspace's CustomResourceDefinitions.
    crds: Crds,
}

/// Runs the server on a connection until the client says `exit`. Returns
/// the process exit code: 0 after `shutdown`, 1 without it.
pub fn serve(conn: &Connection) -> Result<i32, String> {
    let (id, params) = conn.initialize_start().map_err(|e| e.to_string())?;
    let init: InitializeParams =
        serde_json::from_value(params).map_err(|e| format!("bad initialize request: {e}"))?;
    let enc = negotiate(&init);
    let caps = ServerCapabilities {
        position_encoding: Some(match enc {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf32 => PositionEncodingKind::UTF32,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![".".to_string()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    };
    let result = serde_json::json!({
        "capabilities": caps,
        "serverInfo": {"name": "kinterp", "version": env!("CARGO_PKG_VERSION")},
    });
    conn.initialize_finish(id, result)
        .map_err(|e| e.to_string())?;
    let mut server = Server {
        conn,
        enc,
        docs: HashMap::new(),
        dirty: HashSet::new(),
        dirty_since: None,
        shutdown: false,
        crds: Crds::scan(&workspace_roots(&init)),
    };
    server.run()
}

/// UTF-8 when the client offers it, else the protocol's UTF-16.
fn negotiate(init: &InitializeParams) -> Encoding {
    let offered = init
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref());
    match offered {
        Some(list) if list.contains(&PositionEncodingKind::UTF8) => Encoding::Utf8,
        _ => Encoding::Utf16,
    }
}

/// The workspace's folders on disk (`file:` URIs only).
fn workspace_roots(init: &InitializeParams) -> Vec<PathBuf> {
    #[allow(deprecated)] // Older clients send only `rootUri`.
    let root = init.root_uri.clone();
    let uris: Vec<Uri> = match &init.workspace_folders {
        Some(folders) if !folders.is_empty() => folders.iter().map(|f| f.uri.clone()).collect(),
        _ => root.into_iter().collect(),
    };
    uris.iter()
        .filter(|u| u.as_str().starts_with("file://"))
        .map(uri_path)
        .collect()
}

/// The path a `file:` URI names (for messages); other URIs as they are.
fn uri_path(uri: &Uri) -> PathBuf {
    let s = uri.as_str();
    match s.strip_prefix("file://") {
        Some(rest) => PathBuf::from(percent_decode(rest)),
        None => PathBuf::from(s),
    }
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl Server<'_> {
    fn run(&mut self) -> Result<i32, String> {
        loop {
            let msg = match self.dirty_since {
                None => self
                    .conn
                    .receiver
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                Some(since) => {
                    let left = MAX_DELAY.saturating_sub(since.elapsed());
                    self.conn.receiver.recv_timeout(QUIET.min(left))
                }
            };
            match msg {
                Ok(Message::Request(req)) => self.request(req),
                Ok(Message::Notification(n)) if n.method == "exit" => {
                    return Ok(if self.shutdown { 0 } else { 1 });
                }
                Ok(Message::Notification(n)) => self.notification(n),
                Ok(Message::Response(_)) => {}
                Err(RecvTimeoutError::Timeout) => self.publish_dirty(),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err("the client closed the connection without exit".into());
                }
            }
            if self.dirty_since.is_some_and(|s| s.elapsed() >= MAX_DELAY) {
                self.publish_dirty();
            }
        }
    }

    fn send(&self, msg: Message) {
        // A failed send means the client is gone; the receive loop ends.
        let _ = self.conn.sender.send(msg);
    }

    fn request(&mut self, req: Request) {
        if self.shutdown {
            // After `shutdown` the protocol allows only `exit`.
            let message = format!("{} after shutdown", req.method);
            self.send(Response::new_err(req.id, ErrorCode::InvalidRequest as i32, message).into());
            return;
        }
        if req.method == "shutdown" {
            self.shutdown = true;
            self.send(Response::new_ok(req.id, ()).into());
            return;
        }
        let id = req.id.clone();
        let outcome = catch_unwind(AssertUnwindSafe(|| self.answer(req)));
        let response = match outcome {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err((code, message))) => Response::new_err(id, code as i32, message),
            Err(_) => Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                "internal error (please report this bug)".into(),
            ),
        };
        self.send(response.into());
    }

    fn answer(&self, req: Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        let bad = |e: serde_json::Error| (ErrorCode::InvalidParams, e.to_string());
        let json = |v: serde_json::Result<serde_json::Value>| {
            v.map_err(|e| (ErrorCode::InternalError, e.to_string()))
        };
        match req.method.as_str() {
            HoverRequest::METHOD => {
                let p: HoverParams = serde_json::from_value(req.params).map_err(bad)?;
                let at = p.text_document_position_params;
                let found = self
                    .docs
                    .get(at.text_document.uri.as_str())
                    .and_then(|d| hover::hover(&d.text, &d.layout, at.position, self.enc));
                json(serde_json::to_value(found))
            }
            Completion::METHOD => {
                let p: CompletionParams = serde_json::from_value(req.params).map_err(bad)?;
                let at = p.text_document_position;
                let items = self
                    .docs
                    .get(at.text_document.uri.as_str())
                    .map_or_else(Vec::new, |d| {
                        complete::complete(&d.text, &d.layout, at.position, self.enc)
                    });
                json(serde_json::to_value(items))
            }
            CodeActionRequest::METHOD => {
                let p: CodeActionParams = serde_json::from_value(req.params).map_err(bad)?;
                let uri = p.text_document.uri;
                let found = self.docs.get(uri.as_str()).map_or_else(Vec::new, |d| {
                    actions::code_actions(
                        &uri,
                        &d.text,
                        &d.layout,
                        p.range,
                        &p.context.diagnostics,
                        self.enc,
                    )
                });
                json(serde_json::to_value(found))
            }
            other => Err((
                ErrorCode::MethodNotFound,
                format!("kinterp's language server does not handle {other}"),
            )),
        }
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params) else {
                    return;
                };
                let doc = p.text_document;
                let key = doc.uri.as_str().to_string();
                let changed = self.crds.update(&key, &doc.text);
                let mut doc = Doc::new(doc.uri, doc.text, doc.version);
                self.crds.attach(&mut doc.layout);
                self.docs.insert(key.clone(), doc);
                if changed {
                    self.attach_all();
                }
                self.publish(&key);
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) else {
                    return;
                };
                let key = p.text_document.uri.as_str().to_string();
                let Some(doc) = self.docs.get_mut(&key) else {
                    return;
                };
                for change in &p.content_changes {
                    text::apply_change(&mut doc.text, change, self.enc);
                }
                doc.version = p.text_document.version;
                doc.layout = layout(&doc.text);
                self.crds.attach(&mut doc.layout);
                if self.crds.update(&key, &doc.text) {
                    self.attach_all();
                }
                self.dirty.insert(key);
                self.dirty_since.get_or_insert_with(Instant::now);
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) else {
                    return;
                };
                let uri = p.text_document.uri;
                self.docs.remove(uri.as_str());
                if self.crds.update(uri.as_str(), "") {
                    self.attach_all();
                }
                self.dirty.remove(uri.as_str());
                self.send_diagnostics(uri, Vec::new(), None);
            }
            _ => {}
        }
    }

    /// Gives every open customization its target's schema again, after
    /// the CRDs changed.
    fn attach_all(&mut self) {
        for doc in self.docs.values_mut() {
            self.crds.attach(&mut doc.layout);
        }
    }

    fn publish_dirty(&mut self) {
        let dirty = std::mem::take(&mut self.dirty);
        self.dirty_since = None;
        for key in dirty {
            self.publish(&key);
        }
    }

    /// Computes and sends the diagnostics of one open document.
    fn publish(&self, key: &str) {
        let Some(doc) = self.docs.get(key) else {
            return;
        };
        let path = uri_path(&doc.uri);
        // The checks run on a thread of their own: whatever per-thread
        // state they keep ends with it, and a bug cannot take the server
        // down.
        let found = std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(8 << 20)
                .spawn_scoped(s, || {
                    // A document may nest as deep as Go's readers allow.
                    kinterp::deep::with_stack(|| {
                        diagnostics::diagnose(&path, &doc.text, &doc.layout)
                    })
                })
                .ok()
                .and_then(|h| h.join().ok())
        })
        .unwrap_or_default();
        let list = found
            .iter()
            .map(|d| diagnostics::to_lsp(&doc.text, d, self.enc))
            .collect();
        self.send_diagnostics(doc.uri.clone(), list, Some(doc.version));
    }

    fn send_diagnostics(
        &self,
        uri: Uri,
        diagnostics: Vec<lsp_types::Diagnostic>,
        version: Option<i32>,
    ) {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        self.send(Notification::new(PublishDiagnostics::METHOD.to_string(), params).into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_columns_when_offered() {
        let init = |encodings: serde_json::Value| -> InitializeParams {
            serde_json::from_value(serde_json::json!({
                "capabilities": {"general": {"positionEncodings": encodings}}
            }))
            .unwrap()
        };
        assert_eq!(
            negotiate(&init(serde_json::json!(["utf-16", "utf-8"]))),
            Encoding::Utf8
        );
        assert_eq!(
            negotiate(&init(serde_json::json!(["utf-16"]))),
            Encoding::Utf16
        );
        assert_eq!(negotiate(&InitializeParams::default()), Encoding::Utf16);
    }

    #[test]
    fn file_uris_become_paths() {
        let uri: Uri = "file:///tmp/my%20dir/ric.yaml".parse().unwrap();
        assert_eq!(uri_path(&uri), PathBuf::from("/tmp/my dir/ric.yaml"));
        let uri: Uri = "untitled:Untitled-1".parse().unwrap();
        assert_eq!(uri_path(&uri), PathBuf::from("untitled:Untitled-1"));
    }
}

//! A minimal Language Server Protocol client over a child's standard input
//! and output, as an editor drives `kinterp lsp`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// Every answer must come within this.
pub const ANSWER: Duration = Duration::from_secs(1);

pub struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    /// Notifications received while waiting for something else.
    pending: Vec<Value>,
    next_id: i64,
}

fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse().ok();
        }
    }
    let mut body = vec![0; length?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    /// Starts the server (`cmd` is `kinterp lsp`).
    pub fn start(mut cmd: Command) -> Client {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("kinterp lsp starts");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            while let Some(msg) = read_message(&mut stdout) {
                if tx.send(msg).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin,
            incoming,
            pending: Vec::new(),
            next_id: 1,
        }
    }

    fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Writes bytes as they are (a malformed message).
    pub fn raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next message that is not a notification, within `ANSWER`.
    pub fn reply(&mut self, what: &str) -> Value {
        let started = Instant::now();
        loop {
            let msg = self.receive(started, what);
            if msg.get("method").is_none() {
                return msg;
            }
            self.pending.push(msg);
        }
    }

    /// The server's peak resident memory so far, in KiB (Linux).
    pub fn peak_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Closes the server's input; returns its exit status and standard
    /// error, waited for at most `ANSWER`.
    pub fn close(mut self) -> i32 {
        let devnull = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/null")
            .unwrap();
        let devnull = ChildStdin::from(std::os::fd::OwnedFd::from(devnull));
        drop(std::mem::replace(&mut self.stdin, devnull));
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code().unwrap_or(-1);
            }
            if started.elapsed() > ANSWER * 5 {
                let _ = self.child.kill();
                panic!("the server did not end within {:?}", ANSWER * 5);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its result, failing after `ANSWER`.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let msg = self.request_raw(method, params);
        assert!(msg.get("error").is_none(), "{method}: {msg}");
        msg["result"].clone()
    }

    /// Sends a request and returns the whole response message.
    pub fn request_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let started = Instant::now();
        loop {
            let msg = self.receive(started, method);
            if msg.get("id") == Some(&json!(id)) {
                return msg;
            }
            self.pending.push(msg);
        }
    }

    fn receive(&mut self, started: Instant, what: &str) -> Value {
        let left = ANSWER.saturating_sub(started.elapsed());
        match self.incoming.recv_timeout(left) {
            Ok(msg) => msg,
            Err(RecvTimeoutError::Timeout) => panic!("no answer to {what} within {ANSWER:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
        }
    }

    /// Waits for the diagnostics of `uri` at `version`; returns them and
    /// how long they took.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> (Vec<Value>, Duration) {
        let started = Instant::now();
        let matches = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        };
        if let Some(i) = self.pending.iter().position(matches) {
            let m = self.pending.remove(i);
            return (
                m["params"]["diagnostics"].as_array().unwrap().clone(),
                Duration::ZERO,
            );
        }
        loop {
            let msg = self.receive(started, "publishDiagnostics");
            if matches(&msg) {
                let list = msg["params"]["diagnostics"].as_array().unwrap().clone();
                return (list, started.elapsed());
            }
            self.pending.push(msg);
        }
    }

    /// `exit`, then the server's exit status (waited for at most `ANSWER`).
    pub fn exit(mut self) -> i32 {
        self.notify("exit", Value::Null);
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code().unwrap_or(-1);
            }
            if started.elapsed() > ANSWER {
                let _ = self.child.kill();
                panic!("the server did not exit within {ANSWER:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A failed test must not leave a server behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

//! One fluent builder for every end-to-end test:
//!
//! ```ignore
//! Test::new()
//!     .file("ric.yaml", "...")
//!     .args(["interpret", "-f", "ric.yaml", "--check"])
//!     .stdout("...")
//!     .status(1)
//!     .run();
//! ```
//!
//! Without files, `kinterp` runs in the crate root (so `testdata/...`
//! paths work); with files, in a fresh temporary directory holding them,
//! removed when the `Test` is dropped. `run` asserts what was set (status 0 unless
//! told) and returns the output for further checks; `command` gives the
//! prepared command for an insta snapshot.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What one run printed and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// A `kinterp` run under test.
pub struct Test {
    dir: Option<PathBuf>,
    args: Vec<String>,
    env: Vec<(String, String)>,
    stdin: Option<Vec<u8>>,
    stdout: Option<String>,
    stderr: Option<String>,
    status: i32,
}

impl Default for Test {
    fn default() -> Self {
        Test::new()
    }
}

impl Test {
    pub fn new() -> Test {
        Test {
            dir: None,
            args: Vec::new(),
            env: Vec::new(),
            stdin: None,
            stdout: None,
            stderr: None,
            status: 0,
        }
    }

    /// The temporary directory of this test (made on first use).
    pub fn dir(&mut self) -> &Path {
        self.dir.get_or_insert_with(|| {
            static NEXT: AtomicUsize = AtomicUsize::new(0);
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let dir = std::env::temp_dir().join(format!("kinterp-it-{}-{n}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("temporary directory");
            dir
        })
    }

    /// The absolute path of `name` in the temporary directory.
    pub fn path(&mut self, name: &str) -> String {
        self.dir().join(name).display().to_string()
    }

    /// Writes `name` (parent directories too) in the temporary directory;
    /// the run then happens there.
    pub fn file(mut self, name: &str, contents: impl AsRef<[u8]>) -> Test {
        let path = self.dir().join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("parent directory");
        }
        std::fs::write(&path, contents).expect("test file");
        self
    }

    pub fn arg(mut self, arg: impl AsRef<str>) -> Test {
        self.args.push(arg.as_ref().to_string());
        self
    }

    pub fn args<S: AsRef<str>>(mut self, args: impl IntoIterator<Item = S>) -> Test {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_string()));
        self
    }

    pub fn env(mut self, key: &str, value: &str) -> Test {
        self.env.push((key.into(), value.into()));
        self
    }

    pub fn stdin(mut self, text: impl Into<Vec<u8>>) -> Test {
        self.stdin = Some(text.into());
        self
    }

    /// The exact standard output expected.
    pub fn stdout(mut self, text: impl Into<String>) -> Test {
        self.stdout = Some(text.into());
        self
    }

    /// The exact standard error expected.
    pub fn stderr(mut self, text: impl Into<String>) -> Test {
        self.stderr = Some(text.into());
        self
    }

    /// The exit code expected (0 unless told).
    pub fn status(mut self, code: i32) -> Test {
        self.status = code;
        self
    }

    /// The prepared command (for snapshots); files are already written.
    pub fn command(&self) -> Command {
        let mut cmd = crate::kinterp();
        if let Some(dir) = &self.dir {
            cmd.current_dir(dir);
        }
        cmd.args(&self.args);
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        cmd
    }

    /// Runs without asserting anything.
    pub fn output(&self) -> Output {
        use std::io::Write;
        use std::process::Stdio;
        let mut cmd = self.command();
        cmd.stdin(if self.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("kinterp starts");
        if let (Some(text), Some(mut pipe)) = (&self.stdin, child.stdin.take()) {
            let _ = pipe.write_all(text);
        }
        let out = child.wait_with_output().expect("kinterp runs");
        Output {
            status: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Runs and asserts the status and whatever output was set.
    #[track_caller]
    pub fn run(&self) -> Output {
        let out = self.output();
        let context = format!("kinterp {:?}\n{out:#?}", self.args);
        assert_eq!(out.status, self.status, "exit status of {context}");
        if let Some(want) = &self.stdout {
            assert_eq!(&out.stdout, want, "stdout of {context}");
        }
        if let Some(want) = &self.stderr {
            assert_eq!(&out.stderr, want, "stderr of {context}");
        }
        out
    }
}

impl Drop for Test {
    fn drop(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

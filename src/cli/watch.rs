//! `--watch` for `kinterp test` and `kinterp interpret`: run, then run again
//! whenever one of the input files changes, until Ctrl-C.
//!
//! Files are watched through their directories, because editors often save
//! by writing a new file and renaming it over the old one. Changes come in
//! bursts (write, chmod, rename): a run starts once the files have been
//! quiet for `QUIET`.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use notify::{EventKind, RecursiveMode, Watcher};

use super::Failure;
use kinterp::diag::Diagnostic;

/// How long the files must stay unchanged before the next run.
const QUIET: Duration = Duration::from_millis(150);

/// One watched place.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Target {
    /// The directory handed to the watcher.
    root: PathBuf,
    recursive: bool,
    /// For a single file: the file; changes to its siblings are ignored.
    file: Option<PathBuf>,
}

fn absolute(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The places to watch for the command's path arguments.
fn targets(args: &[&str]) -> Result<Vec<Target>, Diagnostic> {
    let mut out = Vec::new();
    for arg in args {
        if *arg == "-" {
            return Err(Diagnostic::usage(
                "--watch cannot re-read standard input: name files",
            ));
        }
        let path = Path::new(arg);
        let target = if path.is_dir() {
            Target {
                root: absolute(path),
                recursive: true,
                file: None,
            }
        } else if path.exists() {
            let file = absolute(path);
            Target {
                root: file
                    .parent()
                    .map_or_else(|| PathBuf::from("/"), Path::to_path_buf),
                recursive: false,
                file: Some(file),
            }
        } else {
            // A glob: its directory part before the first pattern character.
            let cut = arg.find(['*', '?', '[']).unwrap_or(arg.len());
            let prefix = &arg[..cut];
            let dir = match prefix.rfind('/') {
                Some(i) => &prefix[..=i],
                None => ".",
            };
            Target {
                root: absolute(Path::new(dir)),
                recursive: true,
                file: None,
            }
        };
        if !out.contains(&target) {
            out.push(target);
        }
    }
    Ok(out)
}

/// Whether a change to `path` concerns the inputs.
fn relevant(targets: &[Target], path: &Path) -> bool {
    let input_ext = matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml" | "json")
    );
    targets.iter().any(|t| match &t.file {
        Some(f) => f == path,
        None => input_ext && path.starts_with(&t.root),
    })
}

/// Blocks until an input changes, then until the changes stop.
fn wait_for_change(
    rx: &Receiver<notify::Result<notify::Event>>,
    targets: &[Target],
) -> Result<(), Diagnostic> {
    let gone = || Diagnostic::runtime("the file watcher stopped");
    let concerns = |event: &notify::Event| {
        !matches!(event.kind, EventKind::Access(_))
            && event.paths.iter().any(|p| relevant(targets, p))
    };
    loop {
        match rx.recv().map_err(|_| gone())? {
            Ok(event) if concerns(&event) => break,
            _ => {}
        }
    }
    loop {
        match rx.recv_timeout(QUIET) {
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) => return Ok(()),
            Err(RecvTimeoutError::Disconnected) => return Err(gone()),
        }
    }
}

/// Runs `once`, then again after every change to the files or directories
/// named in `paths`; ends only with the process (Ctrl-C) or a watcher
/// failure. A run's error is printed and the watch goes on.
pub fn run(
    paths: &[&str],
    mut once: impl FnMut() -> Result<i32, Failure>,
) -> Result<i32, Diagnostic> {
    let targets = targets(paths)?;
    let (tx, rx) = channel();
    let mut watcher = notify::recommended_watcher(move |event| {
        let _ = tx.send(event);
    })
    .map_err(|e| Diagnostic::runtime(format!("cannot watch files: {e}")))?;
    for t in &targets {
        let mode = if t.recursive {
            RecursiveMode::Recursive
        } else {
            RecursiveMode::NonRecursive
        };
        watcher
            .watch(&t.root, mode)
            .map_err(|e| Diagnostic::input(format!("cannot watch {}: {e}", t.root.display())))?;
    }
    let terminal = std::io::stdout().is_terminal();
    loop {
        if terminal {
            // Clear the screen and put the cursor home.
            print!("\x1b[2J\x1b[H");
        }
        let status = match once() {
            Ok(code) => format!("exit status {code}"),
            Err(f) => {
                let text = crate::output::human::diagnostic(&f.diagnostic, f.snippet.as_deref());
                eprintln!("{text}");
                format!("exit status {}", f.diagnostic.exit_code())
            }
        };
        let _ = std::io::stdout().flush();
        eprintln!("[watch] {status}; waiting for changes (Ctrl-C to stop)");
        wait_for_change(&rx, &targets)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_directories_and_globs() {
        let dir = std::env::temp_dir().join(format!("kinterp-watch-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("cases")).unwrap();
        let ric = dir.join("ric.yaml");
        std::fs::write(&ric, "a: 1\n").unwrap();
        let (ric_s, cases_s) = (
            ric.display().to_string(),
            dir.join("cases").display().to_string(),
        );
        let glob = format!("{}/cases/*.yaml", dir.display());
        let t = targets(&[&ric_s, &cases_s, &glob]).unwrap();
        let root = absolute(&dir);
        assert_eq!(t[0].root, root);
        assert_eq!(t[0].file, Some(root.join("ric.yaml")));
        assert!(t[1].recursive);
        assert_eq!(t.len(), 2, "the glob's directory is the cases directory");
        assert!(relevant(&t, &root.join("ric.yaml")));
        assert!(!relevant(&t, &root.join("other.yaml")));
        assert!(relevant(&t, &root.join("cases/deep/c.yml")));
        assert!(!relevant(&t, &root.join("cases/.c.yaml.swp")));
        assert_eq!(
            targets(&["-"]).unwrap_err().kind,
            kinterp::diag::Kind::Usage
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

//! Resolving `-f` style arguments (file, directory, glob, `-`) into the
//! texts to decode, in karmadactl's order, with clear errors.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::diag::Diagnostic;

/// One input text and the name used for it in messages.
#[derive(Clone, Debug)]
pub struct Source {
    /// The path as given (or as found in a directory), or `STDIN`.
    pub name: String,
    /// The file's text.
    pub text: String,
}

fn is_glob(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

fn is_input_ext(p: &Path) -> bool {
    matches!(
        p.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml" | "json")
    )
}

fn walk_dir(dir: &Path, recursive: bool, out: &mut Vec<PathBuf>) -> Result<(), Diagnostic> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        Diagnostic::input(format!("error reading directory {}: {e}", dir.display()))
    })?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            if recursive {
                walk_dir(&p, recursive, out)?;
            }
        } else if is_input_ext(&p) {
            out.push(p);
        }
    }
    Ok(())
}

/// Expands the arguments into file paths (`None` stands for standard input).
pub fn expand_paths(args: &[String], recursive: bool) -> Result<Vec<Option<PathBuf>>, Diagnostic> {
    let mut out = Vec::new();
    for arg in args {
        if arg == "-" {
            out.push(None);
            continue;
        }
        if arg.starts_with("http://") || arg.starts_with("https://") {
            return Err(Diagnostic::usage(format!(
                "{arg}: kinterp never uses the network; download the file and pass its path"
            )));
        }
        let path = Path::new(arg);
        if path.is_dir() {
            let mut files = Vec::new();
            walk_dir(path, recursive, &mut files)?;
            out.extend(files.into_iter().map(Some));
        } else if path.exists() {
            out.push(Some(path.to_path_buf()));
        } else if is_glob(arg) {
            let paths = glob::glob(arg)
                .map_err(|e| Diagnostic::usage(format!("invalid glob pattern {arg:?}: {e}")))?;
            let mut matched: Vec<PathBuf> = paths.filter_map(Result::ok).collect();
            matched.sort();
            if matched.is_empty() {
                return Err(Diagnostic::input(format!(
                    "the path {arg:?} does not exist"
                )));
            }
            for p in matched {
                if p.is_dir() {
                    let mut files = Vec::new();
                    walk_dir(&p, recursive, &mut files)?;
                    out.extend(files.into_iter().map(Some));
                } else {
                    out.push(Some(p));
                }
            }
        } else {
            return Err(Diagnostic::input(format!(
                "the path {arg:?} does not exist"
            )));
        }
    }
    Ok(out)
}

/// Reads one file (or standard input for `None`) as UTF-8 text.
pub fn read_path(path: Option<&Path>) -> Result<Source, Diagnostic> {
    match path {
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| Diagnostic::input(format!("cannot read: {e}")).in_file("STDIN"))?;
            decode_text("STDIN".to_string(), bytes)
        }
        Some(p) => {
            let name = p.display().to_string();
            let bytes = std::fs::read(p)
                .map_err(|e| Diagnostic::input(format!("cannot read: {e}")).in_file(&name))?;
            decode_text(name, bytes)
        }
    }
}

fn decode_text(name: String, bytes: Vec<u8>) -> Result<Source, Diagnostic> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Source { name, text }),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
            Err(
                Diagnostic::input(format!("not UTF-8 text (invalid byte at offset {at})"))
                    .in_file(&name)
                    .at_line(line, 0),
            )
        }
    }
}

/// Resolves and reads every argument, in order.
pub fn read_sources(args: &[String], recursive: bool) -> Result<Vec<Source>, Diagnostic> {
    expand_paths(args, recursive)?
        .iter()
        .map(|p| read_path(p.as_deref()))
        .collect()
}

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

/// Files and directories already walked, by identity (device and inode):
/// a tree reached twice through symbolic links, or a link loop, is read
/// once.
#[derive(Default)]
struct Seen(std::collections::HashSet<(u64, u64)>);

impl Seen {
    /// Whether `meta`'s file is new (and now seen).
    fn first(&mut self, meta: &std::fs::Metadata) -> bool {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            self.0.insert((meta.dev(), meta.ino()))
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            true
        }
    }
}

/// The input files of a directory: regular files only (after following
/// links; FIFOs, devices and sockets are skipped, since reading them may
/// never end), each once.
fn walk_dir(
    dir: &Path,
    recursive: bool,
    seen: &mut Seen,
    out: &mut Vec<PathBuf>,
) -> Result<(), Diagnostic> {
    if let Ok(meta) = std::fs::metadata(dir)
        && !seen.first(&meta)
    {
        return Ok(());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| {
        Diagnostic::input(format!("error reading directory {}: {e}", dir.display()))
    })?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        let Ok(meta) = std::fs::metadata(&p) else {
            continue;
        };
        if meta.is_dir() {
            if recursive {
                walk_dir(&p, recursive, seen, out)?;
            }
        } else if meta.is_file() && is_input_ext(&p) && seen.first(&meta) {
            out.push(p);
        }
    }
    Ok(())
}

/// The largest input read (a file that is not mapped, or standard input);
/// reading stops past it with an input error.
pub const MAX_INPUT_BYTES: u64 = 128 << 20;

/// Expands the arguments into file paths (`None` stands for standard input).
pub fn expand_paths(args: &[String], recursive: bool) -> Result<Vec<Option<PathBuf>>, Diagnostic> {
    let mut out = Vec::new();
    let mut seen = Seen::default();
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
            walk_dir(path, recursive, &mut seen, &mut files)?;
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
                    walk_dir(&p, recursive, &mut seen, &mut files)?;
                    out.extend(files.into_iter().map(Some));
                } else if std::fs::metadata(&p).is_ok_and(|m| m.is_file() && seen.first(&m)) {
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
            let bytes = read_bounded(std::io::stdin().lock(), "STDIN")?;
            decode_text("STDIN".to_string(), bytes)
        }
        Some(p) => {
            let name = p.display().to_string();
            let cannot =
                |e: std::io::Error| Diagnostic::input(format!("cannot read: {e}")).in_file(&name);
            let file = std::fs::File::open(p).map_err(cannot)?;
            let bytes = read_bounded(file, &name)?;
            decode_text(name, bytes)
        }
    }
}

/// Everything `r` gives, up to [`MAX_INPUT_BYTES`] (a device such as
/// `/dev/zero` never ends).
fn read_bounded(r: impl Read, name: &str) -> Result<Vec<u8>, Diagnostic> {
    let mut bytes = Vec::new();
    r.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Diagnostic::input(format!("cannot read: {e}")).in_file(name))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(Diagnostic::input(format!(
            "the input is larger than {} MiB, the most kinterp reads",
            MAX_INPUT_BYTES >> 20
        ))
        .in_file(name));
    }
    Ok(bytes)
}

fn decode_text(name: String, bytes: Vec<u8>) -> Result<Source, Diagnostic> {
    Ok(Source {
        name,
        text: go_text(bytes),
    })
}

/// A file's bytes as karmadactl reads them (a UTF-8 decoder behind a
/// byte-order-mark override): a UTF-8 byte-order mark is dropped, a UTF-16
/// one (what Windows PowerShell's `>` writes) selects UTF-16 of that byte
/// order, and an invalid UTF-8 sequence is one U+FFFD (a truncated
/// character's bytes make one, as in `from_utf8_lossy`; measured with
/// karmadactl). Plain valid UTF-8, the usual case, is taken as it is.
pub fn go_text(bytes: Vec<u8>) -> String {
    match bytes.as_slice() {
        [0xEF, 0xBB, 0xBF, ..] => String::from_utf8_lossy(&bytes[3..]).into_owned(),
        [0xFE, 0xFF, rest @ ..] => utf16(rest, u16::from_be_bytes),
        [0xFF, 0xFE, rest @ ..] => utf16(rest, u16::from_le_bytes),
        _ => String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// UTF-16 code units read with `unit` from byte pairs; an unpaired
/// surrogate or a trailing odd byte is U+FFFD.
fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units = bytes.chunks_exact(2).map(|p| unit([p[0], p[1]]));
    let mut out: String = char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    if bytes.len() % 2 == 1 {
        out.push(char::REPLACEMENT_CHARACTER);
    }
    out
}

/// Resolves and reads every argument, in order.
pub fn read_sources(args: &[String], recursive: bool) -> Result<Vec<Source>, Diagnostic> {
    read_paths(&expand_paths(args, recursive)?)
}

/// Reads every path `expand_paths` gave (None: standard input), in
/// order, before any is decoded.
pub fn read_paths(paths: &[Option<PathBuf>]) -> Result<Vec<Source>, Diagnostic> {
    paths.iter().map(|p| read_path(p.as_deref())).collect()
}

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
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Source { name, text }),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            Err(not_utf8(&name, e.as_bytes(), at))
        }
    }
}

/// The error for `bytes`, valid UTF-8 up to `at` only.
fn not_utf8(name: &str, bytes: &[u8], at: usize) -> Diagnostic {
    let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
    Diagnostic::input(format!("not UTF-8 text (invalid byte at offset {at})"))
        .in_file(name)
        .at_line(line, 0)
}

/// A large file mapped into memory, read-only and private, to be read in
/// place: no copy into fresh memory, and the pages a reader has passed go
/// back to the system as it goes (`release_before`). For a process that
/// owns its state only: a file truncated while it is mapped ends the
/// process (SIGBUS), as with any tool that maps its input.
#[cfg(target_os = "linux")]
pub struct Mapped {
    name: String,
    ptr: *mut libc::c_void,
    len: usize,
    /// Bytes from the start already given back.
    released: std::cell::Cell<usize>,
}

#[cfg(target_os = "linux")]
impl Mapped {
    /// Maps `path` if it is a regular file of at least `min_len` bytes;
    /// `None` on anything else (the caller reads the file instead, and
    /// reports its errors).
    pub fn open(path: &Path, min_len: u64) -> Option<Mapped> {
        use std::os::fd::AsRawFd;
        let file = std::fs::File::open(path).ok()?;
        let meta = file.metadata().ok()?;
        if !meta.is_file() || meta.len() < min_len.max(1) {
            return None;
        }
        let len = usize::try_from(meta.len()).ok()?;
        // SAFETY: a read-only private mapping of an open file, of its
        // length; the descriptor may be closed once mapped.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ,
                libc::MAP_PRIVATE,
                file.as_raw_fd(),
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return None;
        }
        Some(Mapped {
            name: path.display().to_string(),
            ptr,
            len,
            released: std::cell::Cell::new(0),
        })
    }

    /// The name used for the file in messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file's text, or the error `read_path` gives for it.
    pub fn text(&self) -> Result<&str, Diagnostic> {
        // SAFETY: the mapping is `len` bytes, readable, and lives as long
        // as `self`; its pages keep the file's bytes when given back.
        let bytes = unsafe { std::slice::from_raw_parts(self.ptr as *const u8, self.len) };
        std::str::from_utf8(bytes).map_err(|e| not_utf8(&self.name, bytes, e.valid_up_to()))
    }

    /// Gives back the whole pages before `at` (an address inside the
    /// text): they stay readable, and are read from the file again if
    /// need be (a mapping of a file, unlike fresh memory, keeps its
    /// bytes).
    pub fn release_before(&self, at: *const u8) {
        const PAGE: usize = 4096;
        let base = self.ptr as usize;
        let end = (at as usize).saturating_sub(base).min(self.len) / PAGE * PAGE;
        let from = self.released.get();
        if end > from {
            // SAFETY: the range lies inside this mapping, which is
            // private and never written: MADV_DONTNEED only unmaps its
            // pages, and a later read maps the file's bytes again.
            unsafe {
                libc::madvise(
                    (base + from) as *mut libc::c_void,
                    end - from,
                    libc::MADV_DONTNEED,
                );
            }
            self.released.set(end);
        }
    }
}

#[cfg(target_os = "linux")]
impl Drop for Mapped {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly what `open` mapped; no reference into it
        // outlives `self` (`text` borrows it).
        unsafe {
            libc::munmap(self.ptr, self.len);
        }
    }
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

#[cfg(all(test, target_os = "linux"))]
mod mapped_tests {
    use super::Mapped;

    /// This process's resident KiB of the mapping of `path`.
    fn resident_kib(path: &std::path::Path) -> u64 {
        let smaps = std::fs::read_to_string("/proc/self/smaps").expect("smaps");
        let name = path.display().to_string();
        let mut inside = false;
        let mut kib = 0;
        for line in smaps.lines() {
            if line.contains('-') && line.split_whitespace().count() >= 5 {
                inside = line.ends_with(&name);
            } else if inside && let Some(rest) = line.strip_prefix("Rss:") {
                kib += rest
                    .trim()
                    .trim_end_matches(" kB")
                    .parse::<u64>()
                    .expect("kB");
            }
        }
        kib
    }

    /// A mapped file reads as the file; the pages before a point given
    /// back leave the process's resident memory and still read the same.
    #[test]
    fn a_mapped_file_gives_back_the_pages_read() {
        let dir = std::env::temp_dir().join(format!("kinterp-mapped-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("items.json");
        let line = "{\"clusterName\": \"member\", \"status\": {\"replicas\": 3}}\n";
        let text = line.repeat((4 << 20) / line.len());
        std::fs::write(&path, &text).expect("write");
        assert!(
            Mapped::open(&path, text.len() as u64 + 1).is_none(),
            "too small"
        );
        assert!(Mapped::open(&dir, 1).is_none(), "a directory");
        let m = Mapped::open(&path, 1).expect("mapped");
        assert_eq!(m.name(), path.display().to_string());
        assert_eq!(m.text().expect("UTF-8"), text);
        let before = resident_kib(&path);
        assert!(before >= 3 << 10, "read, so resident: {before} KiB");
        m.release_before(m.text().expect("UTF-8")[3 << 20..].as_ptr());
        let after = resident_kib(&path);
        assert!(
            after + (2 << 10) <= before,
            "given back: {before} -> {after} KiB"
        );
        assert_eq!(m.text().expect("UTF-8"), text);
        drop(m);
        assert_eq!(resident_kib(&path), 0, "unmapped");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

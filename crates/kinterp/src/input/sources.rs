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

/// Inputs at least this large (bytes) are large: a status file is mapped
/// and read in place (`Mapped`), and the CLI prepares a huge-page heap.
pub const LARGE_INPUT: u64 = 512 << 10;

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
    ///
    /// # Safety
    ///
    /// The file must not be written or truncated while the mapping lives:
    /// [`Mapped::text`] hands out its bytes as a `&str`, checked as UTF-8
    /// once, and another process changing them breaks that (truncation
    /// ends the process with SIGBUS). Only a caller that reads the file
    /// once and owns its process can take that on, as a command-line tool
    /// reading its input may (ripgrep's memory maps make the same bargain).
    pub unsafe fn open(path: &Path, min_len: u64) -> Option<Mapped> {
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

    /// The file's text when it is valid UTF-8 without a byte-order mark,
    /// to be read in place; `None` otherwise (`read_path` then decodes the
    /// file as karmadactl does: see `go_text`).
    pub fn text(&self) -> Option<&str> {
        // SAFETY: the mapping is `len` bytes, readable, and lives as long
        // as `self`; its pages keep the file's bytes when given back.
        let bytes = unsafe { std::slice::from_raw_parts(self.ptr as *const u8, self.len) };
        std::str::from_utf8(bytes)
            .ok()
            .filter(|t| !t.starts_with('\u{FEFF}'))
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
        // SAFETY: this test's own file, not written while mapped.
        let open = |p: &std::path::Path, min| unsafe { Mapped::open(p, min) };
        assert!(open(&path, text.len() as u64 + 1).is_none(), "too small");
        assert!(open(&dir, 1).is_none(), "a directory");
        let m = open(&path, 1).expect("mapped");
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

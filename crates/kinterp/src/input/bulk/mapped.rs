//! A large status file mapped into memory, to be read in place: private
//! to the bulk door, which alone maps files.

use std::path::Path;

/// A large file mapped into memory, read-only and private, to be read in
/// place: no copy into fresh memory, and the pages a reader has passed go
/// back to the system as it goes (`release_before`). For a process that
/// owns its state only: a file truncated while it is mapped ends the
/// process (SIGBUS), as with any tool that maps its input.
#[cfg(target_os = "linux")]
pub(super) struct Mapped {
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
    pub(super) unsafe fn open(path: &Path, min_len: u64) -> Option<Mapped> {
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
    pub(super) fn name(&self) -> &str {
        &self.name
    }

    /// The file's text when it is valid UTF-8 without a byte-order mark,
    /// to be read in place; `None` otherwise (the file is then read and
    /// decoded as karmadactl does: see `sources::go_text`).
    pub(super) fn text(&self) -> Option<&str> {
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
    pub(super) fn release_before(&self, at: *const u8) {
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

#[cfg(all(test, target_os = "linux"))]
mod tests {
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

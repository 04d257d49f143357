//! Bulk input behind one door: a run's status file (tens of thousands of
//! member statuses) from its path to the run's owned input, read fast
//! and in little memory. Behind the door: the file mapped in place
//! (`mapped`), the one-pass JSON reader and the tape (`status`), the
//! push into Lua straight from the tape (`statuspush`, reached through
//! [`StatusItems::to_lua`] and [`StatusItems::into_lua`]), and the advice
//! a program owning its heap may take ([`HeapAdvice`]). In front of it:
//! an [`Intake`] for one run's files, and [`OpInput`] by value
//! ([`Interpreter::run_owned`](crate::interpreter::Interpreter::run_owned)
//! spends what it is given by moving it into Lua).
//!
//! The engine only advises: it never tunes the allocator, leaks, or
//! touches the process; a program that owns its process implements
//! [`HeapAdvice`] (the CLI's `heap`).

use serde_json::Value;

use super::StatusItems;
use super::cluster::ObjectRef;
use super::sources;
use crate::diag::Diagnostic;
use crate::ops::OpInput;

#[cfg(target_os = "linux")]
mod mapped;

/// Inputs at least this large (bytes) are large: a status file is mapped
/// and read in place, and the heap is advised of them.
pub const LARGE_INPUT: u64 = 512 << 10;

/// What a program that owns its heap may do around a run's large input.
/// The engine says when (a large input is about to be read; its decoding
/// scratch is free again), never how. The methods do nothing by default,
/// as `()` does: an embedder's heap is left alone.
pub trait HeapAdvice {
    /// About `bytes` (at least [`LARGE_INPUT`]) of input files are about
    /// to be decoded and built into Lua tables.
    fn reading(&self, bytes: u64) {
        let _ = bytes;
    }

    /// The inputs are read: what decoding them used and freed is free
    /// again, and the Lua tables are made next.
    fn decoded(&self) {}
}

/// No advice taken.
impl HeapAdvice for () {}

/// The input files of one run (`interpret`'s objects and status file),
/// taken in: the heap is advised of their size before they are read, and
/// of the end of decoding when the run's input is [`ready`](Intake::ready).
pub struct Intake<'h> {
    heap: &'h dyn HeapAdvice,
    in_place: bool,
}

impl<'h> Intake<'h> {
    /// Takes in the files `paths` (those missing are left to their
    /// readers to report), reading them into memory.
    pub fn new(heap: &'h dyn HeapAdvice, paths: &[&str]) -> Intake<'h> {
        let bytes: u64 = paths
            .iter()
            .filter_map(|p| std::fs::metadata(p).ok())
            .map(|m| m.len())
            .sum();
        if bytes >= LARGE_INPUT {
            heap.reading(bytes);
        }
        Intake {
            heap,
            in_place: false,
        }
    }

    /// `new`, a large status file being mapped and read in place: no copy
    /// into fresh memory, and its pages given back as the reader passes
    /// them.
    ///
    /// # Safety
    ///
    /// The status files read through this intake must not be written or
    /// truncated while they are read: the mapping is read as UTF-8 text
    /// checked once, and another process changing it breaks that
    /// (truncation ends the process with SIGBUS). Only a program that
    /// owns its process and reads each file once (not `--watch`) can
    /// promise it, as a command-line tool reading its input may.
    pub unsafe fn in_place(heap: &'h dyn HeapAdvice, paths: &[&str]) -> Intake<'h> {
        Intake {
            in_place: true,
            ..Intake::new(heap, paths)
        }
    }

    /// The status items of `path` for a run on `object` (a Work in the
    /// file gives that object's item), with the warnings reading it raised.
    pub fn status_for(
        &self,
        path: &str,
        object: Option<&Value>,
    ) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
        let object = object.map(ObjectRef::of);
        // SAFETY: in place only for an intake made by `in_place`, whose
        // caller promised what `read_status_with` asks.
        unsafe { read_status_with(path, self.in_place, object.as_ref()) }
    }

    /// Hands the run its input, now read: the heap is told that decoding
    /// is over.
    pub fn ready(&self, input: OpInput) -> OpInput {
        self.heap.decoded();
        input
    }
}

/// Reads the status items of `path` into memory (see
/// [`Intake::status_for`]); each file's text is freed once decoded.
pub fn read_status(
    path: &str,
    object: Option<&ObjectRef>,
) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
    // SAFETY: not in place: the file is read into memory.
    unsafe { read_status_with(path, false, object) }
}

/// # Safety
///
/// With `in_place`, as [`Intake::in_place`]: the file is not changed
/// while it is read.
unsafe fn read_status_with(
    path: &str,
    in_place: bool,
    object: Option<&ObjectRef>,
) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
    let paths = sources::expand_paths(&[path.to_string()], false)?;
    #[cfg(not(target_os = "linux"))]
    let _ = in_place; // mapping is Linux-only
    #[cfg(target_os = "linux")]
    // SAFETY: passed on to our caller.
    if let Some(mapped) = unsafe { map_large(&paths, in_place) } {
        if let Some(text) = mapped.text() {
            return StatusItems::read_released(
                mapped.name(),
                text,
                &|at| mapped.release_before(at),
                object,
            );
        }
    }
    let mut items: Option<StatusItems> = None;
    let mut warnings = Vec::new();
    for s in sources::read_paths(&paths)? {
        let (more, warned) = StatusItems::read_text_for(&s.name, s.text, object)?;
        warnings.extend(warned);
        match &mut items {
            Some(all) => all.extend(&more),
            None => items = Some(more),
        }
    }
    Ok((items.unwrap_or_else(StatusItems::empty), warnings))
}

/// The one large regular file `paths` names, mapped into memory, when
/// reading `in_place`.
///
/// # Safety
///
/// With `in_place`, as [`mapped::Mapped::open`]: the file is not changed
/// while it is read.
#[cfg(target_os = "linux")]
unsafe fn map_large(
    paths: &[Option<std::path::PathBuf>],
    in_place: bool,
) -> Option<mapped::Mapped> {
    match paths {
        // SAFETY: passed on to our caller.
        [Some(p)] if in_place => unsafe { mapped::Mapped::open(p, LARGE_INPUT) },
        _ => None,
    }
}

#[cfg(test)]
mod tests;

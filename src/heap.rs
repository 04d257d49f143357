//! A heap ready for a large input: reserved in one piece and backed by
//! transparent huge pages, so building big tables costs few page faults.
//! The engine says when (`kinterp::input::bulk::HeapAdvice`); this is the
//! one place that says how, and only in a process that owns its state.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Inputs at least this large (bytes) get the huge-page heap.
pub use kinterp::input::bulk::LARGE_INPUT;

/// The heap advice of this process: taken only when a
/// [`crate::runtime::ProcessGuard`] owns it (`prepare_for` checks).
pub struct Tuning;

impl kinterp::input::bulk::HeapAdvice for Tuning {
    fn reading(&self, bytes: u64) {
        prepare_for(bytes);
    }

    fn decoded(&self) {
        release_free();
    }
}

/// The padding `prepare_for` keeps at the heap's top (0: not prepared).
static PADDING: AtomicUsize = AtomicUsize::new(0);

/// A huge page (x86-64, aarch64 with 4 KiB pages).
const HUGE: usize = 2 << 20;

/// The reservation for a large input: several times the input, as the
/// decoded tape, the Lua tables and the output all grow from it.
fn reservation(input_bytes: u64) -> usize {
    let want = input_bytes.saturating_mul(24).clamp(32 << 20, 512 << 20);
    want as usize
}

/// Grows the process heap now by about 24 times `input_bytes` (virtual
/// memory only: nothing is touched) and asks the kernel to back it with
/// huge pages (`MADV_HUGEPAGE`), where the kernel allows it. A first touch
/// then maps 2 MiB instead of 4 KiB: a 1.5 MB status file costs ~300 page
/// faults instead of ~4000. Best effort: on any failure nothing changes.
/// Only in a process that owns its state ([`crate::runtime::ProcessGuard`]).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn prepare_for(input_bytes: u64) {
    if input_bytes < LARGE_INPUT || !crate::runtime::process_owned() {
        return;
    }
    let pad = reservation(input_bytes);
    // SAFETY: mallopt/mallinfo2/malloc/free/sbrk(0)/madvise are called as
    // documented; sbrk(0) only reads the break, and madvise is given a range
    // inside the heap that malloc just grew (it only sets advice flags).
    unsafe {
        // Keep the padding when the heap grows and when memory is freed,
        // and serve big blocks from the heap too (they benefit the same).
        if libc::mallopt(libc::M_TOP_PAD, pad as i32) == 0
            || libc::mallopt(libc::M_TRIM_THRESHOLD, pad as i32) == 0
            || libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20) == 0
        {
            return;
        }
        let before = libc::sbrk(0) as usize;
        // A block larger than all free space together cannot be served
        // from a free chunk: the heap grows once, by block + padding, and
        // freeing the block gives the space back to malloc.
        let free = libc::mallinfo2().fordblks;
        let block = libc::malloc(free + 4096);
        if block.is_null() {
            return;
        }
        // Without a use, the compiler may drop the malloc/free pair.
        std::hint::black_box(block);
        libc::free(block);
        let after = libc::sbrk(0) as usize;
        let start = before.div_ceil(HUGE) * HUGE;
        let end = after / HUGE * HUGE;
        if end > start {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
    PADDING.store(pad, Ordering::Relaxed);
}

/// Gives back to the system the resident pages of the heap's free
/// chunks (malloc_trim), keeping the padding `prepare_for` set at the
/// top, once `prepare_for` made the heap (a no-op otherwise). With huge
/// pages, memory that was touched and freed stays resident in 2 MiB
/// pieces: the inputs' decoding scratch, once they are read. Called then,
/// it leaves the Lua tables made next to take pages as they grow. Only
/// the allocator's own call: which memory is free is malloc's to say.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn release_free() {
    let pad = PADDING.load(Ordering::Relaxed);
    if pad == 0 {
        return;
    }
    // SAFETY: malloc_trim only returns free memory to the system.
    unsafe {
        libc::malloc_trim(pad);
    }
}

/// Elsewhere the system allocator is left as it is.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn prepare_for(_input_bytes: u64) {}

/// Elsewhere the system allocator is left as it is.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn release_free() {}

//! Stack for values nested as deep as Go's readers allow
//! ([`crate::go::depth::MAX_DEPTH`] levels, and up to twice that while a
//! YAML document mixes block and flow nesting).
//!
//! Readers, the Lua conversion, the printers and serde_json's own drop
//! and clone walk a value recursively, one frame or more per level. A
//! thread's default stack (2 MiB for a spawned one, 8 MiB for `main`)
//! does not hold that: work that may meet such a value runs through
//! [`with_stack`], which moves it onto a stack of [`STACK_BYTES`] when less
//! than that is left. The stack is reserved address space; only the pages
//! a deep value touches are ever backed by memory, and the work stays on
//! its thread (its Lua state cache and malloc arena).

/// Stack enough for the deepest value the readers accept, through every
/// pass, in a debug build (a few KiB a level at most).
pub const STACK_BYTES: usize = 1 << 30;

/// Runs `f` with at least [`STACK_BYTES`] of stack: at once when the
/// thread has that left, else on a new stack segment of that size.
pub fn with_stack<R>(f: impl FnOnce() -> R) -> R {
    if DEEP.get() {
        return f();
    }
    stacker::maybe_grow(STACK_BYTES / 2, STACK_BYTES, || on_deep(f))
}

thread_local! {
    /// This thread runs on a stack of `STACK_BYTES` already: `with_stack`
    /// neither asks the stack's bounds (for `main`, glibc reads them from
    /// `/proc/self/maps`) nor grows it again.
    static DEEP: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with `DEEP` set, restoring it after (also on a panic).
fn on_deep<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            DEEP.set(self.0);
        }
    }
    let _restore = Restore(DEEP.replace(true));
    f()
}

/// Runs `f` on a new stack of [`STACK_BYTES`] (reserved, not committed),
/// for `main`. `with_stack` would ask the thread's stack bounds first,
/// and for the main thread glibc finds them by reading `/proc/self/maps`:
/// 6% of a small run's instructions. `with_stack` inside `f` on the
/// same thread then runs at once.
pub fn on_new_stack<R>(f: impl FnOnce() -> R) -> R {
    let page = 4096;
    let len = STACK_BYTES + page;
    // SAFETY: an anonymous private mapping, checked, then its lowest page
    // made a guard (checked too); psm switches to the rest and back before it is unmapped.
    unsafe {
        let base = libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_STACK,
            -1,
            0,
        );
        if base == libc::MAP_FAILED {
            return with_stack(f);
        }
        // Without its guard page an overflow would run into whatever lies
        // below the mapping: then the stack is not used at all.
        if libc::mprotect(base, page, libc::PROT_NONE) != 0 {
            libc::munmap(base, len);
            return with_stack(f);
        }
        // A panic must not unwind across the switch: caught, and resumed
        // on this side.
        let out = psm::on_stack(base.cast::<u8>().add(page), STACK_BYTES, || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| on_deep(f)))
        });
        libc::munmap(base, len);
        out.unwrap_or_else(|p| std::panic::resume_unwind(p))
    }
}

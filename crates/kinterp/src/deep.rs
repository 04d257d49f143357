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
    stacker::maybe_grow(STACK_BYTES / 2, STACK_BYTES, f)
}

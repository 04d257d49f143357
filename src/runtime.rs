//! Process-wide state, owned by the program that owns the process.
//!
//! The library never switches process-wide behaviour on by itself: a
//! library call installs no signal handler, tunes no allocator and never
//! ends the process. A program that owns its process (the `kinterp`
//! binary) creates one [`ProcessGuard`] first; it then gets
//!
//! - the watchdog: a SIGALRM interval timer that ends the process when a
//!   script call is stuck more than a second past its time limit inside
//!   one long C function, where the Lua hook cannot interrupt it;
//! - heap tuning for large inputs ([`crate::heap::prepare_for`]);
//! - a fast exit that leaks the cached Lua states instead of collecting
//!   them ([`ProcessGuard::exit`]), and the values it is handed
//!   ([`keep_until_exit`]).
//!
//! Without a guard (an embedder), time limits still hold: the Lua hook
//! checks the clock every thousand VM instructions and raises
//! `context deadline exceeded`.

use std::sync::atomic::{AtomicBool, Ordering};

static OWNED: AtomicBool = AtomicBool::new(false);

/// Whether a [`ProcessGuard`] was created: process-wide tuning is allowed.
pub fn process_owned() -> bool {
    OWNED.load(Ordering::Relaxed)
}

/// Keeps `value` until the process ends, when a [`ProcessGuard`] owns it
/// (else drops it now): a process that exits next need not free a large
/// result entry by entry (freeing a map of 200 000 labels costs more than
/// a tenth of printing it). For values made once per process, not in a
/// loop (`--watch` drops its results).
pub fn keep_until_exit<T>(value: T) {
    if process_owned() {
        std::mem::forget(value);
    }
}

/// The right to change process-wide state; see the module docs.
#[derive(Debug)]
pub struct ProcessGuard {
    _private: (),
}

impl ProcessGuard {
    /// Takes ownership of process-wide state: starts the watchdog timer and
    /// allows heap tuning. Call it once, from `main`.
    pub fn install() -> ProcessGuard {
        OWNED.store(true, Ordering::Relaxed);
        kinterp::lua::watchdog::start();
        ProcessGuard { _private: () }
    }

    /// Ends the process with `code`, without freeing this thread's cached
    /// Lua state (a full collection a process about to exit need not pay).
    pub fn exit(self, code: i32) -> ! {
        kinterp::lua::pool::leak_for_exit();
        std::process::exit(code)
    }
}

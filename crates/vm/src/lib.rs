//! The embedded Lua 5.1 VM configured to behave like Karmada's gopher-lua:
//! sandbox, Go-compatible library functions, conversions and limits.
//!
//! Architecture invariant: the VM knows Lua and Go, not Karmada. It runs
//! scripts in a sandbox with a time and a memory budget and converts
//! values across the boundary; what a script may `require` beyond the
//! standard libraries (the `kube` module) is handed in by the caller
//! ([`sandbox::Module`]), and whoever wants to see the lines a run
//! executes (coverage) registers a [`run::LineObserver`]. It depends on
//! mlua (with the patched Lua sources) and kinterp-go, never on clap.

pub mod bridge;
pub mod gopher;
pub mod runtime;
pub mod syntax;

// Each module by its own name too, as the engine (`crate::lua::X`) and
// the modules here (`crate::X`) name them.
pub(crate) use bridge::encode;
pub use bridge::{convert, emptyfix};
#[cfg(test)]
pub(crate) use gopher::gotest;
pub use gopher::{
    goargs, gofloat, gofmt, gonum, gopattern, goprim, gosort, gostd, gostring, gotable, gotime,
    goutf8, gozone,
};
pub use runtime::{locals, pool, raise, rethrow, run, sandbox, traceback, watchdog};
pub use syntax::{golex, golimits, gosyntax, gotoken, nesting, toplevel};

#[cfg(test)]
#[path = "vmpatch_tests.rs"]
mod vmpatch_tests;

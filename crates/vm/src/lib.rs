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

pub mod convert;
pub mod emptyfix;
mod encode;
pub mod goargs;
pub mod gofloat;
pub mod gofmt;
pub mod golex;
pub mod golimits;
pub mod gonum;
pub mod gopattern;
pub mod goprim;
pub mod gosort;
pub mod gostd;
pub mod gostring;
pub mod gosyntax;
pub mod gotable;
pub mod gotime;
pub mod gotoken;
pub mod goutf8;
pub mod gozone;
pub mod locals;
pub mod nesting;
pub mod pool;
pub mod raise;
pub mod rethrow;
pub mod run;
pub mod sandbox;
pub mod toplevel;
pub mod traceback;
pub mod watchdog;

#[cfg(test)]
mod gotest;

#[cfg(test)]
#[path = "vmpatch_tests.rs"]
mod vmpatch_tests;

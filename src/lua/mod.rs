//! The embedded Lua 5.1 VM configured to behave like Karmada's gopher-lua:
//! sandbox, Go-compatible library functions, conversions and limits.

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
pub mod nesting;
pub mod pool;
pub mod raise;
pub mod rethrow;
pub mod run;
pub mod sandbox;
pub mod statuspush;
pub mod toplevel;
pub mod traceback;
pub mod watchdog;

#[cfg(test)]
mod gotest;

#[cfg(test)]
#[path = "vmpatch_tests.rs"]
mod vmpatch_tests;

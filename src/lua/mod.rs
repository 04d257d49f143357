//! The embedded Lua 5.1 VM configured to behave like Karmada's gopher-lua:
//! sandbox, Go-compatible library functions, conversions and limits.

pub mod convert;
pub mod emptyfix;
pub mod gofmt;
pub mod gonum;
pub mod gosort;
pub mod gostd;
pub mod gotime;
pub mod raise;
pub mod run;
pub mod sandbox;
pub mod watchdog;

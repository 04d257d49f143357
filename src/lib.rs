//! kinterp's command line: clap's definitions and the subcommand drivers
//! (`cli`), everything that becomes text for people and CI (`output`),
//! the language server (`lsp`), and what only a program that owns its
//! process may do (`runtime`: signals, the watchdog, fast exit; `heap`:
//! allocator tuning for large inputs).
//!
//! Architecture invariant: the engine (the `kinterp` crate) returns data
//! and never prints, parses flags or changes process-wide state; all of
//! that lives here, above it.

// Every failure is one `Diagnostic` (about 200 bytes, with its location);
// errors are the cold path, and one type everywhere beats boxing it.
#![allow(clippy::result_large_err)]

pub mod cli;
pub mod heap;
pub mod lsp;
pub mod output;
pub mod runtime;

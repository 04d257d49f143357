//! Running scripts: the sandboxed state and its libraries (`sandbox`), the
//! per-thread pool and reset (`pool`), the budget, hooks and call of a rule
//! (`run`), the watchdog, gopher's errors and tracebacks (`raise`,
//! `rethrow`, `traceback`) and the locals `--trace` reads (`locals`).

pub mod locals;
pub mod pool;
pub mod raise;
pub mod rethrow;
pub mod run;
pub mod sandbox;
pub mod traceback;
pub mod watchdog;

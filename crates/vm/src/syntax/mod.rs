//! Karmada's Lua grammar, before any code runs: gopher's scanner (`golex`,
//! `gotoken`) and grammar (`gosyntax`), what only PUC's compiler judges
//! (`golimits`), the nesting bound (`nesting`) and a chunk's top level
//! summarized from the parse (`toplevel`).

pub mod golex;
pub mod golimits;
pub mod gosyntax;
pub mod gotoken;
pub mod nesting;
pub mod toplevel;

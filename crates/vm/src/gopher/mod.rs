//! gopher-lua's libraries as Karmada's scripts see them: Go's number
//! formatting and parsing, `string`, `table`, `os`, patterns, sorting,
//! time and UTF-8, with gopher's argument checks and messages.

pub mod goargs;
pub mod gofloat;
pub mod gofmt;
pub mod gonum;
pub mod gopattern;
pub mod goprim;
pub mod gosort;
pub mod gostd;
pub mod gostring;
pub mod gotable;
#[cfg(test)]
pub(crate) mod gotest;
pub mod gotime;
pub mod goutf8;
pub mod gozone;

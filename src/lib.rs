//! kinterp: run, lint and test Karmada resource interpreter customizations
//! offline, with results equal to Karmada's, value for value.

pub mod calendar;
pub mod check;
pub mod cli;
pub mod coverage;
pub mod diag;
pub mod error;
pub mod heap;
pub mod input;
pub mod interpreter;
pub mod kube;
pub mod lint;
pub mod locate;
pub mod lua;
pub mod native;
pub mod ops;
pub mod output;
pub mod parallel;
pub mod ric;
pub mod suggest;
pub mod testrun;
pub mod thirdparty;
pub mod value;

pub use error::Error;
pub use ops::{OpInput, Operation, Outcome};

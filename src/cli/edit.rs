//! `kinterp interpret --edit`: edit a customization's scripts in an editor,
//! validate the result and write it back only when it is valid.

use super::GlobalArgs;
use super::interpret::InterpretArgs;
use crate::Error;

/// Runs the edit loop.
pub fn run(global: &GlobalArgs, args: &InterpretArgs) -> Result<i32, Error> {
    let _ = (global, args);
    Err(Error::Usage("--edit is not available yet".into()))
}

//! `sandbox-global`: a script that assigns or redefines one of the
//! sandbox's own globals (`type`, `error`, `pairs`, ...) or a library's
//! field. Karmada reuses its Lua states, so the change outlives the call
//! and breaks every script that runs after it in that state.

use super::Finding;
use crate::diag::Position;

/// The finding for `name = ...` or `function name(...)` where `name` is a
/// global of the sandbox.
pub fn replaced(name: &str, at: Position) -> Finding {
    Finding::new(
        "sandbox-global",
        at,
        format!(
            "`{name}` is one of the sandbox's globals: assigning it replaces Karmada's `{name}` for every script that runs after this one"
        ),
    )
    .hint("give the value another name, and declare it `local`")
    .hint("Karmada reuses Lua states between calls, across customizations")
}

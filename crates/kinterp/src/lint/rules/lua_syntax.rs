//! `lua-syntax`: the script does not compile. Karmada's verdict comes
//! first (gopher's grammar, then the VM's compiler for what only compiling
//! finds); a script Karmada accepts but kinterp's linter cannot read gets
//! one finding saying so, and no other rule runs over it.

use std::cell::RefCell;

use super::{Rule, RuleId};
use crate::diag::{Position, Severity};
use crate::lint::{Finding, ScriptFacts};
use crate::lua::golex::{Pos, SyntaxError};

pub const RULE: Rule = Rule {
    id: RuleId::LuaSyntax,
    severity: Severity::Error,
    summary: "the script does not compile",
    docs: "Karmada rejects the customization when its script does not compile with its Lua VM.",
};

thread_local! {
    /// A bare state of kinterp's Lua VM, for compiling only.
    static COMPILER: RefCell<Option<mlua::Lua>> = const { RefCell::new(None) };
}

/// Karmada's verdict on the script's syntax: gopher-lua's grammar first
/// (its message, and the position of the token it names), then, when the
/// parse leaves a doubt (`golimits`: labels `goto` cannot see, PUC's
/// limits), the VM's compiler, at its line (column 0: unknown). Without
/// a doubt the compiler is sure to accept the script, as `--check` also
/// relies on: it is not run.
pub(crate) fn verdict(sheet: &ScriptFacts) -> Option<Finding> {
    let parse = match sheet.gopher() {
        Ok(parse) => parse,
        Err(e) => return Some(gopher_error(e)),
    };
    parse.doubt?;
    compile_error(sheet.text())
}

/// gopher's syntax error, at the token it names.
fn gopher_error(e: &SyntaxError) -> Finding {
    let at = match e.pos {
        // gopher-lua names the column where the token ends.
        Pos::At { line, column } => {
            let width = String::from_utf8_lossy(&e.near).chars().count();
            Position::new(line, (column + 1).saturating_sub(width).max(1))
        }
        Pos::Eof => Position::new(usize::MAX, 1),
    };
    Finding::new(RuleId::LuaSyntax, at, e.to_string().trim_end().to_string())
}

/// The VM compiler's error, at its line (column 0: unknown).
fn compile_error(text: &str) -> Option<Finding> {
    let err = COMPILER.with(|c| {
        let mut c = c.borrow_mut();
        let lua = c.get_or_insert_with(mlua::Lua::new);
        lua.load(text).set_name("=<string>").into_function().err()
    })?;
    let err = crate::lua::run::syntax_error(&err);
    let line = err.line().unwrap_or(1);
    let message = err.to_string();
    let message = message
        .strip_prefix(&format!("<string>:{line}: "))
        .unwrap_or(&message);
    Some(Finding::new(
        RuleId::LuaSyntax,
        Position::new(line, 0),
        message.to_string(),
    ))
}

/// An error at the end of the script (`at EOF`) is shown after its last
/// line, not on the YAML line that follows it.
pub(crate) fn at_script_end(text: &str, mut finding: Finding) -> Finding {
    let last = text.lines().count().max(1);
    if finding.at.line > last {
        let len = text.lines().last().map_or(0, |l| l.chars().count());
        finding.at = Position::new(last, len + 1);
    }
    finding
}

/// The finding for a script Karmada accepts but the linter cannot read.
pub(crate) fn unreadable(at: Position, message: String) -> Finding {
    Finding::new(RuleId::LuaSyntax, at, message)
        .hint("the other rules were not checked for this script")
}

//! The rules over one script: syntax (kinterp's Lua VM decides, as
//! Karmada's does), then each script rule (`rules`) over the facts one
//! walk of the syntax tree records.

use super::rules::lua_syntax::{at_script_end, unreadable};
use super::rules::{self, ScriptCx};
use super::{Finding, ScriptFacts};
use crate::diag::Position;
use crate::lua::golex::Pos;
use crate::lua::nesting;
use crate::ops::Operation;

/// The script as full_moon should read it: its lexer panics on a backtick
/// (a Luau string quote) outside strings, which Lua rejects anyway. A space
/// in its place keeps every position.
pub(crate) fn for_full_moon(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('`') {
        std::borrow::Cow::Owned(text.replace('`', " "))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Nesting (levels) and operator chains (operators) up to which the
/// syntax tree is built and walked on the caller's stack; deeper scripts
/// are linted on a thread with [`DEEP_STACK`] bytes of stack.
const INLINE_DEPTH: usize = 100;
const INLINE_CHAIN: usize = 500;

/// The stack of a thread that lints a script nested up to
/// `nesting::NESTING_LIMIT` levels or chaining up to `CHAIN_LIMIT`
/// operators (reserved, not used, until the script needs it).
const DEEP_STACK: usize = 256 << 20;

/// The largest script whose syntax tree the rules walk: the tree takes
/// several hundred bytes per byte of script.
pub const MAX_TREE_BYTES: usize = 256 << 10;

/// Lints one rule's script; findings carry script positions. `schema`:
/// the target's openAPIV3Schema, from a CRD given to lint. A script
/// nested past `nesting::NESTING_LIMIT` gets the VM's syntax error, one
/// chaining more than `nesting::CHAIN_LIMIT` operators one finding that
/// the linter cannot read it: neither is parsed into a tree. The sheet
/// is taken (and its tree dropped) where the tree was built.
pub(crate) fn check(
    sheet: ScriptFacts<'_>,
    op: Operation,
    schema: Option<&serde_json::Value>,
) -> Vec<Finding> {
    let text = sheet.text();
    let scan = *sheet.scan();
    if scan.too_deep.is_some() {
        return sheet.verdict().cloned().into_iter().collect();
    }
    if let Some(tok) = scan.too_long {
        if let Some(f) = sheet.verdict() {
            return vec![f.clone()];
        }
        let at = match tok.end {
            Pos::At { line, column } => Position::new(line, column.max(1)),
            Pos::Eof => Position::new(1, 1),
        };
        return vec![unreadable(
            at,
            format!(
                "kinterp's linter cannot read this script, which Karmada's Lua VM accepts: an expression chains more than {} operators",
                nesting::CHAIN_LIMIT
            ),
        )];
    }
    if text.len() > MAX_TREE_BYTES {
        if let Some(f) = sheet.verdict() {
            return vec![f.clone()];
        }
        return vec![unreadable(
            Position::new(1, 1),
            format!(
                "kinterp's linter does not read scripts over {} KiB (this one has {} bytes); Karmada's Lua VM accepts its syntax",
                MAX_TREE_BYTES >> 10,
                text.len()
            ),
        )];
    }
    // Karmada's verdict first: when gopher's grammar refuses the script
    // (at a token it names), no syntax tree is built. That also covers a
    // script the scan could not read to its end (it stops at a token the
    // scanner refuses, so its depth figures would say nothing past it).
    if let Some(f) = sheet.verdict()
        && f.at.column != 0
    {
        return vec![at_script_end(text, f.clone())];
    }
    if scan.deepest <= INLINE_DEPTH && scan.longest <= INLINE_CHAIN {
        return check_tree(&sheet, op, schema);
    }
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("kinterp-lint-deep".into())
            .stack_size(DEEP_STACK)
            .spawn_scoped(s, move || check_tree(&sheet, op, schema))
            .ok()
            .and_then(|h| h.join().ok())
    })
    .unwrap_or_else(|| {
        vec![unreadable(
            Position::new(1, 1),
            "kinterp's linter could not read this deeply nested script".to_string(),
        )]
    })
}

/// The rules over the script's syntax tree; the sheet's verdict, if any,
/// is a syntax error without a column.
fn check_tree(
    sheet: &ScriptFacts,
    op: Operation,
    schema: Option<&serde_json::Value>,
) -> Vec<Finding> {
    let parsed = sheet.tree();
    if let Some(finding) = sheet.verdict() {
        let mut finding = finding.clone();
        // PUC's compile errors name only the line; the syntax tree's first
        // error on that line gives the column.
        if finding.at.column == 0 {
            finding.at.column = 1;
            if let Some(e) = parsed.errors().first() {
                let (start, _) = e.range();
                if start.line() == finding.at.line {
                    finding.at.column = start.character().max(1);
                }
            }
        }
        return vec![at_script_end(sheet.text(), finding)];
    }
    if let Some(e) = parsed.errors().first() {
        let (start, _) = e.range();
        return vec![unreadable(
            Position::new(start.line(), start.character()),
            format!(
                "kinterp's linter cannot read this script, which Karmada's Lua VM accepts: {e}"
            ),
        )];
    }
    let Some(facts) = sheet.walk() else {
        return Vec::new();
    };
    rules::check_script(&ScriptCx {
        facts: &facts,
        chunk: parsed.ast().nodes(),
        top: sheet.top_level(),
        op,
        schema,
    })
}

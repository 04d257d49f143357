//! What is at the editor's cursor: the line, the rule whose script holds
//! it, and the names a script gives its values.

use lsp_types::Position as LspPosition;

use super::fields::{self, Walk};
use super::layout::{CustomizationBlock, Layout, RuleBlock, ScriptBlock};
use super::text::{self, Encoding, is_word};
use crate::contract::{self, Contract, ParamKind};
use crate::diag::Position;

/// The cursor in a document.
pub struct Cursor<'a> {
    /// The file position (1-based line, 1-based character column).
    pub file: Position,
    /// The whole line.
    pub line: &'a str,
    /// The line up to the cursor.
    pub before: &'a str,
    /// The customization and rule whose script holds the cursor, with the
    /// script position.
    pub in_script: Option<(&'a CustomizationBlock, &'a RuleBlock, Position)>,
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str, layout: &'a Layout, pos: LspPosition, enc: Encoding) -> Cursor<'a> {
        let file = text::from_lsp(text, pos, enc);
        let line = text::line_text(text, pos.line as usize);
        let cut = line
            .char_indices()
            .nth(file.column - 1)
            .map_or(line.len(), |(i, _)| i);
        Cursor {
            file,
            line,
            before: &line[..cut],
            in_script: layout.rule_at(file),
        }
    }

    /// The contract of the rule whose script holds the cursor.
    pub fn contract(&self) -> Option<&'static Contract> {
        self.in_script
            .map(|(_, r, _)| contract::contract(r.operation))
    }

    /// The script holding the cursor.
    pub fn script(&self) -> Option<&'a ScriptBlock> {
        self.in_script.and_then(|(_, r, _)| r.script.as_ref())
    }

    /// The dotted name under the cursor (`kube.getPodDependencies` with the
    /// cursor anywhere in it) and its character range on the line.
    pub fn dotted_name(&self) -> Option<(String, usize, usize)> {
        let chars: Vec<char> = self.line.chars().collect();
        let at = self.file.column - 1;
        let mut end = at;
        while end < chars.len() && is_word(chars[end]) {
            end += 1;
        }
        let mut start = at.min(chars.len());
        while start > 0 && (is_word(chars[start - 1]) || chars[start - 1] == '.') {
            start -= 1;
        }
        while start < end && chars[start] == '.' {
            start += 1;
        }
        (start < end).then(|| (chars[start..end].iter().collect(), start, end))
    }

    /// What the script's name `root` holds: a parameter of the entry point,
    /// or a local bound to a path from one (`local spec = obj.spec`).
    pub fn resolve(&self, root: &str) -> Option<Walk> {
        let (custom, rule, at) = self.in_script?;
        let script = rule.script.as_ref()?;
        resolve(
            custom,
            contract::contract(rule.operation),
            &script.text,
            at.line,
            root,
            0,
        )
    }
}

fn resolve(
    custom: &CustomizationBlock,
    contract: &Contract,
    script: &str,
    before_line: usize,
    root: &str,
    depth: usize,
) -> Option<Walk> {
    if depth > 8 {
        return None;
    }
    // The nearest `local root = path` above the cursor wins over a parameter.
    let alias = script
        .lines()
        .take(before_line.saturating_sub(1))
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("local ")?;
            let (name, expr) = rest.split_once('=')?;
            (name.trim() == root && !expr.starts_with('=')).then(|| expr.trim())
        })
        .last();
    if let Some(expr) = alias {
        let (base, steps) = fields::parse_path(expr)?;
        if base == root {
            return None;
        }
        let mut walk = resolve(custom, contract, script, before_line, &base, depth + 1)?;
        for s in &steps {
            walk = walk.step(s);
        }
        return Some(walk);
    }
    match contract.param(root)?.kind {
        ParamKind::Object => Some(match &custom.target_schema {
            Some(schema) => Walk::Schema(schema.clone()),
            None => fields::object(
                custom.target_api_version.as_deref(),
                custom.target_kind.as_deref(),
            ),
        }),
        ParamKind::StatusItems => Some(Walk::StatusItems),
        ParamKind::Number => None,
    }
}

/// Whether a script defines the global function `name`, as far as its text
/// shows (`function name(` or `name = function`).
pub fn defines(script: &str, name: &str) -> bool {
    script.lines().any(|l| {
        let t = l.trim_start();
        let def = t
            .strip_prefix("function")
            .filter(|r| r.starts_with(char::is_whitespace))
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix(name))
            .is_some_and(|r| r.trim_start().starts_with('('));
        let assign = t
            .strip_prefix(name)
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('='))
            .is_some_and(|r| r.trim_start().starts_with("function"));
        def || assign
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_point_definitions() {
        assert!(defines("function GetReplicas(obj)\nend", "GetReplicas"));
        assert!(defines("  function  GetReplicas (obj) end", "GetReplicas"));
        assert!(defines("GetReplicas = function(obj) end", "GetReplicas"));
        assert!(!defines("function GetReplicasX(obj) end", "GetReplicas"));
        assert!(!defines(
            "local function GetReplicas(obj) end",
            "GetReplicas"
        ));
        assert!(!defines("-- GetReplicas", "GetReplicas"));
    }
}

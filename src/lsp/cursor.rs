//! What is at the editor's cursor: the line, the rule whose script holds
//! it, and the names a script gives its values.

use lsp_types::Position as LspPosition;

use super::fields::{self, Walk};
use super::layout::{CustomizationBlock, Layout, RuleBlock, ScriptBlock};
use super::text::{self, Encoding, is_word};
use kinterp::contract::{self, Contract, ParamKind};
use kinterp::diag::Position;

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
/// shows (`function name(` or `name = function`), anywhere on a line: a
/// folded (`>`) script joins lines, so a definition often follows other
/// code.
pub fn defines(script: &str, name: &str) -> bool {
    script.lines().any(|l| {
        let code = l.find("--").map_or(l, |i| &l[..i]);
        function_names(code).any(|n| n == name) || assigns_function(code, name)
    })
}

/// The names after each `function` keyword of a line that is not a
/// `local function`.
pub fn function_names(code: &str) -> impl Iterator<Item = &str> {
    words(code).filter_map(move |(i, w)| {
        if w != "function" {
            return None;
        }
        let before = code[..i].trim_end();
        if before.ends_with("local") && words(before).last().is_some_and(|(_, w)| w == "local") {
            return None;
        }
        let rest = code[i + w.len()..].trim_start();
        let end = rest.find(|c: char| !is_word(c)).unwrap_or(rest.len());
        let (name, after) = rest.split_at(end);
        (!name.is_empty() && after.trim_start().starts_with('(')).then_some(name)
    })
}

/// `name = function` at a word boundary.
fn assigns_function(code: &str, name: &str) -> bool {
    words(code).any(|(i, w)| {
        w == name
            && !code[..i].ends_with('.')
            && code[i + w.len()..]
                .trim_start()
                .strip_prefix('=')
                .is_some_and(|r| !r.starts_with('=') && r.trim_start().starts_with("function"))
    })
}

/// The words of a line with their byte offsets.
fn words(code: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in code.char_indices() {
        match (is_word(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, &code[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &code[s..]));
    }
    out.into_iter()
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
        // A folded script joins lines: the definition follows other code.
        assert!(defines(
            "local kube = require(\"kube\") function GetReplicas(obj)",
            "GetReplicas"
        ));
        assert!(!defines(
            "x = 1 local function GetReplicas(o) end",
            "GetReplicas"
        ));
        assert!(!defines("-- function GetReplicas(obj)", "GetReplicas"));
        assert!(!defines("t.GetReplicas = function() end", "GetReplicas"));
    }
}

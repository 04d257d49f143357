//! Where the rules and their scripts sit in an open file: the language
//! server's one view of the file's shape. Hover, completion and code
//! actions ask it which rule the cursor is in and where that rule's script
//! lines are in the file.
//!
//! TEMPORARY GLUE: until `kinterp::locate` (branch `lint`) is on main, the
//! positions come from a small line scanner that understands rules whose
//! `luaScript` is a literal block (`|`, `|-`, `|+`), the style every
//! customization in the wild uses; other styles report the key only. When
//! `locate` lands, `layout()` becomes an adapter over `locate::locate` and
//! this scanner goes away; nothing else in `src/lsp` changes.

use crate::diag::Position;
use crate::ops::Operation;
use crate::ric::{self, Document};

/// What the server knows about the file's shape.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Layout {
    pub customizations: Vec<CustomizationBlock>,
}

/// One customization document.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CustomizationBlock {
    /// `metadata.name`.
    pub name: Option<String>,
    /// `spec.target.apiVersion` and `kind`.
    pub target_api_version: Option<String>,
    pub target_kind: Option<String>,
    pub rules: Vec<RuleBlock>,
}

/// One rule (`spec.customizations.<field>`).
#[derive(Debug, Clone, PartialEq)]
pub struct RuleBlock {
    pub operation: Operation,
    /// Where the rule's key is (1-based line and column).
    pub key: Position,
    pub script: Option<ScriptBlock>,
}

/// A rule's `luaScript` value.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptBlock {
    /// The script as Lua sees it.
    pub text: String,
    /// Where the `luaScript` key is.
    pub key: Position,
    /// For a literal block: the file line of script line 1 and the
    /// indentation of the content. `None` for other styles.
    pub block: Option<(usize, usize)>,
}

impl ScriptBlock {
    /// The file position of a script position (both 1-based); the key's
    /// position when the script is not a literal block.
    pub fn to_file(&self, script: Position) -> Position {
        match self.block {
            Some((first, indent)) => Position::new(
                first + script.line.max(1) - 1,
                indent + script.column.max(1),
            ),
            None => self.key,
        }
    }

    /// The script position of a file position inside the block; `None`
    /// outside it (or when the script is not a literal block).
    pub fn to_script(&self, file: Position) -> Option<Position> {
        let (first, indent) = self.block?;
        let lines = self.text.lines().count().max(1);
        if file.line < first || file.line >= first + lines {
            return None;
        }
        Some(Position::new(
            file.line - first + 1,
            file.column.saturating_sub(indent).max(1),
        ))
    }

    /// The file line just after the block's last content line.
    pub fn end_line(&self) -> Option<usize> {
        self.block
            .map(|(first, _)| first + self.text.trim_end_matches('\n').lines().count())
    }
}

impl Layout {
    /// The customization and rule whose script holds the file position.
    pub fn rule_at(&self, pos: Position) -> Option<(&CustomizationBlock, &RuleBlock, Position)> {
        self.customizations.iter().find_map(|c| {
            c.rules.iter().find_map(|r| {
                let s = r.script.as_ref()?.to_script(pos)?;
                Some((c, r, s))
            })
        })
    }

    /// The rule whose key line or script holds the file line.
    pub fn rule_on_line(&self, line: usize) -> Option<(&CustomizationBlock, &RuleBlock)> {
        self.customizations.iter().find_map(|c| {
            c.rules.iter().find_map(|r| {
                let end = r
                    .script
                    .as_ref()
                    .and_then(ScriptBlock::end_line)
                    .unwrap_or(r.key.line + 1);
                (r.key.line <= line && line < end.max(r.key.line + 2)).then_some((c, r))
            })
        })
    }
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// Reads the file's shape. Never fails: what cannot be read is left out.
pub fn layout(text: &str) -> Layout {
    let mut out = Layout::default();
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    // Documents: split at `---` lines.
    let mut starts = vec![0];
    starts.extend(
        lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.starts_with("---"))
            .map(|(i, _)| i + 1),
    );
    starts.push(lines.len() + 1);
    for w in starts.windows(2) {
        let (from, to) = (w[0], (w[1].saturating_sub(1)).min(lines.len()));
        if from >= to {
            continue;
        }
        if let Some(c) = customization(&lines[from..to], from) {
            out.customizations.push(c);
        }
    }
    out
}

fn customization(lines: &[&str], first: usize) -> Option<CustomizationBlock> {
    let text = lines.join("\n");
    let values = crate::input::parse_documents("layout", &text).ok()?;
    let mut block = CustomizationBlock::default();
    match values.first().map(|v| ric::decode("layout", v)) {
        Some(Ok(Document::Customization(c))) => {
            block.name = Some(c.name).filter(|n| !n.is_empty());
            block.target_api_version = Some(c.api_version).filter(|n| !n.is_empty());
            block.target_kind = Some(c.kind).filter(|n| !n.is_empty());
        }
        Some(Ok(Document::Other { .. })) => return None,
        // Undecodable (being typed): keep the rules, the target is unknown.
        _ if text.contains(ric::RIC_KIND) => {}
        _ => return None,
    }
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        let op = Operation::ALL
            .into_iter()
            .find(|op| trimmed == format!("{}:", op.rule_field()));
        if let Some(op) = op {
            let key_indent = indent_of(line);
            let mut rule = RuleBlock {
                operation: op,
                key: Position::new(first + i + 1, key_indent + 1),
                script: None,
            };
            i += 1;
            while i < lines.len()
                && (lines[i].trim().is_empty() || indent_of(lines[i]) > key_indent)
            {
                let l = lines[i];
                if let Some(value) = l.trim_start().strip_prefix("luaScript:") {
                    let key = Position::new(first + i + 1, indent_of(l) + 1);
                    let (script, next) = script(lines, i, indent_of(l), value.trim(), first, key);
                    rule.script = Some(script);
                    i = next;
                    break;
                }
                i += 1;
            }
            block.rules.push(rule);
            continue;
        }
        i += 1;
    }
    Some(block)
}

/// Reads the `luaScript` value on line `i`; returns it and the next line.
fn script(
    lines: &[&str],
    i: usize,
    key_indent: usize,
    value: &str,
    first: usize,
    key: Position,
) -> (ScriptBlock, usize) {
    if !value.starts_with('|') {
        let text = value.trim_matches(|c| c == '"' || c == '\'').to_string();
        return (
            ScriptBlock {
                text,
                key,
                block: None,
            },
            i + 1,
        );
    }
    let mut j = i + 1;
    let indent = lines[j.min(lines.len() - 1)..]
        .iter()
        .find(|l| !l.trim().is_empty())
        .map(|l| indent_of(l))
        .filter(|n| *n > key_indent)
        .unwrap_or(key_indent + 2);
    let mut text = String::new();
    while j < lines.len() && (lines[j].trim().is_empty() || indent_of(lines[j]) >= indent) {
        text.push_str(lines[j].get(indent..).unwrap_or(""));
        text.push('\n');
        j += 1;
    }
    // Trailing blank lines belong to the YAML around, not the script.
    while text.ends_with("\n\n") {
        text.pop();
        j -= 1;
    }
    (
        ScriptBlock {
            text,
            key,
            block: Some((first + i + 2, indent)),
        },
        j,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const RIC: &str = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata:
  name: demo
spec:
  target:
    apiVersion: apps/v1
    kind: Deployment
  customizations:
    healthInterpretation:
      luaScript: |
        function InterpretHealth(observedObj)
          return true
        end
    retention:
      luaScript: 'function Retain(d, o) return d end'
---
apiVersion: v1
kind: ConfigMap
";

    #[test]
    fn rules_and_their_blocks() {
        let l = layout(RIC);
        assert_eq!(l.customizations.len(), 1);
        let c = &l.customizations[0];
        assert_eq!(c.name.as_deref(), Some("demo"));
        assert_eq!(c.target_kind.as_deref(), Some("Deployment"));
        assert_eq!(c.rules.len(), 2);
        let health = &c.rules[0];
        assert_eq!(health.operation, Operation::InterpretHealth);
        assert_eq!(health.key, Position::new(10, 5));
        let s = health.script.as_ref().unwrap();
        assert_eq!(s.block, Some((12, 8)));
        assert_eq!(
            s.text,
            "function InterpretHealth(observedObj)\n  return true\nend\n"
        );
        assert_eq!(s.to_file(Position::new(2, 3)), Position::new(13, 11));
        assert_eq!(
            s.to_script(Position::new(13, 11)),
            Some(Position::new(2, 3))
        );
        assert_eq!(s.to_script(Position::new(15, 1)), None);
        assert_eq!(s.end_line(), Some(15));
        let retain = &c.rules[1];
        assert_eq!(retain.script.as_ref().unwrap().block, None);
        assert!(l.rule_at(Position::new(13, 9)).is_some());
        assert_eq!(
            l.rule_on_line(15).map(|(_, r)| r.operation),
            Some(Operation::Retain)
        );
    }
}

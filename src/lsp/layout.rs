//! Where the rules and their scripts sit in an open file: the language
//! server's one view of the file's shape, read through `kinterp::locate`.
//! Hover, completion and code actions ask it which rule the cursor is in
//! and where that rule's script lines are in the file.

use kinterp::diag::Position;
use kinterp::locate::{self, ScriptMap};
use kinterp::ops::Operation;

/// What the server knows about the file's shape.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Layout {
    pub customizations: Vec<CustomizationBlock>,
    /// The file's one parse, which the diagnostics lint.
    pub parsed: Parsed,
}

/// A file's verdict and positions from one parse (`locate::read_verdict`): a
/// cache
/// of the text, so two layouts of one text are equal whatever it holds.
#[derive(Debug, Clone, Default)]
pub struct Parsed(pub Option<std::sync::Arc<locate::Read>>);

impl PartialEq for Parsed {
    fn eq(&self, _: &Parsed) -> bool {
        true
    }
}

/// One customization document.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CustomizationBlock {
    /// `metadata.name`.
    pub name: Option<String>,
    /// `spec.target.apiVersion` and `kind`.
    pub target_api_version: Option<String>,
    pub target_kind: Option<String>,
    /// The target's `openAPIV3Schema`, from a CustomResourceDefinition of
    /// the workspace (the server fills it in).
    pub target_schema: Option<serde_json::Value>,
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
    /// How script positions map to the file.
    pub map: ScriptMap,
    /// The scalar's style (`|`, `>`, quoted...).
    pub style: kinterp::locate::Style,
}

impl ScriptBlock {
    /// The file position of a script position (both 1-based); the key's
    /// position when the script is not a literal block.
    pub fn to_file(&self, script: Position) -> Position {
        self.map.to_file(script)
    }

    /// The script position of a file position inside the script; `None`
    /// outside it.
    pub fn to_script(&self, file: Position) -> Option<Position> {
        if let ScriptMap::Chars {
            positions,
            line_starts,
        } = &self.map
        {
            // A flow scalar: the character that came from there, or (for a
            // cursor just past the last one, before the closing quote) the
            // one before it.
            let (i, past) = match positions.iter().position(|p| *p == file) {
                Some(i) => (i, 0),
                None => {
                    let before = Position::new(file.line, file.column.checked_sub(1)?);
                    (positions.iter().position(|p| *p == before)?, 1)
                }
            };
            let line = line_starts.iter().rposition(|s| *s <= i)?;
            return Some(Position::new(line + 1, i - line_starts[line] + 1 + past));
        }
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

    /// For a folded block (`>`): the file line just after its last
    /// content line, and the content's indentation.
    pub fn folded_end(&self) -> Option<(usize, usize)> {
        let ScriptMap::Chars { positions, .. } = &self.map else {
            return None;
        };
        if self.style != kinterp::locate::Style::Folded {
            return None;
        }
        let mut content = self
            .text
            .chars()
            .zip(positions)
            .filter(|(c, _)| !c.is_whitespace())
            .map(|(_, p)| p);
        let first = content.next()?;
        let last = content.map(|p| p.line).max().unwrap_or(first.line);
        Some((last + 1, first.column - 1))
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
                    .and_then(|s| s.end_line().or_else(|| s.folded_end().map(|(l, _)| l)))
                    .unwrap_or(r.key.line + 1);
                (r.key.line <= line && line < end.max(r.key.line + 2)).then_some((c, r))
            })
        })
    }
}

/// Reads the file's shape. Never fails: what cannot be read is left out.
pub fn layout(text: &str) -> Layout {
    // Read once, for the layout and the diagnostics (no file name: lint
    // reads the structured error, not its text).
    let read = std::sync::Arc::new(locate::read_verdict("", text));
    let customizations = read
        .map
        .customizations
        .iter()
        .cloned()
        .map(|c| CustomizationBlock {
            name: c.name,
            target_api_version: c.target_api_version,
            target_kind: c.target_kind,
            target_schema: None,
            rules: c
                .rules
                .into_iter()
                .map(|r| RuleBlock {
                    operation: r.operation,
                    key: r.key,
                    script: r.script.map(|s| ScriptBlock {
                        block: match s.map {
                            ScriptMap::Block { first_line, indent } => Some((first_line, indent)),
                            _ => None,
                        },
                        text: s.text,
                        key: s.key,
                        map: s.map,
                        style: s.style,
                    }),
                })
                .collect(),
        })
        .collect();
    Layout {
        customizations,
        parsed: Parsed(Some(read)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RIC: &str = concat!(
        ric_head!(),
        "    healthInterpretation:
      luaScript: |
        function InterpretHealth(observedObj)
          return true
        end
    retention:
      luaScript: 'function Retain(d, o) return d end'
---
apiVersion: v1
kind: ConfigMap
"
    );

    #[test]
    fn a_list_of_customizations_has_a_block_per_item() {
        let doc = RIC.split("---\n").next().unwrap();
        let item: String = doc.lines().map(|l| format!("  {l}\n")).collect();
        let list = format!("apiVersion: v1\nkind: List\nitems:\n-{}", &item[1..]);
        let l = layout(&list);
        assert_eq!(l.customizations.len(), 1);
        // Three lines of List header, two columns of indentation.
        let (c, r, at) = l.rule_at(Position::new(13 + 3, 11 + 2)).unwrap();
        assert_eq!(c.name.as_deref(), Some("demo"));
        assert_eq!(r.operation, Operation::InterpretHealth);
        assert_eq!(at, Position::new(2, 3));
    }

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
        let retain = c.rules[1].script.as_ref().unwrap();
        assert_eq!(retain.block, None);
        // In a quoted script: `R` of `Retain`.
        assert_eq!(retain.to_file(Position::new(1, 10)), Position::new(16, 28));
        assert_eq!(
            retain.to_script(Position::new(16, 28)),
            Some(Position::new(1, 10))
        );
        // Just past `end`, on the closing quote; beyond it, outside.
        assert_eq!(
            retain.to_script(Position::new(16, 53)),
            Some(Position::new(1, 35))
        );
        assert_eq!(retain.to_script(Position::new(16, 54)), None);
        assert!(l.rule_at(Position::new(13, 9)).is_some());
        assert_eq!(
            l.rule_on_line(15).map(|(_, r)| r.operation),
            Some(Operation::Retain)
        );
    }
}

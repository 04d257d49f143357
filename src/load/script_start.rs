//! Where each rule's script starts in a customization file, so that a
//! script line Karmada reports can be shown as the file's own line.
//!
//! A small line scanner, not a YAML parser: it handles what customization
//! files hold in practice, rule scripts as literal block scalars
//! (`luaScript: |`), whose lines map one to one onto file lines. Anything
//! else (JSON, folded or quoted scripts) is left unmapped (`None`), and an
//! error is then shown with the script line alone.

use crate::diag::Position;
use crate::ops::Operation;

/// Per non-empty document of `text` (in the order the YAML reader returns
/// them), the start of each rule's script (by `Operation` index): the
/// file line after `luaScript: |` and the column the block's text starts at.
pub fn script_starts(text: &str) -> Vec<[Option<Position>; 8]> {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        return Vec::new();
    }
    let mut docs = Vec::new();
    let mut doc = Doc::default();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        if line == "---" || line.starts_with("--- ") || line == "..." {
            let content = line.strip_prefix("---").unwrap_or("").trim();
            doc.finish(&mut docs);
            doc.content = !content.is_empty() && !content.starts_with('#');
            continue;
        }
        let body = line.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        doc.content = true;
        let indent = line.len() - body.len();
        let key_text = body.strip_prefix("- ").unwrap_or(body);
        let Some((key, value)) = key_text.split_once(':') else {
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if let Some(op) = Operation::ALL.into_iter().find(|op| op.rule_field() == key) {
            doc.rule = Some((op, indent));
            continue;
        }
        if key != "luaScript" || !value.starts_with('|') {
            continue;
        }
        let Some((op, rule_indent)) = doc.rule else {
            continue;
        };
        if indent <= rule_indent {
            continue;
        }
        // The block: every following line that is blank or indented deeper.
        let mut column = None;
        while let Some((_, next)) = lines.peek() {
            let next_body = next.trim_start();
            let next_indent = next.len() - next_body.len();
            if !next_body.is_empty() && next_indent <= indent {
                break;
            }
            if column.is_none() && !next_body.is_empty() {
                column = Some(next_indent + 1);
            }
            lines.next();
        }
        if let Some(column) = column {
            doc.starts[op as usize] = Some(Position::new(i + 2, column));
        }
    }
    doc.finish(&mut docs);
    docs
}

#[derive(Default)]
struct Doc {
    content: bool,
    rule: Option<(Operation, usize)>,
    starts: [Option<Position>; 8],
}

impl Doc {
    fn finish(&mut self, docs: &mut Vec<[Option<Position>; 8]>) {
        let done = std::mem::take(self);
        if done.content {
            docs.push(done.starts);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_of_each_document() {
        let text = "# comment only
---
---
kind: ResourceInterpreterCustomization
spec:
  customizations:
    retention:
      luaScript: |

        function Retain(d, o)
          return d
        end
    healthInterpretation:
      luaScript: >
        folded
---
spec:
  customizations:
    replicaResource:
      luaScript: |-
          function GetReplicas(o)
          end
";
        let got = script_starts(text);
        assert_eq!(got.len(), 2);
        assert_eq!(
            got[0][Operation::Retain as usize],
            Some(Position::new(9, 9))
        );
        assert_eq!(got[0][Operation::InterpretHealth as usize], None);
        assert_eq!(
            got[1][Operation::InterpretReplica as usize],
            Some(Position::new(21, 11))
        );
    }

    #[test]
    fn json_is_not_mapped() {
        assert!(script_starts("{\"kind\": \"x\"}").is_empty());
    }
}

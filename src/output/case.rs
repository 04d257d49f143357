//! Test cases as YAML text: a run saved as a case (`--save-case`) and a
//! case's `output` rewritten (`test --update`), in go-yaml v2's rendering.

use serde_json::Value;

use kinterp::ops::{OpInput, Operation, Outcome};
use kinterp_go::yaml::to_yaml;

/// `key: value` as block YAML whose key sits at column `indent` (the text
/// starts at the key; later lines carry their own indentation), ending
/// with a newline.
pub fn field(key: &str, value: &Value, indent: usize) -> String {
    let body = to_yaml(value);
    let pad = " ".repeat(indent + 2);
    let nested = match value {
        Value::Object(m) => !m.is_empty(),
        Value::Array(a) => !a.is_empty(),
        _ => false,
    };
    let mut out = format!("{key}:");
    let mut lines = body.lines();
    if nested {
        out.push('\n');
    } else {
        // A scalar (or `{}`/`[]`) on the key's line; a block scalar's
        // content lines follow, indented under the key.
        out.push(' ');
        out.push_str(lines.next().unwrap_or(""));
        out.push('\n');
    }
    for line in lines {
        if nested || !line.is_empty() {
            out.push_str(&pad);
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// One test case document (without `---`) holding a run: its operation,
/// its inputs and its results as the expected `output`.
pub fn case_document(name: &str, op: Operation, input: &OpInput, outcome: &Outcome) -> String {
    let mut out = field("name", &Value::String(name.into()), 0);
    out.push_str(&field("operation", &Value::String(op.name().into()), 0));
    if let Some(d) = &input.desired {
        out.push_str(&field("desiredObj", d, 0));
    }
    if let Some(o) = &input.observed {
        out.push_str(&field("observedObj", o, 0));
    }
    if let Some(items) = &input.status_items {
        out.push_str(&field("statusItems", &Value::Array(items.to_values()), 0));
    }
    if op == Operation::ReviseReplica || input.desired_replica != 0 {
        out.push_str(&field("inputReplicas", &input.desired_replica.into(), 0));
    }
    let results: serde_json::Map<String, Value> = outcome
        .results
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    out.push_str(&field("output", &Value::Object(results), 0));
    out
}

/// The byte offset of a 1-based line and column in `text` (`starts`:
/// the byte offset of each line).
fn offset(text: &str, starts: &[usize], line: usize, column: usize) -> usize {
    let start = starts
        .get(line.saturating_sub(1))
        .copied()
        .unwrap_or(text.len());
    let rest = &text[start..];
    rest.char_indices()
        .nth(column.saturating_sub(1))
        .map_or(text.len(), |(i, _)| start + i)
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// The span to replace for a block value under the key on line `key_line`
/// (1-based) at indentation `key_indent`: from the key to the end of the
/// value's last content line (comments and blank lines after it stay).
fn block_end(text: &str, starts: &[usize], key_line: usize, key_indent: usize) -> usize {
    let mut end = starts[key_line - 1];
    for (i, &start) in starts.iter().enumerate().skip(key_line) {
        let stop = starts.get(i + 1).copied().unwrap_or(text.len());
        let line = text[start..stop].trim_end_matches(['\n', '\r']);
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            if indent_of(line) <= key_indent && !trimmed.is_empty() {
                break;
            }
            continue;
        }
        if indent_of(line) <= key_indent {
            break;
        }
        end = start + line.len();
    }
    end
}

/// The byte offset just past the flow collection starting at `at`
/// (matching brackets, quoted strings skipped).
fn flow_end(text: &str, at: usize) -> Option<usize> {
    if !text[at..].starts_with(['{', '[']) {
        return None;
    }
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut chars = text[at..].char_indices();
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            (Some('"'), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{' | '[') => depth += 1,
            (None, '}' | ']') => {
                depth -= 1;
                if depth == 0 {
                    return Some(at + i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` with the `output` of each listed document (0-based) replaced
/// by the given results, every other byte kept. A YAML case gets a block
/// mapping; a JSON one (or a flow `output: {...}` in YAML) a JSON value
/// in place of the old one. Errors say what could not be found.
pub fn rewrite_outputs(
    text: &str,
    outputs: &[(usize, serde_json::Map<String, Value>)],
) -> Result<String, String> {
    let map = kinterp::locate::locate(text);
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for (document, results) in outputs {
        let root = map
            .documents
            .get(*document)
            .and_then(|d| d.root.as_ref())
            .ok_or_else(|| format!("case {} is not in the file any more", document + 1))?;
        let value = Value::Object(results.clone());
        let Some((key, node)) = root.entry("output") else {
            return Err(format!("case {} has no output field", document + 1));
        };
        let from = offset(text, &starts, key.start.line, key.start.column);
        let json_like = text.trim_start().starts_with(['{', '[']);
        let flow = node.start.line == key.start.line && !node.is_null();
        if json_like || flow {
            let at = offset(text, &starts, node.start.line, node.start.column);
            let to = flow_end(text, at)
                .ok_or_else(|| format!("case {}: output is not a mapping", document + 1))?;
            let json = serde_json::to_string(&value).unwrap_or_default();
            edits.push((at, to, json));
        } else {
            let key_indent = key.start.column - 1;
            let to =
                block_end(text, &starts, key.start.line, key_indent).max(from + "output:".len());
            let mut rendered = field("output", &value, key_indent);
            // A comment after `output:` on the key's line stays there.
            let line_end = text[from..].find('\n').map_or(text.len(), |i| from + i);
            let after_key = text[from..line_end].split_once(':').map_or("", |(_, r)| r);
            if after_key.trim_start().starts_with('#') && rendered.starts_with("output:\n") {
                rendered.insert_str("output:".len(), after_key.trim_end());
            }
            edits.push((from, to, rendered.trim_end_matches('\n').to_string()));
        }
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (from, to, new) in edits {
        out.replace_range(from..to, &new);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn out(v: Value) -> serde_json::Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn outputs_are_rewritten_in_place() {
        let text = "# leading comment
name: a   # the name
operation: InterpretReplica
output:
  # old value
  replica: 1
  requires: '{{EXCLUDE}}'

# between cases
---
name: b
output: {healthy: false}  # flow
---
name: c
output:
  healthy: true
";
        let new = rewrite_outputs(
            text,
            &[
                (0, out(json!({"replica": 3, "requires": "{{EXCLUDE}}"}))),
                (1, out(json!({"healthy": true}))),
            ],
        )
        .unwrap();
        assert_eq!(
            new,
            "# leading comment
name: a   # the name
operation: InterpretReplica
output:
  replica: 3
  requires: '{{EXCLUDE}}'

# between cases
---
name: b
output: {\"healthy\":true}  # flow
---
name: c
output:
  healthy: true
"
        );
        let json = "{\"name\": \"a\", \"output\": {\"healthy\": false}}\n";
        assert_eq!(
            rewrite_outputs(json, &[(0, out(json!({"healthy": true})))]).unwrap(),
            "{\"name\": \"a\", \"output\": {\"healthy\":true}}\n"
        );
    }

    #[test]
    fn fields_nest_under_their_key() {
        assert_eq!(field("healthy", &json!(true), 0), "healthy: true\n");
        assert_eq!(
            field("output", &json!({"replica": 2, "requires": {"a": [1]}}), 2),
            "output:\n    replica: 2\n    requires:\n      a:\n      - 1\n"
        );
        assert_eq!(field("output", &json!({}), 0), "output: {}\n");
        // Block scalars keep their value under the key.
        for v in [json!("a\nb\n"), json!("a\n\nb"), json!({"k": "x\ny"})] {
            let text = field("s", &v, 0);
            let back = kinterp::input::parse_documents("t", &text).unwrap();
            assert_eq!(back[0]["s"], v, "{text}");
        }
    }
}

//! Test cases as YAML text: a run saved as a case (`--save-case`) and a
//! case's `output` rewritten (`test --update`), in go-yaml v2's rendering.

use serde_json::Value;

use super::yaml::to_yaml;
use crate::ops::{OpInput, Operation, Outcome};

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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
            let back = crate::input::parse_documents("t", &text).unwrap();
            assert_eq!(back[0]["s"], v, "{text}");
        }
    }
}

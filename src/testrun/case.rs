//! Test-case files: Karmada's declarative format (one YAML document per
//! case), decoded with clear errors naming the file.

use serde_json::Value;

use crate::diag::Diagnostic;
use crate::input::{StatusItems, parse_documents};
use crate::ops::{OpInput, Operation};

/// One test case.
#[derive(Clone, Debug)]
pub struct Case {
    /// The file it came from.
    pub file: String,
    /// Position of the document in the file (0-based).
    pub index: usize,
    pub name: String,
    pub description: String,
    pub operation: Operation,
    pub input: OpInput,
    /// Expected results by name, in file order.
    pub output: Vec<(String, Value)>,
}

fn text(doc: &Value, key: &str) -> String {
    doc.get(key)
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

/// Decodes every case of one file.
pub fn parse_cases(file: &str, source: &str) -> Result<Vec<Case>, Diagnostic> {
    let docs = parse_documents(file, source)?;
    let mut cases = Vec::with_capacity(docs.len());
    for (index, doc) in docs.into_iter().enumerate() {
        let at = |m: String| Diagnostic::input(format!("{file}: case {}: {m}", index + 1));
        if !doc.is_object() {
            return Err(at("a test case must be a mapping".into()));
        }
        let name = text(&doc, "name");
        let op_text = text(&doc, "operation");
        let operation = Operation::parse(&op_text)
            .ok_or_else(|| at(format!("unknown operation {op_text:?} (case {name:?})")))?;
        let status_items = match doc.get("statusItems") {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) => Some(StatusItems::from_values(file, items)?),
            Some(_) => return Err(at(format!("statusItems must be a list (case {name:?})"))),
        };
        let desired_replica = match doc.get("inputReplicas") {
            None | Some(Value::Null) => 0,
            Some(v) => v
                .as_f64()
                .filter(|f| f.fract() == 0.0 && *f >= i32::MIN as f64 && *f <= i32::MAX as f64)
                .map(|f| f as i32)
                .ok_or_else(|| at(format!("inputReplicas must be an int32 (case {name:?})")))?,
        };
        let obj = |k: &str| doc.get(k).filter(|v| !v.is_null()).cloned();
        let output = match doc.get("output") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Object(m)) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            Some(_) => return Err(at(format!("output must be a mapping (case {name:?})"))),
        };
        let known = operation.result_names();
        let mut output = output;
        output.sort_by_key(|(k, _)| known.iter().position(|n| n == k).unwrap_or(usize::MAX));
        cases.push(Case {
            file: file.to_string(),
            index,
            description: text(&doc, "description"),
            name,
            operation,
            input: OpInput {
                desired: obj("desiredObj"),
                observed: obj("observedObj"),
                status_items,
                desired_replica,
            },
            output,
        });
    }
    Ok(cases)
}

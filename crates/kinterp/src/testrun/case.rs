//! Test-case files: Karmada's declarative format (one YAML document per
//! case). A file that cannot be decoded is an error; a case with a bad
//! field is kept, marked with its problem, and fails alone when run.

use serde_json::Value;

use crate::diag::Diagnostic;
use crate::input::{StatusItems, parse_documents};
use crate::ops::{OpInput, Operation};

/// The fields a case may have.
pub const FIELDS: [&str; 8] = [
    "name",
    "description",
    "operation",
    "desiredObj",
    "observedObj",
    "statusItems",
    "inputReplicas",
    "output",
];

/// One test case.
#[derive(Clone, Debug)]
pub struct Case {
    /// The file it came from.
    pub file: String,
    /// Position of the document in the file (0-based).
    pub index: usize,
    pub name: String,
    pub description: String,
    /// The operation (Retain when the case names none that exists: see
    /// `problem`).
    pub operation: Operation,
    /// The operation as the file spells it.
    pub operation_text: String,
    pub input: OpInput,
    /// Expected results by name, in file order.
    pub output: Vec<(String, Value)>,
    /// Why the case cannot run (a bad field), if it cannot.
    pub problem: Option<Diagnostic>,
    /// Which customizations the case runs against when none are given
    /// (an index into the suite's files beside the cases); `None`: the
    /// ones given, or the built-ins.
    pub beside: Option<usize>,
}

impl Case {
    /// The operation's name, as written when it names none.
    pub fn operation_name(&self) -> &str {
        match Operation::parse(&self.operation_text) {
            Some(op) => op.name(),
            None => &self.operation_text,
        }
    }

    /// A case of `file` that cannot run, for `problem`.
    pub fn broken(file: &str, index: usize, name: String, problem: Diagnostic) -> Case {
        Case {
            file: file.to_string(),
            index,
            name,
            description: String::new(),
            operation: Operation::Retain,
            operation_text: String::new(),
            input: OpInput::default(),
            output: Vec::new(),
            problem: Some(problem),
            beside: None,
        }
    }
}

fn text(doc: &Value, key: &str) -> String {
    doc.get(key)
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

/// Decodes every case of one file; an undecodable file is an error.
pub fn parse_cases(file: &str, source: &str) -> Result<Vec<Case>, Diagnostic> {
    let docs = parse_documents(file, source)?;
    // A document with no field of a case at all (an object, a
    // customization) means the file is not a case file.
    let foreign = docs.iter().position(|d| {
        d.as_object()
            .is_some_and(|m| !m.keys().any(|k| FIELDS.contains(&k.as_str())))
    });
    if let Some(i) = foreign {
        return Err(Diagnostic::input(format!(
            "{file}: document {} is not a test case: it has none of the fields {}",
            i + 1,
            FIELDS.join(", ")
        )));
    }
    Ok(docs
        .iter()
        .enumerate()
        .map(|(index, doc)| decode_case(file, index, doc))
        .collect())
}

/// The unknown field of a case and the one it probably meant.
fn unknown_field(doc: &serde_json::Map<String, Value>) -> Option<(String, Option<&'static str>)> {
    let key = doc.keys().find(|k| !FIELDS.contains(&k.as_str()))?;
    let absent = FIELDS.iter().copied().filter(|f| !doc.contains_key(*f));
    Some((key.clone(), crate::suggest::best(key, absent)))
}

/// Decodes one case; a bad field makes a case that fails with it.
pub fn decode_case(file: &str, index: usize, doc: &Value) -> Case {
    let name = text(doc, "name");
    let at = |m: String| Diagnostic::input(format!("{file}: case {}: {m}", index + 1));
    let Some(map) = doc.as_object() else {
        return Case::broken(
            file,
            index,
            name,
            at("a test case must be a mapping".into()),
        );
    };
    let op_text = text(doc, "operation");
    let mut case = Case {
        operation_text: op_text.clone(),
        description: text(doc, "description"),
        ..Case::broken(file, index, name, at(String::new()))
    };
    case.problem = match decode_fields(map, &op_text, &mut case) {
        Ok(()) => None,
        Err((message, hint)) => {
            let d = at(message);
            Some(match hint {
                Some(h) => d.with_hint(h),
                None => d,
            })
        }
    };
    case
}

type Problem = (String, Option<String>);

fn decode_fields(
    map: &serde_json::Map<String, Value>,
    op_text: &str,
    case: &mut Case,
) -> Result<(), Problem> {
    if let Some((field, meant)) = unknown_field(map) {
        return Err((
            format!("unknown field {field:?}"),
            meant.map(|m| format!("did you mean {m:?}?")),
        ));
    }
    case.operation = Operation::parse(op_text).ok_or_else(|| {
        let names = Operation::ALL.iter().map(|o| o.name());
        (
            format!("unknown operation {op_text:?}"),
            crate::suggest::best(op_text, names).map(|s| format!("did you mean {s:?}?")),
        )
    })?;
    let plain = |m: &str| (m.to_string(), None);
    case.input.status_items = match map.get("statusItems") {
        None | Some(Value::Null) => None,
        Some(Value::Array(items)) => {
            Some(StatusItems::from_values(&case.file, items).map_err(|d| (d.message, None))?)
        }
        Some(_) => return Err(plain("statusItems must be a list")),
    };
    case.input.desired_replica = match map.get("inputReplicas") {
        None | Some(Value::Null) => 0,
        Some(v) => v
            .as_f64()
            .filter(|f| f.fract() == 0.0 && *f >= i32::MIN as f64 && *f <= i32::MAX as f64)
            .map(|f| f as i32)
            .ok_or_else(|| plain("inputReplicas must be an int32"))?,
    };
    let obj = |k: &str| map.get(k).filter(|v| !v.is_null()).cloned();
    case.input.desired = obj("desiredObj");
    case.input.observed = obj("observedObj");
    let mut output: Vec<(String, Value)> = match map.get("output") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Object(m)) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        Some(_) => return Err(plain("output must be a mapping")),
    };
    let known = case.operation.result_names();
    output.sort_by_key(|(k, _)| known.iter().position(|n| n == k).unwrap_or(usize::MAX));
    case.output = output;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> Option<(String, Vec<String>)> {
        let cases = parse_cases("c.yaml", text).unwrap();
        cases[0]
            .problem
            .as_ref()
            .map(|d| (d.message.clone(), d.hints.clone()))
    }

    #[test]
    fn bad_fields_name_what_was_meant() {
        assert_eq!(
            problem("name: a\noperation: InterpretHealth\nobserved: {}\n"),
            Some((
                "c.yaml: case 1: unknown field \"observed\"".into(),
                vec!["did you mean \"observedObj\"?".into()]
            ))
        );
        assert_eq!(
            problem("name: a\noperation: Retian\n"),
            Some((
                "c.yaml: case 1: unknown operation \"Retian\"".into(),
                vec!["did you mean \"Retain\"?".into()]
            ))
        );
        assert_eq!(problem("name: a\noperation: retain\noutput: {}\n"), None);
    }
}

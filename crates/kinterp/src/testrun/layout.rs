//! Where cases come from in a tree: plain case files, Karmada's layout
//! (`customizations.yaml` beside a `testdata/` folder of cases) and its
//! older one (`customizations_tests.yaml` whose `tests:` entries name
//! input files under `testdata/`).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::case::{Case, parse_cases};
use crate::diag::Diagnostic;
use crate::input::parse_documents;
use crate::input::sources::{expand_paths, read_path};
use crate::ops::OpInput;

/// The customization file of Karmada's layout.
pub const CUSTOMIZATIONS: &str = "customizations.yaml";
/// The test file of Karmada's older layout.
pub const OLD_TESTS: &str = "customizations_tests.yaml";

/// The cases found under some paths.
#[derive(Debug, Default)]
pub struct Suite {
    /// Every case, in path order.
    pub cases: Vec<Case>,
    /// The customization files found beside cases (`Case::beside`).
    pub beside: Vec<String>,
    /// Files that could not be read or decoded: each an error of its own.
    pub errors: Vec<Diagnostic>,
}

/// What one file found under the paths is.
enum Role {
    /// A case file, run against the customizations at `beside`, if any.
    Cases(Option<PathBuf>),
    /// An old-format test file, run against `beside`.
    OldTests(Option<PathBuf>),
    /// Customizations or input objects of a layout: not cases.
    Skip,
}

fn role(path: &Path) -> Role {
    let dir = path.parent().unwrap_or(Path::new(""));
    let existing = |p: PathBuf| p.is_file().then_some(p);
    match path.file_name().and_then(|n| n.to_str()) {
        Some(CUSTOMIZATIONS) if dir.join("testdata").is_dir() || dir.join(OLD_TESTS).is_file() => {
            return Role::Skip;
        }
        Some(OLD_TESTS) => return Role::OldTests(existing(dir.join(CUSTOMIZATIONS))),
        _ => {}
    }
    // Under a `testdata/` folder beside a customization file?
    for up in path.ancestors().skip(1) {
        if up.file_name().is_some_and(|n| n == "testdata") {
            let owner = up.parent().unwrap_or(Path::new(""));
            if let Some(c) = existing(owner.join(CUSTOMIZATIONS)) {
                if owner.join(OLD_TESTS).is_file() {
                    return Role::Skip;
                }
                return Role::Cases(Some(c));
            }
        }
    }
    Role::Cases(None)
}

impl Suite {
    fn beside_index(&mut self, path: Option<PathBuf>) -> Option<usize> {
        let name = path?.display().to_string();
        Some(match self.beside.iter().position(|b| *b == name) {
            Some(i) => i,
            None => {
                self.beside.push(name);
                self.beside.len() - 1
            }
        })
    }
}

/// Loads every case under the paths (files, or directories searched
/// recursively for .yaml, .yml and .json files), in path order. A path
/// that does not exist is an error; a file that cannot be decoded is kept
/// in `errors` and the rest still load.
pub fn load_suite(paths: &[String]) -> Result<Suite, Diagnostic> {
    let mut suite = Suite::default();
    for p in expand_paths(paths, true)? {
        let role = match &p {
            Some(p) => role(p),
            None => Role::Cases(None),
        };
        let (beside, old) = match role {
            Role::Skip => continue,
            Role::Cases(b) => (b, false),
            Role::OldTests(b) => (b, true),
        };
        let beside = suite.beside_index(beside);
        let loaded = read_path(p.as_deref()).and_then(|source| {
            if old {
                old_cases(&source.name, &source.text)
            } else {
                parse_cases(&source.name, &source.text)
            }
        });
        match loaded {
            Ok(cases) => suite
                .cases
                .extend(cases.into_iter().map(|c| Case { beside, ..c })),
            Err(e) => suite.errors.push(e),
        }
    }
    Ok(suite)
}

/// The fields of an old-format entry.
const OLD_FIELDS: [&str; 5] = [
    "desiredInputPath",
    "observedInputPath",
    "statusInputPath",
    "desiredReplicas",
    "operation",
];

/// The cases of an old-format file: one per `tests:` entry, its inputs
/// read from the files it names (relative to the file's folder), no
/// expected output: it passes when its operation runs without error.
pub fn old_cases(file: &str, text: &str) -> Result<Vec<Case>, Diagnostic> {
    let docs = parse_documents(file, text)?;
    let entries = match docs.first().and_then(|d| d.get("tests")) {
        Some(Value::Array(entries)) => entries.clone(),
        _ => {
            return Err(Diagnostic::input(format!(
                "{file}: expected a `tests:` list of entries"
            )));
        }
    };
    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
    Ok(entries
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            let name = format!("tests[{index}]");
            old_case(file, dir, index, entry).unwrap_or_else(|d| Case {
                operation_text: text_field(entry, "operation"),
                ..Case::broken(file, index, name, d)
            })
        })
        .collect())
}

fn text_field(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

fn old_case(file: &str, dir: &Path, index: usize, entry: &Value) -> Result<Case, Diagnostic> {
    let at = |m: String| Diagnostic::input(format!("{file}: tests[{index}]: {m}"));
    let Some(map) = entry.as_object() else {
        return Err(at("an entry must be a mapping".into()));
    };
    if let Some(key) = map.keys().find(|k| !OLD_FIELDS.contains(&k.as_str())) {
        let d = at(format!("unknown field {key:?}"));
        return Err(match crate::suggest::best(key, OLD_FIELDS) {
            Some(m) => d.with_hint(format!("did you mean {m:?}?")),
            None => d,
        });
    }
    let str_field = |k: &str| map.get(k).and_then(Value::as_str).filter(|s| !s.is_empty());
    let op_text = str_field("operation").unwrap_or("");
    let operation = crate::load::parse_operation(op_text).map_err(|d| {
        let mut e = at(format!("unknown operation {op_text:?}"));
        e.hints = d.hints;
        e
    })?;
    // Karmada reads the paths relative to the file's folder, a leading
    // slash dropped.
    let input_path =
        |k: &str| str_field(k).map(|p| dir.join(p.trim_start_matches('/')).display().to_string());
    let object = |k: &str, role: &str| {
        input_path(k)
            .map(|p| crate::load::read_object(role, &p))
            .transpose()
    };
    let status_items = input_path("statusInputPath")
        .map(|p| crate::load::read_status(&p))
        .transpose()?;
    let desired_replica = match map.get("desiredReplicas") {
        None | Some(Value::Null) => 0,
        Some(v) => v
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| at("desiredReplicas must be an int32".into()))?,
    };
    let names: Vec<String> = ["desiredInputPath", "observedInputPath"]
        .iter()
        .filter_map(|k| str_field(k).map(str::to_string))
        .collect();
    Ok(Case {
        file: file.to_string(),
        index,
        name: match names.is_empty() {
            true => format!("tests[{index}]"),
            false => format!("tests[{index}] {}", names.join(" ")),
        },
        description: String::new(),
        operation,
        operation_text: operation.name().to_string(),
        input: OpInput {
            desired: object("desiredInputPath", "desired")?,
            observed: object("observedInputPath", "observed")?,
            status_items,
            desired_replica,
        },
        output: Vec::new(),
        problem: None,
        beside: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::Operation;

    #[test]
    fn old_entries_with_bad_fields_fail_alone() {
        let cases = old_cases(
            "t.yaml",
            "tests:\n  - operation: Retian\n  - operation: InterpretHealth\n  - operaton: Retain\n",
        )
        .unwrap();
        assert_eq!(cases.len(), 3);
        let hints = |i: usize| cases[i].problem.as_ref().map(|d| d.hints.clone());
        assert_eq!(hints(0), Some(vec!["did you mean 'Retain'?".to_string()]));
        assert!(cases[1].problem.is_none());
        assert_eq!(cases[1].operation, Operation::InterpretHealth);
        assert_eq!(
            hints(2),
            Some(vec!["did you mean \"operation\"?".to_string()])
        );
    }
}

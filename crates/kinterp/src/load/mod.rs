//! Loading what an operation needs from files or text: customizations,
//! objects, status items and operation names. Every failure is a
//! [`Diagnostic`] of kind input or usage, naming the file.
//!
//! ```
//! let ric = "apiVersion: config.karmada.io/v1alpha1
//! kind: ResourceInterpreterCustomization
//! metadata:
//!   name: health
//! spec:
//!   target:
//!     apiVersion: apps/v1
//!     kind: Deployment
//!   customizations:
//!     healthInterpretation:
//!       luaScript: |
//!         function InterpretHealth(observedObj)
//!           return observedObj.status.readyReplicas == observedObj.spec.replicas
//!         end
//! ";
//! let set = kinterp::load::customizations_from_str("ric.yaml", ric).unwrap();
//! assert_eq!(set[0].name, "health");
//! // The script starts on line 12 of the file: its line 2 is file line 13,
//! // whose code starts at column 11.
//! let op = kinterp::Operation::InterpretHealth;
//! assert_eq!(set[0].file_position(op, 2), Some(kinterp::diag::Position::new(13, 11)));
//! ```

use serde_json::Value;

use crate::diag::Diagnostic;
use crate::input::{self, Source, read_sources};
use crate::ops::Operation;
use crate::ric::{self, Customization, Document, Origin};

/// Decodes the documents of one source text.
pub fn documents_from_str(name: &str, text: &str) -> Result<Vec<Document>, Diagnostic> {
    documents_and_warnings(name, text).map(|(docs, _)| docs)
}

/// Decodes the documents of one source text, with the warnings reading it
/// raised (duplicate keys). A text without any document is an error: a
/// lint must not pass on nothing.
pub fn documents_and_warnings(
    name: &str,
    text: &str,
) -> Result<(Vec<Document>, Vec<Diagnostic>), Diagnostic> {
    // karmadactl reads manifests line by line and ends every line, the last
    // one too, with a newline: a script at the end of a file without one
    // still ends with a newline (an unterminated string there is reported at
    // its line, not at the end of the script).
    let owned;
    let text = if text.is_empty() || text.ends_with('\n') {
        text
    } else {
        owned = format!("{text}\n");
        owned.as_str()
    };
    let input::Documents { values, warnings } = input::read_documents(name, text)?;
    if values.is_empty() {
        return Err(input::no_document(name));
    }
    let shared = std::sync::Arc::new(ric::Source::new(text.into()));
    let mut docs = Vec::with_capacity(values.len());
    for (document, value) in values.iter().enumerate() {
        // A List (`kubectl get resourceinterpretercustomizations -o
        // yaml`): each item is a document of its own.
        let items = match input::cluster::list_items(value) {
            Some(items) => items.into_iter().map(Some).enumerate().collect(),
            None => vec![(0, None)],
        };
        for (k, item) in items {
            let mut doc = decode(name, item.as_ref().unwrap_or(value))?;
            if let Document::Customization(c) = &mut doc {
                c.origin = Some(Origin {
                    source: shared.clone(),
                    document,
                    item: item.is_some().then_some(k),
                });
            }
            docs.push(doc);
        }
    }
    Ok((docs, warnings))
}

/// Decodes one document, with the error karmadactl gives.
pub fn decode(name: &str, value: &Value) -> Result<Document, Diagnostic> {
    ric::decode(name, value)
        .map_err(|e| Diagnostic::input(format!("unable to decode {name:?}: {e}")))
}

/// Reads and decodes the documents of every source (`-f` paths: files,
/// directories, globs, `-` for standard input).
pub fn load_documents(paths: &[String], recursive: bool) -> Result<Vec<Document>, Diagnostic> {
    load_documents_and_warnings(paths, recursive).map(|(docs, _)| docs)
}

/// `load_documents`, with the warnings reading the files raised.
pub fn load_documents_and_warnings(
    paths: &[String],
    recursive: bool,
) -> Result<(Vec<Document>, Vec<Diagnostic>), Diagnostic> {
    let mut docs = Vec::new();
    let mut warnings = Vec::new();
    for Source { name, text } in read_sources(paths, recursive)? {
        let (more, warned) = documents_and_warnings(&name, &text)?;
        docs.extend(more);
        warnings.extend(warned);
    }
    Ok((docs, warnings))
}

/// Customizations only: any other kind of document is an input error.
fn only_customizations(docs: Vec<Document>) -> Result<Vec<Customization>, Diagnostic> {
    docs.into_iter()
        .map(|d| match d {
            Document::Customization(c) => Ok(c),
            Document::Other { file, gvk, .. } => Err(Diagnostic::input(format!(
                "fail to get customization object: not a ResourceInterpreterCustomization, got {gvk}"
            ))
            .in_file(file)),
        })
        .collect()
}

/// Loads the customizations of every source; any other kind of document
/// is an input error.
pub fn load_customizations(
    paths: &[String],
    recursive: bool,
) -> Result<Vec<Customization>, Diagnostic> {
    only_customizations(load_documents(paths, recursive)?)
}

/// `load_customizations`, with the warnings reading the files raised.
pub fn load_customizations_and_warnings(
    paths: &[String],
    recursive: bool,
) -> Result<(Vec<Customization>, Vec<Diagnostic>), Diagnostic> {
    let (docs, warnings) = load_documents_and_warnings(paths, recursive)?;
    Ok((only_customizations(docs)?, warnings))
}

/// The customizations of one YAML or JSON text named `name`.
pub fn customizations_from_str(name: &str, text: &str) -> Result<Vec<Customization>, Diagnostic> {
    only_customizations(documents_from_str(name, text)?)
}

/// Parses an operation name (case-insensitive), with Karmada's error and
/// a did-you-mean hint.
///
/// ```
/// use kinterp::{Operation, load::parse_operation};
/// assert_eq!(parse_operation("retain").unwrap(), Operation::Retain);
/// let err = parse_operation("Retian").unwrap_err();
/// assert!(err.message.starts_with("operation Retian is not supported."));
/// assert_eq!(err.hints, ["did you mean 'Retain'?"]);
/// assert_eq!(err.exit_code(), 2);
/// ```
pub fn parse_operation(text: &str) -> Result<Operation, Diagnostic> {
    Operation::parse(text).ok_or_else(|| {
        let names: Vec<&str> = Operation::ALL.iter().map(|o| o.name()).collect();
        let d = Diagnostic::usage(format!(
            "operation {text} is not supported. Use one of: {}",
            names.join(", ")
        ));
        match crate::suggest::best(text, names.iter().copied()) {
            Some(s) => d.with_hint(format!("did you mean '{s}'?")),
            None => d,
        }
    })
}

/// Reads the one object of a file (`role`: desired or observed).
pub fn read_object(role: &str, path: &str) -> Result<Value, Diagnostic> {
    read_object_and_warnings(role, path).map(|(v, _)| v)
}

/// `read_object`, with the warnings reading the file raised.
pub fn read_object_and_warnings(
    role: &str,
    path: &str,
) -> Result<(Value, Vec<Diagnostic>), Diagnostic> {
    let sources = read_sources(&[path.to_string()], false)?;
    if sources.len() != 1 {
        return Err(Diagnostic::input(format!(
            "fail to get {role} object: {path} names {} files, expect one",
            sources.len()
        )));
    }
    input::yaml::read_one_object(role, &sources[0].name, &sources[0].text)
}

/// Reads the objects of a file: its one object, or the items of the List
/// it holds (`kind: List`, or any `…List` with `items`, as `kubectl get`
/// prints several objects). Each item is checked as a single object is.
pub fn read_objects_and_warnings(
    role: &str,
    path: &str,
) -> Result<(Vec<Value>, Vec<Diagnostic>), Diagnostic> {
    let (object, warnings) = read_object_and_warnings(role, path)?;
    let Some(items) = input::cluster::list_items(&object) else {
        return Ok((vec![object], warnings));
    };
    if items.is_empty() {
        return Err(Diagnostic::input(format!(
            "fail to get {role} object: {path} holds an empty List"
        )));
    }
    for (n, item) in items.iter().enumerate() {
        input::yaml::check_kind(path, item).map_err(|e| {
            Diagnostic::input(format!(
                "fail to get {role} object: item {} of the List: {e}",
                n + 1
            ))
        })?;
    }
    Ok((items, warnings))
}

/// Reads the AggregatedStatusItems of a status file (a stream or a list).
pub fn read_status(path: &str) -> Result<input::StatusItems, Diagnostic> {
    read_status_and_warnings(path).map(|(items, _)| items)
}

/// `read_status`, with the warnings reading the file raised. Each file's
/// text is freed once decoded, before its items are normalized.
pub fn read_status_and_warnings(
    path: &str,
) -> Result<(input::StatusItems, Vec<Diagnostic>), Diagnostic> {
    input::bulk::read_status(path, None)
}

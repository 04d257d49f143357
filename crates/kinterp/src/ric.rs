//! ResourceInterpreterCustomization documents: decoding with Karmada's
//! errors, and picking the scripts that apply to an object.

use serde_json::{Map, Value};

use crate::ops::Operation;
use kinterp_go::gojson::kind_name as go_json_kind;

/// The API version and kind of a RIC.
pub const RIC_API_VERSION: &str = "config.karmada.io/v1alpha1";
pub const RIC_KIND: &str = "ResourceInterpreterCustomization";

/// One decoded customization.
#[derive(Clone, Debug, PartialEq)]
pub struct Customization {
    /// The file it came from (or `STDIN`, or `bundled:<path>`).
    pub file: String,
    /// `metadata.name`.
    pub name: String,
    /// `spec.target.apiVersion`.
    pub api_version: String,
    /// `spec.target.kind`.
    pub kind: String,
    /// Each rule's script, by `Operation` index; `None` when the rule is absent.
    pub scripts: [Option<String>; 8],
    /// The text it was read from, when the loaders know it: file
    /// positions of script lines are found from it on demand.
    pub origin: Option<Origin>,
}

/// The text a customization was read from and which of its non-empty
/// documents holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    pub source: std::sync::Arc<Source>,
    /// Index among the file's non-empty documents.
    pub document: usize,
    /// Which item of that document's List, when it is one.
    pub item: Option<usize>,
}

/// A customization file's text, shared by its documents, and its
/// positions: located once, the first time an error needs one, however
/// many errors the file holds.
#[derive(Debug)]
pub struct Source {
    text: std::sync::Arc<str>,
    map: std::sync::OnceLock<crate::locate::FileMap>,
}

impl Source {
    pub fn new(text: std::sync::Arc<str>) -> Source {
        Source {
            text,
            map: std::sync::OnceLock::new(),
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The file's positions (`crate::locate`), located on first use.
    pub fn map(&self) -> &crate::locate::FileMap {
        self.map.get_or_init(|| crate::locate::locate(&self.text))
    }
}

impl PartialEq for Source {
    /// Two sources are the same text; where it was located is a cache.
    fn eq(&self, other: &Source) -> bool {
        self.text == other.text
    }
}

impl Customization {
    /// The SOURCE shown by `--check`: the name, or the file when unnamed.
    pub fn source(&self) -> &str {
        if self.name.is_empty() {
            &self.file
        } else {
            &self.name
        }
    }

    /// The script of a rule, `None` when absent.
    pub fn script(&self, op: Operation) -> Option<&str> {
        self.scripts[op as usize].as_deref()
    }

    /// The file position of line `line` (1-based) of the script of `op`,
    /// when known: the file line, and the column its code starts at.
    /// Only error paths ask; the file is located once (`Source::map`).
    pub fn file_position(&self, op: Operation, line: usize) -> Option<crate::diag::Position> {
        let origin = self.origin.as_ref()?;
        let code = self.script(op)?.lines().nth(line.checked_sub(1)?)?;
        let column = code.chars().take_while(|c| c.is_whitespace()).count() + 1;
        let map = origin.source.map();
        let (document, _) = map
            .documents
            .iter()
            .enumerate()
            .filter(|(_, d)| d.root.as_ref().is_some_and(|r| !r.is_null()))
            .nth(origin.document)?;
        let script = map
            .customization_at(document, origin.item)?
            .rule(op)?
            .script
            .as_ref()?;
        Some(script.to_file(crate::diag::Position::new(line, column)))
    }
}

/// What a decoded document turned out to be.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)] // documents are few; boxing buys nothing
pub enum Document {
    /// A customization (its target may still be incomplete).
    Customization(Customization),
    /// A decodable object of another kind; holds its GVK text.
    Other {
        file: String,
        name: String,
        gvk: String,
    },
}

/// `group/version, Kind=kind` (core group: `/v1, Kind=...`).
pub fn gvk_text(api_version: &str, kind: &str) -> String {
    let (group, version) = match api_version.split_once('/') {
        Some((g, v)) => (g, v),
        None => ("", api_version),
    };
    format!("{group}/{version}, Kind={kind}")
}

fn go_struct_for(field: &str) -> &'static str {
    match field {
        "retention" => "LocalValueRetention",
        "replicaResource" => "ReplicaResourceRequirement",
        "replicaRevision" => "ReplicaRevision",
        "statusReflection" => "StatusReflection",
        "statusAggregation" => "StatusAggregation",
        "healthInterpretation" => "HealthInterpretation",
        "dependencyInterpretation" => "DependencyInterpretation",
        _ => "ComponentResourceRequirement",
    }
}

fn get<'a>(m: &'a Map<String, Value>, k: &str) -> Option<&'a Value> {
    match m.get(k) {
        Some(Value::Null) | None => None,
        Some(v) => Some(v),
    }
}

fn string_at(
    m: &Map<String, Value>,
    k: &str,
    go_path: impl std::fmt::Display,
) -> Result<String, String> {
    match get(m, k) {
        None => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(v) => Err(format!(
            "json: cannot unmarshal {} into Go struct field {go_path} of type string",
            go_json_kind(v)
        )),
    }
}

fn object_at<'a>(
    m: &'a Map<String, Value>,
    k: &str,
    go_path: impl std::fmt::Display,
    go_type: impl std::fmt::Display,
) -> Result<Option<&'a Map<String, Value>>, String> {
    match get(m, k) {
        None => Ok(None),
        Some(Value::Object(o)) => Ok(Some(o)),
        Some(v) => Err(format!(
            "json: cannot unmarshal {} into Go struct field {go_path} of type {go_type}",
            go_json_kind(v)
        )),
    }
}

/// Decodes one document of `file`. `Err` is the decode error text after
/// `unable to decode "FILE": `.
pub fn decode(file: &str, doc: &Value) -> Result<Document, String> {
    let Value::Object(m) = doc else {
        return Err(format!(
            "json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
            go_json_kind(doc)
        ));
    };
    let kind = match get(m, "kind") {
        Some(Value::String(k)) if !k.is_empty() => k.clone(),
        _ => {
            return Err(format!(
                "Object 'Kind' is missing in '{}'",
                kinterp_go::json::to_go_json(doc)
            ));
        }
    };
    let api_version = match get(m, "apiVersion") {
        Some(Value::String(s)) => s.clone(),
        _ => String::new(),
    };
    let meta_name = match get(m, "metadata") {
        Some(Value::Object(meta)) => string_at(meta, "name", "ObjectMeta.metadata.name")?,
        _ => String::new(),
    };
    if kind != RIC_KIND {
        return Ok(Document::Other {
            file: file.to_string(),
            name: meta_name,
            gvk: gvk_text(&api_version, &kind),
        });
    }
    if api_version != RIC_API_VERSION {
        if api_version.starts_with("config.karmada.io/") {
            return Err(format!(
                "no kind \"{RIC_KIND}\" is registered for version \"{api_version}\" in scheme \"pkg/util/gclient/gclient.go:41\""
            ));
        }
        return Ok(Document::Other {
            file: file.to_string(),
            name: meta_name,
            gvk: gvk_text(&api_version, &kind),
        });
    }
    let spec = object_at(
        m,
        "spec",
        "ResourceInterpreterCustomization.spec",
        "v1alpha1.ResourceInterpreterCustomizationSpec",
    )?;
    let empty = Map::new();
    let spec = spec.unwrap_or(&empty);
    let target = object_at(
        spec,
        "target",
        "ResourceInterpreterCustomizationSpec.spec.target",
        "v1alpha1.CustomizationTarget",
    )?
    .unwrap_or(&empty);
    let t_api = string_at(
        target,
        "apiVersion",
        "CustomizationTarget.spec.target.apiVersion",
    )?;
    let t_kind = string_at(target, "kind", "CustomizationTarget.spec.target.kind")?;
    let rules = object_at(
        spec,
        "customizations",
        "ResourceInterpreterCustomizationSpec.spec.customizations",
        "v1alpha1.CustomizationRules",
    )?
    .unwrap_or(&empty);
    let mut scripts: [Option<String>; 8] = Default::default();
    for op in Operation::ALL {
        let field = op.rule_field();
        let st = go_struct_for(field);
        if let Some(rule) = object_at(
            rules,
            field,
            // (Paths formatted only for an error message.)
            format_args!("CustomizationRules.spec.customizations.{field}"),
            format_args!("v1alpha1.{st}"),
        )? {
            let script = string_at(
                rule,
                "luaScript",
                format_args!("{st}.spec.customizations.{field}.luaScript"),
            )?;
            scripts[op as usize] = Some(script);
        }
    }
    Ok(Document::Customization(Customization {
        file: file.to_string(),
        name: meta_name,
        api_version: t_api,
        kind: t_kind,
        scripts,
        origin: None,
    }))
}

/// The customizations given with `-f`, sorted by name as Karmada sorts them.
#[derive(Clone, Debug, Default)]
pub struct CustomizationSet {
    items: Vec<Customization>,
}

impl CustomizationSet {
    /// Builds a set (sorted stably by `metadata.name`).
    pub fn new(mut items: Vec<Customization>) -> Self {
        items.sort_by(|a, b| a.name.cmp(&b.name));
        CustomizationSet { items }
    }

    /// All customizations, sorted.
    pub fn items(&self) -> &[Customization] {
        &self.items
    }

    fn matching<'a>(
        &'a self,
        api_version: &str,
        kind: &str,
    ) -> impl Iterator<Item = &'a Customization> + use<'a> {
        let (api_version, kind) = (api_version.to_string(), kind.to_string());
        self.items
            .iter()
            .filter(move |c| !c.kind.is_empty() && c.api_version == api_version && c.kind == kind)
    }

    /// The script that runs `op` for objects of this apiVersion and kind:
    /// the first non-empty one in name order.
    pub fn script_for(&self, op: Operation, api_version: &str, kind: &str) -> Option<&str> {
        self.matching(api_version, kind)
            .filter_map(|c| c.script(op))
            .find(|s| !s.is_empty())
    }

    /// The customization whose script runs `op` for the target.
    pub fn source_of(
        &self,
        op: Operation,
        api_version: &str,
        kind: &str,
    ) -> Option<&Customization> {
        self.matching(api_version, kind)
            .find(|c| c.script(op).is_some_and(|s| !s.is_empty()))
    }

    /// The customizations with a non-empty dependency script for this
    /// target, in name order (their scripts run in one state, in order).
    pub fn dependency_sources(&self, api_version: &str, kind: &str) -> Vec<&Customization> {
        self.matching(api_version, kind)
            .filter(|c| {
                c.script(Operation::InterpretDependency)
                    .is_some_and(|s| !s.is_empty())
            })
            .collect()
    }

    /// Every non-empty dependency script for this target, in name order.
    pub fn dependency_scripts(&self, api_version: &str, kind: &str) -> Vec<&str> {
        self.matching(api_version, kind)
            .filter_map(|c| c.script(Operation::InterpretDependency))
            .filter(|s| !s.is_empty())
            .collect()
    }

    /// Whether any customization would run `op` for the target.
    pub fn enabled(&self, op: Operation, api_version: &str, kind: &str) -> bool {
        if op == Operation::InterpretDependency {
            !self.dependency_scripts(api_version, kind).is_empty()
        } else {
            self.script_for(op, api_version, kind).is_some()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ric(name: &str, retain: Option<&str>) -> Value {
        let mut c = json!({});
        if let Some(s) = retain {
            c = json!({"retention": {"luaScript": s}});
        }
        json!({"apiVersion": RIC_API_VERSION, "kind": RIC_KIND, "metadata": {"name": name},
               "spec": {"target": {"apiVersion": "apps/v1", "kind": "Deployment"}, "customizations": c}})
    }

    #[test]
    fn decode_errors() {
        assert_eq!(
            decode("f.yaml", &json!({"foo": "bar"})),
            Err("Object 'Kind' is missing in '{\"foo\":\"bar\"}'".into())
        );
        let bad = json!({"apiVersion": RIC_API_VERSION, "kind": RIC_KIND, "spec": {"customizations": {"retention": {"luaScript": 5}}}});
        assert_eq!(
            decode("f.yaml", &bad),
            Err("json: cannot unmarshal number into Go struct field LocalValueRetention.spec.customizations.retention.luaScript of type string".into())
        );
        let v9 = json!({"apiVersion": "config.karmada.io/v9", "kind": RIC_KIND});
        assert!(
            decode("f.yaml", &v9)
                .unwrap_err()
                .contains("registered for version")
        );
        assert_eq!(
            decode("d.yaml", &json!({"apiVersion": "v1", "kind": "List"})),
            Ok(Document::Other {
                file: "d.yaml".into(),
                name: String::new(),
                gvk: "/v1, Kind=List".into()
            })
        );
    }

    #[test]
    fn first_non_empty_script_by_name() {
        let docs = [ric("b", Some("B")), ric("a", Some("")), ric("c", Some("C"))];
        let items = docs
            .iter()
            .map(|d| match decode("f", d).unwrap() {
                Document::Customization(c) => c,
                _ => unreachable!(),
            })
            .collect();
        let set = CustomizationSet::new(items);
        assert_eq!(
            set.script_for(Operation::Retain, "apps/v1", "Deployment"),
            Some("B")
        );
        assert_eq!(
            set.script_for(Operation::Retain, "apps/v1", "StatefulSet"),
            None
        );
        assert_eq!(
            set.script_for(Operation::InterpretHealth, "apps/v1", "Deployment"),
            None
        );
    }
}

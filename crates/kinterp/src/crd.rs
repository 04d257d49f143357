//! CustomResourceDefinitions: the `openAPIV3Schema` of each served version,
//! for a custom resource's fields. The language server completes and
//! hovers from it when the workspace holds the CRD of a customization's
//! target; `kinterp lint --crd FILE` lets `optional-field` read it.

use serde_json::Value;

/// One CRD: its group, kind and each version's schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Crd {
    pub group: String,
    pub kind: String,
    /// Version name and its `openAPIV3Schema` (`Value::Null` when none).
    pub versions: Vec<(String, Value)>,
}

// Schemas hold no floats that are NaN: JSON has none.
impl Eq for Crd {}

const CRD_KIND: &str = "CustomResourceDefinition";

impl Crd {
    /// The CRD a decoded document describes.
    pub fn from_value(doc: &Value) -> Option<Crd> {
        if doc.get("kind")?.as_str()? != CRD_KIND {
            return None;
        }
        let spec = doc.get("spec")?;
        let group = spec.get("group")?.as_str()?.to_string();
        let kind = spec.get("names")?.get("kind")?.as_str()?.to_string();
        let mut versions = Vec::new();
        for v in spec.get("versions")?.as_array()? {
            let Some(name) = v.get("name").and_then(Value::as_str) else {
                continue;
            };
            let schema = v
                .pointer("/schema/openAPIV3Schema")
                // apiextensions/v1beta1 kept one schema for all versions.
                .or_else(|| spec.pointer("/validation/openAPIV3Schema"))
                .cloned()
                .unwrap_or(Value::Null);
            versions.push((name.to_string(), schema));
        }
        Some(Crd {
            group,
            kind,
            versions,
        })
    }

    /// The schema of `api_version` (`group/version`) and `kind`.
    pub fn schema(&self, api_version: &str, kind: &str) -> Option<&Value> {
        let (group, version) = api_version.split_once('/')?;
        if group != self.group || kind != self.kind {
            return None;
        }
        self.versions
            .iter()
            .find(|(v, _)| v == version)
            .map(|(_, s)| s)
            .filter(|s| s.is_object())
    }
}

/// The CRDs among the documents of a YAML or JSON text (a `kind: List`'s
/// items too). Text that does not parse holds none.
pub fn read(text: &str) -> Vec<Crd> {
    if !text.contains(CRD_KIND) {
        return Vec::new();
    }
    let Ok(docs) = crate::input::yaml::parse_documents("crd", text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for doc in &docs {
        match doc.get("items").and_then(Value::as_array) {
            Some(items) => out.extend(items.iter().filter_map(Crd::from_value)),
            None => out.extend(Crd::from_value(doc)),
        }
    }
    out
}

/// The schema of a target among `crds`.
pub fn find<'c>(crds: &'c [Crd], api_version: &str, kind: &str) -> Option<&'c Value> {
    crds.iter().find_map(|c| c.schema(api_version, kind))
}

/// The schema of field `name` of an object schema: a declared property,
/// or the value schema of a map.
pub fn property<'v>(node: &'v Value, name: &str) -> Option<&'v Value> {
    node.get("properties")
        .and_then(|p| p.get(name))
        .or_else(|| node.get("additionalProperties").filter(|a| a.is_object()))
}

/// The schema of an item of a list (or a value of a map).
pub fn item(node: &Value) -> Option<&Value> {
    node.get("items")
        .or_else(|| node.get("additionalProperties").filter(|a| a.is_object()))
}

/// Whether the object schema lists `name` as required.
pub fn required(node: &Value, name: &str) -> bool {
    node.get("required")
        .and_then(Value::as_array)
        .is_some_and(|r| r.iter().any(|n| n.as_str() == Some(name)))
}

/// The declared properties of an object schema: name and type text.
pub fn fields(node: &Value) -> Vec<(String, String)> {
    let Some(props) = node.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    let mut out: Vec<(String, String)> = props
        .iter()
        .map(|(name, s)| (name.clone(), type_text(s)))
        .collect();
    out.sort();
    out
}

/// A schema's type as a script sees it: `string`, `number`, `[Object]`...
pub fn type_text(node: &Value) -> String {
    match node.get("type").and_then(Value::as_str) {
        Some("string") => "string".into(),
        Some("integer" | "number") => "number".into(),
        Some("boolean") => "boolean".into(),
        Some("array") => format!("[{}]", item(node).map_or("any".into(), type_text)),
        Some("object") if node.get("properties").is_none() => match item(node) {
            Some(v) => format!("{{string: {}}}", type_text(v)),
            None => "table".into(),
        },
        Some("object") => "object".into(),
        _ if node.get("x-kubernetes-int-or-string").is_some() => "number or string".into(),
        _ => "any".into(),
    }
}

/// A field's description, when the schema has one.
pub fn description(node: &Value) -> Option<&str> {
    node.get("description").and_then(Value::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CRD: &str = include_str!("../../../testdata/crd/widget-crd.yaml");

    #[test]
    fn reads_a_crd_and_walks_its_schema() {
        let crds = read(CRD);
        assert_eq!(crds.len(), 1);
        assert!(find(&crds, "example.io/v2", "Widget").is_none());
        assert!(find(&crds, "other.io/v1", "Widget").is_none());
        let root = find(&crds, "example.io/v1", "Widget").unwrap();
        let spec = property(root, "spec").unwrap();
        let names: Vec<(String, String)> = fields(spec);
        assert_eq!(
            names,
            [
                ("autoscale", "object"),
                ("labels", "{string: string}"),
                ("parts", "[object]"),
                ("replicas", "number"),
                ("size", "number"),
                ("template", "object"),
            ]
            .map(|(n, t)| (n.to_string(), t.to_string()))
        );
        assert!(required(spec, "template") && !required(spec, "parts"));
        let part = item(property(spec, "parts").unwrap()).unwrap();
        assert_eq!(fields(part)[0].0, "partName");
        assert_eq!(
            description(property(spec, "size").unwrap()),
            Some("How many widgets.")
        );
        assert!(read("kind: Deployment").is_empty());
        assert!(read("kind: CustomResourceDefinition\n: [").is_empty());
    }
}

//! Dependencies of a pod template (`kube.getPodDependencies`): ConfigMaps,
//! Secrets, ServiceAccount and PVCs, in Karmada's order.

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::pod::decode_template;
use crate::gotypes::view::{field, items, string};

/// All containers in Karmada's visiting order: init, app, ephemeral.
fn containers(spec: &Value) -> impl Iterator<Item = &Value> {
    ["initContainers", "containers", "ephemeralContainers"]
        .into_iter()
        .flat_map(move |k| items(spec, k))
}

/// `obj.<a>.<b>` as a string (`""` when absent).
fn path_str<'a>(v: &'a Value, a: &str, b: &str) -> &'a str {
    field(v, a).map(|x| string(x, b)).unwrap_or("")
}

fn config_maps(spec: &Value) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for c in containers(spec) {
        for e in items(c, "envFrom") {
            names.insert(path_str(e, "configMapRef", "name").to_string());
        }
        for e in items(c, "env") {
            let r = field(e, "valueFrom").and_then(|v| field(v, "configMapKeyRef"));
            names.insert(r.map(|r| string(r, "name")).unwrap_or("").to_string());
        }
    }
    for vol in items(spec, "volumes") {
        if let Some(p) = field(vol, "projected") {
            for s in items(p, "sources") {
                names.insert(path_str(s, "configMap", "name").to_string());
            }
        } else if field(vol, "configMap").is_some() {
            names.insert(path_str(vol, "configMap", "name").to_string());
        }
    }
    names
}

/// The secret named by a volume: only its first present source among
/// those that can name secrets counts.
fn volume_secrets(vol: &Value, names: &mut BTreeSet<String>) {
    const SOURCES: [(&str, &str); 11] = [
        ("azureFile", "secretName"),
        ("cephfs", "secretRef"),
        ("cinder", "secretRef"),
        ("flexVolume", "secretRef"),
        ("projected", ""),
        ("rbd", "secretRef"),
        ("secret", "secretName"),
        ("scaleIO", "secretRef"),
        ("iscsi", "secretRef"),
        ("storageos", "secretRef"),
        ("csi", "nodePublishSecretRef"),
    ];
    let Some((source, key, v)) = SOURCES
        .iter()
        .find_map(|(s, k)| field(vol, s).map(|v| (*s, *k, v)))
    else {
        return;
    };
    match (source, key) {
        ("projected", _) => {
            for s in items(v, "sources") {
                names.insert(path_str(s, "secret", "name").to_string());
            }
        }
        (_, "secretName") => {
            names.insert(string(v, key).to_string());
        }
        _ => {
            names.insert(path_str(v, key, "name").to_string());
        }
    }
}

fn secrets(spec: &Value) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for r in items(spec, "imagePullSecrets") {
        names.insert(string(r, "name").to_string());
    }
    for c in containers(spec) {
        for e in items(c, "envFrom") {
            names.insert(path_str(e, "secretRef", "name").to_string());
        }
        for e in items(c, "env") {
            let r = field(e, "valueFrom").and_then(|v| field(v, "secretKeyRef"));
            names.insert(r.map(|r| string(r, "name")).unwrap_or("").to_string());
        }
    }
    for vol in items(spec, "volumes") {
        volume_secrets(vol, &mut names);
    }
    names
}

fn service_accounts(spec: &Value) -> BTreeSet<String> {
    let name = string(spec, "serviceAccountName");
    let mut names = BTreeSet::new();
    if name != "default" {
        names.insert(name.to_string());
    }
    names
}

fn claims(spec: &Value) -> BTreeSet<String> {
    items(spec, "volumes")
        .iter()
        .map(|vol| path_str(vol, "persistentVolumeClaim", "claimName").to_string())
        .collect()
}

/// The DependentObjectReference list (JSON objects) of a PodTemplateSpec in
/// `namespace`; `Ok(None)` where Karmada returns nil (nothing found).
///
/// Groups come in the order ConfigMap, Secret, ServiceAccount,
/// PersistentVolumeClaim; names are de-duplicated, sorted inside a group
/// (Karmada's order there is random), and empty names skipped. `namespace`
/// is omitted when empty. `Err` is Go's decoding error, prefixed with
/// `json unmarshal obj failed: `.
pub fn pod_dependencies(template: &Value, namespace: &str) -> Result<Option<Vec<Value>>, String> {
    let decoded = decode_template(template)?;
    let empty = Value::Object(Map::new());
    let spec = field(&decoded, "spec").unwrap_or(&empty);
    let groups = [
        ("ConfigMap", config_maps(spec)),
        ("Secret", secrets(spec)),
        ("ServiceAccount", service_accounts(spec)),
        ("PersistentVolumeClaim", claims(spec)),
    ];
    let mut out = Vec::new();
    for (kind, names) in groups {
        for name in names.into_iter().filter(|n| !n.is_empty()) {
            let mut r = json!({"apiVersion": "v1", "kind": kind, "name": name});
            if !namespace.is_empty() {
                r["namespace"] = Value::String(namespace.to_string());
            }
            out.push(r);
        }
    }
    Ok((!out.is_empty()).then_some(out))
}

#[cfg(test)]
#[path = "deps_tests.rs"]
mod tests;

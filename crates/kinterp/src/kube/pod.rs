//! Replica requirements of a pod template (`kube.accuratePodRequirements`):
//! summed resource requests, init-container maxima, overhead and node claim.

use serde_json::{Map, Value};

use super::resources::Resource;
use crate::gotypes::view::{field, items};
use crate::gotypes::{Mode, decode};

/// Decodes a PodTemplateSpec JSON value the way Karmada does before using
/// it; `Err` is `json unmarshal obj failed: <Go's error>`.
pub(crate) fn decode_template(template: &Value) -> Result<Value, String> {
    decode("PodTemplateSpec", template, Mode::JSON_TRIMMED)
        .map_err(|e| format!("json unmarshal obj failed: {e}"))
}

/// A container's requests after defaulting: every limit without a request
/// becomes the request.
fn requests(container: &Value) -> Map<String, Value> {
    let resources = field(container, "resources");
    let list = |name| {
        resources
            .and_then(|r| field(r, name))
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default()
    };
    let mut requests = list("requests");
    for (name, v) in list("limits") {
        requests.entry(name).or_insert(v);
    }
    requests
}

/// The pod's request: containers summed, raised to each init container,
/// plus the overhead.
fn resource_request(spec: &Value) -> Map<String, Value> {
    let mut r = Resource::default();
    for c in items(spec, "containers") {
        r.add(&requests(c));
    }
    for c in items(spec, "initContainers") {
        r.set_max(&requests(c));
    }
    if let Some(overhead) = field(spec, "overhead").and_then(Value::as_object) {
        r.add(overhead);
    }
    r.to_list()
}

/// Keeps the non-empty string fields of a struct and the listed others
/// (as they were decoded), as Go's `omitempty` encoding does.
fn omit_empty(v: &Value, keep_always: &[&str]) -> Value {
    let mut out = Map::new();
    if let Some(m) = v.as_object() {
        for (k, x) in m {
            let empty = match x {
                Value::Null => true,
                Value::String(s) => s.is_empty(),
                Value::Array(a) => a.is_empty(),
                Value::Object(o) => o.is_empty(),
                _ => false,
            };
            if !empty {
                out.insert(k.clone(), x.clone());
            }
        }
    }
    for k in keep_always {
        if !out.contains_key(*k) {
            let x = v.get(*k).filter(|x| !x.is_null()).cloned();
            out.insert((*k).to_string(), x.unwrap_or(Value::String(String::new())));
        }
    }
    Value::Object(out)
}

/// A typed `v1.NodeSelector` as Go encodes it.
fn node_selector(ns: &Value) -> Value {
    let terms: Vec<Value> = items(ns, "nodeSelectorTerms")
        .iter()
        .map(|term| {
            let mut out = Map::new();
            for key in ["matchExpressions", "matchFields"] {
                let reqs: Vec<Value> = items(term, key)
                    .iter()
                    .map(|r| omit_empty(r, &["key", "operator"]))
                    .collect();
                if !reqs.is_empty() {
                    out.insert(key.to_string(), Value::Array(reqs));
                }
            }
            Value::Object(out)
        })
        .collect();
    let mut out = Map::new();
    let terms = match field(ns, "nodeSelectorTerms") {
        Some(_) => Value::Array(terms),
        None => Value::Null,
    };
    out.insert("nodeSelectorTerms".into(), terms);
    Value::Object(out)
}

/// The node claim: node selector, tolerations and required node affinity,
/// or `None` when the pod sets none of them.
fn node_claim(spec: &Value) -> Option<Value> {
    let selector = field(spec, "nodeSelector").and_then(Value::as_object);
    let tolerations = items(spec, "tolerations");
    let hard = field(spec, "affinity")
        .and_then(|a| field(a, "nodeAffinity"))
        .and_then(|n| field(n, "requiredDuringSchedulingIgnoredDuringExecution"));
    if selector.is_none() && tolerations.is_empty() && hard.is_none() {
        return None;
    }
    let mut claim = Map::new();
    if let Some(sel) = selector.filter(|s| !s.is_empty()) {
        claim.insert("nodeSelector".into(), Value::Object(sel.clone()));
    }
    if !tolerations.is_empty() {
        let list = tolerations.iter().map(|t| omit_empty(t, &[])).collect();
        claim.insert("tolerations".into(), Value::Array(list));
    }
    if let Some(h) = hard {
        claim.insert("hardNodeAffinity".into(), node_selector(h));
    }
    Some(Value::Object(claim))
}

/// Computes the ReplicaRequirements JSON of a PodTemplateSpec JSON value
/// (already cleaned of empty tables); `Ok(None)` where Karmada returns nil.
///
/// The result has `resourceRequest` (quantity strings, entries above zero)
/// and `nodeClaim`, each only when non-empty; never `namespace` or
/// `priorityClassName`. `Err` is Go's decoding error, prefixed with
/// `json unmarshal obj failed: `.
pub fn accurate_pod_requirements(template: &Value) -> Result<Option<Value>, String> {
    let decoded = decode_template(template)?;
    let empty = Value::Object(Map::new());
    let spec = field(&decoded, "spec").unwrap_or(&empty);
    let mut out = Map::new();
    if let Some(claim) = node_claim(spec) {
        out.insert("nodeClaim".into(), claim);
    }
    let request = resource_request(spec);
    if !request.is_empty() {
        out.insert("resourceRequest".into(), Value::Object(request));
    }
    Ok((!out.is_empty()).then_some(Value::Object(out)))
}

#[cfg(test)]
#[path = "pod_tests.rs"]
mod tests;

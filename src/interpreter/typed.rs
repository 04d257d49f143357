//! Decoding script results into Karmada's typed targets (ReplicaRequirements,
//! Component, DependentObjectReference) with Go's JSON rules and errors.

use serde_json::{Map, Value};

use crate::kube::gojson::{self, kind_name as go_json_kind};
use crate::kube::quantity;

/// Finds a field the way Go's encoding/json does: exact name first, then
/// case-insensitively.
fn field<'a>(map: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    map.get(name).or_else(|| {
        map.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    })
}

fn unmarshal_err(v: &Value, path: &str, want: &str) -> String {
    gojson::unmarshal_field_error(go_json_kind(v), path, want)
}

fn string_field(map: &Map<String, Value>, name: &str, path: &str) -> Result<String, String> {
    match field(map, name) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(unmarshal_err(other, path, "string")),
    }
}

fn string_map(v: &Value, path: &str) -> Result<Map<String, Value>, String> {
    match v {
        Value::Null => Ok(Map::new()),
        Value::Object(m) => {
            let mut out = Map::new();
            for (k, item) in m {
                match item {
                    Value::String(_) => {
                        out.insert(k.clone(), item.clone());
                    }
                    Value::Null => {
                        out.insert(k.clone(), Value::String(String::new()));
                    }
                    other => return Err(unmarshal_err(other, path, "string")),
                }
            }
            Ok(out)
        }
        other => Err(unmarshal_err(other, path, "map[string]string")),
    }
}

/// Parses a resource list, printing each quantity canonically.
fn resource_list(v: &Value, path: &str) -> Result<Map<String, Value>, String> {
    match v {
        Value::Null => Ok(Map::new()),
        Value::Object(m) => {
            let mut out = Map::new();
            for (k, item) in m {
                let q = quantity::from_json(item).map_err(|e| e.to_string())?;
                out.insert(k.clone(), Value::String(q.go_string()));
            }
            Ok(out)
        }
        other => Err(unmarshal_err(other, path, "v1.ResourceList")),
    }
}

fn node_claim(v: &Value) -> Result<Option<Value>, String> {
    let map = match v {
        Value::Null => return Ok(None),
        Value::Object(m) => m,
        other => {
            return Err(unmarshal_err(
                other,
                "ReplicaRequirements.nodeClaim",
                "v1alpha2.NodeClaim",
            ));
        }
    };
    let mut out = Map::new();
    if let Some(aff) = field(map, "hardNodeAffinity") {
        match aff {
            Value::Null => {}
            Value::Object(_) => {
                out.insert("hardNodeAffinity".into(), aff.clone());
            }
            other => {
                return Err(unmarshal_err(
                    other,
                    "NodeClaim.nodeClaim.hardNodeAffinity",
                    "v1.NodeSelector",
                ));
            }
        }
    }
    if let Some(sel) = field(map, "nodeSelector") {
        let sel = string_map(sel, "NodeClaim.nodeClaim.nodeSelector")?;
        if !sel.is_empty() {
            out.insert("nodeSelector".into(), Value::Object(sel));
        }
    }
    if let Some(tol) = field(map, "tolerations") {
        match tol {
            Value::Null => {}
            Value::Array(items) if items.is_empty() => {}
            Value::Array(_) => {
                out.insert("tolerations".into(), tol.clone());
            }
            other => {
                return Err(unmarshal_err(
                    other,
                    "NodeClaim.nodeClaim.tolerations",
                    "[]v1.Toleration",
                ));
            }
        }
    }
    Ok(Some(Value::Object(out)))
}

/// Decodes the requirement fields shared by ReplicaRequirements and a
/// component's requirements into `out`; `path` prefixes error paths.
fn requirement_fields(
    map: &Map<String, Value>,
    path: &str,
    fields: &[&str],
    out: &mut Map<String, Value>,
) -> Result<(), String> {
    if let Some(nc) = field(map, "nodeClaim") {
        if let Some(nc) = node_claim(nc)? {
            out.insert("nodeClaim".into(), nc);
        }
    }
    if let Some(rr) = field(map, "resourceRequest") {
        let rr = resource_list(rr, &format!("{path}.resourceRequest"))?;
        if !rr.is_empty() {
            out.insert("resourceRequest".into(), Value::Object(rr));
        }
    }
    for name in fields {
        let s = string_field(map, name, &format!("{path}.{name}"))?;
        if !s.is_empty() {
            out.insert((*name).into(), Value::String(s));
        }
    }
    Ok(())
}

/// Decodes a ReplicaRequirements value (already empty-table fixed).
pub fn replica_requirements(v: &Value) -> Result<Value, String> {
    let map = match v {
        Value::Object(m) => m,
        other => {
            return Err(gojson::unmarshal_value_error(
                go_json_kind(other),
                "v1alpha2.ReplicaRequirements",
            ));
        }
    };
    let mut out = Map::new();
    requirement_fields(
        map,
        "ReplicaRequirements",
        &["namespace", "priorityClassName"],
        &mut out,
    )?;
    Ok(Value::Object(out))
}

/// The elements of a JSON list of objects (`None` for a null element),
/// with Go's errors for a non-list or a non-object element.
fn objects<'a>(v: &'a Value, go_elem: &str) -> Result<Vec<Option<&'a Map<String, Value>>>, String> {
    let Value::Array(items) = v else {
        return Err(gojson::unmarshal_value_error(
            go_json_kind(v),
            &format!("[]{go_elem}"),
        ));
    };
    items
        .iter()
        .map(|item| match item {
            Value::Object(m) => Ok(Some(m)),
            Value::Null => Ok(None),
            other => Err(gojson::unmarshal_value_error(go_json_kind(other), go_elem)),
        })
        .collect()
}

/// Decodes a `[]Component` value.
pub fn components(v: &Value) -> Result<Value, String> {
    let items = objects(v, "v1alpha2.Component")?;
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        let Some(map) = item else {
            out.push(serde_json::json!({"name": "", "replicas": 0}));
            continue;
        };
        let name = string_field(map, "name", &format!(".{i}.name"))?;
        let replicas = match field(map, "replicas") {
            None | Some(Value::Null) => 0,
            Some(Value::Number(n)) => {
                let f = n.as_f64().unwrap_or(f64::NAN);
                if f.fract() != 0.0 || f < i32::MIN as f64 || f > i32::MAX as f64 {
                    return Err(gojson::unmarshal_field_error(
                        &format!("number {}", gojson::float_text(f)),
                        &format!(".{i}.replicas"),
                        "int32",
                    ));
                }
                f as i32
            }
            Some(other) => return Err(unmarshal_err(other, &format!(".{i}.replicas"), "int32")),
        };
        let mut c = Map::new();
        c.insert("name".into(), Value::String(name));
        c.insert("replicas".into(), Value::from(replicas));
        if let Some(rr) = field(map, "replicaRequirements") {
            match rr {
                Value::Null => {}
                Value::Object(rm) => {
                    let mut r = Map::new();
                    requirement_fields(
                        rm,
                        &format!(".{i}.replicaRequirements"),
                        &["priorityClassName"],
                        &mut r,
                    )?;
                    c.insert("replicaRequirements".into(), Value::Object(r));
                }
                other => {
                    return Err(unmarshal_err(
                        other,
                        &format!(".{i}.replicaRequirements"),
                        "v1alpha2.ComponentReplicaRequirements",
                    ));
                }
            }
        }
        out.push(Value::Object(c));
    }
    Ok(Value::Array(out))
}

/// Decodes a `[]DependentObjectReference` value (unknown keys dropped).
pub fn dependencies(v: &Value) -> Result<Vec<Value>, String> {
    let items = objects(v, "v1alpha1.DependentObjectReference")?;
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        let Some(map) = item else {
            out.push(Value::Object(Map::new()));
            continue;
        };
        let mut r = Map::new();
        for name in ["apiVersion", "kind", "namespace", "name"] {
            let s = string_field(map, name, &format!(".{i}.{name}"))?;
            if !s.is_empty() || name == "apiVersion" || name == "kind" {
                r.insert(name.into(), Value::String(s));
            }
        }
        if let Some(sel) = field(map, "labelSelector") {
            match sel {
                Value::Null => {}
                Value::Object(_) => {
                    r.insert("labelSelector".into(), sel.clone());
                }
                other => {
                    return Err(unmarshal_err(
                        other,
                        &format!(".{i}.labelSelector"),
                        "v1.LabelSelector",
                    ));
                }
            }
        }
        out.push(Value::Object(r));
    }
    Ok(out)
}

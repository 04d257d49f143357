//! Inputs as `kubectl get` prints them: Lists of objects, and the
//! Karmada objects a status file may hold instead of bare
//! AggregatedStatusItems (bindings, Works). Pure functions over decoded
//! values; the readers (`yaml`, `status`) and loaders decide where they
//! apply.

use serde_json::{Map, Value, json};

/// Karmada's API group of bindings and Works.
const WORK_GROUP: &str = "work.karmada.io/";

/// The namespace prefix of a member cluster's execution namespace.
const EXECUTION_SPACE: &str = "karmada-es-";

/// The identity of an object: what pairs Retain's Lists and what a Work's
/// manifest is matched by.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ObjectRef {
    pub api_version: String,
    pub kind: String,
    pub namespace: String,
    pub name: String,
}

fn str_at<'v>(v: &'v Value, path: &[&str]) -> &'v str {
    path.iter()
        .try_fold(v, |v, k| v.get(k))
        .and_then(Value::as_str)
        .unwrap_or("")
}

impl ObjectRef {
    /// The identity of a decoded object (empty strings where unset).
    pub fn of(v: &Value) -> ObjectRef {
        ObjectRef {
            api_version: str_at(v, &["apiVersion"]).to_string(),
            kind: str_at(v, &["kind"]).to_string(),
            namespace: str_at(v, &["metadata", "namespace"]).to_string(),
            name: str_at(v, &["metadata", "name"]).to_string(),
        }
    }
}

impl std::fmt::Display for ObjectRef {
    /// `apps/v1 Deployment default/web` (no namespace: `… Kind name`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} ", self.api_version, self.kind)?;
        if !self.namespace.is_empty() {
            write!(f, "{}/", self.namespace)?;
        }
        f.write_str(&self.name)
    }
}

/// Whether `kind` names a list kind (`List`, or `DeploymentList` as the
/// API server names its lists).
pub fn is_list_kind(kind: &str) -> bool {
    kind.ends_with("List")
}

/// The kind a typed list's items have when they do not say (`Deployment`
/// for `DeploymentList`); none for `List`, whose items always say.
pub fn implied_item_kind(list_kind: &str) -> Option<&str> {
    list_kind.strip_suffix("List").filter(|k| !k.is_empty())
}

/// The items of a List object (`kind: List` or any `…List` with an
/// `items` array), `None` for any other value. Items of a typed list
/// that do not name their apiVersion and kind get the list's.
pub fn list_items(v: &Value) -> Option<Vec<Value>> {
    let kind = v.get("kind")?.as_str()?;
    if !is_list_kind(kind) {
        return None;
    }
    let items = v.get("items")?.as_array()?;
    let implied = implied_item_kind(kind);
    let api_version = v.get("apiVersion").cloned();
    Some(
        items
            .iter()
            .map(|item| {
                let mut item = item.clone();
                if let (Some(k), Value::Object(m)) = (implied, &mut item) {
                    if !m.contains_key("kind") {
                        m.insert("kind".into(), Value::String(k.into()));
                        if let Some(av) = &api_version {
                            m.entry("apiVersion").or_insert_with(|| av.clone());
                        }
                    }
                }
                item
            })
            .collect(),
    )
}

/// What a status file's object is, by apiVersion and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusShape {
    /// A ResourceBinding or ClusterResourceBinding: its
    /// `status.aggregatedStatus` items.
    Binding,
    /// A Work: an item for the run's object.
    Work,
    /// A List: its items, each one of these shapes.
    List,
    /// Anything else: not a status input.
    Other,
}

/// The shape of an object of this apiVersion and kind in a status file.
pub fn status_shape(api_version: &str, kind: &str) -> StatusShape {
    let karmada = api_version.starts_with(WORK_GROUP);
    match kind {
        "ResourceBinding" | "ClusterResourceBinding" if karmada => StatusShape::Binding,
        "Work" if karmada => StatusShape::Work,
        k if is_list_kind(k) => StatusShape::List,
        _ => StatusShape::Other,
    }
}

/// The error for an object that is not a status input.
pub fn not_a_status_input(api_version: &str, kind: &str) -> String {
    let what = match api_version {
        "" => String::new(),
        av => format!(" ({av})"),
    };
    format!(
        "fail to get status items: found an object of kind {kind}{what}, which holds no status items"
    )
}

/// What a status file may hold, for the hint of `not_a_status_input`.
pub const STATUS_INPUTS: &str = "a status file holds AggregatedStatusItems (a binding's status.aggregatedStatus), a ResourceBinding, a ClusterResourceBinding, a Work, or a List of them";

/// `namespace/name` of an object, for messages.
fn named(v: &Value) -> String {
    let ns = str_at(v, &["metadata", "namespace"]);
    let name = str_at(v, &["metadata", "name"]);
    if ns.is_empty() {
        name.to_string()
    } else {
        format!("{ns}/{name}")
    }
}

/// The AggregatedStatusItem Karmada's status controller makes of `work`
/// for `object`: `None` for a Work being deleted (it is left out).
/// An item is built as the controller builds it: the cluster from the
/// execution namespace; applied (and the message when not) from the
/// `Applied` condition; health `Unknown` until the manifest's status is
/// collected, then that status and health.
pub fn work_item(work: &Value, object: &ObjectRef) -> Result<Option<Value>, String> {
    if !str_at(work, &["metadata", "deletionTimestamp"]).is_empty() {
        return Ok(None);
    }
    let empty = Vec::new();
    let manifests = work
        .pointer("/spec/workload/manifests")
        .and_then(Value::as_array)
        .unwrap_or(&empty);
    let ordinal = manifests
        .iter()
        .position(|m| ObjectRef::of(m) == *object)
        .ok_or_else(|| {
            format!(
                "fail to get status items: Work {} holds no manifest of {object} (Karmada: no such manifest exist)",
                named(work)
            )
        })?;
    let namespace = str_at(work, &["metadata", "namespace"]);
    let cluster = namespace.strip_prefix(EXECUTION_SPACE).ok_or_else(|| {
        format!(
            "fail to get status items: Work {} is not in a member cluster's execution namespace ({EXECUTION_SPACE}<cluster>)",
            named(work)
        )
    })?;
    let status = work.get("status");
    let applied = status
        .and_then(|s| s.get("conditions"))
        .and_then(Value::as_array)
        .and_then(|cs| cs.iter().find(|c| str_at(c, &["type"]) == "Applied"));
    let mut item = Map::new();
    item.insert("clusterName".into(), json!(cluster));
    match applied.map(|c| (str_at(c, &["status"]), str_at(c, &["message"]))) {
        Some(("True", _)) => {}
        None => {
            item.insert("health".into(), json!("Unknown"));
            return Ok(Some(Value::Object(item)));
        }
        Some(("False" | "Unknown", message)) => {
            item.insert("appliedMessage".into(), json!(message));
            item.insert("health".into(), json!("Unknown"));
            return Ok(Some(Value::Object(item)));
        }
        Some((other, _)) => {
            return Err(format!(
                "fail to get status items: Work {}: condition Applied has status {other:?}, expected True, False or Unknown",
                named(work)
            ));
        }
    }
    item.insert("applied".into(), json!(true));
    let (group, version) = match object.api_version.split_once('/') {
        Some((g, v)) => (g, v),
        None => ("", object.api_version.as_str()),
    };
    let found = status
        .and_then(|s| s.get("manifestStatuses"))
        .and_then(Value::as_array)
        .and_then(|all| {
            all.iter().find(|m| {
                let id = m.get("identifier").unwrap_or(&Value::Null);
                id.get("ordinal").and_then(Value::as_u64).unwrap_or(0) == ordinal as u64
                    && str_at(id, &["group"]) == group
                    && str_at(id, &["version"]) == version
                    && str_at(id, &["kind"]) == object.kind
                    && str_at(id, &["namespace"]) == object.namespace
                    && str_at(id, &["name"]) == object.name
            })
        });
    match found {
        Some(m) => {
            if let Some(s) = m.get("status").filter(|s| !s.is_null()) {
                item.insert("status".into(), s.clone());
            }
            item.insert("health".into(), json!(str_at(m, &["health"])));
        }
        None => {
            item.insert("health".into(), json!("Unknown"));
        }
    }
    Ok(Some(Value::Object(item)))
}

/// The items of `works` for `object`, ordered by cluster name as Karmada
/// orders a binding's items.
pub fn works_items(works: &[Value], object: &ObjectRef) -> Result<Vec<Value>, String> {
    let mut items = Vec::with_capacity(works.len());
    for w in works {
        items.extend(work_item(w, object)?);
    }
    items.sort_by(|a, b| str_at(a, &["clusterName"]).cmp(str_at(b, &["clusterName"])));
    Ok(items)
}

#[cfg(test)]
#[path = "cluster_tests.rs"]
mod tests;

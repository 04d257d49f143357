//! Retain: keep the member cluster's allocated or controller-owned
//! fields in the desired object; raw edits except for Pod (normalized).

use super::access;
use crate::gotypes::encode;
use crate::gotypes::{self, Mode};
use serde_json::{Map, Value};

const RETAIN_REPLICAS_LABEL: &str = "resourcetemplate.karmada.io/retain-replicas";

/// The desired object with the observed fields retained by `edit`, a raw
/// edit of a copy of the desired object.
pub fn edited(
    desired: &Value,
    observed: &Value,
    edit: fn(&mut Value, &Value) -> Result<(), String>,
) -> Result<Value, String> {
    let mut out = desired.clone();
    edit(&mut out, observed)?;
    Ok(out)
}

pub(super) fn deployment(desired: &mut Value, observed: &Value) -> Result<(), String> {
    let labels = access::string_map(desired, &["metadata", "labels"])
        .map_err(|e| format!("failed to get metadata.label from desired.Object: {e}"))?;
    let wanted = labels
        .and_then(|l| l.get(RETAIN_REPLICAS_LABEL))
        .and_then(Value::as_str)
        == Some("true");
    if !wanted {
        return Ok(());
    }
    match access::int64(observed, &["spec", "replicas"]) {
        Ok(Some(replicas)) => access::set(desired, &["spec", "replicas"], Value::from(replicas)),
        _ => Err(format!(
            "failed to get spec.replicas from {} {}/{}",
            access::string_or_empty(observed, &["kind"]),
            access::string_or_empty(observed, &["metadata", "namespace"]),
            access::string_or_empty(observed, &["metadata", "name"])
        )),
    }
}

/// Pod: both objects in the typed view; the result is the desired pod
/// normalized.
pub(super) fn pod(desired: &Value, observed: &Value) -> Result<Value, String> {
    let mut want = gotypes::decode("Pod", desired, Mode::CONVERT)
        .map_err(|e| format!("failed to convert desiredPod from unstructured object: {e}"))?;
    let have = gotypes::decode("Pod", observed, Mode::CONVERT)
        .map_err(|e| format!("failed to convert clusterPod from unstructured object: {e}"))?;
    let (spec, observed_spec) = (&mut want["spec"], &have["spec"]);
    for key in ["nodeName", "serviceAccountName", "volumes"] {
        spec[key] = observed_spec[key].clone();
    }
    for list in ["initContainers", "containers"] {
        retain_mounts(&mut spec[list], &observed_spec[list]);
    }
    Ok(encode("Pod", &want))
}

/// For each observed container, the first desired namesake takes its mounts.
fn retain_mounts(desired: &mut Value, observed: &Value) {
    let (Value::Array(want), Value::Array(have)) = (desired, observed) else {
        return;
    };
    for c in have {
        if let Some(d) = want.iter_mut().find(|d| d["name"] == c["name"]) {
            d["volumeMounts"] = c["volumeMounts"].clone();
        }
    }
}

pub(super) fn service(desired: &mut Value, observed: &Value) -> Result<(), String> {
    let port = access::int64(observed, &["spec", "healthCheckNodePort"])
        .map_err(|e| format!("error retrieving healthCheckNodePort from service: {e}"))?;
    if let Some(port) = port.filter(|p| *p > 0) {
        access::set(desired, &["spec", "healthCheckNodePort"], Value::from(port))?;
    }
    let ip = access::string(observed, &["spec", "clusterIP"])
        .map_err(|e| format!("error retrieving clusterIP from cluster service: {e}"))?;
    if let Some(ip) = ip.filter(|ip| !ip.is_empty()) {
        access::set(desired, &["spec", "clusterIP"], Value::from(ip))?;
    }
    Ok(())
}

fn entry_name<'a>(entry: &'a Value, field: &str, whose: &str) -> Result<&'a str, String> {
    entry.get("name").and_then(Value::as_str).ok_or_else(|| {
        format!(
            "error retrieving {field} from {whose}: entry {} is not an object with a string name",
            access::go_value(entry)
        )
    })
}

pub(super) fn service_account(desired: &mut Value, observed: &Value) -> Result<(), String> {
    for field in ["secrets", "imagePullSecrets"] {
        let want = access::slice(desired, &[field])
            .map_err(|e| format!("error retrieving {field} from desired service account: {e}"))?;
        let have = access::slice(observed, &[field])
            .map_err(|e| format!("error retrieving {field} from service account: {e}"))?;
        let mut merged: Vec<Value> = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for entry in want.into_iter().flatten() {
            seen.push(entry_name(entry, field, "desired service account")?.to_string());
            merged.push(entry.clone());
        }
        for entry in have.into_iter().flatten() {
            let name = entry_name(entry, field, "service account")?;
            if !seen.iter().any(|s| s == name) {
                seen.push(name.to_string());
                merged.push(entry.clone());
            }
        }
        let value = if merged.is_empty() {
            Value::Null
        } else {
            Value::Array(merged)
        };
        access::set(desired, &[field], value)?;
    }
    Ok(())
}

pub(super) fn pvc(desired: &mut Value, observed: &Value) -> Result<(), String> {
    let name = access::string(observed, &["spec", "volumeName"])
        .map_err(|e| format!("error retrieving volumeName from pvc: {e}"))?;
    match name.filter(|n| !n.is_empty()) {
        Some(n) => access::set(desired, &["spec", "volumeName"], Value::from(n)),
        None => Ok(()),
    }
}

pub(super) fn pv(desired: &mut Value, observed: &Value) -> Result<(), String> {
    let claim = access::field(observed, &["spec", "claimRef"])
        .map_err(|e| format!("failed to retrieve claimRef from pv: {e}"))?;
    match claim {
        Some(c) => access::set(desired, &["spec", "claimRef"], c.clone()),
        None => Ok(()),
    }
}

pub(super) fn job(desired: &mut Value, observed: &Value) -> Result<(), String> {
    for path in [
        &["spec", "selector", "matchLabels"][..],
        &["spec", "template", "metadata", "labels"][..],
    ] {
        if let Some(labels) = access::string_map(observed, path)? {
            access::set(desired, path, Value::Object(labels.clone()))?;
        }
    }
    Ok(())
}

pub(super) fn secret(desired: &mut Value, observed: &Value) -> Result<(), String> {
    if access::string_or_empty(desired, &["type"]) != "kubernetes.io/service-account-token" {
        return Ok(());
    }
    let data = access::string_map(observed, &["data"])
        .map_err(|e| format!("failed to get .data from desired.Object: {e}"))?;
    if let Some(data) = data {
        access::set(desired, &["data"], Value::Object(Map::clone(data)))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::Kind;

    fn retain(kind: Kind, desired: &Value, observed: &Value) -> Result<Value, String> {
        (crate::native::entry(kind).retain.unwrap())(desired, observed)
    }
    use serde_json::json;

    #[test]
    fn deployment_label_and_errors() {
        let d = json!({"kind": "Deployment", "metadata": {"name": "d", "labels": {RETAIN_REPLICAS_LABEL: "true"}}, "spec": {"replicas": 2}});
        let o =
            json!({"kind": "Deployment", "metadata": {"name": "d", "namespace": "ns"}, "spec": {}});
        assert_eq!(
            retain(Kind::Deployment, &d, &o).unwrap_err(),
            "failed to get spec.replicas from Deployment ns/d"
        );
        let o = json!({"kind": "Deployment", "metadata": {"name": "d"}, "spec": {"replicas": 5}});
        assert_eq!(
            retain(Kind::Deployment, &d, &o).unwrap()["spec"]["replicas"],
            json!(5)
        );
        let caps = json!({"metadata": {"labels": {RETAIN_REPLICAS_LABEL: "True"}}, "spec": {"replicas": 2}});
        assert_eq!(retain(Kind::Deployment, &caps, &o).unwrap(), caps);
        let bad = json!({"metadata": {"labels": {"a": 1}}});
        assert_eq!(
            retain(Kind::Deployment, &bad, &o).unwrap_err(),
            "failed to get metadata.label from desired.Object: .metadata.labels accessor error: contains non-string value in the map under key \"a\": 1 is of the type int64, expected string"
        );
    }

    #[test]
    fn service_fields() {
        let d = json!({"spec": {"clusterIP": "None"}});
        let o = json!({"spec": {"clusterIP": "10.0.0.1", "healthCheckNodePort": 0}});
        assert_eq!(
            retain(Kind::Service, &d, &o).unwrap(),
            json!({"spec": {"clusterIP": "10.0.0.1"}})
        );
        let o = json!({"spec": {"healthCheckNodePort": "x"}});
        assert_eq!(
            retain(Kind::Service, &d, &o).unwrap_err(),
            "error retrieving healthCheckNodePort from service: .spec.healthCheckNodePort accessor error: x is of the type string, expected int64"
        );
        let o = json!({"spec": {"clusterIP": 5}});
        assert_eq!(
            retain(Kind::Service, &d, &o).unwrap_err(),
            "error retrieving clusterIP from cluster service: .spec.clusterIP accessor error: 5 is of the type int64, expected string"
        );
    }

    #[test]
    fn service_account_merge() {
        let d = json!({"secrets": [{"name": "a"}, {"name": "a"}]});
        let o = json!({"secrets": [{"name": "b"}, {"name": "a"}, {"name": "b", "namespace": "x"}]});
        assert_eq!(
            retain(Kind::ServiceAccount, &d, &o).unwrap(),
            json!({"secrets": [{"name": "a"}, {"name": "a"}, {"name": "b"}], "imagePullSecrets": null})
        );
        let bad = json!({"secrets": {}});
        assert_eq!(
            retain(Kind::ServiceAccount, &bad, &o).unwrap_err(),
            "error retrieving secrets from desired service account: .secrets accessor error: map[] is of the type map[string]interface {}, expected []interface{}"
        );
        assert!(retain(Kind::ServiceAccount, &json!({"secrets": [1]}), &o).is_err());
    }

    #[test]
    fn pvc_pv_job_secret() {
        let o = json!({"spec": {"volumeName": 5}});
        assert_eq!(
            retain(Kind::PersistentVolumeClaim, &json!({}), &o).unwrap_err(),
            "error retrieving volumeName from pvc: .spec.volumeName accessor error: 5 is of the type int64, expected string"
        );
        let d = json!({"spec": {"claimRef": {"name": "a"}}});
        let o = json!({"spec": {"claimRef": null}});
        assert_eq!(
            retain(Kind::PersistentVolume, &d, &o).unwrap(),
            json!({"spec": {"claimRef": null}})
        );
        assert_eq!(
            retain(Kind::PersistentVolume, &d, &json!({"spec": 5})).unwrap_err(),
            "failed to retrieve claimRef from pv: .spec.claimRef accessor error: 5 is of the type int64, expected map[string]interface{}"
        );
        let o = json!({"spec": {"selector": {"matchLabels": {"a": 1}}}});
        assert_eq!(
            retain(Kind::Job, &json!({}), &o).unwrap_err(),
            ".spec.selector.matchLabels accessor error: contains non-string value in the map under key \"a\": 1 is of the type int64, expected string"
        );
        let o = json!({"spec": {"selector": {"matchLabels": {"a": "b"}}}});
        let d = json!({"spec": {"selector": {"matchExpressions": []}}});
        assert_eq!(
            retain(Kind::Job, &d, &o).unwrap(),
            json!({"spec": {"selector": {"matchExpressions": [], "matchLabels": {"a": "b"}}}})
        );
        let d = json!({"type": "kubernetes.io/service-account-token", "data": {"t": "x"}});
        assert_eq!(
            retain(Kind::Secret, &d, &json!({"data": {"a": 1}})).unwrap_err(),
            "failed to get .data from desired.Object: .data accessor error: contains non-string value in the map under key \"a\": 1 is of the type int64, expected string"
        );
    }

    #[test]
    fn pod_is_normalized() {
        let d = json!({"apiVersion": "v1", "kind": "Pod", "spec": {"nodeName": "n2", "containers": [{"name": "a", "volumeMounts": [{"name": "v", "mountPath": "/d"}]}], "bogus": 1}});
        let o = json!({"spec": {"containers": [{"name": "a"}]}});
        assert_eq!(
            retain(Kind::Pod, &d, &o).unwrap(),
            json!({"apiVersion": "v1", "kind": "Pod", "metadata": {}, "spec": {"containers": [{"name": "a", "resources": {}}]}, "status": {}})
        );
        assert!(
            retain(Kind::Pod, &json!({"spec": 1}), &o)
                .unwrap_err()
                .starts_with("failed to convert desiredPod from unstructured object: ")
        );
        assert!(
            retain(Kind::Pod, &d, &json!({"spec": 1}))
                .unwrap_err()
                .starts_with("failed to convert clusterPod from unstructured object: ")
        );
    }
}

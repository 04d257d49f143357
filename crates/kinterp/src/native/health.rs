//! InterpretHealth: per-kind health rules over the typed view of
//! the observed object.

use crate::gotypes::view::{int, str};
use crate::gotypes::{self, Mode};
use serde_json::Value;

/// Whether the object, read as the schema type `type_name`, is healthy by
/// `rule` (which sees the typed view).
pub fn healthy(type_name: &str, obj: &Value, rule: fn(&Value) -> bool) -> Result<bool, String> {
    let o = gotypes::decode(type_name, obj, Mode::CONVERT)?;
    Ok(rule(&o))
}

/// The controller has seen the latest spec.
fn generation_seen(o: &Value) -> bool {
    int(&o["status"]["observedGeneration"]) == int(&o["metadata"]["generation"])
}

/// Deployment, StatefulSet: rolled out and available.
pub(super) fn rollout(o: &Value) -> bool {
    let (spec, status) = (&o["spec"], &o["status"]);
    let updated = int(&status["updatedReplicas"]);
    generation_seen(o)
        && (spec["replicas"].is_null() || updated >= int(&spec["replicas"]))
        && int(&status["availableReplicas"]) >= updated
}

pub(super) fn replica_set(o: &Value) -> bool {
    let (spec, status) = (&o["spec"], &o["status"]);
    generation_seen(o)
        && (spec["replicas"].is_null()
            || int(&status["availableReplicas"]) >= int(&spec["replicas"]))
}

pub(super) fn daemon_set(o: &Value) -> bool {
    let status = &o["status"];
    let updated = int(&status["updatedNumberScheduled"]);
    generation_seen(o)
        && updated >= int(&status["desiredNumberScheduled"])
        && int(&status["numberAvailable"]) >= updated
}

pub(super) fn service(o: &Value) -> bool {
    str(&o["spec"]["type"]) != "LoadBalancer" || has_address(&o["status"])
}

pub(super) fn ingress(o: &Value) -> bool {
    has_address(&o["status"])
}

pub(super) fn persistent_volume_claim(o: &Value) -> bool {
    str(&o["status"]["phase"]) == "Bound"
}

pub(super) fn pod(o: &Value) -> bool {
    let status = &o["status"];
    match str(&status["phase"]) {
        "Succeeded" => true,
        "Running" => status["conditions"]
            .as_array()
            .and_then(|cs| cs.iter().find(|c| str(&c["type"]) == "Ready"))
            .is_some_and(|c| str(&c["status"]) == "True"),
        _ => false,
    }
}

pub(super) fn pod_disruption_budget(o: &Value) -> bool {
    let status = &o["status"];
    int(&status["currentHealthy"]) >= int(&status["desiredHealthy"])
}

/// Some `status.loadBalancer.ingress` entry has a hostname or an IP.
fn has_address(status: &Value) -> bool {
    status["loadBalancer"]["ingress"]
        .as_array()
        .is_some_and(|list| {
            list.iter()
                .any(|i| !str(&i["hostname"]).is_empty() || !str(&i["ip"]).is_empty())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    use crate::native::Kind;

    fn healthy(kind: Kind, obj: &Value) -> Result<bool, String> {
        (crate::native::entry(kind).health.unwrap())(obj)
    }

    fn h(kind: Kind, obj: Value) -> bool {
        healthy(kind, &obj).unwrap()
    }

    #[test]
    fn workloads() {
        assert!(h(Kind::Deployment, json!({})));
        assert!(h(Kind::Deployment, json!({"spec": {"replicas": 0}})));
        assert!(!h(Kind::Deployment, json!({"spec": {"replicas": 1}})));
        assert!(h(
            Kind::StatefulSet,
            json!({"metadata": {"generation": 2}, "status": {"observedGeneration": 2}})
        ));
        assert!(!h(
            Kind::ReplicaSet,
            json!({"metadata": {"generation": 2}, "spec": {"replicas": 1}, "status": {"observedGeneration": 2}})
        ));
        assert!(h(Kind::DaemonSet, json!({})));
        assert!(!h(
            Kind::DaemonSet,
            json!({"status": {"updatedNumberScheduled": 2, "desiredNumberScheduled": 2, "numberAvailable": 1}})
        ));
    }

    #[test]
    fn others() {
        assert!(!h(Kind::Pod, json!({})));
        assert!(h(
            Kind::Pod,
            json!({"status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}, {"type": "Ready", "status": "False"}]}})
        ));
        assert!(!h(
            Kind::Pod,
            json!({"status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "False"}, {"type": "Ready", "status": "True"}]}})
        ));
        assert!(h(Kind::PodDisruptionBudget, json!({})));
        assert!(!h(Kind::Ingress, json!({})));
        assert!(!h(
            Kind::Service,
            json!({"spec": {"type": "LoadBalancer"}, "status": {"loadBalancer": {"ingress": [{}]}}})
        ));
        assert!(h(Kind::Service, json!({})));
        assert!(!h(Kind::PersistentVolumeClaim, json!({})));
    }

    #[test]
    fn typed_view_errors() {
        assert_eq!(
            healthy(Kind::Deployment, &json!({"spec": {"replicas": "3"}})).unwrap_err(),
            "unrecognized type: int32"
        );
    }
}

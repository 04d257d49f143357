//! InterpretHealth: per-kind health rules over the typed view of
//! the observed object.

use super::Kind;
use super::typed::{self, Mode, int, str};
use serde_json::Value;

/// Whether the object is healthy.
pub fn healthy(kind: Kind, obj: &Value) -> Result<bool, String> {
    let type_name = match kind {
        Kind::Deployment => "Deployment",
        Kind::StatefulSet => "StatefulSet",
        Kind::ReplicaSet => "ReplicaSet",
        Kind::DaemonSet => "DaemonSet",
        Kind::Service => "Service",
        Kind::Ingress => "Ingress",
        Kind::PersistentVolumeClaim => "PersistentVolumeClaim",
        Kind::Pod => "Pod",
        Kind::PodDisruptionBudget => "PodDisruptionBudget",
        other => unreachable!("no InterpretHealth handler for {other:?}"),
    };
    let o = typed::decode(type_name, obj, Mode::Convert)?;
    let (spec, status) = (&o["spec"], &o["status"]);
    let generation_seen = int(&status["observedGeneration"]) == int(&o["metadata"]["generation"]);
    Ok(match kind {
        Kind::Deployment | Kind::StatefulSet => {
            let updated = int(&status["updatedReplicas"]);
            generation_seen
                && (spec["replicas"].is_null() || updated >= int(&spec["replicas"]))
                && int(&status["availableReplicas"]) >= updated
        }
        Kind::ReplicaSet => {
            generation_seen
                && (spec["replicas"].is_null()
                    || int(&status["availableReplicas"]) >= int(&spec["replicas"]))
        }
        Kind::DaemonSet => {
            let updated = int(&status["updatedNumberScheduled"]);
            generation_seen
                && updated >= int(&status["desiredNumberScheduled"])
                && int(&status["numberAvailable"]) >= updated
        }
        Kind::Service => str(&spec["type"]) != "LoadBalancer" || has_address(status),
        Kind::Ingress => has_address(status),
        Kind::PersistentVolumeClaim => str(&status["phase"]) == "Bound",
        Kind::Pod => match str(&status["phase"]) {
            "Succeeded" => true,
            "Running" => status["conditions"]
                .as_array()
                .and_then(|cs| cs.iter().find(|c| str(&c["type"]) == "Ready"))
                .is_some_and(|c| str(&c["status"]) == "True"),
            _ => false,
        },
        Kind::PodDisruptionBudget => {
            int(&status["currentHealthy"]) >= int(&status["desiredHealthy"])
        }
        _ => unreachable!(),
    })
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

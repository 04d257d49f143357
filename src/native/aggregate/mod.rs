//! AggregateStatus: merge the member clusters' statuses into the
//! template's status; the input comes back unchanged or normalized.

mod job;
mod loadbalancer;
mod pod;
mod policy;
mod workload;

use super::Kind;
use super::normalize;
use super::typed::{self, Mode};
use serde_json::Value;

/// One AggregatedStatusItem with its status read in the typed view.
pub(super) struct Item<'a> {
    pub cluster: &'a str,
    /// The decoded member status; `None` when absent or `null`.
    pub status: Option<Value>,
}

/// The aggregated object.
pub fn aggregate(kind: Kind, obj: &Value, items: Option<&[Value]>) -> Result<Value, String> {
    let type_name = kind_type(kind);
    let o = typed::decode(type_name, obj, Mode::Convert)?;
    let Some(items) = items else {
        if kind == Kind::Pod {
            return Ok(normalize::encode(type_name, &o));
        }
        return aggregate(kind, obj, Some(&[]));
    };
    let items = read_items(items, member_status_type(kind))?;
    let old = &o["status"];
    let new_status = match kind {
        Kind::Deployment | Kind::ReplicaSet | Kind::StatefulSet | Kind::DaemonSet => {
            workload::aggregate(kind, &o, &items)
        }
        Kind::Service | Kind::Ingress => loadbalancer::aggregate(kind, &o, &items),
        Kind::Job => job::job(old, &items),
        Kind::CronJob => replaced(old, job::cron_job(&items)),
        Kind::Pod => replaced(old, pod::pod(&items)),
        Kind::PersistentVolume => replaced(old, pod::persistent_volume(&items)),
        Kind::PersistentVolumeClaim => replaced(old, pod::persistent_volume_claim(&items)),
        Kind::PodDisruptionBudget => replaced(old, policy::pod_disruption_budget(&items)),
        Kind::HorizontalPodAutoscaler => replaced(old, policy::horizontal_pod_autoscaler(&items)),
        other => unreachable!("no AggregateStatus handler for {other:?}"),
    };
    Ok(match new_status {
        Some(status) => {
            let mut o = o;
            o["status"] = status;
            normalize::encode(type_name, &o)
        }
        None => obj.clone(),
    })
}

/// The usual unchanged test: `None` when the new status is typed-equal to
/// the old one, else the new status (which replaces the old one whole).
pub(super) fn replaced(old: &Value, new: Value) -> Option<Value> {
    (!typed::equal(old, &new, false)).then_some(new)
}

/// The schema type of a kind's whole object.
fn kind_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Deployment => "Deployment",
        Kind::ReplicaSet => "ReplicaSet",
        Kind::StatefulSet => "StatefulSet",
        Kind::DaemonSet => "DaemonSet",
        Kind::Job => "Job",
        Kind::CronJob => "CronJob",
        Kind::Pod => "Pod",
        Kind::Service => "Service",
        Kind::Ingress => "Ingress",
        Kind::PersistentVolume => "PersistentVolume",
        Kind::PersistentVolumeClaim => "PersistentVolumeClaim",
        Kind::PodDisruptionBudget => "PodDisruptionBudget",
        Kind::HorizontalPodAutoscaler => "HorizontalPodAutoscaler",
        other => unreachable!("no AggregateStatus handler for {other:?}"),
    }
}

/// The type member statuses are decoded into.
fn member_status_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Deployment => "WrappedDeploymentStatus",
        Kind::ReplicaSet => "WrappedReplicaSetStatus",
        Kind::StatefulSet => "WrappedStatefulSetStatus",
        Kind::DaemonSet => "WrappedDaemonSetStatus",
        other => status_type(other),
    }
}

/// The schema type of a kind's status.
pub(super) fn status_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Deployment => "DeploymentStatus",
        Kind::ReplicaSet => "ReplicaSetStatus",
        Kind::StatefulSet => "StatefulSetStatus",
        Kind::DaemonSet => "DaemonSetStatus",
        Kind::Job => "JobStatus",
        Kind::CronJob => "CronJobStatus",
        Kind::Pod => "PodStatus",
        Kind::Service => "ServiceStatus",
        Kind::Ingress => "IngressStatus",
        Kind::PersistentVolume => "PersistentVolumeStatus",
        Kind::PersistentVolumeClaim => "PersistentVolumeClaimStatus",
        Kind::PodDisruptionBudget => "PodDisruptionBudgetStatus",
        Kind::HorizontalPodAutoscaler => "HorizontalPodAutoscalerStatus",
        other => unreachable!("no AggregateStatus handler for {other:?}"),
    }
}

fn read_items<'a>(items: &'a [Value], type_name: &str) -> Result<Vec<Item<'a>>, String> {
    items
        .iter()
        .map(|item| {
            let status = match item.get("status") {
                None | Some(Value::Null) => None,
                Some(s) => Some(typed::decode(type_name, s, Mode::Json)?),
            };
            Ok(Item {
                cluster: item
                    .get("clusterName")
                    .and_then(Value::as_str)
                    .unwrap_or(""),
                status,
            })
        })
        .collect()
}

/// Adds two decoded int32 values with Go's wrap-around.
pub(super) fn add32(a: &Value, b: &Value) -> Value {
    Value::from((typed::int(a) as i32).wrapping_add(typed::int(b) as i32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn items(list: Value) -> Vec<Value> {
        list.as_array().unwrap().clone()
    }

    #[test]
    fn bad_member_status() {
        let d = json!({"apiVersion": "apps/v1", "kind": "Deployment"});
        let e = aggregate(
            Kind::Deployment,
            &d,
            Some(&items(json!([{"status": {"replicas": "x"}}]))),
        )
        .unwrap_err();
        assert_eq!(
            e,
            "json: cannot unmarshal string into Go struct field WrappedDeploymentStatus.replicas of type int32"
        );
        let job = json!({"kind": "Job"});
        let e = aggregate(
            Kind::Job,
            &job,
            Some(&items(json!([{"status": {"active": "x"}}]))),
        )
        .unwrap_err();
        assert_eq!(
            e,
            "json: cannot unmarshal string into Go struct field JobStatus.active of type int32"
        );
        let e =
            aggregate(Kind::Deployment, &d, Some(&items(json!([{"status": [1]}])))).unwrap_err();
        assert_eq!(
            e,
            "json: cannot unmarshal array into Go value of type native.WrappedDeploymentStatus"
        );
    }

    #[test]
    fn no_items_and_empty_items() {
        let pod = json!({"apiVersion": "v1", "kind": "Pod", "status": {"phase": "Running", "podIP": "1.2.3.4"}});
        assert_eq!(
            aggregate(Kind::Pod, &pod, None).unwrap(),
            json!({"apiVersion": "v1", "kind": "Pod", "metadata": {}, "spec": {"containers": null},
                   "status": {"phase": "Running", "podIP": "1.2.3.4"}})
        );
        assert_eq!(
            aggregate(Kind::Pod, &pod, Some(&[])).unwrap()["status"],
            json!({})
        );
        let d = json!({"apiVersion": "apps/v1", "kind": "Deployment", "spec": {"x": 1}});
        assert_eq!(aggregate(Kind::Deployment, &d, None).unwrap(), d);
        assert_eq!(aggregate(Kind::Deployment, &d, Some(&[])).unwrap(), d);
    }
}

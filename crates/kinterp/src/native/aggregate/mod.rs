//! AggregateStatus: merge the member clusters' statuses into the
//! template's status; the input comes back unchanged or normalized.

mod job;
mod loadbalancer;
mod pod;
mod policy;
mod workload;

use super::Kind;

use crate::gotypes::encode;
use crate::gotypes::{self, Mode};
use serde_json::Value;

/// One AggregatedStatusItem with its status read in the typed view.
pub(crate) struct Item<'a> {
    pub cluster: &'a str,
    /// The decoded member status; `None` when absent or `null`.
    pub status: Option<Value>,
}

/// The schema types AggregateStatus reads a kind with.
pub(crate) struct Types {
    pub kind: Kind,
    /// The whole object.
    pub object: &'static str,
    /// Its status.
    pub status: &'static str,
    /// What member statuses are decoded into.
    pub member: &'static str,
}

/// How one kind's members are merged: the new status when it changed
/// (`None`: return the input unchanged), from the typed object and items.
pub(crate) type Merge = fn(&Types, &Value, &[Item]) -> Option<Value>;

/// The aggregated object.
pub fn aggregate(
    types: &Types,
    merge: Merge,
    obj: &Value,
    items: Option<&[Value]>,
) -> Result<Value, String> {
    let o = gotypes::decode(types.object, obj, Mode::CONVERT)?;
    let Some(items) = items else {
        return aggregate(types, merge, obj, Some(&[]));
    };
    let items = read_items(items, types.member)?;
    Ok(match merge(types, &o, &items) {
        Some(status) => {
            let mut o = o;
            o["status"] = status;
            encode(types.object, &o)
        }
        None => obj.clone(),
    })
}

/// Pod without items: the object comes back normalized, not aggregated.
pub fn pod_aggregate(
    types: &Types,
    merge: Merge,
    obj: &Value,
    items: Option<&[Value]>,
) -> Result<Value, String> {
    if items.is_none() {
        let o = gotypes::decode(types.object, obj, Mode::CONVERT)?;
        return Ok(encode(types.object, &o));
    }
    aggregate(types, merge, obj, items)
}

/// The usual unchanged test: `None` when the new status is typed-equal to
/// the old one, else the new status (which replaces the old one whole).
pub(super) fn replaced(old: &Value, new: Value) -> Option<Value> {
    (!gotypes::view::equal(old, &new, false)).then_some(new)
}

/// Merges that replace the whole status when it changed.
pub(crate) fn cron_job(_: &Types, o: &Value, items: &[Item]) -> Option<Value> {
    replaced(&o["status"], job::cron_job(items))
}
pub(crate) fn job(_: &Types, o: &Value, items: &[Item]) -> Option<Value> {
    job::job(&o["status"], items)
}
pub(crate) fn pod(_: &Types, o: &Value, items: &[Item]) -> Option<Value> {
    replaced(&o["status"], pod::pod(items))
}
pub(crate) fn persistent_volume(_: &Types, o: &Value, items: &[Item]) -> Option<Value> {
    replaced(&o["status"], pod::persistent_volume(items))
}
pub(crate) fn persistent_volume_claim(_: &Types, o: &Value, items: &[Item]) -> Option<Value> {
    replaced(&o["status"], pod::persistent_volume_claim(items))
}
pub(crate) fn pod_disruption_budget(_: &Types, o: &Value, items: &[Item]) -> Option<Value> {
    replaced(&o["status"], policy::pod_disruption_budget(items))
}
pub(crate) fn horizontal_pod_autoscaler(_: &Types, o: &Value, items: &[Item]) -> Option<Value> {
    replaced(&o["status"], policy::horizontal_pod_autoscaler(items))
}
pub(crate) use loadbalancer::aggregate as load_balancer;
pub(crate) use workload::aggregate as workload;

fn read_items<'a>(items: &'a [Value], type_name: &str) -> Result<Vec<Item<'a>>, String> {
    items
        .iter()
        .map(|item| {
            let status = match item.get("status") {
                None | Some(Value::Null) => None,
                Some(s) => Some(gotypes::decode(type_name, s, Mode::JSON)?),
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

/// Runs a kind's native AggregateStatus (for the tests of the merges).
#[cfg(test)]
pub(super) fn run_kind(kind: Kind, obj: &Value, items: Option<&[Value]>) -> Result<Value, String> {
    (crate::native::entry(kind).aggregate.unwrap())(obj, items)
}

/// Adds two decoded int32 values with Go's wrap-around.
pub(super) fn add32(a: &Value, b: &Value) -> Value {
    Value::from((gotypes::view::int(a) as i32).wrapping_add(gotypes::view::int(b) as i32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::Kind;

    fn aggregate(kind: Kind, obj: &Value, items: Option<&[Value]>) -> Result<Value, String> {
        (crate::native::entry(kind).aggregate.unwrap())(obj, items)
    }
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

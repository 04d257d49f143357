//! AggregateStatus for Pod, PersistentVolume and PersistentVolumeClaim:
//! a merged phase, and for Pod the reduced container states.

use super::Item;
use crate::gotypes;
use crate::gotypes::view::str;
use serde_json::Value;

/// The phase each item contributes: its own, or `Pending` without status.
fn phases<'a>(items: &'a [Item]) -> Vec<&'a str> {
    items
        .iter()
        .map(|i| i.status.as_ref().map_or("Pending", |s| str(&s["phase"])))
        .collect()
}

/// The first phase of `order` that some item contributes, else `""`.
fn first_present(phases: &[&str], order: &[&'static str]) -> &'static str {
    order
        .iter()
        .find(|p| phases.contains(p))
        .copied()
        .unwrap_or("")
}

/// A container status reduced to `ready` and `state`.
fn reduced(c: &Value) -> Value {
    let mut r = gotypes::zero("ContainerStatus");
    r["ready"] = c["ready"].clone();
    r["state"] = c["state"].clone();
    r
}

/// Pod: the merged phase and the members' container states.
pub fn pod(items: &[Item]) -> Value {
    let mut new = gotypes::zero("PodStatus");
    let statuses: Vec<&Value> = items.iter().filter_map(|i| i.status.as_ref()).collect();
    let collect = |key: &str| -> Vec<Value> {
        statuses
            .iter()
            .filter_map(|s| s[key].as_array())
            .flatten()
            .map(reduced)
            .collect()
    };
    new["containerStatuses"] = Value::Array(collect("containerStatuses"));
    let init = collect("initContainerStatuses");
    if !init.is_empty() {
        new["initContainerStatuses"] = Value::Array(init);
    }
    let phase = first_present(
        &phases(items),
        &["Failed", "Pending", "Running", "Succeeded"],
    );
    new["phase"] = Value::from(phase);
    new
}

/// PersistentVolume: the first of Failed, Pending, Available, Bound,
/// Released that occurs.
pub fn persistent_volume(items: &[Item]) -> Value {
    let mut new = gotypes::zero("PersistentVolumeStatus");
    let order = ["Failed", "Pending", "Available", "Bound", "Released"];
    new["phase"] = Value::from(first_present(&phases(items), &order));
    new
}

/// PersistentVolumeClaim: `Lost` wins, else the last phase that is not
/// `Bound` (even an empty one), else `Bound`.
pub fn persistent_volume_claim(items: &[Item]) -> Value {
    let mut phase = "Bound";
    for s in items.iter().filter_map(|i| i.status.as_ref()) {
        match str(&s["phase"]) {
            "Lost" => {
                phase = "Lost";
                break;
            }
            "Bound" => {}
            other => phase = other,
        }
    }
    let mut new = gotypes::zero("PersistentVolumeClaimStatus");
    new["phase"] = Value::from(phase);
    new
}

#[cfg(test)]
mod tests {
    use super::super::super::Kind;
    use super::super::run_kind as run;
    use serde_json::{Value, json};

    fn items(list: Value) -> Vec<Value> {
        list.as_array().unwrap().clone()
    }

    #[test]
    fn pod_phases() {
        let pod = json!({"kind": "Pod", "status": {"podIP": "1.1.1.1"}});
        let out = run(
            Kind::Pod,
            &pod,
            Some(&items(json!([{"status": {"phase": "Unknown"}}]))),
        )
        .unwrap();
        assert_eq!(out["status"], json!({}));
        let out = run(
            Kind::Pod,
            &pod,
            Some(&items(
                json!([{"status": {"phase": "Succeeded"}}, {"status": {"phase": "Running"}}]),
            )),
        )
        .unwrap();
        assert_eq!(out["status"], json!({"phase": "Running"}));
        let same = json!({"kind": "Pod", "status": {"phase": "Running", "containerStatuses": []}});
        let out = run(
            Kind::Pod,
            &same,
            Some(&items(
                json!([{"applied": false, "status": {"phase": "Running"}}]),
            )),
        )
        .unwrap();
        assert_eq!(out, same);
    }

    #[test]
    fn pv_and_pvc() {
        let pv = json!({"kind": "PersistentVolume", "status": {"phase": "Bound", "message": "m"}});
        let out = run(
            Kind::PersistentVolume,
            &pv,
            Some(&items(json!([{"status": {"phase": "Released"}}, {}]))),
        )
        .unwrap();
        assert_eq!(out["status"], json!({"phase": "Pending"}));
        let pvc =
            json!({"kind": "PersistentVolumeClaim", "status": {"phase": "Bound", "capacity": {}}});
        let out = run(
            Kind::PersistentVolumeClaim,
            &pvc,
            Some(&items(json!([{"status": {}}, {}]))),
        )
        .unwrap();
        assert_eq!(out["status"], json!({}));
        let bound = json!({"kind": "PersistentVolumeClaim", "status": {"phase": "Bound"}});
        assert_eq!(
            run(Kind::PersistentVolumeClaim, &bound, Some(&[])).unwrap(),
            bound
        );
    }
}

//! AggregateStatus for Deployment, ReplicaSet, StatefulSet and DaemonSet:
//! summed counters and the observedGeneration rule.

use super::super::Kind;
use super::{Item, Types, add32};
use crate::gotypes;
use crate::gotypes::view::int;
use serde_json::Value;

/// The counters summed per kind.
fn summed(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Deployment => &[
            "replicas",
            "readyReplicas",
            "updatedReplicas",
            "availableReplicas",
            "unavailableReplicas",
        ],
        Kind::ReplicaSet => &["replicas", "readyReplicas", "availableReplicas"],
        Kind::StatefulSet => &[
            "availableReplicas",
            "currentReplicas",
            "readyReplicas",
            "replicas",
            "updatedReplicas",
        ],
        _ => &[
            "currentNumberScheduled",
            "desiredNumberScheduled",
            "numberAvailable",
            "numberMisscheduled",
            "numberReady",
            "updatedNumberScheduled",
            "numberUnavailable",
        ],
    }
}

/// The new status when it changed (`None`: return the input unchanged).
pub fn aggregate(types: &Types, o: &Value, items: &[Item]) -> Option<Value> {
    let kind = types.kind;
    let old = &o["status"];
    let template_generation = int(&o["metadata"]["generation"]);
    let fields = summed(kind);
    let mut sums = gotypes::zero(types.status);
    let mut qualifying = 0;
    for s in items.iter().filter_map(|i| i.status.as_ref()) {
        for f in fields {
            sums[*f] = add32(&sums[*f], &s[*f]);
        }
        let member_generation = int(&s["generation"]);
        let template_seen = int(&s["resourceTemplateGeneration"]);
        let wanted = if kind == Kind::StatefulSet {
            member_generation
        } else {
            template_generation
        };
        if int(&s["observedGeneration"]) >= member_generation && template_seen >= wanted {
            qualifying += 1;
        }
    }
    sums["observedGeneration"] = if qualifying == items.len() {
        Value::from(template_generation)
    } else {
        Value::from(int(&old["observedGeneration"]))
    };
    let compared = fields.iter().copied().chain(["observedGeneration"]);
    let unchanged = if kind == Kind::DaemonSet {
        gotypes::view::equal(old, &sums, true)
    } else {
        compared.clone().all(|f| int(&old[f]) == int(&sums[f]))
    };
    if unchanged {
        return None;
    }
    let mut new = old.clone();
    for f in compared {
        new[f] = sums[f].clone();
    }
    Some(new)
}

#[cfg(test)]
mod tests {
    use super::super::run_kind as run;
    use super::*;
    use serde_json::json;

    fn items(list: Value) -> Vec<Value> {
        list.as_array().unwrap().clone()
    }

    #[test]
    fn daemonset_other_fields_force_change() {
        let ds = json!({"apiVersion": "apps/v1", "kind": "DaemonSet",
            "status": {"conditions": [{"type": "X", "status": "True"}], "numberReady": 1}});
        let out = run(
            Kind::DaemonSet,
            &ds,
            Some(&items(json!([{"status": {"numberReady": 1}}]))),
        )
        .unwrap();
        assert_eq!(out["status"]["conditions"][0]["type"], json!("X"));
        assert_eq!(out["spec"]["updateStrategy"], json!({}));
        let plain = json!({"kind": "DaemonSet", "status": {"numberReady": 1, "conditions": []}});
        let out = run(
            Kind::DaemonSet,
            &plain,
            Some(&items(json!([{"status": {"numberReady": 1}}]))),
        )
        .unwrap();
        assert_eq!(out, plain);
    }

    #[test]
    fn zero_items_set_generation() {
        let d = json!({"kind": "Deployment", "metadata": {"generation": 4}, "status": {"observedGeneration": 1, "collisionCount": 2}});
        let out = run(Kind::Deployment, &d, Some(&[])).unwrap();
        assert_eq!(
            out["status"],
            json!({"observedGeneration": 4, "collisionCount": 2})
        );
    }

    #[test]
    fn one_and_several_items() {
        let sts = json!({"kind": "StatefulSet", "metadata": {"generation": 2}});
        let one = items(json!([{"clusterName": "a", "applied": false,
            "status": {"replicas": 3, "readyReplicas": 2, "generation": 4, "observedGeneration": 4, "resourceTemplateGeneration": 4}}]));
        let out = run(Kind::StatefulSet, &sts, Some(&one)).unwrap();
        assert_eq!(
            out["status"],
            json!({"replicas": 3, "readyReplicas": 2, "availableReplicas": 0, "observedGeneration": 2})
        );
        let several = items(json!([
            {"status": {"replicas": 2147483647}},
            {"status": {"replicas": 1, "observedGeneration": 1, "generation": 2}},
            {"status": null}
        ]));
        let out = run(Kind::StatefulSet, &sts, Some(&several)).unwrap();
        assert_eq!(
            out["status"],
            json!({"replicas": -2147483648_i64, "availableReplicas": 0})
        );
    }

    #[test]
    fn replicaset_kept_fields() {
        let rs = json!({"kind": "ReplicaSet", "status": {"fullyLabeledReplicas": 3}});
        let out = run(
            Kind::ReplicaSet,
            &rs,
            Some(&items(json!([{"status": {"replicas": 2}}]))),
        )
        .unwrap();
        assert_eq!(
            out["status"],
            json!({"replicas": 2, "fullyLabeledReplicas": 3})
        );
        let unchanged = json!({"kind": "ReplicaSet", "status": {"replicas": 2, "bogus": 1}});
        let out = run(
            Kind::ReplicaSet,
            &unchanged,
            Some(&items(
                json!([{"status": {"replicas": 2}}, {"applied": false}]),
            )),
        )
        .unwrap();
        assert_eq!(out, unchanged);
    }
}

//! AggregateStatus for PodDisruptionBudget and HorizontalPodAutoscaler:
//! summed counters, disrupted pods keyed by cluster.

use super::{Item, add32};
use crate::gotypes;
use serde_json::{Map, Value};

/// PodDisruptionBudget: four sums and the disrupted pods of every member.
pub fn pod_disruption_budget(items: &[Item]) -> Value {
    let mut new = gotypes::zero("PodDisruptionBudgetStatus");
    let mut disrupted = Map::new();
    for item in items {
        let Some(s) = &item.status else { continue };
        for f in [
            "currentHealthy",
            "desiredHealthy",
            "expectedPods",
            "disruptionsAllowed",
        ] {
            new[f] = add32(&new[f], &s[f]);
        }
        for (pod, at) in s["disruptedPods"].as_object().into_iter().flatten() {
            disrupted.insert(format!("{}/{pod}", item.cluster), at.clone());
        }
    }
    new["disruptedPods"] = Value::Object(disrupted);
    new
}

/// HorizontalPodAutoscaler: summed current and desired replicas.
pub fn horizontal_pod_autoscaler(items: &[Item]) -> Value {
    let mut new = gotypes::zero("HorizontalPodAutoscalerStatus");
    for s in items.iter().filter_map(|i| i.status.as_ref()) {
        for f in ["currentReplicas", "desiredReplicas"] {
            new[f] = add32(&new[f], &s[f]);
        }
    }
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
    fn pdb_disrupted_map_presence() {
        let pdb = json!({"kind": "PodDisruptionBudget", "status": {"disruptedPods": {}}});
        assert_eq!(
            run(Kind::PodDisruptionBudget, &pdb, Some(&[])).unwrap(),
            pdb
        );
        let bare = json!({"kind": "PodDisruptionBudget"});
        let out = run(Kind::PodDisruptionBudget, &bare, Some(&[])).unwrap();
        assert_eq!(
            out["status"],
            json!({"currentHealthy": 0, "desiredHealthy": 0, "disruptionsAllowed": 0, "expectedPods": 0})
        );
        let list = items(json!([
            {"clusterName": "m", "status": {"disruptedPods": {"p": "2024-05-01T10:00:00.7Z"}}},
            {"clusterName": "m", "status": {"disruptedPods": {"p": "2024-05-02T10:00:00Z"}}}
        ]));
        let out = run(Kind::PodDisruptionBudget, &bare, Some(&list)).unwrap();
        assert_eq!(
            out["status"]["disruptedPods"],
            json!({"m/p": "2024-05-02T10:00:00Z"})
        );
    }

    #[test]
    fn hpa_drops_other_fields() {
        let hpa = json!({"kind": "HorizontalPodAutoscaler", "status": {"currentReplicas": 1, "desiredReplicas": 1, "lastScaleTime": "2024-05-01T10:00:00Z"}});
        let out = run(
            Kind::HorizontalPodAutoscaler,
            &hpa,
            Some(&items(
                json!([{"status": {"currentReplicas": 1, "desiredReplicas": 1}}]),
            )),
        )
        .unwrap();
        assert_eq!(
            out["status"],
            json!({"currentReplicas": 1, "desiredReplicas": 1, "currentMetrics": null})
        );
    }
}

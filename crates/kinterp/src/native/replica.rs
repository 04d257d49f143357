//! InterpretReplica: the replica count and ReplicaRequirements
//! (node claim plus summed resource requests) of a workload's pod template.

use super::Kind;
use crate::gotypes::encode;
use crate::gotypes::view::int;
use crate::gotypes::{self, Mode};
use crate::kube::pod::accurate_pod_requirements;
use serde_json::{Map, Value, json};

/// `(replica, requires)`; `requires` is `null` when there is nothing to claim.
/// The object is read as the schema type `type_name`.
pub fn interpret(kind: Kind, type_name: &str, obj: &Value) -> Result<(i32, Value), String> {
    let o = gotypes::decode(type_name, obj, Mode::CONVERT)?;
    let spec = &o["spec"];
    let replica = match kind {
        Kind::Pod => 1,
        Kind::Job => {
            let p = int(&spec["parallelism"]);
            let c = if spec["completions"].is_null() {
                p
            } else {
                int(&spec["completions"])
            };
            p.min(c)
        }
        _ => int(&spec["replicas"]),
    };
    let pod_spec = if kind == Kind::Pod {
        spec
    } else {
        &spec["template"]["spec"]
    };
    Ok((replica as i32, requirements(pod_spec)?))
}

/// ReplicaRequirements of a decoded pod spec.
fn requirements(pod_spec: &Value) -> Result<Value, String> {
    let mut out = Map::new();
    if let Some(claim) = node_claim(pod_spec) {
        out.insert("nodeClaim".into(), claim);
    }
    if let Some(request) = resource_request(pod_spec)? {
        out.insert("resourceRequest".into(), request);
    }
    Ok(if out.is_empty() {
        Value::Null
    } else {
        Value::Object(out)
    })
}

/// The node claim (3.2): taken parts normalized with their schema types.
fn node_claim(pod_spec: &Value) -> Option<Value> {
    let mut claim = Map::new();
    if let Value::Object(selector) = &pod_spec["nodeSelector"] {
        claim.insert("nodeSelector".into(), Value::Object(selector.clone()));
    }
    if let Some(list) = pod_spec["tolerations"].as_array().filter(|l| !l.is_empty()) {
        let tolerations = list.iter().map(|t| encode("Toleration", t)).collect();
        claim.insert("tolerations".into(), Value::Array(tolerations));
    }
    let required =
        &pod_spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"];
    if !required.is_null() {
        claim.insert("hardNodeAffinity".into(), encode("NodeSelector", required));
    }
    (!claim.is_empty()).then_some(Value::Object(claim))
}

/// The summed requests (3.2), computed by the shared pod-requirements code
/// from the containers, init containers and overhead only.
fn resource_request(pod_spec: &Value) -> Result<Option<Value>, String> {
    let spec = encode("PodSpec", pod_spec);
    let mut parts = Map::new();
    for key in ["containers", "initContainers", "overhead"] {
        if let Some(v) = spec.get(key).and_then(without_empties) {
            parts.insert(key.into(), v);
        }
    }
    if parts.is_empty() {
        return Ok(None);
    }
    let template = json!({ "spec": Value::Object(parts) });
    Ok(accurate_pod_requirements(&template)?
        .and_then(|r| r.get("resourceRequest").cloned())
        .filter(|r| r.as_object().is_some_and(|m| !m.is_empty())))
}

/// A copy with every empty object and list removed (`None` when the value
/// itself ends up empty or null).
fn without_empties(v: &Value) -> Option<Value> {
    match v {
        Value::Null => None,
        Value::Object(m) => {
            let kept: Map<String, Value> = m
                .iter()
                .filter_map(|(k, v)| without_empties(v).map(|v| (k.clone(), v)))
                .collect();
            (!kept.is_empty()).then_some(Value::Object(kept))
        }
        Value::Array(items) => {
            let kept: Vec<Value> = items
                .iter()
                .map(|v| without_empties(v).unwrap_or_else(|| json!({})))
                .collect();
            (!kept.is_empty()).then_some(Value::Array(kept))
        }
        other => Some(other.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(kind: Kind, obj: &Value) -> Result<(i32, Value), String> {
        (crate::native::entry(kind).replica.unwrap())(obj)
    }

    fn job(spec: Value) -> i32 {
        run(Kind::Job, &json!({"spec": spec})).unwrap().0
    }

    #[test]
    fn job_replicas() {
        assert_eq!(job(json!({"parallelism": 3, "completions": 2})), 2);
        assert_eq!(job(json!({"parallelism": 4})), 4);
        assert_eq!(job(json!({"completions": 5})), 0);
        assert_eq!(job(json!({"parallelism": 0, "completions": 3})), 0);
    }

    #[test]
    fn counts_and_node_claims() {
        let (r, req) = run(Kind::Deployment, &json!({"spec": {}})).unwrap();
        assert_eq!((r, req), (0, Value::Null));
        let (r, req) = run(Kind::Pod, &json!({"spec": {"nodeSelector": {}}})).unwrap();
        assert_eq!((r, req), (1, json!({"nodeClaim": {"nodeSelector": {}}})));
        let d = json!({"spec": {"replicas": 2, "template": {"spec": {
            "tolerations": [{"key": "k", "tolerationSeconds": 5, "bogus": 1}],
            "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {}}}}}}});
        let (r, req) = run(Kind::StatefulSet, &d).unwrap();
        assert_eq!(r, 2);
        assert_eq!(
            req,
            json!({"nodeClaim": {"tolerations": [{"key": "k", "tolerationSeconds": 5}],
                "hardNodeAffinity": {"nodeSelectorTerms": null}}})
        );
        let e = run(Kind::Deployment, &json!({"spec": {"replicas": "3"}})).unwrap_err();
        assert_eq!(e, "unrecognized type: int32");
    }

    #[test]
    fn resource_requests() {
        let rs = json!({"spec": {"replicas": 1, "template": {"spec": {
            "containers": [{"name": "a", "resources": {"requests": {"cpu": 0.25, "memory": "1Gi"}}},
                           {"name": "b", "resources": {"limits": {"cpu": "1", "foo": "1"}}}],
            "initContainers": [{"name": "i", "resources": {"requests": {"memory": "2Gi"}}}],
            "overhead": {"cpu": "10m"}}}}});
        let (_, req) = run(Kind::ReplicaSet, &rs).unwrap();
        assert_eq!(
            req,
            json!({"resourceRequest": {"cpu": "1260m", "memory": "2Gi"}})
        );
        let bad = json!({"spec": {"containers": [{"name": "a", "resources": {"requests": {"cpu": "1.2.3"}}}]}});
        assert_eq!(
            run(Kind::Pod, &bad).unwrap_err(),
            "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
        );
        let zero = json!({"spec": {"containers": [{"name": "a", "resources": {"requests": {"cpu": "0"}}}]}});
        assert_eq!(run(Kind::Pod, &zero).unwrap(), (1, Value::Null));
    }

    #[test]
    fn empties_removed() {
        assert_eq!(
            without_empties(
                &json!([{"name": "a", "resources": {}}, {"resources": {"limits": {}}}])
            ),
            Some(json!([{"name": "a"}, {}]))
        );
    }
}

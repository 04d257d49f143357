//! InterpretStatus: the status a member cluster reports — the
//! whole status for most kinds, selected typed fields for the special ones.

use super::Kind;
use super::access;
use crate::gotypes::encode;
use crate::gotypes::view::int;
use crate::gotypes::{self, Mode};
use serde_json::{Map, Value};

const GENERATION_ANNOTATION: &str = "resourcetemplate.karmada.io/generation";

/// The generic fallback (7.1): a copy of `status`, `null` when absent.
pub fn generic(obj: &Value) -> Result<Value, String> {
    Ok(access::map(obj, &["status"])?.map_or(Value::Null, |m| Value::Object(m.clone())))
}

/// The special handlers of 7.2 that read the status as the schema type
/// `type_name` (`label` names it in conversion errors).
pub fn typed_status(
    kind: Kind,
    type_name: &str,
    label: &str,
    obj: &Value,
) -> Result<Value, String> {
    let Some(status) = access::map(obj, &["status"])? else {
        return Ok(Value::Null);
    };
    let status = Value::Object(status.clone());
    let read = || {
        gotypes::decode(type_name, &status, Mode::CONVERT)
            .map_err(|e| format!("failed to convert {label} from map[string]interface{{}}: {e}"))
    };
    match kind {
        Kind::Deployment | Kind::ReplicaSet | Kind::DaemonSet => {
            let s = read()?;
            let template_generation = template_generation(obj)?;
            Ok(workload(kind, obj, &s, template_generation))
        }
        Kind::StatefulSet => {
            let template_generation = template_generation(obj)?;
            let s = read()?;
            Ok(workload(kind, obj, &s, template_generation))
        }
        _ => {
            let mut s = read()?;
            let keep: &[&str] = match kind {
                Kind::Job => &[
                    "active",
                    "succeeded",
                    "failed",
                    "conditions",
                    "startTime",
                    "completionTime",
                ],
                Kind::PodDisruptionBudget => &[
                    "disruptionsAllowed",
                    "currentHealthy",
                    "desiredHealthy",
                    "expectedPods",
                    "disruptedPods",
                ],
                _ => &["currentReplicas", "desiredReplicas"],
            };
            let zero = gotypes::zero(type_name);
            if let (Value::Object(fields), Value::Object(zero)) = (&mut s, zero) {
                for (k, v) in fields.iter_mut() {
                    if !keep.contains(&k.as_str()) {
                        *v = zero[k].clone();
                    }
                }
            }
            Ok(encode(type_name, &s))
        }
    }
}

/// The template generation annotation, parsed as Go's `strconv.ParseInt`
/// (a missing annotation parses the empty string).
fn template_generation(obj: &Value) -> Result<i64, String> {
    let text = access::string_map(obj, &["metadata", "annotations"])
        .ok()
        .flatten()
        .and_then(|m| m.get(GENERATION_ANNOTATION))
        .and_then(Value::as_str)
        .unwrap_or("");
    parse_int(text)
}

/// What a failed template generation means for the user: Karmada sets
/// the annotation on the objects it propagates, so an object fetched
/// elsewhere (or written by hand) lacks it. `None` when it parses.
pub fn generation_hint(obj: &Value) -> Option<String> {
    template_generation(obj).err()?;
    Some(format!(
        "Karmada reads the status of this kind together with the {GENERATION_ANNOTATION} annotation, which it puts on the objects it propagates to member clusters; this object's is missing or not a number: fetch the object from the member cluster, or add the annotation with the template's metadata.generation"
    ))
}

fn parse_int(text: &str) -> Result<i64, String> {
    let quoted = access::go_quote(text);
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "strconv.ParseInt: parsing {quoted}: invalid syntax"
        ));
    }
    text.strip_prefix('+')
        .unwrap_or(text)
        .parse()
        .map_err(|_| format!("strconv.ParseInt: parsing {quoted}: value out of range"))
}

/// Deployment, ReplicaSet, StatefulSet, DaemonSet: the counters with the
/// two generations; `(field, emitted even when zero)`.
fn workload(kind: Kind, obj: &Value, s: &Value, template_generation: i64) -> Value {
    let fields: &[(&str, bool)] = match kind {
        Kind::Deployment => &[
            ("observedGeneration", false),
            ("replicas", false),
            ("updatedReplicas", false),
            ("readyReplicas", false),
            ("availableReplicas", false),
            ("unavailableReplicas", false),
        ],
        Kind::ReplicaSet => &[
            ("replicas", true),
            ("readyReplicas", false),
            ("availableReplicas", false),
            ("observedGeneration", false),
        ],
        Kind::StatefulSet => &[
            ("replicas", true),
            ("readyReplicas", false),
            ("currentReplicas", false),
            ("updatedReplicas", false),
            ("availableReplicas", true),
        ],
        _ => &[
            ("currentNumberScheduled", true),
            ("numberMisscheduled", true),
            ("desiredNumberScheduled", true),
            ("numberReady", true),
            ("observedGeneration", false),
            ("updatedNumberScheduled", false),
            ("numberAvailable", false),
            ("numberUnavailable", false),
        ],
    };
    let generation = access::int64(obj, &["metadata", "generation"])
        .ok()
        .flatten()
        .unwrap_or(0);
    let mut out = Map::new();
    let mut put = |name: &str, value: i64, always: bool| {
        if always || value != 0 {
            out.insert(name.to_string(), Value::from(value));
        }
    };
    put("generation", generation, false);
    put("resourceTemplateGeneration", template_generation, false);
    for (name, always) in fields {
        put(name, int(&s[*name]), *always);
    }
    if kind == Kind::Deployment && out.is_empty() {
        return Value::Null;
    }
    Value::Object(out)
}

/// Service: the load-balancer status of a LoadBalancer service.
pub(super) fn service(obj: &Value) -> Result<Value, String> {
    if access::string(obj, &["spec", "type"]).ok().flatten() != Some("LoadBalancer") {
        return Ok(Value::Null);
    }
    let Some(status) = access::map(obj, &["status"])? else {
        return Ok(Value::Null);
    };
    let s = gotypes::decode(
        "ServiceStatus",
        &Value::Object(status.clone()),
        Mode::CONVERT,
    )
    .map_err(|e| format!("failed to convert ServiceStatus from map[string]interface{{}}: {e}"))?;
    let mut out = Map::new();
    out.insert(
        "loadBalancer".into(),
        encode("LoadBalancerStatus", &s["loadBalancer"]),
    );
    Ok(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reflect(kind: Kind, obj: &Value) -> Result<Value, String> {
        (crate::native::entry(kind).status.unwrap())(obj)
    }
    use serde_json::json;

    fn deployment(meta: Value, status: Value) -> Value {
        json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": meta, "status": status})
    }

    #[test]
    fn generic_fallback() {
        assert_eq!(generic(&json!({})).unwrap(), Value::Null);
        assert_eq!(generic(&json!({"status": {}})).unwrap(), json!({}));
        assert_eq!(
            generic(&json!({"status": null})).unwrap_err(),
            ".status accessor error: <nil> is of the type <nil>, expected map[string]interface{}"
        );
        assert_eq!(
            generic(&json!({"status": 5})).unwrap_err(),
            ".status accessor error: 5 is of the type int64, expected map[string]interface{}"
        );
    }

    #[test]
    fn generation_annotation() {
        let d = deployment(json!({}), json!({"replicas": 1}));
        assert_eq!(
            reflect(Kind::Deployment, &d).unwrap_err(),
            "strconv.ParseInt: parsing \"\": invalid syntax"
        );
        let d = deployment(
            json!({"annotations": {GENERATION_ANNOTATION: " 3"}}),
            json!({}),
        );
        assert_eq!(
            reflect(Kind::Deployment, &d).unwrap_err(),
            "strconv.ParseInt: parsing \" 3\": invalid syntax"
        );
        let d = deployment(
            json!({"annotations": {GENERATION_ANNOTATION: "+3"}}),
            json!({}),
        );
        assert_eq!(
            reflect(Kind::Deployment, &d).unwrap(),
            json!({"resourceTemplateGeneration": 3})
        );
        let d = json!({"metadata": {}});
        assert_eq!(reflect(Kind::StatefulSet, &d).unwrap(), Value::Null);
    }

    #[test]
    fn error_order() {
        let bad = json!({"metadata": {}, "status": {"replicas": "x"}});
        assert!(
            reflect(Kind::Deployment, &bad)
                .unwrap_err()
                .starts_with("failed to convert DeploymentStatus")
        );
        assert!(
            reflect(Kind::StatefulSet, &bad)
                .unwrap_err()
                .starts_with("strconv.ParseInt")
        );
    }

    #[test]
    fn replicaset_and_pdb() {
        let rs = json!({"metadata": {"generation": 5, "annotations": {GENERATION_ANNOTATION: "4"}},
            "status": {"fullyLabeledReplicas": 2, "readyReplicas": 1}});
        assert_eq!(
            reflect(Kind::ReplicaSet, &rs).unwrap(),
            json!({"generation": 5, "resourceTemplateGeneration": 4, "replicas": 0, "readyReplicas": 1})
        );
        let pdb = json!({"status": {"observedGeneration": 2, "conditions": [{"type": "X"}],
            "disruptedPods": {"p": "2024-05-01T10:00:00.9+02:00"}}});
        assert_eq!(
            reflect(Kind::PodDisruptionBudget, &pdb).unwrap(),
            json!({"disruptionsAllowed": 0, "currentHealthy": 0, "desiredHealthy": 0, "expectedPods": 0,
                   "disruptedPods": {"p": "2024-05-01T08:00:00Z"}})
        );
        let bad = json!({"status": {"expectedPods": "x"}});
        assert!(
            reflect(Kind::PodDisruptionBudget, &bad)
                .unwrap_err()
                .starts_with("failed to convert PodDisruptionBudget from map[string]interface{}: ")
        );
    }

    #[test]
    fn special_fields() {
        let ds = json!({"metadata": {"annotations": {GENERATION_ANNOTATION: "0"}}, "status": {}});
        assert_eq!(
            reflect(Kind::DaemonSet, &ds).unwrap(),
            json!({"currentNumberScheduled": 0, "numberMisscheduled": 0, "desiredNumberScheduled": 0, "numberReady": 0})
        );
        assert_eq!(
            reflect(Kind::Job, &json!({"status": {}})).unwrap(),
            json!({})
        );
        assert_eq!(
            reflect(
                Kind::HorizontalPodAutoscaler,
                &json!({"status": {"observedGeneration": 3}})
            )
            .unwrap(),
            json!({"desiredReplicas": 0, "currentMetrics": null})
        );
        let svc = json!({"spec": {"type": "LoadBalancer"}, "status": {}});
        assert_eq!(
            reflect(Kind::Service, &svc).unwrap(),
            json!({"loadBalancer": {}})
        );
        let svc = json!({"spec": {"type": "LoadBalancer"}, "status": {"loadBalancer": {"ingress": [{"ip": "1.1.1.1", "ports": [{"port": 80}]}]}}});
        assert_eq!(
            reflect(Kind::Service, &svc).unwrap(),
            json!({"loadBalancer": {"ingress": [{"ip": "1.1.1.1", "ports": [{"port": 80, "protocol": ""}]}]}})
        );
    }
}

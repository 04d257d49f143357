//! Encoding: a decoded value (full form) serialized back the way Go's
//! `ToUnstructured` or `json.Marshal` does, driven by the schema's field
//! markers (the native interpreters' normalization, and customization
//! results).

use super::schema::{self, Marker, Ty};
use super::time::Instant;
use serde_json::{Map, Value};

/// `normalize(T, value)`: the typed round trip of an input value.
#[cfg(test)]
pub fn normalize(type_name: &str, value: &Value) -> Result<Value, String> {
    use super::{Mode, decode};
    Ok(encode(type_name, &decode(type_name, value, Mode::CONVERT)?))
}

/// Serializes a decoded struct value of type `type_name`.
pub fn encode(type_name: &str, decoded: &Value) -> Value {
    let def = schema::get(type_name);
    let mut out = Map::new();
    for field in &def.fields {
        let x = decoded.get(field.name).unwrap_or(&Value::Null);
        if let Some(v) = encode_field(&field.ty, field.marker, x) {
            out.insert(field.name.to_string(), v);
        }
    }
    Value::Object(out)
}

/// A field's printed value, or `None` when it is left out.
fn encode_field(ty: &Ty, marker: Marker, x: &Value) -> Option<Value> {
    let always = marker == Marker::Always;
    match ty {
        Ty::Struct(_) | Ty::Quantity | Ty::IntOrStr => Some(encode_value(ty, x)),
        Ty::Time => (marker != Marker::OmitZero || !x.is_null()).then(|| encode_value(ty, x)),
        Ty::Ptr(inner) => match x {
            Value::Null => always.then_some(Value::Null),
            _ => Some(encode_value(inner, x)),
        },
        Ty::List(_) | Ty::Map(..) => {
            let empty = match x {
                Value::Array(a) => a.is_empty(),
                Value::Object(m) => m.is_empty(),
                _ => true,
            };
            if !empty {
                Some(encode_value(ty, x))
            } else if always {
                Some(match x {
                    Value::Null => Value::Null,
                    _ => encode_value(ty, x),
                })
            } else {
                None
            }
        }
        Ty::Str(_) | Ty::I32 | Ty::I64 | Ty::Bool => {
            let zero = matches!(x, Value::Null)
                || x.as_str() == Some("")
                || x.as_i64() == Some(0)
                || x.as_bool() == Some(false);
            if zero && !always {
                None
            } else {
                Some(if x.is_null() {
                    zero_scalar(ty)
                } else {
                    x.clone()
                })
            }
        }
        Ty::RawJson => (!x.is_null() || always).then(|| x.clone()),
    }
}

fn zero_scalar(ty: &Ty) -> Value {
    match ty {
        Ty::Str(_) => Value::String(String::new()),
        Ty::Bool => Value::Bool(false),
        _ => Value::from(0),
    }
}

/// A value of type `ty` in printed form (used for list and map members).
fn encode_value(ty: &Ty, x: &Value) -> Value {
    match ty {
        Ty::Struct(name) => encode(name, x),
        Ty::Time => match x.as_str().map(Instant::parse) {
            Some(Ok(t)) => Value::String(t.printed()),
            _ => Value::Null,
        },
        Ty::Quantity => match x {
            Value::Null => Value::String("0".into()),
            _ => x.clone(),
        },
        Ty::IntOrStr => match x {
            Value::Null => Value::from(0),
            _ => x.clone(),
        },
        Ty::Ptr(inner) => match x {
            Value::Null => Value::Null,
            _ => encode_value(inner, x),
        },
        Ty::List(elem) => match x {
            Value::Array(items) => {
                Value::Array(items.iter().map(|v| encode_value(elem, v)).collect())
            }
            _ => Value::Null,
        },
        Ty::Map(elem, _) => match x {
            Value::Object(m) => Value::Object(
                m.iter()
                    .map(|(k, v)| (k.clone(), encode_value(elem, v)))
                    .collect(),
            ),
            _ => Value::Null,
        },
        Ty::Str(_) | Ty::I32 | Ty::I64 | Ty::Bool => match x {
            Value::Null => zero_scalar(ty),
            _ => x.clone(),
        },
        Ty::RawJson => x.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn deployment_skeleton() {
        let out = normalize(
            "Deployment",
            &json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d", "unknownKey": 1}}),
        )
        .unwrap();
        assert_eq!(
            out,
            json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
                "spec": {"selector": null, "strategy": {}, "template": {"metadata": {}, "spec": {"containers": null}}},
                "status": {}})
        );
    }

    #[test]
    fn appendix_b_skeletons() {
        let cases = [
            (
                "ReplicaSet",
                json!({"metadata":{},"spec":{"selector":null,"template":{"metadata":{},"spec":{"containers":null}}},"status":{"replicas":0}}),
            ),
            (
                "StatefulSet",
                json!({"metadata":{},"spec":{"selector":null,"serviceName":"","template":{"metadata":{},"spec":{"containers":null}},"updateStrategy":{}},"status":{"availableReplicas":0,"replicas":0}}),
            ),
            (
                "DaemonSet",
                json!({"metadata":{},"spec":{"selector":null,"template":{"metadata":{},"spec":{"containers":null}},"updateStrategy":{}},"status":{"currentNumberScheduled":0,"desiredNumberScheduled":0,"numberMisscheduled":0,"numberReady":0}}),
            ),
            (
                "Job",
                json!({"metadata":{},"spec":{"template":{"metadata":{},"spec":{"containers":null}}},"status":{}}),
            ),
            (
                "CronJob",
                json!({"metadata":{},"spec":{"jobTemplate":{"metadata":{},"spec":{"template":{"metadata":{},"spec":{"containers":null}}}},"schedule":""},"status":{}}),
            ),
            (
                "Pod",
                json!({"metadata":{},"spec":{"containers":null},"status":{}}),
            ),
            (
                "Service",
                json!({"metadata":{},"spec":{},"status":{"loadBalancer":{}}}),
            ),
            (
                "Ingress",
                json!({"metadata":{},"spec":{},"status":{"loadBalancer":{}}}),
            ),
            (
                "PersistentVolume",
                json!({"metadata":{},"spec":{},"status":{}}),
            ),
            (
                "PersistentVolumeClaim",
                json!({"metadata":{},"spec":{"resources":{}},"status":{}}),
            ),
            (
                "PodDisruptionBudget",
                json!({"metadata":{},"spec":{},"status":{"currentHealthy":0,"desiredHealthy":0,"disruptionsAllowed":0,"expectedPods":0}}),
            ),
            (
                "HorizontalPodAutoscaler",
                json!({"metadata":{},"spec":{"maxReplicas":0,"scaleTargetRef":{"kind":"","name":""}},"status":{"currentMetrics":null,"desiredReplicas":0}}),
            ),
        ];
        for (kind, want) in cases {
            assert_eq!(normalize(kind, &json!({})).unwrap(), want, "{kind}");
        }
    }

    #[test]
    fn scalars_pointers_times() {
        let out = normalize(
            "DeploymentSpec",
            &json!({"replicas": 0, "paused": false, "minReadySeconds": 0}),
        )
        .unwrap();
        assert_eq!(out["replicas"], json!(0));
        assert!(out.get("paused").is_none());
        assert!(out.get("minReadySeconds").is_none());
        let meta = normalize(
            "ObjectMeta",
            &json!({"creationTimestamp": null, "deletionTimestamp": "2024-01-01T00:00:00.5+01:00", "labels": {}}),
        )
        .unwrap();
        assert_eq!(meta, json!({"deletionTimestamp": "2023-12-31T23:00:00Z"}));
        let cond = normalize("JobCondition", &json!({})).unwrap();
        assert_eq!(
            cond,
            json!({"type": "", "status": "", "lastProbeTime": null, "lastTransitionTime": null})
        );
        let port = normalize("ServicePort", &json!({"port": 80})).unwrap();
        assert_eq!(port, json!({"port": 80, "targetPort": 0}));
        let ns = normalize("NodeSelector", &json!({})).unwrap();
        assert_eq!(ns, json!({"nodeSelectorTerms": null}));
    }
}

//! ReviseReplica: overwrite an existing replica field in place
//! with the desired count; an absent field is left absent.

use super::Kind;
use super::access;
use serde_json::Value;

/// The revised object: `obj` with its replica field set to `replicas`.
pub fn revise(kind: Kind, obj: &Value, replicas: i64) -> Result<Value, String> {
    let path: &[&str] = match kind {
        Kind::Job => &["spec", "parallelism"],
        _ => &["spec", "replicas"],
    };
    let mut out = obj.clone();
    if access::int64(obj, path)?.is_some() {
        access::set(&mut out, path, Value::from(replicas))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn replaces_only_existing_integer_fields() {
        let d = json!({"spec": {"replicas": 1, "x": true}});
        assert_eq!(
            revise(Kind::Deployment, &d, 0).unwrap(),
            json!({"spec": {"replicas": 0, "x": true}})
        );
        let absent = json!({"spec": {"paused": true}});
        assert_eq!(revise(Kind::StatefulSet, &absent, 3).unwrap(), absent);
        assert_eq!(revise(Kind::ReplicaSet, &json!({}), 3).unwrap(), json!({}));
        let job = json!({"spec": {"parallelism": 1, "completions": 10}});
        assert_eq!(
            revise(Kind::Job, &job, 3).unwrap(),
            json!({"spec": {"parallelism": 3, "completions": 10}})
        );
    }

    #[test]
    fn wrong_types_fail() {
        assert_eq!(
            revise(Kind::Deployment, &json!({"spec": {"replicas": 1.5}}), 7).unwrap_err(),
            ".spec.replicas accessor error: 1.5 is of the type float64, expected int64"
        );
        assert_eq!(
            revise(Kind::Deployment, &json!({"spec": {"replicas": null}}), 7).unwrap_err(),
            ".spec.replicas accessor error: <nil> is of the type <nil>, expected int64"
        );
        assert_eq!(
            revise(Kind::Deployment, &json!({"spec": "x"}), 7).unwrap_err(),
            ".spec.replicas accessor error: x is of the type string, expected map[string]interface{}"
        );
    }
}

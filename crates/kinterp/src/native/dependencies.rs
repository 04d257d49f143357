//! InterpretDependency: the objects a workload, Ingress or
//! ServiceImport refers to, then validated as Karmada validates them.

use super::Kind;
use crate::gotypes::encode;
use crate::gotypes::view::str;
use crate::gotypes::{self, Mode};
use crate::kube::deps::pod_dependencies;
use serde_json::{Map, Value, json};

/// The dependency list, or `null` when empty.
/// The object is read as the schema type `type_name`.
pub fn dependencies(kind: Kind, type_name: &str, obj: &Value) -> Result<Value, String> {
    let o = gotypes::decode(type_name, obj, Mode::CONVERT)
        .map_err(|e| format!("failed to convert {type_name} from unstructured object: {e}"))?;
    let namespace = str(&o["metadata"]["namespace"]);
    let refs = match kind {
        Kind::Ingress => ingress(&o, namespace),
        Kind::ServiceImport => service_import(&o, namespace),
        _ => pod_template_kind(kind, &o, namespace)?,
    };
    crate::interpreter::dependencies::validate(&refs)?;
    Ok(if refs.is_empty() {
        Value::Null
    } else {
        Value::Array(refs)
    })
}

/// A reference object with empty namespace and name left out.
fn reference(api_version: &str, kind: &str, namespace: &str, name: &str) -> Value {
    let mut r = Map::new();
    r.insert("apiVersion".into(), api_version.into());
    r.insert("kind".into(), kind.into());
    if !namespace.is_empty() {
        r.insert("namespace".into(), namespace.into());
    }
    if !name.is_empty() {
        r.insert("name".into(), name.into());
    }
    Value::Object(r)
}

fn pod_template_kind(kind: Kind, o: &Value, namespace: &str) -> Result<Vec<Value>, String> {
    let spec = &o["spec"];
    let pod_spec = match kind {
        Kind::Pod => spec,
        Kind::CronJob => &spec["jobTemplate"]["spec"]["template"]["spec"],
        _ => &spec["template"]["spec"],
    };
    let template = json!({ "spec": encode("PodSpec", pod_spec) });
    let mut refs = pod_dependencies(&template, namespace)?.unwrap_or_default();
    if kind == Kind::StatefulSet {
        let claims: Vec<&str> = spec["volumeClaimTemplates"]
            .as_array()
            .map(|l| l.iter().map(|t| str(&t["metadata"]["name"])).collect())
            .unwrap_or_default();
        if !claims.is_empty() {
            refs.retain(|r| {
                r["kind"] != "PersistentVolumeClaim" || !claims.contains(&str(&r["name"]))
            });
        }
    }
    Ok(refs)
}

/// One Secret per TLS entry, in order, duplicates kept.
fn ingress(o: &Value, namespace: &str) -> Vec<Value> {
    o["spec"]["tls"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|tls| reference("v1", "Secret", namespace, str(&tls["secretName"])))
        .collect()
}

/// The derived Service and its EndpointSlices.
fn service_import(o: &Value, namespace: &str) -> Vec<Value> {
    let derived = format!("derived-{}", str(&o["metadata"]["name"]));
    let mut slices = reference("discovery.k8s.io/v1", "EndpointSlice", namespace, "");
    slices["labelSelector"] = json!({"matchLabels": {"kubernetes.io/service-name": derived}});
    vec![reference("v1", "Service", namespace, &derived), slices]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deps(kind: Kind, obj: &Value) -> Result<Value, String> {
        (crate::native::entry(kind).dependencies.unwrap())(obj)
    }

    #[test]
    fn ingress_validation_errors() {
        let ing =
            json!({"spec": {"tls": [{"hosts": ["a"]}, {"secretName": "ok"}, {"hosts": ["b"]}]}});
        assert_eq!(
            deps(Kind::Ingress, &ing).unwrap_err(),
            "[dependencies[0]: Invalid value: {\"apiVersion\":\"v1\",\"kind\":\"Secret\"}: dependency can not leave name and labelSelector all empty, dependencies[2]: Invalid value: {\"apiVersion\":\"v1\",\"kind\":\"Secret\"}: dependency can not leave name and labelSelector all empty]"
        );
        let one = json!({"metadata": {"namespace": "ns"}, "spec": {"tls": [{"hosts": ["a"]}]}});
        assert_eq!(
            deps(Kind::Ingress, &one).unwrap_err(),
            "dependencies[0]: Invalid value: {\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"namespace\":\"ns\"}: dependency can not leave name and labelSelector all empty"
        );
    }

    #[test]
    fn ingress_and_service_import() {
        let ing = json!({"metadata": {"namespace": "ns"}, "spec": {"tls": [{"secretName": "s"}, {"secretName": "s"}]}});
        assert_eq!(
            deps(Kind::Ingress, &ing).unwrap(),
            json!([{"apiVersion": "v1", "kind": "Secret", "namespace": "ns", "name": "s"},
                   {"apiVersion": "v1", "kind": "Secret", "namespace": "ns", "name": "s"}])
        );
        assert_eq!(deps(Kind::Ingress, &json!({})).unwrap(), Value::Null);
        let si = json!({"metadata": {"name": "x"}});
        assert_eq!(
            deps(Kind::ServiceImport, &si).unwrap(),
            json!([{"apiVersion": "v1", "kind": "Service", "name": "derived-x"},
                   {"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
                    "labelSelector": {"matchLabels": {"kubernetes.io/service-name": "derived-x"}}}])
        );
        let long = json!({"metadata": {"name": format!("{}-", "x".repeat(60))}});
        let err = deps(Kind::ServiceImport, &long).unwrap_err();
        assert!(
            err.starts_with(
                "[dependencies[1].labelSelector.matchLabels: Invalid value: \"derived-"
            )
        );
        assert!(err.contains("must be no more than 63 characters, dependencies[1]"));
        assert!(err.contains("a valid label must be an empty string"));
    }

    #[test]
    fn pod_template_kinds() {
        let sts = json!({"metadata": {"namespace": "ns"}, "spec": {
            "volumeClaimTemplates": [{"metadata": {"name": "data"}}],
            "template": {"metadata": {"namespace": "other"}, "spec": {"volumes": [
                {"name": "a", "persistentVolumeClaim": {"claimName": "data"}},
                {"name": "b", "persistentVolumeClaim": {"claimName": "data-web-0"}}]}}}});
        assert_eq!(
            deps(Kind::StatefulSet, &sts).unwrap(),
            json!([{"apiVersion": "v1", "kind": "PersistentVolumeClaim", "namespace": "ns", "name": "data-web-0"}])
        );
        let only_template = json!({"spec": {"volumeClaimTemplates": [{"metadata": {"name": "data"}}],
            "template": {"spec": {"volumes": [{"name": "a", "persistentVolumeClaim": {"claimName": "data"}}]}}}});
        assert_eq!(
            deps(Kind::StatefulSet, &only_template).unwrap(),
            Value::Null
        );
        let pod = json!({"spec": {"serviceAccountName": "sa", "serviceAccount": "old",
            "ephemeralContainers": [{"name": "e", "env": [{"name": "x", "valueFrom": {"secretKeyRef": {"name": "s2", "key": "k"}}}]}],
            "volumes": [{"name": "v", "secret": {"secretName": "s1"}, "projected": {"sources": [{"secret": {"name": "p"}}]}}]}});
        assert_eq!(
            deps(Kind::Pod, &pod).unwrap(),
            json!([{"apiVersion": "v1", "kind": "Secret", "name": "p"},
                   {"apiVersion": "v1", "kind": "Secret", "name": "s2"},
                   {"apiVersion": "v1", "kind": "ServiceAccount", "name": "sa"}])
        );
        let cron = json!({"metadata": {"namespace": "n"}, "spec": {"jobTemplate": {"spec": {"template": {"spec": {
            "containers": [{"name": "c", "envFrom": [{"configMapRef": {"name": "cm"}}]}]}}}}}});
        assert_eq!(
            deps(Kind::CronJob, &cron).unwrap(),
            json!([{"apiVersion": "v1", "kind": "ConfigMap", "namespace": "n", "name": "cm"}])
        );
    }

    #[test]
    fn typed_view_error_prefix() {
        let bad = json!({"spec": {"template": {"spec": {"containers": "x"}}}});
        assert_eq!(
            deps(Kind::Deployment, &bad).unwrap_err(),
            "failed to convert Deployment from unstructured object: cannot restore slice from string"
        );
    }
}

//! Karmada's native (built-in, Go-coded) interpreters for core Kubernetes
//! kinds, reimplemented in Rust over JSON values.

mod access;
mod aggregate;
mod dependencies;
mod health;
mod reflect;
mod replica;
mod retain;
mod revise;
mod table;

use crate::ops::{OpInput, Operation, Outcome};
use serde_json::Value;
#[cfg(test)]
pub(crate) use table::entry;
use table::{MATRIX_OPS, NATIVE, Native};

/// A kind with at least one native handler.
// Kinds without a kind-specific worker (ServiceAccount, Secret) are only
// named by the handlers' tests, which look entries up by kind.
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Deployment,
    ReplicaSet,
    StatefulSet,
    DaemonSet,
    Job,
    CronJob,
    Pod,
    Service,
    ServiceAccount,
    Secret,
    PersistentVolumeClaim,
    PersistentVolume,
    Ingress,
    PodDisruptionBudget,
    HorizontalPodAutoscaler,
    ServiceImport,
}

#[cfg(test)]
use Operation::{
    AggregateStatus as Agg, InterpretDependency as Dep, InterpretHealth as Health,
    InterpretReplica as Rep, InterpretStatus as Status, Retain as Ret, ReviseReplica as Rev,
};

/// The group and version of an apiVersion, as `schema.ParseGroupVersion`
/// (an unparsable one gives an empty group and version).
fn group_version(api_version: &str) -> (&str, &str) {
    match api_version.split_once('/') {
        None => ("", api_version),
        Some((_, v)) if v.contains('/') => ("", ""),
        Some((g, v)) => (g, v),
    }
}

/// The entry of a kind with a native handler for `op` (InterpretStatus:
/// special ones).
fn handled(op: Operation, api_version: &str, kind: &str) -> Option<&'static Native> {
    let gv = group_version(api_version);
    NATIVE
        .iter()
        .find(|n| group_version(n.api_version) == gv && n.name == kind && n.handles(op))
}

/// Whether a native interpreter handles `op` for this apiVersion and kind.
pub fn supports(op: Operation, api_version: &str, kind: &str) -> bool {
    match op {
        Operation::InterpretStatus => true,
        Operation::InterpretComponent => false,
        _ => handled(op, api_version, kind).is_some(),
    }
}

/// The natively supported (apiVersion, kind, operation) triples, without the
/// generic InterpretStatus fallback.
pub fn matrix() -> Vec<(String, String, Operation)> {
    NATIVE
        .iter()
        .flat_map(|n| {
            MATRIX_OPS
                .iter()
                .filter(|op| n.handles(**op))
                .map(|op| (n.api_version.to_string(), n.name.to_string(), *op))
        })
        .collect()
}

/// The GVK text of error messages: `apps/v1, Kind=DaemonSet`, `/v1, Kind=Pod`.
fn gvk_text(obj: &Value) -> String {
    let (group, version) = group_version(access::string_or_empty(obj, &["apiVersion"]));
    format!(
        "{group}/{version}, Kind={}",
        access::string_or_empty(obj, &["kind"])
    )
}

/// What a failure of `interpret` means in the user's terms, when its
/// text reads as Go internals: a workload's InterpretStatus on an object
/// without Karmada's template generation annotation.
pub fn failure_hint(op: Operation, input: &OpInput) -> Option<String> {
    let obj = input.object()?;
    let workload = access::string_or_empty(obj, &["apiVersion"]) == "apps/v1"
        && matches!(
            access::string_or_empty(obj, &["kind"]),
            "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet"
        );
    (op == Operation::InterpretStatus && workload)
        .then(|| reflect::generation_hint(obj))
        .flatten()
}

/// Runs the native interpreter. `Err` holds Karmada's error text.
pub fn interpret(op: Operation, input: &OpInput) -> Result<Outcome, String> {
    if op == Operation::InterpretComponent {
        return Err("interface GetComponents not implemented yet".into());
    }
    let obj = if op == Operation::Retain {
        input.desired.as_ref()
    } else {
        input.object()
    }
    .ok_or_else(|| format!("no object given for {op}"))?;
    let api_version = access::string_or_empty(obj, &["apiVersion"]);
    let kind_name = access::string_or_empty(obj, &["kind"]);
    let Some(native) = handled(op, api_version, kind_name) else {
        return match op {
            Operation::InterpretStatus => Ok(one("status", reflect::generic(obj)?)),
            Operation::InterpretDependency => {
                Err("default interpreter for operation InterpretDependency not found".into())
            }
            _ => Err(format!(
                "default {op} interpreter for \"{}\" not found",
                gvk_text(obj)
            )),
        };
    };
    // `handled` found a handler for `op`, so the field below is set.
    let missing = || format!("no native {op} handler");
    match op {
        Operation::InterpretReplica => {
            let (replica, requires) = (native.replica.ok_or_else(missing)?)(obj)?;
            Ok(Outcome {
                results: vec![("replica", Value::from(replica)), ("requires", requires)],
            })
        }
        Operation::ReviseReplica => Ok(one(
            "revised",
            (native.revise.ok_or_else(missing)?)(obj, i64::from(input.desired_replica))?,
        )),
        Operation::Retain => {
            let observed = input
                .observed
                .as_ref()
                .ok_or_else(|| "no observed object given for Retain".to_string())?;
            Ok(one(
                "retained",
                (native.retain.ok_or_else(missing)?)(obj, observed)?,
            ))
        }
        Operation::AggregateStatus => Ok(one(
            "aggregatedStatus",
            (native.aggregate.ok_or_else(missing)?)(
                obj,
                input
                    .status_items
                    .as_ref()
                    .map(|s| s.to_values())
                    .as_deref(),
            )?,
        )),
        Operation::InterpretStatus => Ok(one("status", (native.status.ok_or_else(missing)?)(obj)?)),
        Operation::InterpretHealth => Ok(one(
            "healthy",
            Value::Bool((native.health.ok_or_else(missing)?)(obj)?),
        )),
        Operation::InterpretDependency => Ok(one(
            "dependencies",
            (native.dependencies.ok_or_else(missing)?)(obj)?,
        )),
        Operation::InterpretComponent => Err("interface GetComponents not implemented yet".into()),
    }
}

fn one(name: &'static str, value: Value) -> Outcome {
    Outcome {
        results: vec![(name, value)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(op: Operation, obj: Value) -> Result<Outcome, String> {
        interpret(
            op,
            &OpInput {
                desired: Some(obj),
                ..Default::default()
            },
        )
    }

    #[test]
    fn support_matrix() {
        assert!(supports(Rep, "apps/v1", "Deployment"));
        assert!(!supports(Rep, "apps/v1beta1", "Deployment"));
        assert!(!supports(Rep, "apps/v1", "deployment"));
        assert!(supports(Status, "example.io/v1", "Widget"));
        assert!(!supports(
            Operation::InterpretComponent,
            "apps/v1",
            "Deployment"
        ));
        assert!(supports(
            Dep,
            "multicluster.x-k8s.io/v1alpha1",
            "ServiceImport"
        ));
        assert!(!supports(Health, "batch/v1", "Job"));
        let m = matrix();
        assert!(m.contains(&("v1".into(), "Pod".into(), Agg)));
        assert!(!m.iter().any(|(_, k, op)| k == "Pod" && *op == Status));
    }

    /// Karmada's errors of the native interpreters, other than the
    /// unsupported-kind ones.
    #[test]
    fn error_cases_other_than_unsupported_kinds() {
        let deployment = |spec: Value| json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"}, "spec": spec});
        assert_eq!(
            run(Rep, deployment(json!({"replicas": "3"}))).unwrap_err(),
            "unrecognized type: int32"
        );
        let revise = |obj: Value| {
            interpret(
                Rev,
                &OpInput {
                    desired: Some(obj),
                    desired_replica: 7,
                    ..Default::default()
                },
            )
        };
        assert_eq!(
            revise(deployment(json!({"replicas": 1.5}))).unwrap_err(),
            ".spec.replicas accessor error: 1.5 is of the type float64, expected int64"
        );
        assert_eq!(
            revise(json!({"apiVersion": "apps/v1", "kind": "Deployment", "spec": "x"}))
                .unwrap_err(),
            ".spec.replicas accessor error: x is of the type string, expected map[string]interface{}"
        );
        let labelled = json!({"apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": {"name": "d", "labels": {"resourcetemplate.karmada.io/retain-replicas": "true"}}});
        let observed = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d", "namespace": "ns"}, "spec": {}});
        let retained = interpret(
            Ret,
            &OpInput {
                desired: Some(labelled),
                observed: Some(observed),
                ..Default::default()
            },
        );
        assert_eq!(
            retained.unwrap_err(),
            "failed to get spec.replicas from Deployment ns/d"
        );
        let aggregated = interpret(
            Agg,
            &OpInput {
                desired: Some(deployment(json!({}))),
                status_items: Some(
                    crate::input::StatusItems::from_values(
                        "s.yaml",
                        &[json!({"clusterName": "m", "status": {"replicas": "x"}})],
                    )
                    .unwrap(),
                ),
                ..Default::default()
            },
        );
        assert_eq!(
            aggregated.unwrap_err(),
            "json: cannot unmarshal string into Go struct field WrappedDeploymentStatus.replicas of type int32"
        );
        let mut with_status = deployment(json!({}));
        with_status["status"] = json!({"replicas": 1});
        assert_eq!(
            run(Status, with_status.clone()).unwrap_err(),
            "strconv.ParseInt: parsing \"\": invalid syntax"
        );
        with_status["metadata"]["annotations"] =
            json!({"resourcetemplate.karmada.io/generation": " 3"});
        assert_eq!(
            run(Status, with_status.clone()).unwrap_err(),
            "strconv.ParseInt: parsing \" 3\": invalid syntax"
        );
        with_status["metadata"]["annotations"] =
            json!({"resourcetemplate.karmada.io/generation": "+3"});
        assert_eq!(
            run(Status, with_status).unwrap().get("status"),
            Some(&json!({"resourceTemplateGeneration": 3, "replicas": 1}))
        );
        for kind in [("v1", "ConfigMap"), ("apps/v1", "Deployment")] {
            let obj = json!({"apiVersion": kind.0, "kind": kind.1, "status": 5});
            assert_eq!(
                run(Status, obj).unwrap_err(),
                ".status accessor error: 5 is of the type int64, expected map[string]interface{}"
            );
        }
        let ingress = json!({"apiVersion": "networking.k8s.io/v1", "kind": "Ingress",
            "spec": {"tls": [{"hosts": ["a"]}, {"secretName": "ok"}, {"hosts": ["b"]}]}});
        let failure = "Invalid value: {\"apiVersion\":\"v1\",\"kind\":\"Secret\"}: dependency can not leave name and labelSelector all empty";
        assert_eq!(
            run(Dep, ingress).unwrap_err(),
            format!("[dependencies[0]: {failure}, dependencies[2]: {failure}]")
        );
    }

    #[test]
    fn unsupported_kind_errors() {
        let ds = json!({"apiVersion": "apps/v1", "kind": "DaemonSet"});
        assert_eq!(
            run(Rep, ds).unwrap_err(),
            "default InterpretReplica interpreter for \"apps/v1, Kind=DaemonSet\" not found"
        );
        let pod = json!({"apiVersion": "v1", "kind": "Pod"});
        assert_eq!(
            run(Rev, pod).unwrap_err(),
            "default ReviseReplica interpreter for \"/v1, Kind=Pod\" not found"
        );
        let hpa = json!({"apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler"});
        assert_eq!(
            run(Agg, hpa).unwrap_err(),
            "default AggregateStatus interpreter for \"autoscaling/v1, Kind=HorizontalPodAutoscaler\" not found"
        );
        let job = json!({"apiVersion": "batch/v1", "kind": "Job"});
        assert_eq!(
            run(Health, job).unwrap_err(),
            "default InterpretHealth interpreter for \"batch/v1, Kind=Job\" not found"
        );
        let svc = json!({"apiVersion": "v1", "kind": "Service"});
        assert_eq!(
            run(Dep, svc.clone()).unwrap_err(),
            "default interpreter for operation InterpretDependency not found"
        );
        assert_eq!(
            run(Operation::InterpretComponent, svc).unwrap_err(),
            "interface GetComponents not implemented yet"
        );
        let cm = json!({"apiVersion": "v1", "kind": "ConfigMap"});
        let err = interpret(
            Ret,
            &OpInput {
                desired: Some(cm.clone()),
                observed: Some(cm),
                ..Default::default()
            },
        )
        .unwrap_err();
        assert_eq!(
            err,
            "default Retain interpreter for \"/v1, Kind=ConfigMap\" not found"
        );
    }

    /// Named Go types and list indices in error texts, as Karmada prints
    /// them (texts recorded from Karmada's native interpreters).
    #[test]
    fn errors_name_go_types_and_list_elements() {
        let deployment = |spec: Value| json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"}, "spec": spec});
        let mut d = deployment(json!({"template": {"spec": {"restartPolicy": 5}}}));
        assert_eq!(
            run(Rep, d.clone()).unwrap_err(),
            "cannot convert int64 to v1.RestartPolicy"
        );
        d["spec"]["template"]["spec"] =
            json!({"containers": [{"name": "a", "imagePullPolicy": 5}]});
        assert_eq!(
            run(Rep, d).unwrap_err(),
            "cannot convert int64 to v1.PullPolicy"
        );
        let aggregate = |desired: Value, status: Value| {
            let items = crate::input::StatusItems::from_values(
                "s.yaml",
                &[json!({"clusterName": "m0", "applied": true, "status": status})],
            )
            .unwrap();
            interpret(
                Agg,
                &OpInput {
                    desired: Some(desired),
                    status_items: Some(items),
                    ..Default::default()
                },
            )
            .unwrap_err()
        };
        assert_eq!(
            aggregate(
                deployment(json!({})),
                json!({"replicas": 1, "conditions": [{"type": 5}]})
            ),
            "json: cannot unmarshal number into Go struct field WrappedDeploymentStatus.conditions.0.type of type v1.DeploymentConditionType"
        );
        let job = json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "d"}});
        assert_eq!(
            aggregate(job, json!({"conditions": [5]})),
            "json: cannot unmarshal number into JobStatus.conditions.0 of type v1.JobCondition"
        );
    }
}

//! Tests of running operations through scripts (`customized.rs`).

use super::*;
use serde_json::json;

fn profile() -> Profile {
    Profile {
        print: PrintSink::Discard,
        ..Profile::default()
    }
}

fn deploy() -> Value {
    json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d", "annotations": {}},
           "spec": {"replicas": 3, "template": {"spec": {"containers": [{"name": "a", "args": [], "resources": {}}]}}}})
}

fn input() -> OpInput {
    OpInput {
        desired: Some(deploy()),
        observed: Some(deploy()),
        ..OpInput::default()
    }
}

fn one(op: Operation, script: &str, input: &OpInput) -> Result<Outcome, String> {
    run(op, &[script], input, &profile()).map_err(|f| f.message)
}

#[test]
fn int32_truncation() {
    assert_eq!(go_int32(2.7), 2);
    assert_eq!(go_int32(-2.7), -2);
    assert_eq!(go_int32(-0.0), 0);
    assert_eq!(go_int32(3e9), i32::MIN);
    assert_eq!(go_int32(2147483648.0), i32::MIN);
    assert_eq!(go_int32(f64::NAN), i32::MIN);
    assert_eq!(go_int32(2147483647.9), 2147483647);
}

#[test]
fn retain_keeps_reference_empties() {
    let out = one(
        Operation::Retain,
        "function Retain(d, o) return d end",
        &input(),
    )
    .unwrap();
    assert_eq!(
        out.get("retained"),
        Some(&kinterp_go::value::with_f64_numbers(&deploy()))
    );
}

#[test]
fn aggregate_drops_empties() {
    let out = one(
        Operation::AggregateStatus,
        "function AggregateStatus(d, items) d.status = {conditions = {}} return d end",
        &input(),
    )
    .unwrap();
    let got = out.get("aggregatedStatus").unwrap();
    assert_eq!(got["metadata"].get("annotations"), None);
    assert_eq!(got["status"], json!({}));
}

#[test]
fn result_type_errors() {
    let i = input();
    assert_eq!(
        one(
            Operation::InterpretReplica,
            "function GetReplicas(o) return '5' end",
            &i
        ),
        Err("result type 3 is not number".into())
    );
    assert_eq!(
        one(
            Operation::InterpretHealth,
            "function InterpretHealth(o) return 1 end",
            &i
        ),
        Err("result type 2 is not bool".into())
    );
    assert_eq!(
        one(
            Operation::Retain,
            "function Retain(d, o) return nil end",
            &i
        ),
        Err("expect the returned requires type is table but got nil".into())
    );
    assert_eq!(
        one(
            Operation::InterpretStatus,
            "function ReflectStatus(o) return 'x' end",
            &i
        ),
        Err("expect the returned replica type is table but got string".into())
    );
    assert_eq!(
        one(
            Operation::InterpretComponent,
            "function GetComponents(o) return 5 end",
            &i
        ),
        Err("expected result type 'table' or 'nil' from GetComponents, but got 'number'".into())
    );
    assert_eq!(
        one(
            Operation::InterpretComponent,
            "function GetComponents(o) error('x') end",
            &i
        ),
        Err("failed to run 'GetComponents' script: <string>:1: x\nstack traceback:\n\t[G]: in function 'error'\n\t<string>:1: in main chunk\n\t[G]: ?".into())
    );
    assert_eq!(
        one(
            Operation::AggregateStatus,
            "function AggregateStatus(o) return {apiVersion='v1'} end",
            &i
        ),
        Err(
            "json unmarshal obj failed: Object 'Kind' is missing in '{\"apiVersion\":\"v1\"}'"
                .into()
        )
    );
}

#[test]
fn replica_and_requires() {
    let out = one(
        Operation::InterpretReplica,
        "function GetReplicas(o) return o.spec.replicas + 0.9, {namespace='n', nodeClaim={nodeSelector={}}} end",
        &input(),
    )
    .unwrap();
    assert_eq!(out.get("replica"), Some(&json!(3)));
    assert_eq!(
        out.get("requires"),
        Some(&json!({"namespace": "n", "nodeClaim": {}}))
    );
    let out = one(
        Operation::InterpretReplica,
        "function GetReplicas(o) return 1 end",
        &input(),
    )
    .unwrap();
    assert_eq!(out.get("requires"), Some(&Value::Null));
}

#[test]
fn components_and_dependencies() {
    let out = one(
        Operation::InterpretComponent,
        "function GetComponents(o) return {{name='a', replicas=2}, {}} end",
        &input(),
    )
    .unwrap();
    assert_eq!(
        out.get("components"),
        Some(&json!([{"name": "a", "replicas": 2}]))
    );
    let s1 = "function GetDependencies(o) seen = true return {{apiVersion='v1', kind='Secret', name='s'}} end";
    let s2 = "function GetDependencies(o) assert(seen) return {{apiVersion='v1', kind='ConfigMap', name='c'}, {apiVersion='v1', kind='Secret', name='s'}} end";
    let out = run(
        Operation::InterpretDependency,
        &[s1, s2],
        &input(),
        &profile(),
    )
    .unwrap();
    assert_eq!(
        out.get("dependencies"),
        Some(
            &json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "c"}, {"apiVersion": "v1", "kind": "Secret", "name": "s"}])
        )
    );
}

/// Results are read into Karmada's types in full (nested selectors,
/// tolerations), with Go's error paths and precedence; texts recorded
/// from karmadactl.
#[test]
fn typed_result_errors() {
    let i = input();
    let err = |op, script: &str| one(op, script, &i).unwrap_err();
    let rep = |body: &str| {
        err(
            Operation::InterpretReplica,
            &format!("function GetReplicas(o) return 1, {body} end"),
        )
    };
    let prefix = "json unmarshal obj failed: json: cannot unmarshal ";
    assert_eq!(
        rep("{nodeClaim = {hardNodeAffinity = {nodeSelectorTerms = 'x'}}}"),
        format!(
            "{prefix}string into Go struct field ReplicaRequirements.nodeClaim.hardNodeAffinity.nodeSelectorTerms of type []v1.NodeSelectorTerm"
        )
    );
    assert_eq!(
        rep("{nodeClaim = {hardNodeAffinity = 'x'}}"),
        format!(
            "{prefix}string into Go struct field ReplicaRequirements.nodeClaim.hardNodeAffinity of type v1.NodeSelector"
        )
    );
    assert_eq!(
        rep("{resourceRequest = {cpu = 'x'}, nodeClaim = {tolerations = {{key = 5}}}}"),
        format!(
            "{prefix}number into Go struct field ReplicaRequirements.nodeClaim.tolerations.0.key of type string"
        )
    );
    assert_eq!(
        rep("{namespace = 5, nodeClaim = 'x'}"),
        format!("{prefix}number into Go struct field ReplicaRequirements.namespace of type string")
    );
    let comp = |body: &str| {
        err(
            Operation::InterpretComponent,
            &format!("function GetComponents(o) return {body} end"),
        )
    };
    let comp_prefix = format!("failed to convert lua table for components: {prefix}");
    assert_eq!(
        comp("{{name = 'a', replicas = 2.5}}"),
        format!("{comp_prefix}number 2.5 into Go struct field .0.replicas of type int32")
    );
    assert_eq!(
        comp("{5}"),
        format!("{comp_prefix}number into .0 of type v1alpha2.Component")
    );
    let dep = |body: &str| {
        err(
            Operation::InterpretDependency,
            &format!("function GetDependencies(o) return {body} end"),
        )
    };
    assert_eq!(
        dep("{5}"),
        format!("{prefix}number into .0 of type v1alpha1.DependentObjectReference")
    );
    assert_eq!(
        dep(
            "{{apiVersion = 'v1', kind = 'Secret', name = 'a', labelSelector = {matchLabels = {a = 5}}}}"
        ),
        format!(
            "{prefix}number into Go struct field .0.labelSelector.matchLabels.a of type string"
        )
    );
}

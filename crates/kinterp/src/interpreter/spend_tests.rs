//! Tests of runs given their input (`Interpreter::run_owned`): they answer
//! as runs lent the same input do.

use super::*;
use serde_json::json;

const RIC: &str = "
apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: one}
spec:
  target: {apiVersion: apps/v1, kind: Deployment}
  customizations:
    retention:
      luaScript: |
        function Retain(desired, observed)
          desired.metadata.labels = observed.metadata.labels
          return desired
        end
    dependencyInterpretation:
      luaScript: |
        function GetDependencies(obj)
          return {{apiVersion = 'v1', kind = 'ConfigMap', namespace = 'ns', name = obj.metadata.name}}
        end
    statusAggregation:
      luaScript: |
        function AggregateStatus(desired, items)
          local ready = 0
          for _, item in ipairs(items) do ready = ready + item.status.ready end
          desired.status = {readyReplicas = ready, clusters = #items}
          return desired
        end
---
apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: two}
spec:
  target: {apiVersion: apps/v1, kind: Deployment}
  customizations:
    dependencyInterpretation:
      luaScript: |
        function GetDependencies(obj)
          return {{apiVersion = 'v1', kind = 'Secret', namespace = 'ns', name = obj.metadata.name .. '-s'}}
        end
";

fn interpreter() -> Interpreter {
    let set = crate::customizations_from_str("ric.yaml", RIC).unwrap();
    Interpreter::customizations(set, Profile::default())
}

fn deployment(name: &str, labels: Value) -> Value {
    json!({"apiVersion": "apps/v1", "kind": "Deployment",
           "metadata": {"name": name, "labels": labels}, "spec": {"replicas": 2}})
}

fn input() -> OpInput {
    OpInput {
        desired: Some(deployment("d", json!({"a": "1"}))),
        observed: Some(deployment("o", json!({"b": "2", "c": "3"}))),
        ..OpInput::default()
    }
}

fn retained() -> Value {
    json!({"apiVersion": "apps/v1", "kind": "Deployment",
           "metadata": {"name": "d", "labels": {"b": "2", "c": "3"}}, "spec": {"replicas": 2.0}})
}

/// `op` on `input`, lent and given: the two answers, which must agree.
fn lent_and_given(
    interpreter: &Interpreter,
    op: Operation,
    input: OpInput,
) -> Result<Outcome, Diagnostic> {
    let lent = interpreter.run(op, &input);
    let given = interpreter.run_owned(op, input);
    assert_eq!(given, lent);
    given
}

#[test]
fn a_run_keeps_its_objects() {
    let input = input();
    let out = interpreter().run(Operation::Retain, &input).unwrap();
    assert_eq!(out.get("retained"), Some(&retained()));
    assert_eq!(input.desired, Some(deployment("d", json!({"a": "1"}))));
    assert_eq!(
        input.observed,
        Some(deployment("o", json!({"b": "2", "c": "3"})))
    );
}

#[test]
fn given_objects_are_converted_as_lent_ones() {
    let out = lent_and_given(&interpreter(), Operation::Retain, input()).unwrap();
    assert_eq!(out.get("retained"), Some(&retained()));
}

#[test]
fn every_dependency_script_gets_the_object_before_it_is_spent() {
    let input = OpInput {
        desired: Some(deployment("d", json!({}))),
        ..OpInput::default()
    };
    let out = lent_and_given(&interpreter(), Operation::InterpretDependency, input).unwrap();
    assert_eq!(
        out.get("dependencies"),
        Some(&json!([
            {"apiVersion": "v1", "kind": "ConfigMap", "namespace": "ns", "name": "d"},
            {"apiVersion": "v1", "kind": "Secret", "namespace": "ns", "name": "d-s"}
        ]))
    );
}

#[test]
fn given_status_items_are_converted_as_lent_ones() {
    let text: String = (0..3000)
        .map(|n| {
            format!(
                "{{\"clusterName\": \"m{n}\", \"status\": {{\"ready\": {}}}}}\n",
                n % 3
            )
        })
        .collect();
    let input = OpInput {
        desired: Some(deployment("d", json!({}))),
        status_items: Some(crate::input::StatusItems::parse("s.json", &text).unwrap()),
        ..OpInput::default()
    };
    let out = lent_and_given(&interpreter(), Operation::AggregateStatus, input).unwrap();
    assert_eq!(
        out.get("aggregatedStatus").and_then(|v| v.get("status")),
        Some(&json!({"readyReplicas": 3000.0, "clusters": 3000.0}))
    );
}

#[test]
fn native_code_reads_a_given_input() {
    // No script converts anything into Lua: native code answers.
    let deployment =
        json!({"apiVersion": "apps/v1", "kind": "Deployment", "spec": {"replicas": 3}});
    let input = OpInput {
        desired: Some(deployment),
        ..OpInput::default()
    };
    let builtins = Interpreter::builtins(Profile::default());
    let out = lent_and_given(&builtins, Operation::InterpretReplica, input).unwrap();
    assert_eq!(out.get("replica"), Some(&json!(3)));
}

#[test]
fn a_failing_script_fails_alike_given_or_lent() {
    let input = OpInput {
        desired: Some(json!({"apiVersion": "apps/v1", "kind": "Deployment"})),
        observed: Some(json!({"spec": {}})),
        ..OpInput::default()
    };
    let failed = lent_and_given(&interpreter(), Operation::Retain, input).unwrap_err();
    assert!(
        failed
            .message
            .starts_with("<string>:2: attempt to index a non-table object(nil) with key 'labels'"),
        "{}",
        failed.message
    );
}

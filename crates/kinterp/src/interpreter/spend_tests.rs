//! Tests of runs that spend their objects (`Interpreter::run_spending`).

use super::*;
use crate::ops::Spend;
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

const BOTH: Spend = Spend {
    desired: true,
    observed: true,
};

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
fn spent_objects_are_taken_by_their_conversion() {
    let mut input = input();
    let out = interpreter()
        .run_spending(Operation::Retain, &mut input, BOTH)
        .unwrap();
    assert_eq!(out.get("retained"), Some(&retained()));
    assert_eq!(input.desired, None);
    assert_eq!(input.observed, None);
}

#[test]
fn only_the_marked_objects_are_spent() {
    let mut input = input();
    let spend = Spend {
        desired: false,
        observed: true,
    };
    let out = interpreter()
        .run_spending(Operation::Retain, &mut input, spend)
        .unwrap();
    assert_eq!(out.get("retained"), Some(&retained()));
    assert_eq!(input.desired, Some(deployment("d", json!({"a": "1"}))));
    assert_eq!(input.observed, None);
}

#[test]
fn every_dependency_script_gets_the_object_before_it_is_spent() {
    let mut input = OpInput {
        desired: Some(deployment("d", json!({}))),
        ..OpInput::default()
    };
    let out = interpreter()
        .run_spending(Operation::InterpretDependency, &mut input, BOTH)
        .unwrap();
    assert_eq!(
        out.get("dependencies"),
        Some(&json!([
            {"apiVersion": "v1", "kind": "ConfigMap", "namespace": "ns", "name": "d"},
            {"apiVersion": "v1", "kind": "Secret", "namespace": "ns", "name": "d-s"}
        ]))
    );
    assert_eq!(input.desired, None);
}

#[test]
fn objects_no_script_converts_are_kept() {
    // The native interpreter answers: nothing was converted into Lua.
    let deployment =
        json!({"apiVersion": "apps/v1", "kind": "Deployment", "spec": {"replicas": 3}});
    let mut input = OpInput {
        desired: Some(deployment.clone()),
        ..OpInput::default()
    };
    let builtins = Interpreter::builtins(Profile::default());
    let out = builtins
        .run_spending(Operation::InterpretReplica, &mut input, BOTH)
        .unwrap();
    assert_eq!(out.get("replica"), Some(&json!(3)));
    assert_eq!(input.desired, Some(deployment));
}

#[test]
fn a_failing_script_spends_them_all_the_same() {
    let fresh = OpInput {
        desired: Some(json!({"apiVersion": "apps/v1", "kind": "Deployment"})),
        observed: Some(json!({"spec": {}})),
        ..OpInput::default()
    };
    let kept = interpreter().run(Operation::Retain, &fresh).unwrap_err();
    assert!(
        kept.message
            .starts_with("<string>:2: attempt to index a non-table object(nil) with key 'labels'"),
        "{}",
        kept.message
    );
    let mut input = fresh.clone();
    let spent = interpreter()
        .run_spending(Operation::Retain, &mut input, BOTH)
        .unwrap_err();
    assert_eq!(spent, kept);
    assert_eq!((input.desired, input.observed), (None, None));
}

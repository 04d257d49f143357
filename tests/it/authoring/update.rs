//! `test --update`: failing cases' outputs rewritten in place.

use super::*;
use crate::builder::Test;

const REPLICA_RIC: &str = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: replicas}
spec:
  target: {apiVersion: apps/v1, kind: Deployment}
  customizations:
    replicaResource:
      luaScript: |
        function GetReplicas(obj)
          local requires = {resourceRequest = {cpu = '500m'}, nodeClaim = {hardNodeAffinity = {}}}
          return obj.spec.replicas * 2, requires
        end
    healthInterpretation:
      luaScript: |
        function InterpretHealth(obj)
          return obj.status.ready
        end
";

const UPDATE_CASES: &str = "# Replica cases: the first is out of date.
output:   # output first: key order is the author's
  replica: 3
  requires: '{{EXCLUDE}}'
name: replicas doubled
operation: InterpretReplica
desiredObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, spec: {replicas: 2}}

# This one passes and must stay as it is, byte for byte.
---
name: cpu as written
operation: InterpretReplica
desiredObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, spec: {replicas: 1}}
output:
  replica: 2
  requires:
    resourceRequest: {cpu: 0.5}   # same quantity, other spelling
    nodeClaim: '{{EXCLUDE}}'
---
name: health in flow style
operation: InterpretHealth
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, status: {ready: true}}
output: {healthy: false}  # trailing comment kept
";

#[test]
fn update_rewrites_only_the_outputs_of_failing_cases() {
    let mut test = Test::new()
        .file("ric.yaml", REPLICA_RIC)
        .file("cases.yaml", UPDATE_CASES);
    let file = test.path("cases.yaml");
    let test = test.args(["test", "cases.yaml", "-f", "ric.yaml", "--update"]);
    let out = test.run();
    assert!(
        out.stdout.ends_with(
            "1 passed, 2 failed
updated cases.yaml: InterpretReplica: replicas doubled
updated cases.yaml: InterpretHealth: health in flow style
"
        ),
        "{}",
        out.stdout
    );
    let want = UPDATE_CASES
        .replace(
            "output:   # output first: key order is the author's\n  replica: 3\n",
            "output:   # output first: key order is the author's\n  replica: 4\n",
        )
        .replace("output: {healthy: false}", "output: {\"healthy\":true}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), want);
    // The second case, untouched, is the same bytes as before.
    let second = |t: &str| t.split("---\n").nth(1).unwrap().to_string();
    assert_eq!(second(&want), second(UPDATE_CASES));
    // Now every case passes, and a second update changes nothing.
    let again = Test::new()
        .file("ric.yaml", REPLICA_RIC)
        .file("cases.yaml", &want)
        .args(["test", "cases.yaml", "-f", "ric.yaml", "--update"])
        .stdout(
            "PASS cases.yaml: InterpretReplica: replicas doubled
PASS cases.yaml: InterpretReplica: cpu as written
PASS cases.yaml: InterpretHealth: health in flow style
3 passed, 0 failed
",
        );
    again.run();
}

#[test]
fn update_leaves_cases_that_cannot_run_and_exits_1() {
    let cases = "name: fails
operation: InterpretHealth
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}}
output:
  healthy: true
";
    let ric = HEALTH_RIC.replace("return obj.status.ready == true", "error('no status')");
    let mut test = Test::new().file("ric.yaml", ric).file("cases.yaml", cases);
    let file = test.path("cases.yaml");
    let test = test
        .args(["test", "cases.yaml", "-f", "ric.yaml", "--update"])
        .status(1);
    let out = test.run();
    assert!(
        out.stdout.ends_with("0 passed, 1 failed\n"),
        "{}",
        out.stdout
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), cases);
}

//! `--trace`: the lines a rule ran and the locals they assigned.

use crate::builder::Test;

const TRACED_RIC: &str = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: health}
spec:
  target: {apiVersion: apps/v1, kind: Deployment}
  customizations:
    healthInterpretation:
      luaScript: |
        function InterpretHealth(obj)
          local want = obj.spec.replicas
          local have = obj.status.readyReplicas or 0
          for i, c in ipairs(obj.status.conditions or {}) do
            if c.type == 'Stalled' then
              have = 0
            end
          end
          return have >= want
        end
";

const STALLED: &str = "apiVersion: apps/v1
kind: Deployment
metadata: {name: w}
spec: {replicas: 2}
status:
  readyReplicas: 2
  conditions: [{type: Available}, {type: Stalled}]
";

const STALLED_TRACE: &str = "InterpretHealth:10: end
InterpretHealth:1: function InterpretHealth(obj)
InterpretHealth:10: end
InterpretHealth:2: local want = obj.spec.replicas
    want=2
InterpretHealth:3: local have = obj.status.readyReplicas or 0
    have=2
InterpretHealth:4: for i, c in ipairs(obj.status.conditions or {}) do
    i=1
    c={type=\"Available\"}
InterpretHealth:5: if c.type == 'Stalled' then
InterpretHealth:4: for i, c in ipairs(obj.status.conditions or {}) do
    i=2
    c={type=\"Stalled\"}
InterpretHealth:5: if c.type == 'Stalled' then
InterpretHealth:6: have = 0
    have=0
InterpretHealth:4: for i, c in ipairs(obj.status.conditions or {}) do
InterpretHealth:9: return have >= want
";

#[test]
fn trace_shows_lines_and_assigned_locals_on_stderr_only() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "interpret",
            "-f",
            "ric.yaml",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            "d.yaml",
        ];
        args.extend(extra);
        Test::new()
            .file("ric.yaml", TRACED_RIC)
            .file("d.yaml", STALLED)
            .args(args)
            .run()
    };
    let plain = run(&[]);
    let traced = run(&["--trace"]);
    assert_eq!(traced.stdout, plain.stdout);
    assert_eq!(plain.stdout, "---\n# [1/1] healthy:\nfalse\n");
    assert_eq!(traced.stderr, STALLED_TRACE);
}

#[test]
fn test_trace_names_each_case() {
    let case = "name: stalled
operation: InterpretHealth
observedObj:
  apiVersion: apps/v1
  kind: Deployment
  metadata: {name: w}
  spec: {replicas: 2}
  status:
    readyReplicas: 2
    conditions: [{type: Available}, {type: Stalled}]
output:
  healthy: false
";
    let out = Test::new()
        .file("ric.yaml", TRACED_RIC)
        .file("cases.yaml", case)
        .args(["test", "cases.yaml", "-f", "ric.yaml", "--trace"])
        .stdout("PASS cases.yaml: InterpretHealth: stalled\n1 passed, 0 failed\n")
        .run();
    assert_eq!(
        out.stderr,
        format!("trace cases.yaml: InterpretHealth: stalled\n{STALLED_TRACE}")
    );
}

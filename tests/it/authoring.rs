//! The authoring loop: bad cases failing alone, Karmada's layouts, saving
//! a run as a case, `--update`, `--compare`, `--builtins` and `--trace`.

use crate::builder::Test;

/// A health rule of our own: healthy when `status.ready` is true.
pub const HEALTH_RIC: &str = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: health}
spec:
  target: {apiVersion: apps/v1, kind: Deployment}
  customizations:
    healthInterpretation:
      luaScript: |
        function InterpretHealth(obj)
          return obj.status.ready == true
        end
";

const MIXED_CASES: &str = "name: ready
operation: InterpretHealth
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, status: {ready: true}}
output:
  healthy: true
---
name: typo in a field
operation: InterpretHealth
observed: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}}
output:
  healthy: false
---
name: typo in the operation
operation: Retian
output: {}
---
name: not ready
operation: InterpretHealth
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, status: {ready: false}}
output:
  healthy: false
";

const MIXED_REPORT: &str = "PASS cases.yaml: InterpretHealth: ready
FAIL cases.yaml: InterpretHealth: typo in a field
error: cases.yaml: case 2: unknown field \"observed\"

  tip: did you mean \"observedObj\"?
FAIL cases.yaml: Retian: typo in the operation
error: cases.yaml: case 3: unknown operation \"Retian\"

  tip: did you mean \"Retain\"?
PASS cases.yaml: InterpretHealth: not ready
2 passed, 2 failed
";

#[test]
fn bad_cases_fail_alone_and_name_the_field_meant() {
    Test::new()
        .file("ric.yaml", HEALTH_RIC)
        .file("cases.yaml", MIXED_CASES)
        .args(["test", "cases.yaml", "-f", "ric.yaml"])
        .stdout(MIXED_REPORT)
        .stderr("")
        .status(1)
        .run();
}

#[test]
fn an_undecodable_case_file_is_an_error_of_its_own() {
    Test::new()
        .file("ric.yaml", HEALTH_RIC)
        .file("cases.yaml", MIXED_CASES)
        .file("broken.yaml", "name: broken\noperation: [\n")
        .args(["test", "broken.yaml", "cases.yaml", "-f", "ric.yaml"])
        .stdout(MIXED_REPORT)
        .stderr("error: broken.yaml:3:1: invalid YAML: did not find expected node content\n")
        .status(2)
        .run();
}

#[test]
fn karmada_layouts_run_against_the_customizations_beside_them() {
    Test::new()
        .args(["test", "testdata/layout"])
        .stdout(
            "PASS testdata/layout/example.io/v1/Gadget/customizations_tests.yaml: InterpretHealth: tests[0] testdata/observed-gadget.yaml
PASS testdata/layout/example.io/v1/Gadget/customizations_tests.yaml: AggregateStatus: tests[1] testdata/desired-gadget.yaml
PASS testdata/layout/example.io/v1/Gadget/customizations_tests.yaml: ReviseReplica: tests[2] /testdata/desired-gadget.yaml
PASS testdata/layout/example.io/v1/Widget/testdata/interprethealth-test.yaml: InterpretHealth: enough widgets are ready
PASS testdata/layout/example.io/v1/Widget/testdata/interprethealth-test.yaml: InterpretHealth: too few widgets are ready
PASS testdata/layout/example.io/v1/Widget/testdata/interpretreplica-test.yaml: InterpretReplica: size is the replica count
6 passed, 0 failed
",
        )
        .run();
}

/// Copies `testdata/layout` into the test's directory, with `edit`
/// applied to the text of each file.
fn layout_copy(mut test: Test, edit: impl Fn(&str, String) -> String) -> Test {
    let root = crate::root().join("testdata/layout");
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(&root).unwrap().display().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            test = test.file(&format!("layout/{rel}"), edit(&rel, text));
        }
    }
    test
}

#[test]
fn the_scripts_beside_the_cases_are_the_ones_that_run() {
    // Breaking the Widget's health rule fails its health cases alone.
    let test = layout_copy(Test::new(), |rel, text| {
        if rel == "example.io/v1/Widget/customizations.yaml" {
            text.replace("return ready >= wanted", "return true")
        } else {
            text
        }
    });
    let out = test.args(["test", "layout"]).status(1).run();
    let verdicts: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("PASS") || l.starts_with("FAIL"))
        .map(|l| &l[..4])
        .collect();
    assert_eq!(verdicts, ["PASS", "PASS", "PASS", "PASS", "FAIL", "PASS"]);
    assert!(
        out.stdout.ends_with("5 passed, 1 failed\n"),
        "{}",
        out.stdout
    );
    // An old-format entry fails when its operation fails.
    let test = layout_copy(Test::new(), |rel, text| {
        if rel == "example.io/v1/Gadget/customizations.yaml" {
            text.replace(
                "return gadget.status.phase == 'Running'",
                "error('no phase')",
            )
        } else {
            text
        }
    });
    let out = test.args(["test", "layout"]).status(1).run();
    assert!(
        out.stdout.starts_with(
            "FAIL layout/example.io/v1/Gadget/customizations_tests.yaml: InterpretHealth: tests[0] testdata/observed-gadget.yaml\nExecute InterpretHealth error: <string>:2: no phase\n"
        ),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.ends_with("5 passed, 1 failed\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn old_format_entries_with_bad_fields_fail_alone() {
    let test = layout_copy(Test::new(), |rel, text| {
        if rel == "example.io/v1/Gadget/customizations_tests.yaml" {
            text.replace("operation: ReviseReplica", "operation: RevisReplica")
                .replace("statusInputPath", "statusPath")
        } else {
            text
        }
    });
    let out = test
        .args(["test", "layout/example.io/v1/Gadget"])
        .status(1)
        .run();
    assert_eq!(
        out.stdout,
        "PASS layout/example.io/v1/Gadget/customizations_tests.yaml: InterpretHealth: tests[0] testdata/observed-gadget.yaml
FAIL layout/example.io/v1/Gadget/customizations_tests.yaml: AggregateStatus: tests[1]
error: layout/example.io/v1/Gadget/customizations_tests.yaml: tests[1]: unknown field \"statusPath\"

  tip: did you mean \"statusInputPath\"?
FAIL layout/example.io/v1/Gadget/customizations_tests.yaml: RevisReplica: tests[2]
error: layout/example.io/v1/Gadget/customizations_tests.yaml: tests[2]: unknown operation \"RevisReplica\"

  tip: did you mean 'ReviseReplica'?
1 passed, 2 failed
"
    );
}

const READY_DEPLOYMENT: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
status:
  ready: true
";

#[test]
fn a_saved_run_is_a_case_that_passes() {
    let mut test = Test::new()
        .file("ric.yaml", HEALTH_RIC)
        .file("obs.yaml", READY_DEPLOYMENT);
    let run = |test: &Test, extra: &[&str]| {
        let mut args = vec![
            "interpret",
            "-f",
            "ric.yaml",
            "--operation",
            "interprethealth",
            "--observed-file",
            "obs.yaml",
            "--save-case",
            "cases/saved.yaml",
        ];
        args.extend(extra);
        let mut cmd = test.command();
        cmd.args(args);
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{out:?}");
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    std::fs::create_dir_all(test.path("cases")).unwrap();
    let (stdout, stderr) = run(&test, &[]);
    assert_eq!(stdout, "---\n# [1/1] healthy:\ntrue\n");
    assert_eq!(
        stderr,
        "saved case \"InterpretHealth Deployment/web\" to cases/saved.yaml\n"
    );
    run(&test, &["--case-name", "second"]);
    let saved = std::fs::read_to_string(test.path("cases/saved.yaml")).unwrap();
    let case = "operation: InterpretHealth
observedObj:
  apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web
  status:
    ready: true
output:
  healthy: true
";
    assert_eq!(
        saved,
        format!("name: InterpretHealth Deployment/web\n{case}---\nname: second\n{case}")
    );
    test.args(["test", "cases/saved.yaml", "-f", "ric.yaml"])
        .stdout(
            "PASS cases/saved.yaml: InterpretHealth: InterpretHealth Deployment/web
PASS cases/saved.yaml: InterpretHealth: second
2 passed, 0 failed
",
        )
        .run();
}

#[test]
fn a_failed_run_saves_nothing_and_says_so() {
    let ric = HEALTH_RIC.replace("return obj.status.ready == true", "error('no status')");
    let out = Test::new()
        .file("ric.yaml", ric)
        .file("obs.yaml", READY_DEPLOYMENT)
        .args([
            "interpret",
            "-f",
            "ric.yaml",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            "obs.yaml",
            "--save-case",
            "saved.yaml",
        ])
        .stdout("")
        .status(1);
    let result = out.run();
    assert!(
        result
            .stderr
            .ends_with("\n\n  tip: the run failed: nothing was saved to saved.yaml\n"),
        "{}",
        result.stderr
    );
    let mut out = out;
    assert!(!std::path::Path::new(&out.path("saved.yaml")).exists());
}

#[test]
fn saved_runs_of_every_input_shape_pass_with_the_builtins() {
    let mut test = Test::new();
    let file = test.path("saved.yaml");
    let data = |f: &str| {
        crate::root()
            .join("testdata/deployment")
            .join(f)
            .display()
            .to_string()
    };
    let runs: [&[&str]; 5] = [
        &[
            "Retain",
            "--desired-file",
            &data("desired.yaml"),
            "--observed-file",
            &data("observed.yaml"),
        ],
        &[
            "AggregateStatus",
            "--desired-file",
            &data("desired.yaml"),
            "--status-file",
            &data("status.yaml"),
        ],
        &[
            "ReviseReplica",
            "--desired-file",
            &data("desired.yaml"),
            "--desired-replica",
            "5",
        ],
        &["InterpretReplica", "--desired-file", &data("desired.yaml")],
        &[
            "InterpretDependency",
            "--desired-file",
            &data("desired.yaml"),
        ],
    ];
    for run in runs {
        let mut cmd = test.command();
        cmd.args(["interpret", "--save-case", &file, "--operation"])
            .args(run);
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{run:?}: {out:?}");
    }
    let saved = std::fs::read_to_string(&file).unwrap();
    assert_eq!(saved.matches("\n---\n").count(), 4, "{saved}");
    assert!(saved.contains("\ninputReplicas: 5\n"), "{saved}");
    assert!(
        saved.contains("\nstatusItems:\n  - applied: true\n"),
        "{saved}"
    );
    let out = test.args(["test", &file]).run();
    assert!(
        out.stdout.ends_with("5 passed, 0 failed\n"),
        "{}",
        out.stdout
    );
}

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

const PAUSED_RETAIN_RIC: &str = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: keep-paused}
spec:
  target: {apiVersion: apps/v1, kind: Deployment}
  customizations:
    retention:
      luaScript: |
        function Retain(desired, observed)
          desired.spec.paused = observed.spec.paused
          return desired
        end
";

const DESIRED: &str = "apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec: {replicas: 2}
";

const OBSERVED_PAUSED: &str = "apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec: {replicas: 5, paused: true}
";

fn retain_compare(observed: &str, baseline: &str) -> Test {
    Test::new()
        .file("ric.yaml", PAUSED_RETAIN_RIC)
        .file("other/ric.yaml", HEALTH_RIC)
        .file("desired.yaml", DESIRED)
        .file("observed.yaml", observed)
        .args([
            "interpret",
            "-f",
            "ric.yaml",
            "--operation",
            "Retain",
            "--desired-file",
            "desired.yaml",
            "--observed-file",
            "observed.yaml",
            "--compare",
            baseline,
        ])
}

#[test]
fn compare_prints_where_an_override_and_the_builtin_differ() {
    retain_compare(OBSERVED_PAUSED, "builtins")
        .stdout(
            "--- builtins
+++ ric.yaml
@@ -5,4 +5,5 @@
 metadata:
   name: web
 spec:
+  paused: true
   replicas: 2
",
        )
        .status(1)
        .run();
    // Without a paused member both give the desired object back.
    retain_compare(DESIRED, "builtins")
        .stdout("no differences from builtins\n")
        .run();
    // Against customizations with no Retain, the baseline's error shows.
    retain_compare(DESIRED, "other")
        .stdout(
            "--- other
+++ ric.yaml
@@ -1,3 +1,8 @@
-Execute Retain error: rule is not enabled
-
-  tip: the object is apps/v1 Deployment; the customizations for it (health) define no Retain script (retention)
+---
+# [1/1] retained:
+apiVersion: apps/v1
+kind: Deployment
+metadata:
+  name: web
+spec:
+  replicas: 2
",
        )
        .status(1)
        .run();
}

#[test]
fn test_compare_reports_agreement_per_case() {
    let cases = "name: paused member
operation: Retain
desiredObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 2}}
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 5, paused: true}}
output:
  retained: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 2, paused: true}}
---
name: running member
operation: Retain
desiredObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 2}}
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 5}}
output:
  retained: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 2}}
---
name: paused member, spec excluded
operation: Retain
desiredObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 2}}
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {replicas: 5, paused: true}}
output:
  retained: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: '{{EXCLUDE}}'}
";
    Test::new()
        .file("ric.yaml", PAUSED_RETAIN_RIC)
        .file("cases.yaml", cases)
        .args([
            "test",
            "cases.yaml",
            "-f",
            "ric.yaml",
            "--compare",
            "builtins",
        ])
        .stdout(
            "PASS cases.yaml: Retain: paused member
PASS cases.yaml: Retain: running member
PASS cases.yaml: Retain: paused member, spec excluded
3 passed, 0 failed
compared with builtins:
differs cases.yaml: Retain: paused member
--- builtins
+++ ric.yaml
@@ -5,4 +5,5 @@
 metadata:
   name: web
 spec:
+  paused: true
   replicas: 2
same cases.yaml: Retain: running member
same cases.yaml: Retain: paused member, spec excluded
compare: 2 same, 1 differ
",
        )
        .run();
}

const WIDGET: &str = "apiVersion: example.io/v1
kind: Widget
metadata: {name: w}
spec: {size: 3}
";

#[test]
fn builtins_dir_stands_in_for_the_bundled_set() {
    let layout = crate::root().join("testdata/layout").display().to_string();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "interpret",
            "--operation",
            "InterpretReplica",
            "--desired-file",
            "widget.yaml",
        ];
        args.extend(extra);
        Test::new().file("widget.yaml", WIDGET).args(args)
    };
    run(&["--builtins", &layout])
        .stdout("---\n# [1/2] replica:\n3\n---\n# [2/2] requires:\nnull\n")
        .run();
    // The bundled set knows no Widget.
    run(&[]).status(1).run();
    // test and builtins read the same folder.
    Test::new()
        .file("widget.yaml", WIDGET)
        .file(
            "cases.yaml",
            "name: w\noperation: InterpretReplica\ndesiredObj: {apiVersion: example.io/v1, kind: Widget, metadata: {name: w}, spec: {size: 3}}\noutput: {replica: 3}\n",
        )
        .args(["test", "cases.yaml", "--builtins", &layout])
        .stdout("PASS cases.yaml: InterpretReplica: w\n1 passed, 0 failed\n")
        .run();
    let all = Test::new()
        .args(["builtins", "--builtins", "testdata/layout"])
        .run()
        .stdout;
    assert!(
        all.contains("example.io/v1") && !all.contains("apps.kruise.io"),
        "{all}"
    );
    let table = Test::new()
        .args([
            "builtins",
            "--builtins",
            "testdata/layout",
            "--kind",
            "example.io/v1/Gadget",
        ])
        .run()
        .stdout;
    assert_eq!(
        table,
        "third-party customizations: testdata/layout
APIVERSION      KIND     OPERATION         SOURCE
example.io/v1   Gadget   ReviseReplica     thirdparty
example.io/v1   Gadget   AggregateStatus   thirdparty
example.io/v1   Gadget   InterpretHealth   thirdparty
"
    );
}

#[test]
fn the_bundled_release_is_named() {
    let version = Test::new().args(["--version"]).run().stdout;
    assert_eq!(
        version,
        format!(
            "kinterp {}, bundled customizations of Karmada v1.19.0-rc.0 (f8fdd02)\n",
            env!("CARGO_PKG_VERSION")
        )
    );
    let table = Test::new().args(["builtins"]).run().stdout;
    assert_eq!(
        table.lines().next(),
        Some("third-party customizations: Karmada v1.19.0-rc.0 (f8fdd02)")
    );
}

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

#[test]
fn a_mistyped_result_name_gets_a_suggestion() {
    Test::new()
        .file("ric.yaml", HEALTH_RIC)
        .file(
            "cases.yaml",
            "name: typo in output
operation: InterpretHealth
observedObj: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d}, status: {ready: true}}
output:
  healty: true
",
        )
        .args(["test", "cases.yaml", "-f", "ric.yaml"])
        .stdout(
            "FAIL cases.yaml: InterpretHealth: typo in output
result \"healty\" is not produced by InterpretHealth (it gives: healthy)

  tip: did you mean \"healthy\"?
0 passed, 1 failed
",
        )
        .status(1)
        .run();
}

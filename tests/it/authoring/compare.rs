//! `--compare` against a baseline, `--builtins DIR`, and the bundled
//! release's name.

use super::*;
use crate::builder::Test;

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

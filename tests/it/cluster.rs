//! Inputs as they come from a cluster (testdata/parity/cluster/README.md):
//! kinterp on the wrapped input (a List, a ResourceBinding, Works, a List
//! of customizations, as kubectl prints them) gives what karmadactl gave
//! on the same objects unwrapped, recorded in `<case>.ref`.

use crate::builder::Test;
use crate::output;

const RIC: &str = "testdata/deployment/ric.yaml";
const C: &str = "testdata/cluster";
const PARITY: &str = "testdata/parity/cluster";

fn recorded(case: &str) -> String {
    let path = format!("{}/{PARITY}/{case}.ref", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: no recording: {e}"))
}

/// `-f RIC --operation OP FLAG OBJECT` and `more`.
fn with_ric(op: &str, flag: &str, object: &str, more: &[&str]) -> Vec<String> {
    with(RIC, op, flag, object, more)
}

/// `-f ric --operation OP FLAG OBJECT` and `more`.
fn with(ric: &str, op: &str, flag: &str, object: &str, more: &[&str]) -> Vec<String> {
    let mut all: Vec<String> = ["-f", ric, "--operation", op, flag, object]
        .map(String::from)
        .to_vec();
    all.extend(more.iter().map(|m| m.to_string()));
    all
}

/// AggregateStatus of `desired` with `status`.
fn aggregate(desired: &str, status: &str) -> Vec<String> {
    with_ric(
        "AggregateStatus",
        "--desired-file",
        desired,
        &["--status-file", status],
    )
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

fn run(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["interpret"];
    all.extend_from_slice(args);
    output(Test::new().args(all))
}

/// kinterp on `args` prints exactly the recording of `case` on standard
/// output, nothing on standard error, and exits 0.
fn matches(case: &str, args: &[&str]) {
    let (code, out, err) = run(args);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, recorded(case).as_str(), ""),
        "{case}: {args:?}"
    );
}

#[test]
fn a_binding_as_status_file_gives_its_aggregated_status() {
    for binding in ["binding.yaml", "binding.json", "clusterbinding.yaml"] {
        let status = format!("{C}/{binding}");
        matches(
            "aggregate-binding",
            &strs(&aggregate(&format!("{PARITY}/unwrapped/web.yaml"), &status)),
        );
    }
}

#[test]
fn works_give_an_item_per_member_cluster() {
    for (case, status) in [
        ("aggregate-works", "works.yaml"),
        ("aggregate-work", "work-member1.json"),
    ] {
        let status = format!("{C}/{status}");
        matches(
            case,
            &strs(&aggregate(&format!("{PARITY}/unwrapped/web.yaml"), &status)),
        );
    }
}

#[test]
fn a_list_runs_once_per_item() {
    for list in ["deployments.yaml", "deployments.json"] {
        let desired = format!("{C}/{list}");
        matches(
            "replica-list",
            &strs(&with_ric(
                "InterpretReplica",
                "--desired-file",
                &desired,
                &[],
            )),
        );
        // The same List with a binding: each item is aggregated alone.
        matches(
            "aggregate-list-binding",
            &strs(&aggregate(&desired, &format!("{C}/binding.yaml"))),
        );
    }
    // -o json: one line per item, each the line of that item alone.
    let (code, out, _) = run(&[
        "-f",
        RIC,
        "--operation",
        "InterpretReplica",
        "--observed-file",
        &format!("{C}/deployments.json"),
        "-o",
        "json",
    ]);
    let mut alone = String::new();
    for item in ["web", "api"] {
        alone += &run(&[
            "-f",
            RIC,
            "--operation",
            "InterpretReplica",
            "--observed-file",
            &format!("{PARITY}/unwrapped/{item}.yaml"),
            "-o",
            "json",
        ])
        .1;
    }
    assert_eq!((code, out.as_str()), (0, alone.as_str()));
    assert_eq!(out.lines().count(), 2, "{out}");
}

#[test]
fn retain_pairs_two_lists_by_identity() {
    // The observed List holds the items in the other order.
    matches(
        "retain-lists",
        &[
            "-f",
            RIC,
            "--operation",
            "Retain",
            "--desired-file",
            &format!("{C}/deployments.yaml"),
            "--observed-file",
            &format!("{C}/observed-deployments.yaml"),
        ],
    );
    // An item without its partner is an error naming it.
    let (code, out, err) = run(&[
        "-f",
        RIC,
        "--operation",
        "Retain",
        "--desired-file",
        &format!("{C}/deployments.yaml"),
        "--observed-file",
        &format!("{PARITY}/unwrapped/observed-web.yaml"),
    ]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            2,
            "",
            "error: fail to get observed object: testdata/parity/cluster/unwrapped/observed-web.yaml holds no observed apps/v1 Deployment shop/api for the desired one\n"
        )
    );
}

#[test]
fn the_worst_item_decides_the_exit_status() {
    // api has no manifest in the Works: its error is printed in its turn,
    // web's result still is.
    let (code, out, err) = run(&strs(&aggregate(
        &format!("{C}/deployments.yaml"),
        &format!("{C}/works.yaml"),
    )));
    assert_eq!(code, 2);
    assert_eq!(out, recorded("aggregate-works"));
    assert_eq!(
        err,
        "error: testdata/cluster/works.yaml: fail to get status items: Work karmada-es-member1/web-6d4f8b9c7 holds no manifest of apps/v1 Deployment shop/api (Karmada: no such manifest exist)\n"
    );
}

#[test]
fn a_list_of_customizations_is_read_everywhere() {
    for list in ["customizations.yaml", "customizations.json"] {
        let ric = format!("{C}/{list}");
        matches(
            "health-ric-list",
            &strs(&with(
                &ric,
                "InterpretHealth",
                "--observed-file",
                &format!("{PARITY}/unwrapped/observed-web.yaml"),
                &[],
            )),
        );
        matches("check-ric-list", &["-f", &ric, "--check"]);
    }
    // test runs cases against the List as against the customization.
    let cases = "testdata/cases/deployment.yaml";
    let (code, alone, _) = output(Test::new().args(["test", "-f", RIC, cases]));
    assert_eq!(code, 0);
    Test::new()
        .args(["test", "-f", &format!("{C}/customizations.yaml"), cases])
        .stdout(alone)
        .run();
    // lint reads each item, with positions in the List file.
    Test::new()
        .args(["lint", &format!("{C}/customizations.yaml")])
        .stdout("0 errors, 0 warnings, 0 infos in 1 file\n")
        .run();
}

#[test]
fn script_positions_point_into_the_list_file() {
    let list = "apiVersion: v1
kind: List
items:
- apiVersion: config.karmada.io/v1alpha1
  kind: ResourceInterpreterCustomization
  metadata: {name: first}
  spec:
    target: {apiVersion: v1, kind: Secret}
    customizations: {}
- apiVersion: config.karmada.io/v1alpha1
  kind: ResourceInterpreterCustomization
  metadata: {name: second}
  spec:
    target: {apiVersion: apps/v1, kind: Deployment}
    customizations:
      healthInterpretation:
        luaScript: |
          function InterpretHealth(observedObj)
            return nothing.here
          end
";
    let mut t = Test::new().file("list.yaml", list);
    let object = format!("{}/{PARITY}/unwrapped/web.yaml", env!("CARGO_MANIFEST_DIR"));
    t = t.args([
        "interpret",
        "-f",
        "list.yaml",
        "--operation",
        "InterpretHealth",
        "--observed-file",
        &object,
    ]);
    let (code, _, err) = output(t);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "  --> list.yaml:19:13 (customization second, rule healthInterpretation), script line 2"
        ),
        "{err}"
    );
    let (code, out, _) = output(
        Test::new()
            .file("list.yaml", list)
            .args(["lint", "list.yaml"]),
    );
    assert_eq!(code, 1);
    assert!(out.contains("--> list.yaml:19:20"), "{out}");
}

#[test]
fn other_documents_in_a_status_file_are_errors_naming_their_kind() {
    let (code, out, err) = run(&strs(&aggregate(
        &format!("{PARITY}/unwrapped/web.yaml"),
        &format!("{C}/deployments.yaml"),
    )));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            2,
            "",
            "error: testdata/cluster/deployments.yaml: fail to get status items: found an object of kind Deployment (apps/v1), which holds no status items\n\n  tip: a status file holds AggregatedStatusItems (a binding's status.aggregatedStatus), a ResourceBinding, a ClusterResourceBinding, a Work, or a List of them\n"
        )
    );
}

/// karmadactl's first line is kept; a tip follows.
fn first_line_and_tip(case: &str, args: &[&str], tip: &str) {
    let (code, _, err) = run(args);
    let reference = recorded(case);
    let first = reference.lines().next().unwrap();
    assert_eq!(err.lines().next(), Some(first), "{case}: {err}");
    assert!(err.contains(&format!("\n  tip: {tip}")), "{case}: {err}");
    assert_ne!(code, 0);
}

#[test]
fn karmadas_terse_messages_gain_a_tip() {
    let object = format!("{PARITY}/unwrapped/observed-web.yaml");
    first_line_and_tip(
        "not-enabled",
        &strs(&with_ric(
            "InterpretStatus",
            "--observed-file",
            &object,
            &[],
        )),
        "the object is apps/v1 Deployment; the customizations for it (deployment-example) define no InterpretStatus script (statusReflection)",
    );
    let secret = "testdata/inputs/widget.yaml";
    let (_, _, err) = run(&strs(&with_ric(
        "InterpretHealth",
        "--observed-file",
        secret,
        &[],
    )));
    assert!(
        err.ends_with("\n  tip: the object is example.io/v1 Widget, and no customization loaded targets it (loaded: apps/v1 Deployment); --with-builtins falls back to the built-in interpreters\n"),
        "{err}"
    );
    let bare = format!("{PARITY}/unwrapped/no-conditions.yaml");
    let hint = |name: &str| format!("{PARITY}/hints/{name}.yaml");
    first_line_and_tip(
        "hint-len",
        &strs(&with(
            &hint("len"),
            "InterpretHealth",
            "--observed-file",
            &bare,
            &[],
        )),
        "the script took the length (#) of a value that is neither a table nor a string",
    );
    first_line_and_tip(
        "hint-replica-type",
        &strs(&with(
            &hint("replica-type"),
            "InterpretReplica",
            "--desired-file",
            &bare,
            &[],
        )),
        "GetReplicas returned a string where Karmada expects a number",
    );
    // Where the time limit hits depends on timing: the first line up to
    // the script line, and the message.
    let (code, _, err) = run(&[
        "--timeout",
        "200ms",
        "-f",
        &hint("deadline"),
        "--operation",
        "InterpretHealth",
        "--observed-file",
        &bare,
    ]);
    let reference = recorded("hint-deadline");
    let first = err.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("Execute InterpretHealth error: <string>:")
            && first.ends_with(": context deadline exceeded")
            && reference.starts_with("Execute InterpretHealth error: <string>:")
            && reference
                .lines()
                .next()
                .unwrap()
                .ends_with(": context deadline exceeded"),
        "{err}"
    );
    assert!(
        err.contains("\n  tip: the script ran past the time limit of one call"),
        "{err}"
    );
    assert_eq!(code, 1);
    // Built-ins: Deployment's status needs Karmada's generation annotation.
    let (code, _, err) = run(&["--operation", "InterpretStatus", "--observed-file", &bare]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with(
            "Execute InterpretStatus error: strconv.ParseInt: parsing \"\": invalid syntax\n\n  tip: Karmada reads the status of this kind together with the resourcetemplate.karmada.io/generation annotation"
        ),
        "{err}"
    );
}

#[test]
fn revise_replica_without_a_count_warns_that_0_is_used() {
    let (code, out, err) = run(&strs(&with_ric(
        "ReviseReplica",
        "--desired-file",
        &format!("{PARITY}/unwrapped/web.yaml"),
        &[],
    )));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            0,
            recorded("revise-default").as_str(),
            "warning: --desired-replica is not set: ReviseReplica is given 0 replicas\n"
        )
    );
}

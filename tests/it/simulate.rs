//! `kinterp simulate`: every step of a scenario checked against what
//! `kinterp interpret` prints for the same inputs (both binaries' runs
//! here), the status items against the rules of Karmada's status
//! controllers, and the human form as users see it.

use serde_json::{Value, json};

use crate::builder::{Output, Test};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn data(path: &str) -> String {
    format!("{ROOT}/testdata/simulate/{path}")
}

/// A simulation's inputs.
struct Scenario {
    template: String,
    /// Members as `--member` gives them: name, and the object's file.
    members: Vec<(&'static str, Option<String>)>,
    replicas: Vec<(&'static str, i32)>,
    /// `-f` (customizations alone, as interpret runs them).
    ric: Option<String>,
    /// `--with-builtins` beside `-f`.
    with_builtins: bool,
}

impl Scenario {
    fn new(template: &str) -> Scenario {
        Scenario {
            template: data(template),
            members: Vec::new(),
            replicas: Vec::new(),
            ric: None,
            with_builtins: false,
        }
    }

    fn member(mut self, name: &'static str, file: Option<&str>) -> Scenario {
        self.members.push((name, file.map(data)));
        self
    }

    fn replicas(mut self, name: &'static str, n: i32) -> Scenario {
        self.replicas.push((name, n));
        self
    }

    fn ric(mut self, path: &str) -> Scenario {
        self.ric = Some(data(path));
        self
    }

    fn ric_args(&self) -> Vec<String> {
        let mut args: Vec<String> = self
            .ric
            .iter()
            .flat_map(|r| ["-f".to_string(), r.clone()])
            .collect();
        if self.with_builtins {
            args.push("--with-builtins".into());
        }
        args
    }

    fn args(&self) -> Vec<String> {
        let mut args = vec![
            "simulate".to_string(),
            "--template".into(),
            self.template.clone(),
        ];
        for (name, file) in &self.members {
            args.push("--member".into());
            args.push(match file {
                Some(f) => format!("{name}={f}"),
                None => name.to_string(),
            });
        }
        for (name, n) in &self.replicas {
            args.push("--replicas".into());
            args.push(format!("{name}={n}"));
        }
        args.extend(self.ric_args());
        args
    }
}

/// `kinterp interpret … -o json`: the results, or the first line of the
/// error (exit 1).
fn interpret(s: &Scenario, args: &[&str]) -> Result<Value, String> {
    let out = Test::new()
        .args(["interpret"])
        .args(s.ric_args())
        .args(args)
        .args(["-o", "json"])
        .output();
    match out.status {
        0 => Ok(serde_json::from_str(&out.stdout).expect("interpret prints JSON")),
        1 => Err(out.stderr.lines().next().unwrap_or_default().to_string()),
        n => panic!("interpret {args:?} exited {n}: {}", out.stderr),
    }
}

/// A step of the record agrees with interpret's answer: the same results,
/// the same error, or skipped where interpret finds no rule.
#[track_caller]
fn same(step: &Value, answer: &Result<Value, String>, what: &str) {
    match (step.get("skipped"), step.get("error"), answer) {
        (Some(_), _, Err(e)) => assert!(
            e.contains("rule is not enabled")
                || e.contains("not implemented")
                || e.ends_with("\" not found"),
            "{what}: skipped, but interpret says {e:?}"
        ),
        (None, Some(Value::String(msg)), Err(e)) => {
            assert_eq!(msg.lines().next().unwrap(), e, "{what}: error")
        }
        (None, None, Ok(v)) => assert_eq!(step, v, "{what}: result"),
        _ => panic!("{what}: simulate gives {step}, interpret {answer:?}"),
    }
}

/// The status item Karmada's controllers make from interpret's answers
/// for a member (work status controller, then binding aggregation).
fn expected_item(
    name: &str,
    status: Option<&Result<Value, String>>,
    health: Option<&Result<Value, String>>,
    health_step: Option<&Value>,
) -> Value {
    let (Some(status), Some(health)) = (status, health) else {
        return json!({"clusterName": name, "applied": false, "health": "Unknown"});
    };
    let Ok(status) = status else {
        return json!({"clusterName": name, "applied": true, "health": "Unknown"});
    };
    let health = match health {
        Ok(h) if h["healthy"] == json!(true) => "Healthy",
        Ok(_) => "Unhealthy",
        // No health rule for the kind: Karmada treats it as healthy.
        Err(_) if health_step.is_some_and(|s| s.get("skipped").is_some()) => "Healthy",
        Err(_) => "Unknown",
    };
    let mut item = json!({"clusterName": name, "applied": true, "health": health});
    if !status["status"].is_null() {
        item["status"] = status["status"].clone();
    }
    item
}

/// Runs `interpret --operation OP ARGS…` and checks that it agrees with
/// the record's step (`member`: the member's entry of a per-member step).
fn agree(
    s: &Scenario,
    record: &Value,
    op: &str,
    member: Option<&str>,
    args: &[&str],
) -> Result<Value, String> {
    let answer = interpret(s, &[&["--operation", op], args].concat());
    let (step, what) = match member {
        Some(m) => (&record[op][m], format!("{op} of {m}")),
        None => (&record[op], op.to_string()),
    };
    same(step, &answer, &what);
    answer
}

/// Runs the simulation (`-o json`, saving the status items) and checks
/// every step against interpret; returns the record.
fn check(s: &Scenario) -> Value {
    // A directory for the files made along the way.
    let mut scratch = Test::new();
    let saved = scratch.path("items.yaml");
    let out = Test::new()
        .args(s.args())
        .args(["-o", "json", "--save-status", &saved])
        .output();
    let record: Value = serde_json::from_str(&out.stdout)
        .unwrap_or_else(|e| panic!("simulate prints JSON ({e}): {out:#?}"));
    let r = &record;
    let tmpl = s.template.as_str();
    // 1. InterpretReplica of the template.
    let replica = agree(s, r, "InterpretReplica", None, &["--desired-file", tmpl]);
    let counted = replica.as_ref().ok().map(|r| r["replica"].clone());
    let mut items = Vec::new();
    for (name, file) in &s.members {
        let m = Some(*name);
        // 2. The replicas sent: given, else the template's count.
        let given = s
            .replicas
            .iter()
            .find(|(n, _)| n == name)
            .map(|r| json!(r.1));
        let replicas = given.or(counted.clone()).unwrap_or(Value::Null);
        assert_eq!(record["replicas"][name], replicas, "replicas of {name}");
        // 3. ReviseReplica with that count, then Retain against the object.
        let n = replicas.to_string();
        let revise = agree(
            s,
            r,
            "ReviseReplica",
            m,
            &["--desired-file", tmpl, "--desired-replica", &n],
        );
        let Some(file) = file else {
            for op in ["Retain", "InterpretStatus", "InterpretHealth"] {
                assert_eq!(
                    record[op][name],
                    json!({"skipped": "no object in the member yet"})
                );
            }
            items.push(expected_item(name, None, None, None));
            continue;
        };
        let sent = match &revise {
            Ok(r) => {
                let path = scratch.path(&format!("revised-{name}.json"));
                std::fs::write(&path, r["revised"].to_string()).unwrap();
                path
            }
            Err(_) => s.template.clone(),
        };
        let observed = ["--observed-file", file.as_str()];
        let _retained = agree(
            s,
            r,
            "Retain",
            m,
            &[&["--desired-file", &sent], &observed[..]].concat(),
        );
        // 4. InterpretStatus and InterpretHealth of the observed object.
        let status = agree(s, r, "InterpretStatus", m, &observed);
        let health = agree(s, r, "InterpretHealth", m, &observed);
        items.push(expected_item(
            name,
            Some(&status),
            Some(&health),
            Some(&record["InterpretHealth"][name]),
        ));
    }
    items.sort_by(|a, b| a["clusterName"].as_str().cmp(&b["clusterName"].as_str()));
    assert_eq!(record["statusItems"], Value::Array(items), "status items");
    // 5. AggregateStatus with the saved items, as interpret reads them.
    let with_items = ["--desired-file", tmpl, "--status-file", &saved];
    let _aggregated = agree(s, r, "AggregateStatus", None, &with_items);
    // 6. InterpretDependency of the template.
    let _dependencies = agree(s, r, "InterpretDependency", None, &["--desired-file", tmpl]);
    let failed = record["failed"] == json!(true);
    assert_eq!(out.status, i32::from(failed), "exit status: {out:#?}");
    record
}

/// The human form, without colour.
fn human(s: &Scenario) -> Output {
    Test::new().args(s.args()).status(-1).output()
}

fn deployment() -> Scenario {
    Scenario::new("deployment/template.yaml")
        .member("member1", Some("deployment/members/member1.yaml"))
        .member("member2", Some("deployment/members/member2.yaml"))
        .member("member3", None)
        .replicas("member1", 2)
}

#[test]
fn deployment_over_three_members() {
    let s = deployment();
    let record = check(&s);
    assert_eq!(
        record["replicas"],
        json!({"member1": 2, "member2": 3, "member3": 3})
    );
    assert_eq!(
        record["statusItems"][2],
        json!({"clusterName": "member3", "applied": false, "health": "Unknown"})
    );
    assert_eq!(record["failed"], json!(false));
    let out = human(&s);
    assert_eq!(out.status, 0);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn a_customization_over_the_builtins() {
    // testdata/deployment/ric.yaml has no status reflection: with
    // --with-builtins the native one answers that step, the
    // customization the others.
    let mut s = Scenario::new("deployment/template.yaml")
        .member("member1", Some("deployment/members/member1.yaml"))
        .member("member2", Some("deployment/members/member2.yaml"));
    s.ric = Some(format!("{ROOT}/testdata/deployment/ric.yaml"));
    s.with_builtins = true;
    let record = check(&s);
    assert!(record["InterpretStatus"]["member1"]["status"].is_object());
    // Without the built-ins, the same step has no rule.
    s.with_builtins = false;
    let record = check(&s);
    assert_eq!(
        record["InterpretStatus"]["member1"],
        json!({"skipped": "no rule for this kind"})
    );
}

#[test]
fn statefulset() {
    let s = Scenario::new("statefulset/template.yaml")
        .member("east", Some("statefulset/east.yaml"))
        .member("west", Some("statefulset/west.yaml"))
        .replicas("east", 1)
        .replicas("west", 1);
    let record = check(&s);
    assert_eq!(
        record["statusItems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["health"].clone())
            .collect::<Vec<_>>(),
        [json!("Healthy"), json!("Unhealthy")]
    );
    insta::assert_snapshot!(human(&s).stdout);
}

#[test]
fn job_keeps_the_member_selector() {
    let s = Scenario::new("job/template.yaml")
        .member("member1", Some("job/member1.yaml"))
        .member("member2", Some("job/member2.yaml"))
        .replicas("member1", 2)
        .replicas("member2", 2);
    let record = check(&s);
    // Retain keeps the selector the member's controller generated.
    assert_eq!(
        record["Retain"]["member1"]["retained"]["spec"]["selector"],
        json!({"matchLabels": {"controller-uid": "5b2c8e1a-0d3e-4c1f-9a55-1f0e2f6a7b01"}})
    );
    insta::assert_snapshot!(human(&s).stdout);
}

#[test]
fn bundled_cloneset() {
    let s = Scenario::new("cloneset/template.yaml")
        .member("blue", Some("cloneset/blue.yaml"))
        .member("green", Some("cloneset/green.yaml"))
        .member("red", None)
        .replicas("blue", 2)
        .replicas("green", 2);
    check(&s);
    insta::assert_snapshot!(human(&s).stdout);
}

/// A custom kind with its customization, whose health rule fails for a
/// member without `status.phase` (beta).
fn widget() -> Scenario {
    Scenario::new("widget/template.yaml")
        .member("alpha", Some("widget/members/alpha.yaml"))
        .member("beta", Some("widget/members/beta.yaml"))
        .member("gamma", None)
        .replicas("alpha", 4)
        .replicas("beta", 2)
        .ric("widget/ric.yaml")
}

#[test]
fn a_failing_rule_fails_its_step_only() {
    let s = widget();
    let record = check(&s);
    assert_eq!(record["failed"], json!(true));
    assert!(record["InterpretHealth"]["beta"]["error"].is_string());
    // The other steps still ran: beta's status is reflected, and
    // aggregated with alpha's.
    assert_eq!(
        record["AggregateStatus"]["aggregatedStatus"]["status"],
        json!({"ready": 5, "clusters": 3})
    );
    // No dependency rule in the customization: skipped, not failed.
    assert_eq!(
        record["InterpretDependency"],
        json!({"skipped": "no rule for this kind"})
    );
    let out = human(&s);
    assert_eq!(out.status, 1);
    insta::assert_snapshot!(out.stdout);
    assert!(
        out.stderr.starts_with(
            "InterpretHealth (member beta): Execute InterpretHealth error: <string>:3: widget has no phase yet\n"
        ),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains(
        "ric.yaml:38:13 (customization widget, rule healthInterpretation), script line 3"
    ));
}

#[test]
fn members_from_a_directory_or_a_list_are_the_flags() {
    let json_of = |args: Vec<String>| {
        let out = Test::new().args(args).args(["-o", "json"]).run();
        serde_json::from_str::<Value>(&out.stdout).unwrap()
    };
    let flags = deployment();
    let mut flags = Scenario {
        members: flags.members[..2].to_vec(),
        ..flags
    };
    flags.replicas.clear();
    let dir = [
        "simulate".to_string(),
        "--template".into(),
        data("deployment/template.yaml"),
        "--members".into(),
        data("deployment/members"),
    ];
    assert_eq!(json_of(dir.to_vec()), json_of(flags.args()));
    let list = [
        "simulate".to_string(),
        "--template".into(),
        data("cloneset/template.yaml"),
        "--members".into(),
        data("cloneset/observed.yaml"),
    ];
    let cloneset = Scenario::new("cloneset/template.yaml")
        .member("blue", Some("cloneset/blue.yaml"))
        .member("green", Some("cloneset/green.yaml"));
    assert_eq!(json_of(list.to_vec()), json_of(cloneset.args()));
}

#[test]
fn yaml_is_the_json_record() {
    let s = deployment();
    let yaml = Test::new().args(s.args()).args(["-o", "yaml"]).run().stdout;
    let json = Test::new().args(s.args()).args(["-o", "json"]).run().stdout;
    let from_yaml: Value = serde_yaml::from_str(&yaml).unwrap();
    assert_eq!(from_yaml, serde_json::from_str::<Value>(&json).unwrap());
}

#[test]
fn saved_status_is_a_status_file() {
    let mut scratch = Test::new();
    let saved = scratch.path("items.yaml");
    Test::new()
        .args(deployment().args())
        .args(["--save-status", &saved])
        .run();
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(
        text.starts_with("- applied: true\n  clusterName: member1\n  health: Healthy\n"),
        "{text}"
    );
    assert!(
        text.ends_with("- applied: false\n  clusterName: member3\n  health: Unknown\n"),
        "{text}"
    );
}

#[test]
fn the_status_diff_is_coloured_on_request() {
    let out = Test::new()
        .args(deployment().args())
        .args(["--color", "always"])
        .run();
    assert!(
        out.stdout
            .contains("\u{1b}[31m-availableReplicas: 1\u{1b}[39m"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("\u{1b}[32mHealthy"), "{}", out.stdout);
}

#[test]
fn bad_member_inputs_are_usage_or_input_errors() {
    let tmpl = data("deployment/template.yaml");
    let m1 = format!("member1={}", data("deployment/members/member1.yaml"));
    Test::new()
        .args([
            "simulate",
            "--template",
            &tmpl,
            "--member",
            &m1,
            "--member",
            "member1",
        ])
        .stderr("error: member \"member1\" is given twice\n")
        .status(2)
        .run();
    Test::new()
        .args(["simulate", "--template", &tmpl, "--member", &m1, "--replicas", "member9=2"])
        .stderr("error: --replicas member9=2: no member \"member9\" (give it with --member or --members)\n")
        .status(2)
        .run();
    Test::new()
        .args([
            "simulate",
            "--template",
            &tmpl,
            "--member",
            &m1,
            "--replicas",
            "member1=two",
        ])
        .stderr("error: --replicas member1=two: expected NAME=N, N a whole number from 0\n")
        .status(2)
        .run();
    let list = data("cloneset/observed.yaml");
    Test::new()
        .args(["simulate", "--template", &tmpl, "--member", &format!("blue={list}")])
        .stderr(format!("error: fail to get observed object: {list} holds a List of 2 objects, expect one\n\n  tip: a List across members goes to --members, each object naming its cluster\n"))
        .status(2)
        .run();
    // An object of a List that names no cluster.
    let out = Test::new()
        .args(["simulate", "--template", &tmpl, "--members", &tmpl])
        .status(2)
        .run();
    assert!(
        out.stderr.contains("apps/v1 Deployment shop/web names no member cluster: expected the annotation work.karmada.io/namespace: karmada-es-<cluster>"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_guide_shows_what_simulate_prints() {
    let guide = std::fs::read_to_string(format!("{ROOT}/docs/guide.md")).unwrap();
    for s in [deployment(), widget()] {
        let out = human(&s).stdout;
        assert!(guide.contains(&out), "docs/guide.md lacks:\n{out}");
    }
}

/// `--builtins DIR` stands in for the bundled set in every step, as for
/// interpret: a Widget the bundled set does not know gets its replica
/// count from the customization under DIR.
#[test]
fn builtins_dir_stands_in_for_the_bundled_set() {
    let layout = crate::root().join("testdata/layout").display().to_string();
    let widget = "apiVersion: example.io/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 3}\n";
    let record = |extra: &[&str]| -> Value {
        let out = Test::new()
            .file("widget.yaml", widget)
            .args(["simulate", "--template", "widget.yaml", "--member", "m1"])
            .args(extra)
            .args(["-o", "json"])
            .output();
        assert_eq!(out.status, 0, "{}", out.stderr);
        serde_json::from_str(&out.stdout).expect("one JSON record")
    };
    let with = record(&["--builtins", &layout]);
    assert_eq!(
        with["InterpretReplica"],
        json!({"replica": 3, "requires": null})
    );
    assert_eq!(with["replicas"], json!({"m1": 3}));
    let without = record(&[]);
    assert_eq!(
        without["InterpretReplica"],
        json!({"skipped": "no rule for this kind"})
    );
}

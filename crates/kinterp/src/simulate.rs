//! `simulate`: a resource template and its member clusters taken through
//! the interpreter calls Karmada's controllers make, in their order, as
//! data. Every step runs through [`Interpreter::run`], so each result is
//! the one `interpret` gives for the same inputs; a failing step is kept
//! as its diagnostic and the other steps still run.
//!
//! The status items are built as Karmada's controllers build them: the
//! work status controller reflects a member object's status and judges
//! its health (no health rule for the kind: `Healthy`; a failing health
//! rule: `Unknown`; a failing status rule: no status recorded at all), and
//! the binding status aggregation turns each member's Work into an item
//! (`applied: false`, `health: Unknown` while nothing has been applied;
//! `health: Unknown` and no status while no status has been collected),
//! sorted by cluster name.
//!
//! ```
//! use kinterp::interpreter::{Interpreter, Profile};
//! use kinterp::simulate::{Member, Scenario, simulate};
//! use serde_json::json;
//!
//! let template = json!({"apiVersion": "apps/v1", "kind": "Deployment",
//!     "metadata": {"name": "web"}, "spec": {"replicas": 3}});
//! let observed = json!({"apiVersion": "apps/v1", "kind": "Deployment",
//!     "metadata": {"name": "web", "generation": 1, "annotations":
//!         {"resourcetemplate.karmada.io/generation": "1"}},
//!     "spec": {"replicas": 3},
//!     "status": {"observedGeneration": 1, "replicas": 3, "updatedReplicas": 3,
//!                "availableReplicas": 3, "readyReplicas": 3}});
//! let scenario = Scenario {
//!     template,
//!     members: vec![
//!         Member { name: "m1".into(), observed: Some(observed), replicas: None },
//!         Member { name: "m2".into(), observed: None, replicas: Some(1) },
//!     ],
//! };
//! let sim = simulate(&Interpreter::builtins(Profile::default()), &scenario);
//! assert_eq!(sim.members[0].replicas, Some(3));
//! assert_eq!(sim.members[1].replicas, Some(1));
//! assert_eq!(sim.items[0]["health"], "Healthy");
//! assert_eq!(sim.items[1], json!({"clusterName": "m2", "applied": false, "health": "Unknown"}));
//! assert!(!sim.failed());
//! ```

use serde_json::{Map, Value, json};

use crate::diag::Diagnostic;
use crate::input::StatusItems;
use crate::interpreter::Interpreter;
use crate::ops::{OpInput, Operation, Outcome};

/// A member cluster of a simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// The cluster's name.
    pub name: String,
    /// The object observed there; `None` while it does not exist yet.
    pub observed: Option<Value>,
    /// Replicas scheduled there; `None`: the template's count (Karmada's
    /// Duplicated scheduling).
    pub replicas: Option<i32>,
}

/// What a simulation starts from.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The resource template (the desired object).
    pub template: Value,
    /// The member clusters, in the order given.
    pub members: Vec<Member>,
}

/// Why a step did not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skip {
    /// No interpreter has a rule for the operation and the kind.
    NoRule,
    /// The member has no object yet.
    NoObject,
    /// No replica count to revise to: the template's count is unknown.
    NoReplicas,
}

impl Skip {
    /// Why, in a few words.
    pub fn reason(self) -> &'static str {
        match self {
            Skip::NoRule => "no rule for this kind",
            Skip::NoObject => "no object in the member yet",
            Skip::NoReplicas => "no replica count",
        }
    }
}

/// One step's result.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// The operation ran: its named results, as `interpret` prints them.
    Done(Outcome),
    /// The operation did not run.
    Skipped(Skip),
    /// The operation failed: the diagnostic `interpret` reports.
    Failed(Diagnostic),
}

impl Step {
    /// The result named `name`, when the step ran.
    pub fn get(&self, name: &str) -> Option<&Value> {
        match self {
            Step::Done(o) => o.get(name),
            _ => None,
        }
    }

    /// The diagnostic, when the step failed.
    pub fn error(&self) -> Option<&Diagnostic> {
        match self {
            Step::Failed(d) => Some(d),
            _ => None,
        }
    }
}

/// Steps 2 to 4 for one member.
#[derive(Clone, Debug, PartialEq)]
pub struct MemberRun {
    pub name: String,
    /// Step 2: the replicas sent to the member, if the kind has replicas
    /// or they were given.
    pub replicas: Option<i32>,
    /// Step 3: ReviseReplica of the template with `replicas`.
    pub revise: Step,
    /// Step 3: Retain of the revised object (the template when revising
    /// did not give one) against the observed object.
    pub retain: Step,
    /// The fields Retain changed in the object it was given (dotted
    /// paths, `[i]` for list elements), in document order.
    pub retained_fields: Vec<String>,
    /// Step 4: InterpretStatus of the observed object.
    pub status: Step,
    /// Step 4: InterpretHealth of the observed object.
    pub health: Step,
    /// Step 4: the member's status item.
    pub item: Value,
}

impl MemberRun {
    /// The object Karmada would apply in the member: retained, else
    /// revised, else the template.
    pub fn applied<'a>(&'a self, template: &'a Value) -> &'a Value {
        self.retain
            .get("retained")
            .or_else(|| self.revise.get("revised"))
            .unwrap_or(template)
    }
}

/// Every step of one simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct Simulation {
    /// Step 1: InterpretReplica of the template.
    pub replica: Step,
    /// Steps 2–4, per member in the order given.
    pub members: Vec<MemberRun>,
    /// Step 4: the status items, sorted by cluster name as Karmada sorts
    /// them.
    pub items: Vec<Value>,
    /// Step 5: AggregateStatus of the template with `items`.
    pub aggregate: Step,
    /// Step 6: InterpretDependency of the template.
    pub dependencies: Step,
}

impl Simulation {
    /// Every step in order, with its operation and member (`None` for the
    /// template's steps).
    pub fn steps(&self) -> Vec<(Operation, Option<&str>, &Step)> {
        let mut steps = vec![(Operation::InterpretReplica, None, &self.replica)];
        for m in &self.members {
            let name = Some(m.name.as_str());
            steps.push((Operation::ReviseReplica, name, &m.revise));
            steps.push((Operation::Retain, name, &m.retain));
            steps.push((Operation::InterpretStatus, name, &m.status));
            steps.push((Operation::InterpretHealth, name, &m.health));
        }
        steps.push((Operation::AggregateStatus, None, &self.aggregate));
        steps.push((Operation::InterpretDependency, None, &self.dependencies));
        steps
    }

    /// Whether any step failed.
    pub fn failed(&self) -> bool {
        self.steps().iter().any(|(_, _, s)| s.error().is_some())
    }
}

/// Runs `op` on `input` unless no interpreter has a rule for `target`.
fn step(interpreter: &Interpreter, op: Operation, target: &Value, input: &OpInput) -> Step {
    let text = |k: &str| target.get(k).and_then(Value::as_str).unwrap_or("");
    if !interpreter.enabled(op, text("apiVersion"), text("kind")) {
        return Step::Skipped(Skip::NoRule);
    }
    match interpreter.run(op, input) {
        Ok(o) => Step::Done(o),
        Err(d) => Step::Failed(d),
    }
}

fn desired(v: &Value) -> OpInput {
    OpInput {
        desired: Some(v.clone()),
        ..OpInput::default()
    }
}

/// Runs every step of `scenario` with `interpreter`.
pub fn simulate(interpreter: &Interpreter, scenario: &Scenario) -> Simulation {
    let template = &scenario.template;
    let replica = step(
        interpreter,
        Operation::InterpretReplica,
        template,
        &desired(template),
    );
    let counted = replica
        .get("replica")
        .and_then(Value::as_i64)
        .and_then(|n| i32::try_from(n).ok());
    let members: Vec<MemberRun> = scenario
        .members
        .iter()
        .map(|m| run_member(interpreter, template, m, m.replicas.or(counted)))
        .collect();
    let mut items: Vec<Value> = members.iter().map(|m| m.item.clone()).collect();
    items.sort_by(|a, b| a["clusterName"].as_str().cmp(&b["clusterName"].as_str()));
    let aggregate = match StatusItems::from_values("simulation", &items) {
        Ok(status_items) => step(
            interpreter,
            Operation::AggregateStatus,
            template,
            &OpInput {
                desired: Some(template.clone()),
                status_items: Some(status_items),
                ..OpInput::default()
            },
        ),
        Err(d) => Step::Failed(d),
    };
    let dependencies = step(
        interpreter,
        Operation::InterpretDependency,
        template,
        &desired(template),
    );
    Simulation {
        replica,
        members,
        items,
        aggregate,
        dependencies,
    }
}

fn run_member(
    interpreter: &Interpreter,
    template: &Value,
    member: &Member,
    replicas: Option<i32>,
) -> MemberRun {
    let revise = match replicas {
        Some(n) => step(
            interpreter,
            Operation::ReviseReplica,
            template,
            &OpInput {
                desired_replica: n,
                ..desired(template)
            },
        ),
        None => Step::Skipped(Skip::NoReplicas),
    };
    let sent = revise.get("revised").unwrap_or(template);
    let (retain, retained_fields, status, health) = match &member.observed {
        None => {
            let no = || Step::Skipped(Skip::NoObject);
            (no(), Vec::new(), no(), no())
        }
        Some(observed) => {
            let retain = step(
                interpreter,
                Operation::Retain,
                sent,
                &OpInput {
                    desired: Some(sent.clone()),
                    observed: Some(observed.clone()),
                    ..OpInput::default()
                },
            );
            let fields = retain
                .get("retained")
                .map(|after| changed_paths(sent, after))
                .unwrap_or_default();
            let input = OpInput {
                observed: Some(observed.clone()),
                ..OpInput::default()
            };
            let status = step(interpreter, Operation::InterpretStatus, observed, &input);
            let health = step(interpreter, Operation::InterpretHealth, observed, &input);
            (retain, fields, status, health)
        }
    };
    let item = status_item(&member.name, member.observed.is_some(), &status, &health);
    MemberRun {
        name: member.name.clone(),
        replicas,
        revise,
        retain,
        retained_fields,
        status,
        health,
        item,
    }
}

/// The member's AggregatedStatusItem, as Karmada's status controllers make
/// it (see the module documentation).
fn status_item(cluster: &str, applied: bool, status: &Step, health: &Step) -> Value {
    let mut item = Map::new();
    item.insert("clusterName".into(), json!(cluster));
    let health = match (applied, status, health) {
        (false, ..) | (true, Step::Failed(_) | Step::Skipped(_), _) => "Unknown",
        (true, Step::Done(_), Step::Skipped(_)) => "Healthy",
        (true, Step::Done(_), Step::Failed(_)) => "Unknown",
        (true, Step::Done(_), Step::Done(h)) => match h.get("healthy") {
            Some(Value::Bool(true)) => "Healthy",
            _ => "Unhealthy",
        },
    };
    if let Some(s) = status.get("status").filter(|s| !s.is_null()) {
        item.insert("status".into(), s.clone());
    }
    item.insert("applied".into(), json!(applied));
    item.insert("health".into(), json!(health));
    Value::Object(item)
}

/// The paths where `after` differs from `before`: changed leaves, added
/// or removed keys (an added map as its own path), and lists whose length
/// changed (as one path).
pub fn changed_paths(before: &Value, after: &Value) -> Vec<String> {
    let mut out = Vec::new();
    walk("", before, after, &mut out);
    out
}

fn walk(path: &str, before: &Value, after: &Value, out: &mut Vec<String>) {
    if before == after {
        return;
    }
    let join = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match (before, after) {
        (Value::Object(b), Value::Object(a)) => {
            for (k, av) in a {
                walk(&join(k), b.get(k).unwrap_or(&Value::Null), av, out);
            }
            for k in b.keys().filter(|k| !a.contains_key(*k)) {
                out.push(join(k));
            }
        }
        (Value::Array(b), Value::Array(a)) if a.len() == b.len() => {
            for (i, (bv, av)) in b.iter().zip(a).enumerate() {
                walk(&format!("{path}[{i}]"), bv, av, out);
            }
        }
        _ => out.push(path.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_paths_name_leaves_and_removals() {
        let before = json!({"spec": {"a": 1, "b": [1, 2], "c": {"d": 1}, "gone": 1}});
        let after = json!({"spec": {"a": 2, "b": [1, 3], "c": {"d": 1}, "new": {"x": 1}}});
        assert_eq!(
            changed_paths(&before, &after),
            ["spec.a", "spec.b[1]", "spec.new", "spec.gone"]
        );
        assert!(changed_paths(&before, &before).is_empty());
    }

    #[test]
    fn items_follow_the_status_controllers() {
        let done = |name: &'static str, v: Value| {
            Step::Done(Outcome {
                results: vec![(name, v)],
            })
        };
        let status = done("status", json!({"ready": 1}));
        let failed = Step::Failed(Diagnostic::runtime("boom"));
        let no_rule = Step::Skipped(Skip::NoRule);
        let no_object = Step::Skipped(Skip::NoObject);
        let health = |h| done("healthy", json!(h));
        assert_eq!(
            status_item("a", true, &status, &health(true)),
            json!({"clusterName": "a", "status": {"ready": 1}, "applied": true, "health": "Healthy"})
        );
        assert_eq!(
            status_item("a", true, &status, &health(false))["health"],
            "Unhealthy"
        );
        // No health rule: Karmada treats the object as healthy.
        assert_eq!(
            status_item("a", true, &status, &no_rule)["health"],
            "Healthy"
        );
        assert_eq!(
            status_item("a", true, &status, &failed)["health"],
            "Unknown"
        );
        // A failed reflection records nothing for the member.
        assert_eq!(
            status_item("a", true, &failed, &health(true)),
            json!({"clusterName": "a", "applied": true, "health": "Unknown"})
        );
        assert_eq!(
            status_item("a", false, &no_object, &no_object),
            json!({"clusterName": "a", "applied": false, "health": "Unknown"})
        );
    }
}

//! `simulate` for people and for tools: a table of members and the
//! template's status change, or one record of every step's result keyed
//! by step and member.

use owo_colors::OwoColorize;
use serde_json::{Map, Value, json};

use kinterp::simulate::{MemberRun, Simulation, Skip, Step};

use super::diff::unified;
use kinterp_go::json::to_go_json;
use kinterp_go::yaml::to_yaml;

/// One step as data: the named results as `interpret -o json` gives them,
/// `{"skipped": REASON}`, or `{"error": TEXT}` (the text `interpret`
/// reports, without the script excerpt).
pub fn step_value(step: &Step) -> Value {
    match step {
        Step::Done(o) => Value::Object(
            o.results
                .iter()
                .map(|(k, v)| ((*k).to_string(), v.clone()))
                .collect(),
        ),
        Step::Skipped(s) => json!({"skipped": s.reason()}),
        Step::Failed(d) => json!({"error": super::human::diagnostic(d, None)}),
    }
}

fn per_member(sim: &Simulation, f: impl Fn(&MemberRun) -> Value) -> Value {
    Value::Object(sim.members.iter().map(|m| (m.name.clone(), f(m))).collect())
}

/// The record of `-o yaml` and `-o json`: each operation's name keys its
/// step (per member: a map from member name to the step), beside the
/// replicas sent (`replicas`), the status items (`statusItems`) and
/// whether a step failed (`failed`).
pub fn record(sim: &Simulation) -> Value {
    let mut r = Map::new();
    r.insert("InterpretReplica".into(), step_value(&sim.replica));
    r.insert("replicas".into(), per_member(sim, |m| json!(m.replicas)));
    r.insert(
        "ReviseReplica".into(),
        per_member(sim, |m| step_value(&m.revise)),
    );
    r.insert("Retain".into(), per_member(sim, |m| step_value(&m.retain)));
    r.insert(
        "InterpretStatus".into(),
        per_member(sim, |m| step_value(&m.status)),
    );
    r.insert(
        "InterpretHealth".into(),
        per_member(sim, |m| step_value(&m.health)),
    );
    r.insert("statusItems".into(), Value::Array(sim.items.clone()));
    r.insert("AggregateStatus".into(), step_value(&sim.aggregate));
    r.insert("InterpretDependency".into(), step_value(&sim.dependencies));
    r.insert("failed".into(), json!(sim.failed()));
    Value::Object(r)
}

/// The record as go-yaml writes it.
pub fn yaml(sim: &Simulation) -> String {
    to_yaml(&record(sim))
}

/// The record as one line of JSON.
pub fn json(sim: &Simulation) -> String {
    format!(
        "{}\n",
        to_go_json(&kinterp_go::value::with_f64_numbers(&record(sim)))
    )
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// An object as `apps/v1 Deployment default/web`.
pub fn describe(obj: &Value) -> String {
    let meta = obj.get("metadata").unwrap_or(&Value::Null);
    let (ns, name) = (text(meta, "namespace"), text(meta, "name"));
    let id = if ns.is_empty() {
        name.to_string()
    } else {
        format!("{ns}/{name}")
    };
    format!("{} {} {id}", text(obj, "apiVersion"), text(obj, "kind"))
}

/// A step that did not give its result, in a few words.
fn not_done(step: &Step) -> Option<String> {
    match step {
        Step::Done(_) => None,
        Step::Skipped(s) => Some(format!("skipped: {}", s.reason())),
        Step::Failed(_) => Some("failed (error on standard error)".to_string()),
    }
}

fn replicas_cell(m: &MemberRun) -> String {
    let n = m.replicas.map_or("-".to_string(), |n| n.to_string());
    match &m.revise {
        Step::Failed(_) => format!("{n} (ReviseReplica failed)"),
        _ => n,
    }
}

fn health_cell(m: &MemberRun) -> String {
    let health = text(&m.item, "health").to_string();
    let why = match (&m.status, &m.health) {
        (Step::Skipped(Skip::NoObject), _) => Some("not applied yet"),
        (Step::Failed(_), _) => Some("InterpretStatus failed"),
        (_, Step::Failed(_)) => Some("InterpretHealth failed"),
        (_, Step::Skipped(Skip::NoRule)) => Some("no health rule"),
        _ => None,
    };
    match why {
        Some(w) => format!("{health} ({w})"),
        None => health,
    }
}

fn retained_cell(m: &MemberRun) -> String {
    match &m.retain {
        Step::Done(_) if m.retained_fields.is_empty() => "nothing".to_string(),
        Step::Done(_) => {
            const SHOWN: usize = 4;
            let f = &m.retained_fields;
            let mut cell = f[..f.len().min(SHOWN)].join(", ");
            if f.len() > SHOWN {
                cell.push_str(&format!(" (+{} more)", f.len() - SHOWN));
            }
            cell
        }
        Step::Skipped(Skip::NoObject) => "- (no object yet)".to_string(),
        Step::Skipped(s) => format!("- ({})", s.reason()),
        Step::Failed(_) => "- (Retain failed)".to_string(),
    }
}

fn paint_health(cell: &str, color: bool) -> String {
    if !color {
        return cell.to_string();
    }
    if cell.starts_with("Healthy") {
        cell.green().to_string()
    } else if cell.starts_with("Unhealthy") {
        cell.red().to_string()
    } else {
        cell.yellow().to_string()
    }
}

fn table(sim: &Simulation, color: bool) -> String {
    let header = ["MEMBER", "REPLICAS", "HEALTH", "RETAINED"];
    let rows: Vec<[String; 4]> = sim
        .members
        .iter()
        .map(|m| {
            [
                m.name.clone(),
                replicas_cell(m),
                health_cell(m),
                retained_cell(m),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for r in &rows {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    let head = header.map(str::to_string);
    for (i, r) in std::iter::once(&head).chain(&rows).enumerate() {
        let mut line = String::new();
        for (j, c) in r.iter().enumerate() {
            let pad = " ".repeat(widths[j] - c.chars().count() + 3);
            let cell = if j == 2 && i > 0 {
                paint_health(c, color)
            } else {
                c.clone()
            };
            line.push_str(&cell);
            if j < 3 {
                line.push_str(&pad);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn dependencies_line(step: &Step) -> String {
    let Some(Value::Array(deps)) = step.get("dependencies") else {
        return match not_done(step) {
            Some(w) => format!("InterpretDependency: {w}\n"),
            None => "InterpretDependency: none\n".to_string(),
        };
    };
    if deps.is_empty() {
        return "InterpretDependency: none\n".to_string();
    }
    let mut out = String::from("InterpretDependency: propagated with it:\n");
    for d in deps {
        let selector = d.get("labelSelector").map(to_go_json);
        let who = match selector {
            Some(s) if text(d, "name").is_empty() => format!("selector {s}"),
            _ => text(d, "name").to_string(),
        };
        let ns = text(d, "namespace");
        let who = if ns.is_empty() {
            who
        } else {
            format!("{ns}/{who}")
        };
        out.push_str(&format!(
            "  {} {} {who}\n",
            text(d, "apiVersion"),
            text(d, "kind")
        ));
    }
    out
}

/// The human form: the template, its replica count, the members' table,
/// the template's status before and after aggregation as a diff, and the
/// dependencies.
pub fn human(sim: &Simulation, template: &Value, color: bool) -> String {
    let mut out = format!("Template {}\n", describe(template));
    out.push_str(&match (&sim.replica, sim.replica.get("replica")) {
        (_, Some(n)) => {
            let mut line = format!("InterpretReplica: {n} replicas");
            let given = |r: &&Value| r.as_object().is_some_and(|m| !m.is_empty());
            if let Some(r) = sim.replica.get("requires").filter(given) {
                line.push_str(&format!(", each requiring {}", to_go_json(r)));
            }
            line + "\n"
        }
        (step, None) => format!("InterpretReplica: {}\n", not_done(step).unwrap_or_default()),
    });
    out.push('\n');
    out.push_str(&table(sim, color));
    out.push('\n');
    match sim.aggregate.get("aggregatedStatus") {
        Some(after) => {
            let empty = json!({});
            let before = template.get("status").unwrap_or(&empty);
            let after = after.get("status").unwrap_or(&empty);
            out.push_str("AggregateStatus: the template's status\n");
            let diff = unified(
                &to_yaml(before),
                &to_yaml(after),
                "template status",
                "aggregated status",
                color,
            );
            if diff.is_empty() {
                out.push_str("no changes\n");
            } else {
                out.push_str(&diff);
            }
        }
        None => out.push_str(&format!(
            "AggregateStatus: {}\n",
            not_done(&sim.aggregate).unwrap_or_default()
        )),
    }
    out.push_str(&dependencies_line(&sim.dependencies));
    out
}

//! Rendering `--check` results: karmadactl's aligned table, or a JSON array
//! with kinterp's lint warnings.

use serde_json::{Value, json};

use super::tabwriter::TabWriter;
use kinterp::check::{Entry, RuleResult, Verdict};
use kinterp::diag::Diagnostic;

/// One lint warning of an entry: `RULE: message (hint; hint)`.
pub fn warning(d: &Diagnostic) -> String {
    let mut text = match &d.location.rule {
        Some(rule) => format!("{rule}: {}", d.message),
        None => d.message.clone(),
    };
    if !d.hints.is_empty() {
        text.push_str(&format!(" ({})", d.hints.join("; ")));
    }
    text
}

/// karmadactl's table for all entries.
pub fn table(entries: &[Entry]) -> String {
    let mut w = TabWriter::default();
    let labels: Vec<String> = kinterp::ops::Operation::ALL
        .iter()
        .map(|op| format!("    {}:", op.name()))
        .collect();
    for e in entries {
        w.line(&[], "-----------------------------------");
        w.line(&[], &format!("SOURCE: {}", e.source));
        match &e.verdict {
            Verdict::NotCustomization(gvk) => w.line(
                &[],
                &format!("not a ResourceInterpreterCustomization, got {gvk}"),
            ),
            Verdict::NoTargetKind => w.line(&[], "target.kind no set"),
            Verdict::NoTargetApiVersion => w.line(&[], "target.apiVersion no set"),
            Verdict::Rules(rules) => {
                let (api, kind) = e.target.clone().unwrap_or_default();
                w.line(&[&format!("TARGET: {api} {kind}")], "");
                w.line(&[], "RULERS:");
                for (op, r) in rules {
                    let label = labels[*op as usize].as_str();
                    match r {
                        RuleResult::Pass => w.line(&[label], "PASS"),
                        RuleResult::Unset => w.line(&[label], "UNSET"),
                        RuleResult::Error(e) => {
                            w.line(&[label, &format!("ERROR: {}", e.message)], "")
                        }
                    }
                }
            }
        }
    }
    w.finish()
}

/// The JSON array of cli.md.
pub fn json(entries: &[Entry]) -> String {
    let items: Vec<Value> = entries
        .iter()
        .map(|e| {
            let mut obj = json!({
                "source": e.source,
                "name": e.name,
                "warnings": e.warnings.iter().map(warning).collect::<Vec<_>>(),
            });
            if let Some((api, kind)) = &e.target {
                obj["target"] = json!({"apiVersion": api, "kind": kind});
            }
            match &e.verdict {
                Verdict::Rules(rules) => {
                    obj["rules"] = rules
                        .iter()
                        .map(|(op, r)| {
                            let (result, message) = match r {
                                RuleResult::Pass => ("PASS", ""),
                                RuleResult::Unset => ("UNSET", ""),
                                RuleResult::Error(e) => ("ERROR", e.message.as_str()),
                            };
                            let mut rule = json!({"name": op.name(), "result": result});
                            if !message.is_empty() {
                                rule["message"] = json!(message);
                            }
                            rule
                        })
                        .collect();
                }
                Verdict::NotCustomization(gvk) => {
                    obj["rules"] = json!([]);
                    obj["error"] =
                        json!(format!("not a ResourceInterpreterCustomization, got {gvk}"));
                }
                Verdict::NoTargetKind => {
                    obj["rules"] = json!([]);
                    obj["error"] = json!("target.kind no set");
                }
                Verdict::NoTargetApiVersion => {
                    obj["rules"] = json!([]);
                    obj["error"] = json!("target.apiVersion no set");
                }
            }
            obj
        })
        .collect();
    let mut s = serde_json::to_string(&Value::Array(items)).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinterp::ops::Operation;

    fn entry(api: &str, kind: &str, err: Option<&str>) -> Entry {
        let rules = Operation::ALL
            .iter()
            .map(|op| {
                let r = match (op, err) {
                    (Operation::Retain, Some(m)) => {
                        RuleResult::Error(Diagnostic::error(kinterp::diag::Kind::Syntax, m))
                    }
                    (Operation::Retain, None) => RuleResult::Pass,
                    _ => RuleResult::Unset,
                };
                (*op, r)
            })
            .collect();
        Entry {
            source: "c".into(),
            name: "c".into(),
            target: Some((api.into(), kind.into())),
            verdict: Verdict::Rules(rules),
            warnings: vec![],
        }
    }

    #[test]
    fn widths_are_remembered() {
        let out = table(&[
            entry("apps/v1", "Deployment", None),
            entry("v1", "Pod", Some("<string> x")),
        ]);
        let expected = "-----------------------------------\nSOURCE: c\nTARGET: apps/v1 Deployment   \nRULERS:\n    Retain:                  PASS\n    InterpretReplica:        UNSET\n    InterpretComponent:      UNSET\n    ReviseReplica:           UNSET\n    InterpretStatus:         UNSET\n    AggregateStatus:         UNSET\n    InterpretHealth:         UNSET\n    InterpretDependency:     UNSET\n-----------------------------------\nSOURCE: c\nTARGET: v1 Pod               \nRULERS:\n    Retain:                  ERROR: <string> x   \n    InterpretReplica:        UNSET\n    InterpretComponent:      UNSET\n    ReviseReplica:           UNSET\n    InterpretStatus:         UNSET\n    AggregateStatus:         UNSET\n    InterpretHealth:         UNSET\n    InterpretDependency:     UNSET\n";
        assert_eq!(out, expected);
    }
}

//! Validating, uniting and sorting dependency references, as Karmada does
//! for both customized and native InterpretDependency results.

use serde_json::{Map, Value};

fn s<'a>(m: &'a Map<String, Value>, k: &str) -> &'a str {
    m.get(k).and_then(Value::as_str).unwrap_or("")
}

fn has_selector(m: &Map<String, Value>) -> bool {
    matches!(m.get("labelSelector"), Some(Value::Object(_)))
}

/// Checks one script's list; `Err` is Karmada's aggregated message.
pub fn validate(list: &[Value]) -> Result<(), String> {
    let mut errs = Vec::new();
    for (i, item) in list.iter().enumerate() {
        let empty = Map::new();
        let m = item.as_object().unwrap_or(&empty);
        let path = format!("dependencies[{i}]");
        if s(m, "apiVersion").is_empty() {
            errs.push(format!(
                "{path}.apiVersion: Invalid value: \"\": missing required apiVersion"
            ));
        }
        if s(m, "kind").is_empty() {
            errs.push(format!(
                "{path}.kind: Invalid value: \"\": missing required kind"
            ));
        }
        if s(m, "name").is_empty() && !has_selector(m) {
            // Go prints the struct's fields in order; namespace is omitempty.
            let q = |k: &str| kinterp_go::json::to_go_json(&Value::String(s(m, k).into()));
            let mut json = format!(
                "{{\"apiVersion\":{},\"kind\":{}",
                q("apiVersion"),
                q("kind")
            );
            if !s(m, "namespace").is_empty() {
                json.push_str(&format!(",\"namespace\":{}", q("namespace")));
            }
            json.push('}');
            errs.push(format!(
                "{path}: Invalid value: {json}: dependency can not leave name and labelSelector all empty"
            ));
        }
        if let Some(Value::Object(sel)) = m.get("labelSelector") {
            super::labels::validate_selector(sel, &format!("{path}.labelSelector"), &mut errs);
        }
    }
    match errs.len() {
        0 => Ok(()),
        1 => Err(errs.remove(0)),
        _ => Err(format!("[{}]", errs.join(", "))),
    }
}

/// Unites the lists of several scripts: identical entries without a label
/// selector appear once; then sorts by apiVersion, kind, namespace, name.
pub fn unite(lists: Vec<Vec<Value>>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    for list in lists {
        for item in list {
            let m = item.as_object();
            let mergeable = m.is_some_and(|m| !has_selector(m));
            if mergeable && out.iter().any(|o| o == &item) {
                continue;
            }
            out.push(item);
        }
    }
    out.sort_by(|a, b| {
        let key = |v: &Value| {
            let empty = Map::new();
            let m = v.as_object().unwrap_or(&empty);
            (
                s(m, "apiVersion").to_string(),
                s(m, "kind").to_string(),
                s(m, "namespace").to_string(),
                s(m, "name").to_string(),
            )
        };
        key(a).cmp(&key(b))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn validation_messages() {
        assert_eq!(
            validate(&[json!({"apiVersion": "v1", "kind": "Secret", "namespace": "ns"})]),
            Err("dependencies[0]: Invalid value: {\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"namespace\":\"ns\"}: dependency can not leave name and labelSelector all empty".into())
        );
        assert_eq!(
            validate(&[json!({"apiVersion": "", "kind": "Secret"})]),
            Err("[dependencies[0].apiVersion: Invalid value: \"\": missing required apiVersion, dependencies[0]: Invalid value: {\"apiVersion\":\"\",\"kind\":\"Secret\"}: dependency can not leave name and labelSelector all empty]".into())
        );
        assert!(validate(&[json!({"apiVersion": "v1", "kind": "Secret", "name": "x"})]).is_ok());
    }

    #[test]
    fn unite_dedupes_and_sorts() {
        let a = json!({"apiVersion": "v1", "kind": "Secret", "name": "b"});
        let b = json!({"apiVersion": "v1", "kind": "ConfigMap", "name": "a"});
        let sel = json!({"apiVersion": "v1", "kind": "Pod", "labelSelector": {"matchLabels": {"a": "b"}}});
        let out = unite(vec![
            vec![a.clone(), sel.clone()],
            vec![a.clone(), b.clone(), sel.clone()],
        ]);
        assert_eq!(out, vec![b, sel.clone(), sel, a]);
    }
}

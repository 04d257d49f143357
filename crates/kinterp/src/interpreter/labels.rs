//! Kubernetes label-selector validation (qualified names, label values,
//! operators) with Kubernetes' field-error texts.

use serde_json::{Map, Value};

const NAME_MSG: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const PREFIX_MSG: &str = "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const QUALIFIED_MSG: &str = "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
const VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

fn is_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

fn is_dns_subdomain(s: &str) -> bool {
    s.split('.').all(|label| {
        let b = label.as_bytes();
        !b.is_empty()
            && (b[0].is_ascii_lowercase() || b[0].is_ascii_digit())
            && (b[b.len() - 1].is_ascii_lowercase() || b[b.len() - 1].is_ascii_digit())
            && b.iter()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')
    })
}

/// The problems of a qualified name (`prefix/name`), Kubernetes' texts.
pub fn qualified_name_errors(key: &str) -> Vec<String> {
    let parts: Vec<&str> = key.split('/').collect();
    let (prefix, name) = match parts.as_slice() {
        [name] => (None, *name),
        [prefix, name] => (Some(*prefix), *name),
        _ => return vec![QUALIFIED_MSG.to_string()],
    };
    let mut errs = Vec::new();
    if let Some(p) = prefix {
        if p.is_empty() {
            errs.push("prefix part must be non-empty".to_string());
        } else if p.len() > 253 {
            errs.push("prefix part must be no more than 253 characters".to_string());
        } else if !is_dns_subdomain(p) {
            errs.push(PREFIX_MSG.to_string());
        }
    }
    if name.is_empty() {
        errs.push("name part must be non-empty".to_string());
    } else if name.len() > 63 {
        errs.push("name part must be no more than 63 characters".to_string());
    }
    if !name.is_empty() && !is_name(name) {
        errs.push(NAME_MSG.to_string());
    }
    errs
}

/// The problems of a label value.
pub fn label_value_errors(v: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    if !v.is_empty() && !is_name(v) {
        errs.push(VALUE_MSG.to_string());
    }
    errs
}

fn quote(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// Validates a LabelSelector at `path`, appending field errors to `errs`.
pub fn validate_selector(sel: &Map<String, Value>, path: &str, errs: &mut Vec<String>) {
    if let Some(Value::Object(labels)) = sel.get("matchLabels") {
        for (k, v) in labels {
            for e in qualified_name_errors(k) {
                errs.push(format!(
                    "{path}.matchLabels: Invalid value: {}: {e}",
                    quote(k)
                ));
            }
            let v = v.as_str().unwrap_or("");
            for e in label_value_errors(v) {
                errs.push(format!(
                    "{path}.matchLabels: Invalid value: {}: {e}",
                    quote(v)
                ));
            }
        }
    }
    if let Some(Value::Array(exprs)) = sel.get("matchExpressions") {
        for (j, e) in exprs.iter().enumerate() {
            let p = format!("{path}.matchExpressions[{j}]");
            let empty = Map::new();
            let m = e.as_object().unwrap_or(&empty);
            let op = m.get("operator").and_then(Value::as_str).unwrap_or("");
            let nvalues = m
                .get("values")
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            match op {
                "In" | "NotIn" => {
                    if nvalues == 0 {
                        errs.push(format!("{p}.values: Required value: must be specified when `operator` is 'In' or 'NotIn'"));
                    }
                }
                "Exists" | "DoesNotExist" => {
                    if nvalues > 0 {
                        errs.push(format!("{p}.values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
                    }
                }
                _ => errs.push(format!(
                    "{p}.operator: Invalid value: {}: not a valid selector operator",
                    quote(op)
                )),
            }
            let key = m.get("key").and_then(Value::as_str).unwrap_or("");
            for e in qualified_name_errors(key) {
                errs.push(format!("{p}.key: Invalid value: {}: {e}", quote(key)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn bad_key_message() {
        let mut errs = Vec::new();
        let sel = json!({"matchLabels": {"bad key!": "v"}});
        validate_selector(
            sel.as_object().unwrap(),
            "dependencies[2].labelSelector",
            &mut errs,
        );
        assert_eq!(
            errs,
            vec![format!(
                "dependencies[2].labelSelector.matchLabels: Invalid value: \"bad key!\": {NAME_MSG}"
            )]
        );
    }

    #[test]
    fn good_selectors_pass() {
        let mut errs = Vec::new();
        let sel = json!({"matchLabels": {"app.kubernetes.io/name": "web"}, "matchExpressions": [{"key": "tier", "operator": "In", "values": ["a"]}]});
        validate_selector(sel.as_object().unwrap(), "x", &mut errs);
        assert!(errs.is_empty(), "{errs:?}");
    }
}

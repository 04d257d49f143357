//! Raw access to an object's JSON tree: path lookups and writes
//! with apimachinery's `unstructured` accessor error texts.

use serde_json::{Map, Value};

/// The `.a.b.c` form of a path, as the accessor errors print it.
pub fn json_path(fields: &[&str]) -> String {
    format!(".{}", fields.join("."))
}

/// Go's `%T` of a decoded JSON value.
pub fn go_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.as_i64().is_some() => "int64",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[string]interface {}",
    }
}

/// Go's `%v` of a float64 (shortest `%g`: exponent form below 1e-4 or from 1e6).
pub fn go_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // Shortest round-trip digits and decimal exponent from Rust's `{:e}`.
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exp.abs());
    }
    format!("{f}")
}

/// Go's `%v` of a decoded JSON value (maps print with sorted keys).
pub fn go_value(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_string(),
            None => go_float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(go_value).collect();
            format!("[{}]", parts.join(" "))
        }
        Value::Object(m) => {
            let parts: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{k}:{}", go_value(v)))
                .collect();
            format!("map[{}]", parts.join(" "))
        }
    }
}

fn type_error(fields: &[&str], v: &Value, wanted: &str) -> String {
    format!(
        "{} accessor error: {} is of the type {}, expected {wanted}",
        json_path(fields),
        go_value(v),
        go_type(v)
    )
}

/// Looks a path up: `Ok(None)` when a key is missing or a `null` is met on
/// the way; an error when a non-object is met on the way.
pub fn field<'a>(obj: &'a Value, fields: &[&str]) -> Result<Option<&'a Value>, String> {
    let mut cur = obj;
    for (i, key) in fields.iter().enumerate() {
        match cur {
            Value::Null => return Ok(None),
            Value::Object(m) => match m.get(*key) {
                Some(v) => cur = v,
                None => return Ok(None),
            },
            other => return Err(type_error(&fields[..=i], other, "map[string]interface{}")),
        }
    }
    Ok(Some(cur))
}

/// `NestedInt64`: the leaf must be an int64.
pub fn int64(obj: &Value, fields: &[&str]) -> Result<Option<i64>, String> {
    match field(obj, fields)? {
        None => Ok(None),
        Some(v) => match v.as_i64() {
            Some(i) => Ok(Some(i)),
            None => Err(type_error(fields, v, "int64")),
        },
    }
}

/// `NestedString`: the leaf must be a string.
pub fn string<'a>(obj: &'a Value, fields: &[&str]) -> Result<Option<&'a str>, String> {
    match field(obj, fields)? {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(v) => Err(type_error(fields, v, "string")),
    }
}

/// `NestedSlice`: the leaf must be a list.
pub fn slice<'a>(obj: &'a Value, fields: &[&str]) -> Result<Option<&'a Vec<Value>>, String> {
    match field(obj, fields)? {
        None => Ok(None),
        Some(Value::Array(a)) => Ok(Some(a)),
        Some(v) => Err(type_error(fields, v, "[]interface{}")),
    }
}

/// `NestedMap`: the leaf must be an object.
pub fn map<'a>(obj: &'a Value, fields: &[&str]) -> Result<Option<&'a Map<String, Value>>, String> {
    match field(obj, fields)? {
        None => Ok(None),
        Some(Value::Object(m)) => Ok(Some(m)),
        Some(v) => Err(type_error(fields, v, "map[string]interface{}")),
    }
}

/// `NestedStringMap`: an object whose values are all strings.
pub fn string_map<'a>(
    obj: &'a Value,
    fields: &[&str],
) -> Result<Option<&'a Map<String, Value>>, String> {
    let Some(m) = map(obj, fields)? else {
        return Ok(None);
    };
    if let Some((k, v)) = m.iter().find(|(_, v)| !v.is_string()) {
        return Err(format!(
            "{} accessor error: contains non-string value in the map under key {}: {} is of the type {}, expected string",
            json_path(fields),
            go_quote(k),
            go_value(v),
            go_type(v)
        ));
    }
    Ok(Some(m))
}

/// `SetNestedField`: writes `value`, creating missing intermediate objects.
pub fn set(obj: &mut Value, fields: &[&str], value: Value) -> Result<(), String> {
    let (last, path) = fields.split_last().expect("non-empty path");
    let mut cur = obj;
    for (i, key) in path.iter().enumerate() {
        let Value::Object(m) = cur else {
            return Err(not_a_map(&fields[..i]));
        };
        let slot = m.entry(key.to_string()).or_insert(Value::Null);
        if slot.is_null() {
            *slot = Value::Object(Map::new());
        }
        if !slot.is_object() {
            return Err(not_a_map(&fields[..=i]));
        }
        cur = slot;
    }
    match cur {
        Value::Object(m) => {
            m.insert(last.to_string(), value);
            Ok(())
        }
        _ => Err(not_a_map(path)),
    }
}

fn not_a_map(fields: &[&str]) -> String {
    format!(
        "value cannot be set because {} is not a map[string]interface{{}}",
        json_path(fields)
    )
}

/// Go's `strconv.Quote` (ASCII control characters escaped).
pub fn go_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `GetNamespace`/`GetName`-style read: a string at the path, else `""`.
pub fn string_or_empty<'a>(obj: &'a Value, fields: &[&str]) -> &'a str {
    string(obj, fields).ok().flatten().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lookups_and_errors() {
        let o = json!({"spec": "x", "meta": {"labels": {"a": 1}}, "n": null});
        assert_eq!(
            int64(&o, &["spec", "replicas"]).unwrap_err(),
            ".spec.replicas accessor error: x is of the type string, expected map[string]interface{}"
        );
        assert_eq!(int64(&o, &["n", "x"]).unwrap(), None);
        assert_eq!(
            int64(&o, &["n"]).unwrap_err(),
            ".n accessor error: <nil> is of the type <nil>, expected int64"
        );
        assert_eq!(
            string_map(&o, &["meta", "labels"]).unwrap_err(),
            ".meta.labels accessor error: contains non-string value in the map under key \"a\": 1 is of the type int64, expected string"
        );
        let f = json!({"r": 1.5});
        assert_eq!(
            int64(&f, &["r"]).unwrap_err(),
            ".r accessor error: 1.5 is of the type float64, expected int64"
        );
        assert_eq!(
            slice(&json!({"s": {}}), &["s"]).unwrap_err(),
            ".s accessor error: map[] is of the type map[string]interface {}, expected []interface{}"
        );
    }

    #[test]
    fn writes() {
        let mut o = json!({"a": null, "b": 3});
        set(&mut o, &["a", "x", "y"], json!(1)).unwrap();
        assert_eq!(o["a"]["x"]["y"], json!(1));
        assert_eq!(
            set(&mut o, &["b", "c"], json!(1)).unwrap_err(),
            "value cannot be set because .b is not a map[string]interface{}"
        );
    }

    #[test]
    fn go_formatting() {
        assert_eq!(go_float(1.5), "1.5");
        assert_eq!(go_float(2.0), "2");
        assert_eq!(go_float(1e21), "1e+21");
        assert_eq!(go_float(123456.0), "123456");
        assert_eq!(go_float(1234567.0), "1.234567e+06");
        assert_eq!(go_float(0.00001), "1e-05");
        assert_eq!(
            go_value(&json!({"b": [1, "x"], "a": null})),
            "map[a:<nil> b:[1 x]]"
        );
    }
}

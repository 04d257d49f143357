//! The typed check of `metadata` that reading an object as Karmada does
//! implies: its fields decode into Kubernetes' ObjectMeta, so a label that
//! is a boolean (`a: yes` in YAML 1.1) is an error, worded as Go words it.

use serde_json::{Map, Value};

use kinterp_go::gojson::kind_name as go_json_kind;

/// The ObjectMeta fields a document commonly sets and their Go types.
const FIELDS: [(&str, Type); 15] = [
    ("name", Type::Str("string")),
    ("generateName", Type::Str("string")),
    ("namespace", Type::Str("string")),
    ("selfLink", Type::Str("string")),
    ("uid", Type::Str("types.UID")),
    ("resourceVersion", Type::Str("string")),
    ("generation", Type::Int),
    ("deletionGracePeriodSeconds", Type::Int),
    ("labels", Type::StrMap),
    ("annotations", Type::StrMap),
    ("finalizers", Type::StrList),
    ("creationTimestamp", Type::Str("v1.Time")),
    ("deletionTimestamp", Type::Str("v1.Time")),
    ("ownerReferences", Type::Refs),
    ("managedFields", Type::List),
];

#[derive(Clone, Copy)]
enum Type {
    Str(&'static str),
    Int,
    StrMap,
    StrList,
    Refs,
    List,
}

/// Checks `metadata` of a decoded object; the error is Go's JSON message.
#[cfg(test)]
fn check(obj: &Map<String, Value>) -> Result<(), String> {
    check_in(obj, None)
}

/// Checks `metadata` of a decoded object, read from `json` if that is a
/// JSON text (a number is then named as that text writes it); the error
/// is Go's JSON message.
pub(crate) fn check_in(obj: &Map<String, Value>, json: Option<&str>) -> Result<(), String> {
    // The type and the object metadata decode first (metadataOnlyObject).
    for (key, value) in obj {
        let want = if key.eq_ignore_ascii_case("apiVersion") {
            ("TypeMeta.apiVersion", "string", value.is_string())
        } else if key.eq_ignore_ascii_case("metadata") {
            ("metadata", "v1.ObjectMeta", value.is_object())
        } else {
            continue;
        };
        if let (field, ty, false) = want {
            if !value.is_null() {
                return Err(format!(
                    "json: cannot unmarshal {} into Go struct field metadataOnlyObject.{field} of type {ty}",
                    go_json_kind(value)
                ));
            }
        }
    }
    let Some(Value::Object(meta)) = obj.get("metadata") else {
        return Ok(());
    };
    for (key, value) in meta {
        // Go matches JSON keys to struct fields ignoring case.
        let Some((field, ty)) = FIELDS.iter().find(|(f, _)| f.eq_ignore_ascii_case(key)) else {
            continue;
        };
        let path = format!("ObjectMeta.metadata.{field}");
        match (ty, value, json) {
            (Type::Int, Value::Number(n), Some(text)) if !n.is_i64() => {
                if let Some(lit) = super::bignum::literal_at(text, &["metadata", key]) {
                    return Err(format!(
                        "json: cannot unmarshal number {lit} into Go struct field {path} of type int64"
                    ));
                }
            }
            _ => {}
        }
        check_field(&path, *ty, value)?;
    }
    Ok(())
}

fn check_field(path: &str, ty: Type, v: &Value) -> Result<(), String> {
    let err = |v: &Value, want: &str| {
        Err(format!(
            "json: cannot unmarshal {} into Go struct field {path} of type {want}",
            go_json_kind(v)
        ))
    };
    match (ty, v) {
        (_, Value::Null) => Ok(()),
        (Type::Str("v1.Time"), Value::String(t)) if !t.is_empty() && !rfc3339(t) => Err(format!(
            "parsing time {t:?} as \"2006-01-02T15:04:05Z07:00\": cannot parse {t:?} as RFC 3339"
        )),
        (Type::Str(_), Value::String(_)) => Ok(()),
        (Type::Str(t), v) => err(v, t),
        (Type::Int, Value::Number(n)) if n.is_i64() => Ok(()),
        // Beyond int64 too; the number as Go's JSON has it (a float's
        // text is Go's, which for a JSON file may differ from its own).
        (Type::Int, Value::Number(n)) => Err(format!(
            "json: cannot unmarshal number {} into Go struct field {path} of type int64",
            match (n.as_u64(), n.as_f64()) {
                (Some(u), _) => u.to_string(),
                // YAML's reader gives a uint64, which kinterp's holds as
                // the float nearest to it.
                (None, Some(f))
                    if (9_223_372_036_854_775_808.0..18_446_744_073_709_551_616.0).contains(&f) =>
                {
                    (f as u64).to_string()
                }
                _ => kinterp_go::gojson::number_text(n),
            }
        )),
        (Type::Int, v) => err(v, "int64"),
        (Type::StrMap, Value::Object(m)) => {
            match m.values().find(|v| !v.is_string() && !v.is_null()) {
                Some(v) => err(v, "string"),
                None => Ok(()),
            }
        }
        (Type::StrMap, v) => err(v, "map[string]string"),
        (Type::StrList, Value::Array(items)) => {
            match items.iter().find(|v| !v.is_string() && !v.is_null()) {
                Some(v) => err(v, "string"),
                None => Ok(()),
            }
        }
        (Type::StrList, v) => err(v, "[]string"),
        (Type::Refs, Value::Array(items)) => items.iter().try_for_each(owner_reference),
        (Type::Refs, v) => err(v, "[]v1.OwnerReference"),
        (Type::List, Value::Array(_)) => Ok(()),
        (Type::List, v) => err(v, "[]v1.ManagedFieldsEntry"),
    }
}

/// Whether `t` is a time as Go's `time.Parse(time.RFC3339, t)` reads it
/// (what a `v1.Time` field takes): `2006-01-02T15:04:05`, an optional
/// fraction, then `Z` or a `+hh:mm` offset.
fn rfc3339(t: &str) -> bool {
    let b = t.as_bytes();
    let num = |r: std::ops::Range<usize>, max: u32| {
        b.get(r.clone())
            .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
            && t[r].parse::<u32>().is_ok_and(|n| n <= max)
    };
    let sep = |i: usize, c: u8| b.get(i) == Some(&c);
    let date_time = num(0..4, 9999)
        && sep(4, b'-')
        && num(5..7, 12)
        && sep(7, b'-')
        && num(8..10, 31)
        && sep(10, b'T')
        && num(11..13, 23)
        && sep(13, b':')
        && num(14..16, 59)
        && sep(16, b':')
        && num(17..19, 59)
        && t[5..7] != *"00"
        && t[8..10] != *"00";
    if !date_time {
        return false;
    }
    let mut i = 19;
    if sep(i, b'.') {
        let n = b[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
        if n == 0 {
            return false;
        }
        i += 1 + n;
    }
    match b.get(i) {
        Some(b'Z') => i + 1 == b.len(),
        Some(b'+' | b'-') => {
            i + 6 == b.len() && num(i + 1..i + 3, 23) && sep(i + 3, b':') && num(i + 4..i + 6, 59)
        }
        _ => false,
    }
}

fn owner_reference(v: &Value) -> Result<(), String> {
    let Value::Object(m) = v else {
        if v.is_null() {
            return Ok(());
        }
        return Err(format!(
            "json: cannot unmarshal {} into Go struct field ObjectMeta.metadata.ownerReferences of type v1.OwnerReference",
            go_json_kind(v)
        ));
    };
    const REF: [(&str, &str); 6] = [
        ("apiVersion", "string"),
        ("kind", "string"),
        ("name", "string"),
        ("uid", "types.UID"),
        ("controller", "bool"),
        ("blockOwnerDeletion", "bool"),
    ];
    for (key, value) in m {
        let Some((field, want)) = REF.iter().find(|(f, _)| f.eq_ignore_ascii_case(key)) else {
            continue;
        };
        let fits = match *want {
            "bool" => value.is_boolean(),
            _ => value.is_string(),
        };
        if !fits && !value.is_null() {
            return Err(format!(
                "json: cannot unmarshal {} into Go struct field OwnerReference.metadata.ownerReferences.{field} of type {want}",
                go_json_kind(value)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn times_are_rfc3339() {
        for ok in [
            "2001-12-14T21:59:43Z",
            "2001-12-14T21:59:43.10-05:00",
            "2024-02-29T00:00:00+01:00",
        ] {
            assert!(rfc3339(ok), "{ok}");
        }
        for bad in [
            "2001-12-14",
            "2001-12-14 21:59:43Z",
            "2001-13-01T00:00:00Z",
            "x",
            "2001-12-14T21:59:43",
        ] {
            assert!(!rfc3339(bad), "{bad}");
        }
    }

    #[test]
    fn type_meta_and_metadata_types() {
        let obj = |v: Value| v.as_object().cloned().unwrap();
        assert_eq!(
            check(&obj(json!({"apiVersion": 5, "kind": "K"}))).unwrap_err(),
            "json: cannot unmarshal number into Go struct field metadataOnlyObject.TypeMeta.apiVersion of type string"
        );
        assert_eq!(
            check(&obj(json!({"kind": "K", "metadata": 5}))).unwrap_err(),
            "json: cannot unmarshal number into Go struct field metadataOnlyObject.metadata of type v1.ObjectMeta"
        );
        assert!(check(&obj(json!({"apiVersion": null, "metadata": null}))).is_ok());
    }

    fn check_meta(meta: Value) -> Result<(), String> {
        let obj = json!({"kind": "Deployment", "metadata": meta});
        check(obj.as_object().unwrap())
    }

    #[test]
    fn labels_must_be_strings() {
        assert_eq!(
            check_meta(json!({"name": "p", "labels": {"a": true}})).unwrap_err(),
            "json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string"
        );
        assert_eq!(
            check_meta(json!({"annotations": {"a": 1}})).unwrap_err(),
            "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.annotations of type string"
        );
        assert_eq!(
            check_meta(json!({"labels": ["a"]})).unwrap_err(),
            "json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string"
        );
        assert!(check_meta(json!({"labels": {"a": null, "b": "x"}})).is_ok());
    }

    #[test]
    fn other_fields_and_case() {
        assert_eq!(
            check_meta(json!({"Namespace": true})).unwrap_err(),
            "json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.namespace of type string"
        );
        assert_eq!(
            check_meta(json!({"generation": "x"})).unwrap_err(),
            "json: cannot unmarshal string into Go struct field ObjectMeta.metadata.generation of type int64"
        );
        assert_eq!(
            check_meta(json!({"uid": 1})).unwrap_err(),
            "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.uid of type types.UID"
        );
        assert_eq!(
            check_meta(json!({"ownerReferences": [{"name": 1}]})).unwrap_err(),
            "json: cannot unmarshal number into Go struct field OwnerReference.metadata.ownerReferences.name of type string"
        );
        assert!(check_meta(json!({"name": "p", "foo": 1, "generation": 3})).is_ok());
    }
}

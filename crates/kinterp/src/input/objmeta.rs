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
pub(crate) fn check(obj: &Map<String, Value>) -> Result<(), String> {
    let Some(Value::Object(meta)) = obj.get("metadata") else {
        return Ok(());
    };
    for (key, value) in meta {
        // Go matches JSON keys to struct fields ignoring case.
        let Some((field, ty)) = FIELDS.iter().find(|(f, _)| f.eq_ignore_ascii_case(key)) else {
            continue;
        };
        check_field(&format!("ObjectMeta.metadata.{field}"), *ty, value)?;
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
        (Type::Str(_), Value::String(_)) => Ok(()),
        (Type::Str(t), v) => err(v, t),
        (Type::Int, Value::Number(n)) if n.is_i64() || n.is_u64() => Ok(()),
        (Type::Int, Value::Number(n)) => Err(format!(
            "json: cannot unmarshal number {n} into Go struct field {path} of type int64"
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

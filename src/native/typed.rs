//! The typed view: reading JSON against a schema type the
//! way Go's unstructured converter or `encoding/json` would, with their errors.

use super::quantity;
use super::schema::{self, Ty, TypeDef};
use super::time::Instant;
use crate::kube::gojson;
use serde_json::{Map, Number, Value};

/// Which Go reader the typed view emulates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `runtime.DefaultUnstructuredConverter.FromUnstructured` (the object).
    Convert,
    /// `json.Unmarshal` (member statuses of AggregateStatus).
    Json,
}

/// Reads `value` as the schema type `type_name`.
///
/// The result ("decoded form") holds every field of every struct: scalars as
/// their (possibly zero) value, unset pointers, lists and maps as `null`,
/// times as full-precision UTC text (`null` when zero), quantities as their
/// printed text and int-or-strings as a number or string. `normalize.rs`
/// turns it back into an object; comparisons work on it directly.
pub fn decode(type_name: &str, value: &Value, mode: Mode) -> Result<Value, String> {
    let def = schema::get(type_name);
    let mut reader = Reader {
        mode,
        root: def,
        path: Vec::new(),
    };
    if mode == Mode::Json && !value.is_object() && !value.is_null() {
        return Err(gojson::unmarshal_value_error(
            json_kind(value),
            &def.go_name(),
        ));
    }
    reader.read_struct(def, value)
}

/// The decoded form of a struct type with nothing set.
pub fn zero(type_name: &str) -> Value {
    decode(type_name, &Value::Null, Mode::Convert).expect("null decodes")
}

/// Typed equality of two decoded values. `semantic` is apimachinery's
/// `equality.Semantic`: an unset list or map equals an empty one.
pub fn equal(a: &Value, b: &Value, semantic: bool) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| equal(v, w, semantic)))
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| equal(v, w, semantic))
        }
        (Value::Null, Value::Array(v)) | (Value::Array(v), Value::Null) => semantic && v.is_empty(),
        (Value::Null, Value::Object(m)) | (Value::Object(m), Value::Null) => {
            semantic && m.is_empty()
        }
        _ => a == b,
    }
}

/// The int value of a decoded integer field (0 for anything else).
pub fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or(0)
}

/// The string of a decoded string field (`""` for anything else).
pub fn str(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

struct Reader {
    mode: Mode,
    root: &'static TypeDef,
    path: Vec<&'static str>,
}

/// Go's `reflect.Kind` name of an unstructured value.
fn go_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "invalid",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.as_i64().is_some() => "int64",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "slice",
        Value::Object(_) => "map",
    }
}

/// `encoding/json`'s name of a JSON value kind in type errors.
fn json_kind(v: &Value) -> &'static str {
    crate::kube::gojson::kind_name(v)
}

/// Go's name of a field type (pointers name their element).
fn go_type(ty: &Ty) -> String {
    match ty {
        Ty::Str => "string".into(),
        Ty::I32 => "int32".into(),
        Ty::I64 => "int64".into(),
        Ty::Bool => "bool".into(),
        Ty::Time => "v1.Time".into(),
        Ty::Quantity => "resource.Quantity".into(),
        Ty::IntOrStr => "intstr.IntOrString".into(),
        Ty::RawJson => "v1.FieldsV1".into(),
        Ty::Struct(name) => schema::get(name).go_name(),
        Ty::Ptr(t) => go_type(t),
        Ty::List(t) => format!("[]{}", go_type(t)),
        Ty::Map(t) => format!("map[string]{}", go_type(t)),
    }
}

/// An integral value of a JSON number, if it has one.
fn integral(n: &Number) -> Option<i64> {
    if let Some(i) = n.as_i64() {
        return Some(i);
    }
    let f = n.as_f64()?;
    (f == f.trunc() && f.is_finite()).then_some(f as i64)
}

impl Reader {
    /// A type error at the current field path.
    fn mismatch(&self, v: &Value, ty: &Ty) -> String {
        match self.mode {
            Mode::Json => {
                let what = match v {
                    Value::Number(n) if matches!(ty, Ty::I32 | Ty::I64) => {
                        format!(
                            "number {}",
                            quantity::number_text(&Value::Number(n.clone()))
                        )
                    }
                    other => json_kind(other).to_string(),
                };
                if self.path.is_empty() {
                    gojson::unmarshal_value_error(&what, &go_type(ty))
                } else {
                    gojson::unmarshal_field_error(
                        &what,
                        &format!("{}.{}", self.root.name, self.path.join(".")),
                        &go_type(ty),
                    )
                }
            }
            Mode::Convert => match (ty, v) {
                (Ty::Struct(_), _) => format!("cannot restore struct from: {}", go_kind(v)),
                (Ty::List(_), _) => format!("cannot restore slice from {}", go_kind(v)),
                (Ty::Map(_), _) => format!("cannot restore map from {}", go_kind(v)),
                (Ty::Str, Value::Number(n)) if n.as_i64().is_some() => {
                    "cannot convert int64 to string".into()
                }
                (Ty::I32 | Ty::I64, Value::Number(_)) => {
                    format!("cannot convert float64 to {}", go_type(ty))
                }
                _ => format!("unrecognized type: {}", go_type(ty)),
            },
        }
    }

    fn read_struct(&mut self, def: &'static TypeDef, v: &Value) -> Result<Value, String> {
        let input = match v {
            Value::Null => None,
            Value::Object(m) => Some(m),
            other => return Err(self.mismatch(other, &Ty::Struct(def.name))),
        };
        let mut out = Map::new();
        for field in &def.fields {
            let x = input
                .and_then(|m| self.lookup(m, field.name))
                .unwrap_or(&Value::Null);
            self.path.push(field.name);
            let decoded = self.read(&field.ty, x);
            self.path.pop();
            out.insert(field.name.to_string(), decoded?);
        }
        Ok(Value::Object(out))
    }

    /// Finds a field's key: exact, or (encoding/json only) case-insensitive.
    fn lookup<'a>(&self, m: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
        if let Some(v) = m.get(name) {
            return Some(v);
        }
        if self.mode == Mode::Json {
            return m
                .iter()
                .filter(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v)
                .next_back();
        }
        None
    }

    fn read(&mut self, ty: &Ty, v: &Value) -> Result<Value, String> {
        if v.is_null() {
            return Ok(zero_of(ty));
        }
        match ty {
            Ty::Str => match v {
                Value::String(_) => Ok(v.clone()),
                _ => Err(self.mismatch(v, ty)),
            },
            Ty::Bool => match v {
                Value::Bool(_) => Ok(v.clone()),
                _ => Err(self.mismatch(v, ty)),
            },
            Ty::I32 | Ty::I64 => self.read_int(ty, v),
            Ty::Time => match v {
                Value::String(s) => {
                    let t = Instant::parse(s)?;
                    Ok(if t.is_zero() {
                        Value::Null
                    } else {
                        Value::String(t.precise())
                    })
                }
                other => Err(gojson::unmarshal_value_error(json_kind(other), "string")),
            },
            Ty::Quantity => Ok(Value::String(quantity::normalized_text(v)?)),
            Ty::IntOrStr => match v {
                Value::String(_) => Ok(v.clone()),
                Value::Number(n) => match integral(n) {
                    Some(i) if i32::try_from(i).is_ok() => Ok(Value::from(i)),
                    _ => Err(gojson::unmarshal_value_error(
                        &format!("number {}", quantity::number_text(v)),
                        "int32",
                    )),
                },
                other => Err(gojson::unmarshal_value_error(json_kind(other), "int32")),
            },
            Ty::RawJson => Ok(v.clone()),
            Ty::Struct(name) => self.read_struct(schema::get(name), v),
            Ty::Ptr(inner) => self.read(inner, v),
            Ty::List(elem) => match v {
                Value::Array(items) => items
                    .iter()
                    .map(|x| self.read(elem, x))
                    .collect::<Result<Vec<_>, _>>()
                    .map(Value::Array),
                other => Err(self.mismatch(other, ty)),
            },
            Ty::Map(elem) => match v {
                Value::Object(m) => {
                    let mut out = Map::new();
                    for (k, x) in m {
                        out.insert(k.clone(), self.read(elem, x)?);
                    }
                    Ok(Value::Object(out))
                }
                other => Err(self.mismatch(other, ty)),
            },
        }
    }

    fn read_int(&self, ty: &Ty, v: &Value) -> Result<Value, String> {
        let Value::Number(n) = v else {
            return Err(self.mismatch(v, ty));
        };
        let Some(i) = integral(n) else {
            return Err(self.mismatch(v, ty));
        };
        if *ty == Ty::I32 {
            if self.mode == Mode::Json && i32::try_from(i).is_err() {
                return Err(self.mismatch(v, ty));
            }
            // The converter truncates to the low 32 bits, as Go's conversion.
            return Ok(Value::from(i64::from(i as i32)));
        }
        Ok(Value::from(i))
    }
}

/// The decoded form of an unset field of type `ty`.
fn zero_of(ty: &Ty) -> Value {
    match ty {
        Ty::Str => Value::String(String::new()),
        Ty::I32 | Ty::I64 => Value::from(0),
        Ty::Bool => Value::Bool(false),
        Ty::Quantity => Value::String("0".into()),
        Ty::IntOrStr => Value::from(0),
        Ty::Struct(name) => zero(name),
        Ty::Time | Ty::RawJson | Ty::Ptr(_) | Ty::List(_) | Ty::Map(_) => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn converter_rules() {
        let d = decode(
            "DeploymentSpec",
            &json!({"replicas": 3000000000_i64, "paused": true}),
            Mode::Convert,
        )
        .unwrap();
        assert_eq!(d["replicas"], json!(-1294967296));
        assert_eq!(d["selector"], Value::Null);
        assert_eq!(d["minReadySeconds"], json!(0));
        assert_eq!(d["template"]["spec"]["containers"], Value::Null);
        let d = decode("DeploymentSpec", &json!({"replicas": 2.0}), Mode::Convert).unwrap();
        assert_eq!(d["replicas"], json!(2));
        let e = decode("DeploymentSpec", &json!({"replicas": "3"}), Mode::Convert).unwrap_err();
        assert_eq!(e, "unrecognized type: int32");
        let e = decode("DeploymentSpec", &json!({"replicas": 1.5}), Mode::Convert).unwrap_err();
        assert_eq!(e, "cannot convert float64 to int32");
        let e = decode("PodSpec", &json!({"containers": "x"}), Mode::Convert).unwrap_err();
        assert_eq!(e, "cannot restore slice from string");
        let e = decode("PodSpec", &json!({"nodeName": 5}), Mode::Convert).unwrap_err();
        assert_eq!(e, "cannot convert int64 to string");
    }

    #[test]
    fn json_rules() {
        let e = decode("JobStatus", &json!({"active": "x"}), Mode::Json).unwrap_err();
        assert_eq!(
            e,
            "json: cannot unmarshal string into Go struct field JobStatus.active of type int32"
        );
        let e = decode("WrappedDeploymentStatus", &json!([]), Mode::Json).unwrap_err();
        assert_eq!(
            e,
            "json: cannot unmarshal array into Go value of type native.WrappedDeploymentStatus"
        );
        let e = decode("JobStatus", &json!({"active": 1.5}), Mode::Json).unwrap_err();
        assert_eq!(
            e,
            "json: cannot unmarshal number 1.5 into Go struct field JobStatus.active of type int32"
        );
        let d = decode("JobStatus", &json!({"Active": 2, "unknown": 1}), Mode::Json).unwrap();
        assert_eq!(d["active"], json!(2));
    }

    #[test]
    fn equality() {
        let a = decode(
            "ServiceStatus",
            &json!({"loadBalancer": {"ingress": []}}),
            Mode::Convert,
        )
        .unwrap();
        let b = decode("ServiceStatus", &json!({}), Mode::Convert).unwrap();
        assert!(!equal(&a, &b, false));
        assert!(equal(&a, &b, true));
    }
}

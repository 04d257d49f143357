//! A typed view of JSON, as Go's encoding/json decodes into Kubernetes
//! structs: known fields only, case-insensitive names, Go's type errors.
//!
//! `decode` checks a JSON value against a schema (`schema.rs`) and returns
//! a cleaned copy: only schema fields, under their canonical names, with
//! `null` struct fields removed. Errors follow Go: a type mismatch is
//! remembered (the first one wins) and decoding goes on; a quantity that
//! does not parse aborts at once and wins over earlier type errors.

use serde_json::{Map, Value};

use super::gojson;
use super::quantity::Quantity;

/// A Go type, as far as decoding needs it.
pub enum Ty {
    /// A string type, with its Go name (`string`, `v1.TaintEffect`).
    Str(&'static str),
    /// A 32-bit integer type (`int32`).
    I32,
    /// A 64-bit integer type (`int64`).
    I64,
    Bool,
    /// `resource.Quantity` (any JSON accepted by its UnmarshalJSON).
    Quantity,
    /// A slice of the element type.
    List(&'static Ty),
    /// A map with string keys, with its Go name (`v1.ResourceList`).
    Map(&'static Ty, &'static str),
    Struct(&'static StructTy),
    /// A pointer: decodes as the pointee; errors name the pointee.
    Ptr(&'static Ty),
}

/// A struct: its Go name and its fields (JSON name, type).
pub struct StructTy {
    pub name: &'static str,
    pub fields: &'static [(&'static str, Ty)],
}

impl Ty {
    /// What a JSON `null` list element or map value decodes to: the type's
    /// zero value (`null` where that is a nil pointer, slice or map).
    fn zero(&self) -> Value {
        match self {
            Ty::Str(_) => Value::String(String::new()),
            Ty::I32 | Ty::I64 => Value::from(0),
            Ty::Bool => Value::Bool(false),
            Ty::Struct(_) => Value::Object(Map::new()),
            Ty::Quantity | Ty::List(_) | Ty::Map(..) | Ty::Ptr(_) => Value::Null,
        }
    }

    /// The Go type name used in error messages.
    pub fn go_name(&self) -> String {
        match self {
            Ty::Str(n) => (*n).to_string(),
            Ty::I32 => "int32".into(),
            Ty::I64 => "int64".into(),
            Ty::Bool => "bool".into(),
            Ty::Quantity => "resource.Quantity".into(),
            Ty::List(e) => format!("[]{}", e.go_name()),
            Ty::Map(_, n) => (*n).to_string(),
            Ty::Struct(s) => s.name.to_string(),
            Ty::Ptr(e) => e.go_name(),
        }
    }
}

struct Decoder {
    /// Go's name of the root type without its package (`PodTemplateSpec`).
    root: String,
    path: Vec<String>,
    first_error: Option<String>,
}

/// Why decoding stops at once.
struct Fatal(String);

impl Decoder {
    fn type_error(&mut self, what: &str, ty: &Ty) {
        if self.first_error.is_some() {
            return;
        }
        let ty = ty.go_name();
        self.first_error = Some(if self.path.is_empty() {
            gojson::unmarshal_value_error(what, &ty)
        } else {
            let field = format!("{}.{}", self.root, self.path.join("."));
            gojson::unmarshal_field_error(what, &field, &ty)
        });
    }

    fn int(&mut self, v: &Value, ty: &Ty, min: i64, max: i64) -> Value {
        match v {
            Value::Number(n) => {
                let text = gojson::number_text(n);
                match text.parse::<i64>() {
                    Ok(i) if (min..=max).contains(&i) => Value::from(i),
                    _ => {
                        self.type_error(&format!("number {text}"), ty);
                        Value::Null
                    }
                }
            }
            other => {
                self.type_error(gojson::kind_name(other), ty);
                Value::Null
            }
        }
    }

    fn value(&mut self, ty: &Ty, v: &Value) -> Result<Value, Fatal> {
        if v.is_null() {
            return Ok(Value::Null);
        }
        Ok(match (ty, v) {
            (Ty::Ptr(inner), _) => self.value(inner, v)?,
            (Ty::Str(_), Value::String(_)) | (Ty::Bool, Value::Bool(_)) => v.clone(),
            (Ty::I32, _) => self.int(v, ty, i32::MIN.into(), i32::MAX.into()),
            (Ty::I64, _) => self.int(v, ty, i64::MIN, i64::MAX),
            (Ty::Quantity, _) => match Quantity::from_json(v) {
                Ok(_) => v.clone(),
                Err(e) => return Err(Fatal(e.to_string())),
            },
            (Ty::List(elem), Value::Array(items)) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    self.path.push(i.to_string());
                    let d = self.value(elem, item)?;
                    self.path.pop();
                    out.push(if item.is_null() { elem.zero() } else { d });
                }
                Value::Array(out)
            }
            (Ty::Map(elem, _), Value::Object(m)) => {
                let mut out = Map::new();
                for (k, item) in m {
                    self.path.push(k.clone());
                    let d = self.value(elem, item)?;
                    self.path.pop();
                    out.insert(k.clone(), if item.is_null() { elem.zero() } else { d });
                }
                Value::Object(out)
            }
            (Ty::Struct(st), Value::Object(m)) => self.object(st, m)?,
            (_, other) => {
                self.type_error(gojson::kind_name(other), ty);
                Value::Null
            }
        })
    }

    fn object(&mut self, st: &StructTy, m: &Map<String, Value>) -> Result<Value, Fatal> {
        let mut out = Map::new();
        for (k, item) in m {
            let field = st.fields.iter().find(|(name, _)| name == k).or_else(|| {
                st.fields
                    .iter()
                    .find(|(name, _)| name.eq_ignore_ascii_case(k))
            });
            let Some((name, ty)) = field else {
                continue;
            };
            self.path.push(k.clone());
            let d = self.value(ty, item)?;
            self.path.pop();
            if d.is_null() {
                out.remove(*name);
            } else {
                out.insert((*name).to_string(), d);
            }
        }
        Ok(Value::Object(out))
    }
}

/// Decodes `v` as the struct `root`. `Err` is Go's error text (without the
/// `json unmarshal obj failed: ` prefix).
pub fn decode(root: &'static StructTy, v: &Value) -> Result<Value, String> {
    let mut d = Decoder {
        root: root
            .name
            .rsplit('.')
            .next()
            .unwrap_or(root.name)
            .to_string(),
        path: Vec::new(),
        first_error: None,
    };
    let ty = Ty::Struct(root);
    let out = d.value(&ty, v).map_err(|Fatal(e)| e)?;
    match d.first_error {
        Some(e) => Err(e),
        None => Ok(if out.is_null() {
            Value::Object(Map::new())
        } else {
            out
        }),
    }
}

/// The field `name` of a cleaned object (`None` when absent).
pub fn field<'a>(v: &'a Value, name: &str) -> Option<&'a Value> {
    v.get(name).filter(|x| !x.is_null())
}

/// The items of a cleaned list field (empty when absent).
pub fn items<'a>(v: &'a Value, name: &str) -> &'a [Value] {
    field(v, name)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// A cleaned string field (`""` when absent).
pub fn string<'a>(v: &'a Value, name: &str) -> &'a str {
    field(v, name).and_then(Value::as_str).unwrap_or("")
}

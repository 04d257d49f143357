//! The one decoder for the Go types of `schema.rs`: JSON read against a
//! schema type the way Go's unstructured converter or `encoding/json` would,
//! with their errors.
//!
//! A [`Mode`] picks, per caller, the Go reader and three choices:
//! - [`Shape`]: the full decoded form (every field, zero values; the native
//!   interpreters compare and re-encode it) or a trimmed copy (only the
//!   fields the input set, under their schema names; the kube library).
//! - [`Walk`]: fields in the schema's order or the input's key order (which
//!   error comes first when several fields are wrong).
//! - [`Errors`]: stop at the first error, or read everything and report the
//!   first type mismatch, else the first failure of a value's own
//!   unmarshaler (quantity, time, int-or-string) — encoding/json's rule.

use super::schema::{self, Ty, TypeDef};
use super::time::Instant;
use crate::kube::quantity::Quantity;
use kinterp_go::gojson;
use serde_json::{Map, Number, Value};

/// Which Go reader is emulated, and how (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub reader: Reader,
    pub shape: Shape,
    pub walk: Walk,
    pub errors: Errors,
}

/// The Go reader whose rules and error texts are reproduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// `runtime.DefaultUnstructuredConverter.FromUnstructured`.
    Convert,
    /// `json.Unmarshal`.
    Json,
}

/// What the decoder returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Every field of every struct: scalars as their (possibly zero) value,
    /// unset pointers, lists and maps as `null`, times as full-precision UTC
    /// text (`null` when zero), quantities as their printed text and
    /// int-or-strings as a number or string.
    Full,
    /// Only the fields the input set (unknown ones dropped, `null` struct
    /// fields removed), values as given.
    Trimmed,
}

/// The order in which a struct's fields are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    Schema,
    Input,
}

/// What an error does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Errors {
    Stop,
    /// Go on; at the end report the first type mismatch, or if there is
    /// none the first unmarshaler failure.
    TypeErrorsFirst,
}

impl Mode {
    /// The native interpreters reading the object (the unstructured converter).
    pub const CONVERT: Mode = Mode {
        reader: Reader::Convert,
        shape: Shape::Full,
        walk: Walk::Schema,
        errors: Errors::Stop,
    };
    /// The native interpreters reading member statuses (`json.Unmarshal`).
    pub const JSON: Mode = Mode {
        reader: Reader::Json,
        ..Mode::CONVERT
    };
    /// The kube library reading a Lua table (`json.Unmarshal` of its JSON).
    pub const JSON_TRIMMED: Mode = Mode {
        reader: Reader::Json,
        shape: Shape::Trimmed,
        walk: Walk::Input,
        errors: Errors::TypeErrorsFirst,
    };
    /// A customization's result read into Karmada's typed target
    /// (`json.Unmarshal`), in full form for re-encoding.
    pub const JSON_RESULT: Mode = Mode {
        shape: Shape::Full,
        ..Mode::JSON_TRIMMED
    };
}

/// Reads `value` as the schema type `type_name`. `Err` is Go's error text.
pub fn decode(type_name: &str, value: &Value, mode: Mode) -> Result<Value, String> {
    let def = schema::get(type_name);
    if mode.reader == Reader::Json && !value.is_object() && !value.is_null() {
        return Err(gojson::unmarshal_value_error(
            gojson::kind_name(value),
            &def.go_name(),
        ));
    }
    run(mode, def.name, |d| d.read_struct(def, value))
}

/// Reads `value` as a list of the struct type `elem` (a JSON array at the
/// top; Go's error paths then start with the index: `.0.name`).
pub fn decode_list(elem: &'static str, value: &Value, mode: Mode) -> Result<Value, String> {
    let ty = Ty::List(Box::new(Ty::Struct(schema::get(elem).name)));
    run(mode, "", |d| d.read(&ty, value))
}

fn run(
    mode: Mode,
    root: &'static str,
    read: impl FnOnce(&mut Decoder) -> Result<Value, String>,
) -> Result<Value, String> {
    let mut d = Decoder {
        mode,
        root,
        path: Vec::new(),
        first_error: None,
        unmarshaler_error: None,
    };
    let out = read(&mut d)?;
    match d.first_error.or(d.unmarshaler_error) {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// The full decoded form of a struct type with nothing set.
pub fn zero(type_name: &str) -> Value {
    decode(type_name, &Value::Null, Mode::CONVERT).expect("null decodes")
}

struct Decoder {
    mode: Mode,
    /// Go's name of the root type without its package (`""` for a list).
    root: &'static str,
    /// Field names, list indices and map keys down to the current value.
    path: Vec<String>,
    /// The first type mismatch (when errors do not stop decoding).
    first_error: Option<String>,
    /// The first failure of a value's own unmarshaler (likewise).
    unmarshaler_error: Option<String>,
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

/// An integral value of a JSON number, if it has one.
fn integral(n: &Number) -> Option<i64> {
    if let Some(i) = n.as_i64() {
        return Some(i);
    }
    let f = n.as_f64()?;
    (f == f.trunc() && f.is_finite()).then_some(f as i64)
}

impl Decoder {
    /// A type mismatch at the current path: `Err` when decoding stops,
    /// else remembered (the first one wins) and decoding goes on.
    fn mismatch(&mut self, v: &Value, ty: &Ty) -> Result<Value, String> {
        let e = self.mismatch_text(v, ty);
        match self.mode.errors {
            Errors::Stop => Err(e),
            Errors::TypeErrorsFirst => {
                self.first_error.get_or_insert(e);
                Ok(Value::Null)
            }
        }
    }

    /// A value's own unmarshaler failed (quantity, time, int-or-string).
    fn unmarshaler(&mut self, r: Result<Value, String>) -> Result<Value, String> {
        match (r, self.mode.errors) {
            (Err(e), Errors::TypeErrorsFirst) => {
                self.unmarshaler_error.get_or_insert(e);
                Ok(Value::Null)
            }
            (r, _) => r,
        }
    }

    fn mismatch_text(&self, v: &Value, ty: &Ty) -> String {
        match self.mode.reader {
            Reader::Json => {
                let what = match v {
                    Value::Number(n) if matches!(ty, Ty::I32 | Ty::I64) => {
                        format!("number {}", gojson::number_text(n))
                    }
                    other => gojson::kind_name(other).to_string(),
                };
                let root = self.root;
                if self.path.is_empty() {
                    gojson::unmarshal_value_error(&what, &ty.go_name())
                } else {
                    let field = format!("{root}.{}", self.path.join("."));
                    gojson::unmarshal_field_error(&what, &field, &ty.go_name())
                }
            }
            Reader::Convert => match (ty, v) {
                (Ty::Struct(_), _) => format!("cannot restore struct from: {}", go_kind(v)),
                (Ty::List(_), _) => format!("cannot restore slice from {}", go_kind(v)),
                (Ty::Map(..), _) => format!("cannot restore map from {}", go_kind(v)),
                (Ty::Str(_), Value::Number(n)) if n.as_i64().is_some() => {
                    format!("cannot convert int64 to {}", ty.go_name())
                }
                (Ty::I32 | Ty::I64, Value::Number(_)) => {
                    format!("cannot convert float64 to {}", ty.go_name())
                }
                _ => format!("unrecognized type: {}", ty.kind_name()),
            },
        }
    }

    fn read_struct(&mut self, def: &'static TypeDef, v: &Value) -> Result<Value, String> {
        let input = match v {
            Value::Null => None,
            Value::Object(m) => Some(m),
            other => return self.mismatch(other, &Ty::Struct(def.name)),
        };
        match (self.mode.walk, input) {
            (Walk::Input, Some(m)) => self.walk_input(def, m),
            (Walk::Input, None) => Ok(Value::Object(Map::new())),
            (Walk::Schema, _) => self.walk_schema(def, input),
        }
    }

    /// Fields in the schema's order, each looked up in the input.
    fn walk_schema(
        &mut self,
        def: &'static TypeDef,
        input: Option<&Map<String, Value>>,
    ) -> Result<Value, String> {
        let mut out = Map::new();
        for field in &def.fields {
            let x = input.and_then(|m| self.lookup(m, field.name));
            if x.is_none() && self.mode.shape == Shape::Trimmed {
                continue;
            }
            self.path.push(field.name.to_string());
            let decoded = self.read(&field.ty, x.unwrap_or(&Value::Null));
            self.path.pop();
            self.put(&mut out, field.name, decoded?);
        }
        Ok(Value::Object(out))
    }

    /// The input's keys in order, each matched to a field as encoding/json
    /// does (exact name, else case-insensitively); unknown keys are skipped.
    fn walk_input(
        &mut self,
        def: &'static TypeDef,
        m: &Map<String, Value>,
    ) -> Result<Value, String> {
        let mut out = Map::new();
        for (k, item) in m {
            let field = def
                .field(k)
                .or_else(|| def.fields.iter().find(|f| f.name.eq_ignore_ascii_case(k)));
            let Some(field) = field else {
                continue;
            };
            self.path.push(k.clone());
            let decoded = self.read(&field.ty, item);
            self.path.pop();
            self.put(&mut out, field.name, decoded?);
        }
        if self.mode.shape == Shape::Full {
            for field in &def.fields {
                if !out.contains_key(field.name) {
                    out.insert(field.name.to_string(), zero_of(&field.ty));
                }
            }
        }
        Ok(Value::Object(out))
    }

    /// Stores a decoded field; a trimmed copy leaves out unset ones.
    fn put(&self, out: &mut Map<String, Value>, name: &str, v: Value) {
        if v.is_null() && self.mode.shape == Shape::Trimmed {
            out.remove(name);
        } else {
            out.insert(name.to_string(), v);
        }
    }

    /// Finds a field's key: exact, or (encoding/json only) case-insensitive.
    fn lookup<'a>(&self, m: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
        if let Some(v) = m.get(name) {
            return Some(v);
        }
        if self.mode.reader == Reader::Json {
            return m
                .iter()
                .filter(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v)
                .next_back();
        }
        None
    }

    /// What an unset (`null`) value of `ty` reads as.
    fn null_of(&self, ty: &Ty, in_container: bool) -> Value {
        match self.mode.shape {
            Shape::Full => zero_of(ty),
            Shape::Trimmed if in_container => trimmed_zero(ty),
            Shape::Trimmed => Value::Null,
        }
    }

    fn read(&mut self, ty: &Ty, v: &Value) -> Result<Value, String> {
        if v.is_null() {
            return Ok(self.null_of(ty, false));
        }
        let full = self.mode.shape == Shape::Full;
        match ty {
            Ty::Str(_) => match v {
                Value::String(_) => Ok(v.clone()),
                _ => self.mismatch(v, ty),
            },
            Ty::Bool => match v {
                Value::Bool(_) => Ok(v.clone()),
                _ => self.mismatch(v, ty),
            },
            Ty::I32 | Ty::I64 => self.read_int(ty, v),
            Ty::Time => {
                let r = read_time(v, full);
                self.unmarshaler(r)
            }
            Ty::Quantity => {
                let r = read_quantity(v, full);
                self.unmarshaler(r)
            }
            Ty::IntOrStr => {
                let r = read_int_or_str(v);
                self.unmarshaler(r)
            }
            Ty::RawJson => Ok(v.clone()),
            Ty::Struct(name) => self.read_struct(schema::get(name), v),
            Ty::Ptr(inner) => self.read(inner, v),
            Ty::List(elem) => match v {
                Value::Array(items) => {
                    let mut out = Vec::with_capacity(items.len());
                    for (i, x) in items.iter().enumerate() {
                        out.push(self.element(elem, i.to_string(), x)?);
                    }
                    Ok(Value::Array(out))
                }
                other => self.mismatch(other, ty),
            },
            Ty::Map(elem, _) => match v {
                Value::Object(m) => {
                    let mut out = Map::new();
                    for (k, x) in m {
                        out.insert(k.clone(), self.element(elem, k.clone(), x)?);
                    }
                    Ok(Value::Object(out))
                }
                other => self.mismatch(other, ty),
            },
        }
    }

    /// A list element or map value (`null` reads as the element's zero).
    fn element(&mut self, elem: &Ty, step: String, x: &Value) -> Result<Value, String> {
        if x.is_null() {
            return Ok(self.null_of(elem, true));
        }
        self.path.push(step);
        let d = self.read(elem, x);
        self.path.pop();
        d
    }

    fn read_int(&mut self, ty: &Ty, v: &Value) -> Result<Value, String> {
        let Value::Number(n) = v else {
            return self.mismatch(v, ty);
        };
        if self.mode.reader == Reader::Json {
            // encoding/json parses the number's text as an integer.
            let (min, max) = match ty {
                Ty::I32 => (i32::MIN.into(), i32::MAX.into()),
                _ => (i64::MIN, i64::MAX),
            };
            return match gojson::number_text(n).parse::<i64>() {
                Ok(i) if (min..=max).contains(&i) => Ok(Value::from(i)),
                _ => self.mismatch(v, ty),
            };
        }
        let Some(i) = integral(n) else {
            return self.mismatch(v, ty);
        };
        if *ty == Ty::I32 {
            // The converter truncates to the low 32 bits, as Go's conversion.
            return Ok(Value::from(i64::from(i as i32)));
        }
        Ok(Value::from(i))
    }
}

/// A `metav1.Time`: RFC 3339 text (full form: UTC, `null` when zero).
fn read_time(v: &Value, full: bool) -> Result<Value, String> {
    let Value::String(s) = v else {
        return Err(gojson::unmarshal_value_error(
            gojson::kind_name(v),
            "string",
        ));
    };
    let t = Instant::parse(s)?;
    Ok(if !full {
        v.clone()
    } else if t.is_zero() {
        Value::Null
    } else {
        Value::String(t.precise())
    })
}

/// A `resource.Quantity` (full form: the text Go prints).
fn read_quantity(v: &Value, full: bool) -> Result<Value, String> {
    if full {
        let text = crate::kube::normalized_json(v).map_err(|e| e.to_string())?;
        return Ok(Value::String(text));
    }
    Quantity::from_json(v)
        .map(|_| v.clone())
        .map_err(|e| e.to_string())
}

/// An `intstr.IntOrString`: a string, or a number that fits an int32.
fn read_int_or_str(v: &Value) -> Result<Value, String> {
    match v {
        Value::String(_) => Ok(v.clone()),
        Value::Number(n) => match integral(n) {
            Some(i) if i32::try_from(i).is_ok() => Ok(Value::from(i)),
            _ => Err(gojson::unmarshal_value_error(
                &format!("number {}", gojson::number_text(n)),
                "int32",
            )),
        },
        other => Err(gojson::unmarshal_value_error(
            gojson::kind_name(other),
            "int32",
        )),
    }
}

/// The full decoded form of an unset field of type `ty`.
fn zero_of(ty: &Ty) -> Value {
    match ty {
        Ty::Str(_) => Value::String(String::new()),
        Ty::I32 | Ty::I64 => Value::from(0),
        Ty::Bool => Value::Bool(false),
        Ty::Quantity => Value::String("0".into()),
        Ty::IntOrStr => Value::from(0),
        Ty::Struct(name) => zero(name),
        Ty::Time | Ty::RawJson | Ty::Ptr(_) | Ty::List(_) | Ty::Map(..) => Value::Null,
    }
}

/// What a `null` list element or map value is in a trimmed copy: the
/// type's zero value (`null` where that is a nil pointer, slice or map).
fn trimmed_zero(ty: &Ty) -> Value {
    match ty {
        Ty::Struct(_) => Value::Object(Map::new()),
        Ty::Quantity | Ty::Time | Ty::RawJson | Ty::Ptr(_) | Ty::List(_) | Ty::Map(..) => {
            Value::Null
        }
        other => zero_of(other),
    }
}

#[cfg(test)]
#[path = "decode_tests.rs"]
mod tests;

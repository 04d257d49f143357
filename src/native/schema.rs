//! The typed Kubernetes schema (spec Appendix A) as data: `schema.txt` is
//! parsed once into types → fields (JSON name, field type, marker).

use std::collections::HashMap;
use std::sync::OnceLock;

/// The schema text: Appendix A verbatim plus kinterp's few additions.
const TABLE: &str = include_str!("schema.txt");

/// The type of one field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    Str,
    I32,
    I64,
    Bool,
    /// `metav1.Time`: RFC 3339, printed in UTC with second precision.
    Time,
    /// `resource.Quantity`.
    Quantity,
    /// `intstr.IntOrString`: keeps its JSON kind.
    IntOrStr,
    /// Raw JSON kept verbatim (`fieldsV1`).
    RawJson,
    /// A struct type of the table.
    Struct(&'static str),
    Ptr(Box<Ty>),
    List(Box<Ty>),
    /// A map with string keys.
    Map(Box<Ty>),
}

/// How a field is emitted when unset or zero (Appendix A markers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// No marker: omitted when unset, zero or empty (`omitempty`).
    OmitEmpty,
    /// `!`: always emitted (zero value, `null` for pointer/list/map).
    Always,
    /// `~`: a struct omitted when zero (`omitzero`).
    OmitZero,
}

/// One field of a struct type.
#[derive(Clone, Debug)]
pub struct Field {
    pub name: &'static str,
    pub ty: Ty,
    pub marker: Marker,
}

/// A struct type: its fields in declaration order.
#[derive(Debug)]
pub struct TypeDef {
    pub name: &'static str,
    pub fields: Vec<Field>,
}

impl TypeDef {
    /// The field with this exact JSON name.
    #[cfg(test)]
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// Go's name of the type, e.g. `v1.JobStatus`, for error texts.
    pub fn go_name(&self) -> String {
        let package = if self.name.starts_with("Wrapped") {
            "native"
        } else if self.name.starts_with("ServiceImport") || self.name.starts_with("MCS") {
            "v1alpha1"
        } else {
            "v1"
        };
        format!("{package}.{}", self.name.trim_start_matches("MCS"))
    }
}

/// Looks a struct type up; panics on a name the table does not define
/// (a programming error, covered by the table's own test).
pub fn get(name: &str) -> &'static TypeDef {
    table()
        .get(name)
        .unwrap_or_else(|| panic!("schema type {name} is not in schema.txt"))
}

/// Looks a struct type up, `None` when the table does not define it (for
/// the language server's field completion).
pub fn find(name: &str) -> Option<&'static TypeDef> {
    table().get(name)
}

fn table() -> &'static HashMap<&'static str, TypeDef> {
    static TABLE_CELL: OnceLock<HashMap<&'static str, TypeDef>> = OnceLock::new();
    TABLE_CELL.get_or_init(|| parse(TABLE))
}

fn parse(text: &'static str) -> HashMap<&'static str, TypeDef> {
    let lines: HashMap<&'static str, &'static str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_once(':').expect("`Type: fields` line"))
        .map(|(name, rest)| (name.trim(), rest))
        .collect();
    lines
        .iter()
        .map(|(&name, &rest)| {
            let fields = parse_fields(rest, &lines);
            (name, TypeDef { name, fields })
        })
        .collect()
}

fn parse_fields(rest: &'static str, lines: &HashMap<&'static str, &'static str>) -> Vec<Field> {
    let mut fields = Vec::new();
    for item in rest.split_whitespace() {
        if let Some(inlined) = item.strip_prefix("...") {
            fields.extend(parse_fields(lines[inlined], lines));
            continue;
        }
        let (name, ty) = item.split_once('=').expect("`field=type` item");
        let (name, marker) = if let Some(n) = name.strip_suffix('!') {
            (n, Marker::Always)
        } else if let Some(n) = name.strip_suffix('~') {
            (n, Marker::OmitZero)
        } else {
            (name, Marker::OmitEmpty)
        };
        fields.push(Field {
            name,
            ty: parse_ty(ty),
            marker,
        });
    }
    fields
}

fn parse_ty(text: &'static str) -> Ty {
    if let Some(inner) = text.strip_prefix('*') {
        return Ty::Ptr(Box::new(parse_ty(inner)));
    }
    if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        return Ty::List(Box::new(parse_ty(inner)));
    }
    if let Some(inner) = text.strip_prefix("{str:").and_then(|t| t.strip_suffix('}')) {
        return Ty::Map(Box::new(parse_ty(inner)));
    }
    match text {
        "str" => Ty::Str,
        "i32" => Ty::I32,
        "i64" => Ty::I64,
        "bool" => Ty::Bool,
        "time" => Ty::Time,
        "quantity" => Ty::Quantity,
        "intorstr" => Ty::IntOrStr,
        "rawjson" => Ty::RawJson,
        name => Ty::Struct(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(ty: &Ty) {
        match ty {
            Ty::Struct(name) => assert!(table().contains_key(name), "undefined type {name}"),
            Ty::Ptr(t) | Ty::List(t) | Ty::Map(t) => check(t),
            _ => {}
        }
    }

    #[test]
    fn every_referenced_type_is_defined() {
        for def in table().values() {
            for f in &def.fields {
                check(&f.ty);
            }
        }
    }

    #[test]
    fn markers_and_inlining() {
        let meta = get("ObjectMeta");
        assert_eq!(
            meta.field("creationTimestamp").unwrap().marker,
            Marker::OmitZero
        );
        assert_eq!(meta.field("creationTimestamp").unwrap().ty, Ty::Time);
        let spec = get("DeploymentSpec");
        assert_eq!(spec.field("selector").unwrap().marker, Marker::Always);
        assert_eq!(
            spec.field("selector").unwrap().ty,
            Ty::Ptr(Box::new(Ty::Struct("LabelSelector")))
        );
        let wrapped = get("WrappedDeploymentStatus");
        assert_eq!(wrapped.fields[0].name, "generation");
        assert!(wrapped.field("unavailableReplicas").is_some());
        assert_eq!(wrapped.go_name(), "native.WrappedDeploymentStatus");
        assert_eq!(get("JobStatus").go_name(), "v1.JobStatus");
    }
}

//! The one table of the Go types kinterp decodes (Kubernetes, Karmada and
//! MCS structs): `schema.txt` is parsed once into types → fields (JSON name,
//! field type with its Go name, marker). The native interpreters, the kube
//! library and editor completion all read this table.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The schema text: every field in Go's declaration order; named Go types
/// (`str(v1.RestartPolicy)`, `{str:quantity}(v1.ResourceList)`) carry the
/// name Go's error messages print.
const TABLE: &str = include_str!("schema.txt");

/// The type of one field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// A string type, with its Go name (`string`, `v1.RestartPolicy`).
    Str(&'static str),
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
    /// A map with string keys, with its Go name when it is a named type
    /// (`v1.ResourceList`).
    Map(Box<Ty>, Option<&'static str>),
}

impl Ty {
    /// Go's name of the type in error texts (pointers name their element).
    pub fn go_name(&self) -> String {
        match self {
            Ty::Str(n) => (*n).to_string(),
            Ty::I32 => "int32".into(),
            Ty::I64 => "int64".into(),
            Ty::Bool => "bool".into(),
            Ty::Time => "v1.Time".into(),
            Ty::Quantity => "resource.Quantity".into(),
            Ty::IntOrStr => "intstr.IntOrString".into(),
            Ty::RawJson => "v1.FieldsV1".into(),
            Ty::Struct(name) => get(name).go_name(),
            Ty::Ptr(t) => t.go_name(),
            Ty::List(t) => format!("[]{}", t.go_name()),
            Ty::Map(_, Some(n)) => (*n).to_string(),
            Ty::Map(t, None) => format!("map[string]{}", t.go_name()),
        }
    }

    /// Go's `reflect.Kind` name of the type (`string` for `v1.RestartPolicy`).
    pub fn kind_name(&self) -> String {
        match self {
            Ty::Str(_) => "string".into(),
            Ty::Ptr(t) => t.kind_name(),
            Ty::Map(..) => "map".into(),
            other => other.go_name(),
        }
    }

    /// The struct this type leads to through pointers, lists and maps.
    pub fn struct_name(&self) -> Option<&'static str> {
        match self {
            Ty::Struct(name) => Some(name),
            Ty::Ptr(t) | Ty::List(t) | Ty::Map(t, _) => t.struct_name(),
            _ => None,
        }
    }
}

/// How a field is emitted when unset or zero (the `!` and `~` markers).
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
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// Go's name of the type, e.g. `v1.JobStatus`, for error texts.
    pub fn go_name(&self) -> String {
        let package = if self.name.starts_with("Wrapped") {
            "native"
        } else if KARMADA_V1ALPHA2.contains(&self.name) {
            "v1alpha2"
        } else if self.name == "DependentObjectReference"
            || self.name.starts_with("ServiceImport")
            || self.name.starts_with("MCS")
        {
            "v1alpha1"
        } else {
            "v1"
        };
        format!("{package}.{}", self.name.trim_start_matches("MCS"))
    }
}

/// The types of Karmada's work/v1alpha2 package in the table.
const KARMADA_V1ALPHA2: [&str; 4] = [
    "ReplicaRequirements",
    "ComponentReplicaRequirements",
    "NodeClaim",
    "Component",
];

/// Looks a struct type up; panics on a name the table does not define
/// (a programming error, covered by the table's own test).
pub fn get(name: &str) -> &'static TypeDef {
    table()
        .get(name)
        .unwrap_or_else(|| panic!("schema type {name} is not in schema.txt"))
}

/// The struct type named `name` (`Deployment`, `PodSpec`), `None` when the
/// table does not define it (the language server's field completion).
pub fn find(name: &str) -> Option<&'static TypeDef> {
    table().get(name)
}

/// The fields of kind `kind` at a path of JSON field names, for editor
/// completion: `fields_at("Deployment", &["spec", "template", "spec"])` lists
/// the PodSpec fields. Lists, maps and pointers are stepped through (the
/// fields of `containers` are a Container's). `None` when the kind is not
/// in the table or the path leaves it.
pub fn fields_at(kind: &str, path: &[&str]) -> Option<&'static [Field]> {
    let mut def = find(kind)?;
    for step in path {
        let field = def.field(step)?;
        def = get(field.ty.struct_name()?);
    }
    Some(&def.fields)
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
    if let Some((base, name)) = text.strip_suffix(')').and_then(|t| t.split_once('(')) {
        return match parse_ty(base) {
            Ty::Str(_) => Ty::Str(name),
            Ty::Map(e, None) => Ty::Map(e, Some(name)),
            other => panic!("schema.txt: {other:?} cannot be named {name}"),
        };
    }
    if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        return Ty::List(Box::new(parse_ty(inner)));
    }
    if let Some(inner) = text.strip_prefix("{str:").and_then(|t| t.strip_suffix('}')) {
        return Ty::Map(Box::new(parse_ty(inner)), None);
    }
    match text {
        "str" => Ty::Str("string"),
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
            Ty::Ptr(t) | Ty::List(t) | Ty::Map(t, _) => check(t),
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
        assert_eq!(get("NodeClaim").go_name(), "v1alpha2.NodeClaim");
        let deps = get("DependentObjectReference").go_name();
        assert_eq!(deps, "v1alpha1.DependentObjectReference");
    }

    #[test]
    fn go_names() {
        let spec = get("PodSpec");
        let name = |f: &str| spec.field(f).unwrap().ty.go_name();
        assert_eq!(name("restartPolicy"), "v1.RestartPolicy");
        assert_eq!(name("preemptionPolicy"), "v1.PreemptionPolicy");
        assert_eq!(name("overhead"), "v1.ResourceList");
        assert_eq!(name("nodeSelector"), "map[string]string");
        assert_eq!(name("containers"), "[]v1.Container");
        assert_eq!(
            spec.field("restartPolicy").unwrap().ty.kind_name(),
            "string"
        );
        let caps = get("Capabilities").field("add").unwrap().ty.go_name();
        assert_eq!(caps, "[]v1.Capability");
    }

    #[test]
    fn fields_at_a_path() {
        let names = |kind, path: &[&str]| {
            fields_at(kind, path).map(|f| f.iter().map(|f| f.name).collect::<Vec<_>>())
        };
        let pod = names("Deployment", &["spec", "template", "spec"]).unwrap();
        assert_eq!(&pod[..3], ["volumes", "initContainers", "containers"]);
        let c = names("Deployment", &["spec", "template", "spec", "containers"]).unwrap();
        assert_eq!(&c[..2], ["name", "image"]);
        assert_eq!(names("Deployment", &["spec", "replicas"]), None);
        assert_eq!(names("Deployment", &["nope"]), None);
        assert_eq!(names("NoSuchKind", &[]), None);
    }
}

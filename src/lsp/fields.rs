//! Fields of the objects a script receives, from kinterp's one table of
//! Go types (`gotypes::schema`): which fields
//! `obj.spec.template.spec.` has for a Deployment, and of what type.
//!
//! The only coupling to the schema table is `gotypes::schema::find` and its
//! `Ty`; kinds the table does not know get the fields every object has.

use kinterp::crd;
use kinterp::gotypes::schema::{self, Ty, TypeDef};

/// A type met while walking a path.
#[derive(Debug, Clone)]
pub enum Walk {
    /// A struct type of the schema.
    Struct(&'static TypeDef),
    /// An object of a kind the schema does not know.
    AnyObject,
    /// A list of AggregatedStatusItem tables.
    StatusItems,
    /// One AggregatedStatusItem.
    StatusItem,
    /// A list or map of `Ty`.
    Container(Ty),
    /// A node of a CustomResourceDefinition's `openAPIV3Schema`.
    Schema(serde_json::Value),
    /// Nothing known (a leaf, or unknown content).
    Opaque,
}

/// The fields of AggregatedStatusItem, as scripts see them.
const STATUS_ITEM: [(&str, &str); 5] = [
    ("clusterName", "string: the member cluster"),
    (
        "status",
        "table: what ReflectStatus returned for that member",
    ),
    ("applied", "boolean: whether the object was applied"),
    ("health", "string: Healthy, Unhealthy or Unknown"),
    ("appliedMessage", "string: why applying failed"),
];

/// Fields every object has, for kinds the schema does not know.
const ANY_OBJECT: [(&str, &str); 5] = [
    ("apiVersion", "string"),
    ("kind", "string"),
    ("metadata", "ObjectMeta"),
    ("spec", "table"),
    ("status", "table"),
];

/// The root type of an object of `api_version` and `kind`: the schema
/// table's type only when group and version match the Kubernetes API it
/// describes (a Volcano `batch.volcano.sh/v1alpha1` Job is no `batch/v1`
/// Job).
pub fn object(api_version: Option<&str>, kind: Option<&str>) -> Walk {
    let Some(kind) = kind else {
        return Walk::AnyObject;
    };
    let known = kinterp::native::matrix();
    let same_api = known
        .iter()
        .any(|(v, k, _)| k == kind && Some(v.as_str()) == api_version);
    match schema::find(kind) {
        // Only the top-level kinds: a field type that shares a kind's name
        // would otherwise pass for one.
        Some(def) if same_api && def.fields.iter().any(|f| f.name == "apiVersion") => {
            Walk::Struct(def)
        }
        _ => Walk::AnyObject,
    }
}

fn from_ty(ty: &Ty) -> Walk {
    match ty {
        Ty::Ptr(inner) => from_ty(inner),
        Ty::Struct(name) => schema::find(name).map_or(Walk::Opaque, Walk::Struct),
        Ty::List(_) | Ty::Map(..) => Walk::Container(ty.clone()),
        _ => Walk::Opaque,
    }
}

/// A readable type name: `[Container]`, `{string: string}`, `PodSpec`.
pub fn type_text(ty: &Ty) -> String {
    match ty {
        Ty::Str(_) => "string".into(),
        Ty::I32 | Ty::I64 => "number".into(),
        Ty::Bool => "boolean".into(),
        Ty::Time => "string (time)".into(),
        Ty::Quantity => "string (quantity)".into(),
        Ty::IntOrStr => "number or string".into(),
        Ty::RawJson => "table".into(),
        Ty::Struct(name) => (*name).into(),
        Ty::Ptr(inner) => type_text(inner),
        Ty::List(inner) => format!("[{}]", type_text(inner)),
        Ty::Map(inner, _) => format!("{{string: {}}}", type_text(inner)),
    }
}

/// One step of a path: `.name` or `[...]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Field(String),
    Index,
}

impl Walk {
    /// The type after one step.
    pub fn step(&self, step: &Step) -> Walk {
        match (self, step) {
            (Walk::Struct(def), Step::Field(name)) => def
                .fields
                .iter()
                .find(|f| f.name == name)
                .map_or(Walk::Opaque, |f| from_ty(&f.ty)),
            (Walk::AnyObject, Step::Field(name)) if name == "metadata" => {
                schema::find("ObjectMeta").map_or(Walk::Opaque, Walk::Struct)
            }
            (Walk::StatusItems, Step::Index) => Walk::StatusItem,
            (Walk::Container(Ty::List(inner) | Ty::Map(inner, _)), Step::Index) => from_ty(inner),
            (Walk::Container(Ty::Map(inner, _)), Step::Field(_)) => from_ty(inner),
            // CRDs leave metadata to the API server: ObjectMeta.
            (Walk::Schema(node), Step::Field(name))
                if name == "metadata"
                    && crd::property(node, "metadata")
                        .is_none_or(|m| m.get("properties").is_none()) =>
            {
                schema::find("ObjectMeta").map_or(Walk::Opaque, Walk::Struct)
            }
            (Walk::Schema(node), Step::Field(name)) => {
                crd::property(node, name).map_or(Walk::Opaque, |n| Walk::Schema(n.clone()))
            }
            (Walk::Schema(node), Step::Index) => {
                crd::item(node).map_or(Walk::Opaque, |n| Walk::Schema(n.clone()))
            }
            _ => Walk::Opaque,
        }
    }

    /// A field's description, when a CRD's schema gives one.
    pub fn description(&self, field: &str) -> Option<String> {
        match self {
            Walk::Schema(node) => crd::property(node, field)
                .and_then(crd::description)
                .map(str::to_string),
            _ => None,
        }
    }

    /// The fields offered after a `.`: name and type text.
    pub fn fields(&self) -> Vec<(String, String)> {
        match self {
            Walk::Struct(def) => def
                .fields
                .iter()
                .map(|f| (f.name.to_string(), type_text(&f.ty)))
                .collect(),
            Walk::AnyObject => own(&ANY_OBJECT),
            Walk::StatusItem => own(&STATUS_ITEM),
            Walk::Schema(node) => crd::fields(node),
            _ => Vec::new(),
        }
    }
}

fn own(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect()
}

/// Splits a path expression (`obj.spec.containers[1].`) into its root
/// name and steps. `None` when the text is not a plain path.
pub fn parse_path(expr: &str) -> Option<(String, Vec<Step>)> {
    let chars: Vec<char> = expr.chars().collect();
    let mut i = 0;
    let word = |i: &mut usize| {
        let start = *i;
        while *i < chars.len() && super::text::is_word(chars[*i]) {
            *i += 1;
        }
        chars[start..*i].iter().collect::<String>()
    };
    let root = word(&mut i);
    if root.is_empty() || root.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let mut steps = Vec::new();
    while i < chars.len() {
        match chars[i] {
            '.' => {
                i += 1;
                let name = word(&mut i);
                if name.is_empty() {
                    return None;
                }
                steps.push(Step::Field(name));
            }
            '[' => {
                let mut depth = 0;
                while i < chars.len() {
                    match chars[i] {
                        '[' => depth += 1,
                        ']' => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
                if depth != 0 {
                    return None;
                }
                steps.push(Step::Index);
            }
            _ => return None,
        }
    }
    Some((root, steps))
}

/// The path expression that ends at the end of `before` (the text before
/// the cursor), e.g. `obj.spec.template` in `local x = obj.spec.template`.
pub fn trailing_path(before: &str) -> &str {
    let mut depth = 0usize;
    let mut start = before.len();
    for (i, c) in before.char_indices().rev() {
        match c {
            ']' => depth += 1,
            '[' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            c if super::text::is_word(c) || c == '.' => {}
            _ => break,
        }
        start = i;
    }
    &before[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(w: &Walk) -> Vec<String> {
        w.fields().into_iter().map(|(n, _)| n).collect()
    }

    #[test]
    fn deployment_pod_spec_fields() {
        let (root, steps) = parse_path("obj.spec.template.spec").unwrap();
        assert_eq!(root, "obj");
        let mut w = object(Some("apps/v1"), Some("Deployment"));
        for s in &steps {
            w = w.step(s);
        }
        let fields = names(&w);
        assert!(fields.contains(&"containers".to_string()), "{fields:?}");
        assert!(fields.contains(&"nodeSelector".to_string()));
        let containers = w
            .fields()
            .into_iter()
            .find(|(n, _)| n == "containers")
            .unwrap();
        assert_eq!(containers.1, "[Container]");
        let c = w.step(&Step::Field("containers".into())).step(&Step::Index);
        assert!(names(&c).contains(&"resources".to_string()));
    }

    #[test]
    fn unknown_kinds_and_status_items() {
        let w = object(Some("apps.kruise.io/v1alpha1"), Some("CloneSet"));
        assert_eq!(
            names(&w),
            ["apiVersion", "kind", "metadata", "spec", "status"]
        );
        assert!(names(&w.step(&Step::Field("metadata".into()))).contains(&"labels".into()));
        assert!(w.step(&Step::Field("spec".into())).fields().is_empty());
        // A field type is not an object kind.
        assert_eq!(names(&object(Some("v1"), Some("PodSpec"))).len(), 5);
        // The kind alone is not enough: group and version must match too.
        assert!(names(&object(Some("batch/v1"), Some("Job"))).contains(&"spec".to_string()));
        let volcano = object(Some("batch.volcano.sh/v1alpha1"), Some("Job"));
        assert!(
            volcano
                .step(&Step::Field("spec".into()))
                .fields()
                .is_empty()
        );
        assert!(
            !names(&object(Some("batch/v1"), Some("Job")).step(&Step::Field("spec".into())))
                .is_empty()
        );
        assert_eq!(
            names(&Walk::StatusItems.step(&Step::Index))[0],
            "clusterName"
        );
    }

    #[test]
    fn paths() {
        assert_eq!(
            trailing_path("  local x = obj.spec.a[i + 1].b"),
            "obj.spec.a[i + 1].b"
        );
        assert_eq!(trailing_path("f(obj."), "obj.");
        assert_eq!(
            parse_path("obj.a[1].b").unwrap().1,
            [
                Step::Field("a".into()),
                Step::Index,
                Step::Field("b".into())
            ]
        );
        assert_eq!(parse_path("obj."), None);
        assert_eq!(parse_path("1.5"), None);
    }
}

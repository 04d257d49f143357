//! The `kube` Lua module (`require("kube")`): the four functions with
//! Karmada's argument checks and error texts, over the pure Rust helpers.

use mlua::{Lua, MultiValue, Table, Value};

use super::quantity::{Format, Quantity};
use crate::lua::convert::{json_to_lua, lua_to_json};
use crate::lua::emptyfix::{self, EmptyPaths, Target};
use crate::lua::raise::{self, Raise, RaiseResult};

/// One function of the module: what scripts see (name, parameters,
/// result, summary) next to the Rust code that runs it. The runtime
/// registers exactly these, and the language server documents exactly these.
pub struct KubeFunction {
    pub name: &'static str,
    /// Parameter names; `...` marks a variadic tail.
    pub params: &'static [&'static str],
    /// What the function returns, in Lua terms.
    pub returns: &'static str,
    /// What it does, one or two sentences.
    pub summary: &'static str,
    call: fn(&Lua, MultiValue) -> RaiseResult,
}

impl KubeFunction {
    /// `kube.name(a, b)`.
    pub fn signature(&self) -> String {
        format!("kube.{}({})", self.name, self.params.join(", "))
    }
}

/// The functions of `require("kube")`.
pub static FUNCTIONS: [KubeFunction; 4] = [
    KubeFunction {
        name: "resourceAdd",
        params: &["quantity", "..."],
        returns: "string",
        summary: "Adds resource quantities given as strings (e.g. \"250m\", \"1Gi\"); nil counts as zero. Returns the sum as a quantity string.",
        call: resource_add,
    },
    KubeFunction {
        name: "getResourceQuantity",
        params: &["quantity"],
        returns: "number",
        summary: "The numeric value of one quantity string (\"500m\" gives 0.5, \"1Ki\" gives 1024); nil gives 0. Takes exactly one argument.",
        call: get_resource_quantity,
    },
    KubeFunction {
        name: "accuratePodRequirements",
        params: &["podTemplate"],
        returns: "table or nil",
        summary: "The requirements of one replica built from a PodTemplateSpec table, as Karmada computes them: `resourceRequest` (container requests with limits as defaults, init-container maxima, pod overhead) and `nodeClaim` (node selector, tolerations, required node affinity), each only when non-empty; nil when both are. The script adds `namespace` and `priorityClassName` itself. Takes exactly one argument.",
        call: accurate_pod_requirements,
    },
    KubeFunction {
        name: "getPodDependencies",
        params: &["podTemplate", "namespace"],
        returns: "list or nil",
        summary: "The objects a PodTemplateSpec table refers to (ConfigMaps, Secrets, the ServiceAccount, PersistentVolumeClaims), each `{apiVersion, kind, namespace, name}`, ready to return from GetDependencies. A nil namespace means `default`. Takes exactly two arguments.",
        call: get_pod_dependencies,
    },
];

/// What scripts may `require` beyond Lua's standard libraries: `kube`,
/// handed to every Lua state the engine makes.
pub const MODULES: &[crate::lua::sandbox::Module] = &[crate::lua::sandbox::Module {
    name: "kube",
    open: module,
}];

/// Builds the module table.
pub fn module(lua: &Lua) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for f in &FUNCTIONS {
        t.raw_set(f.name, raise::function(lua, f.call)?)?;
    }
    Ok(t)
}

/// Parses one quantity argument: nil is zero, a string is parsed, anything
/// else is a bad argument.
fn quantity_arg(lua: &Lua, n: usize, v: &Value) -> Result<Option<Quantity>, Raise> {
    match v {
        Value::Nil => Ok(None),
        Value::String(s) => {
            let text = s.to_string_lossy();
            Quantity::parse(&text)
                .map(Some)
                .map_err(|e| Raise::Bare(format!("cannot parse '{text}': {e}")))
        }
        other => Err(Raise::bad_argument(lua, n, "string", other)),
    }
}

/// A single result.
fn one(v: Value) -> RaiseResult {
    Ok(MultiValue::from_vec(vec![v]))
}

fn resource_add(lua: &Lua, args: MultiValue) -> RaiseResult {
    let mut total: Option<Quantity> = None;
    for (i, arg) in args.iter().enumerate() {
        if let Some(q) = quantity_arg(lua, i + 1, arg)? {
            match &mut total {
                Some(t) => t.add(&q),
                None => total = Some(q),
            }
        }
    }
    let text = total
        .unwrap_or_else(|| Quantity::zero(Format::DecimalSI))
        .to_string();
    one(Value::String(lua.create_string(text)?))
}

fn get_resource_quantity(lua: &Lua, args: MultiValue) -> RaiseResult {
    if args.len() != 1 {
        return Err(Raise::AtCaller(
            "getResourceQuantity only accepts one argument".into(),
        ));
    }
    let q = quantity_arg(lua, 1, &args[0])?;
    let f = match q {
        None => 0.0,
        Some(q) => {
            let f = q.as_f64();
            if f.is_infinite() {
                return Err(Raise::AtCaller(format!(
                    "int approximation unexpectedly returned an infinite value: {},",
                    q.go_dump()
                )));
            }
            if f < 0.0 {
                return Err(Raise::AtCaller(format!(
                    "int approximation unexpectedly returned a negative value: {},",
                    q.go_dump()
                )));
            }
            f
        }
    };
    one(Value::Number(f))
}

/// Encodes a template table and applies the empty-table fix (no references,
/// struct target), as Karmada does before decoding a PodTemplateSpec.
fn template_json(v: &Value, target: &str) -> Result<serde_json::Value, Raise> {
    let mut json = lua_to_json(v).map_err(|e| {
        Raise::AtCaller(format!(
            "fail to convert lua value table to {target}: encode lua result to json failed: {e}"
        ))
    })?;
    emptyfix::fix(&mut json, Target::Struct, &EmptyPaths::default());
    Ok(json)
}

fn accurate_pod_requirements(lua: &Lua, args: MultiValue) -> RaiseResult {
    if args.len() != 1 {
        return Err(Raise::AtCaller(
            "getPodRequirements only accepts one argument".into(),
        ));
    }
    if !matches!(args[0], Value::Table(_)) {
        return Err(Raise::bad_argument(lua, 1, "table", &args[0]));
    }
    let json = template_json(&args[0], "PodTemplateSpec")?;
    let result = super::pod::accurate_pod_requirements(&json).map_err(|e| {
        Raise::AtCaller(format!(
            "fail to convert lua value table to PodTemplateSpec: {e}"
        ))
    })?;
    let v = match result {
        Some(r) => json_to_lua(lua, &r)?,
        None => Value::Nil,
    };
    one(v)
}

fn get_pod_dependencies(lua: &Lua, args: MultiValue) -> RaiseResult {
    if args.len() != 2 {
        return Err(Raise::AtCaller(
            "getPodDependencies only accepts two argument".into(),
        ));
    }
    if !matches!(args[0], Value::Table(_)) {
        return Err(Raise::bad_argument(lua, 1, "table", &args[0]));
    }
    let namespace = match &args[1] {
        Value::Nil => "default".to_string(),
        Value::String(s) => s.to_string_lossy(),
        Value::Integer(_) | Value::Number(_) => {
            let tostring: mlua::Function = lua.globals().raw_get("tostring")?;
            tostring.call::<String>(args[1].clone())?
        }
        other => return Err(Raise::bad_argument(lua, 2, "string", other)),
    };
    let json = template_json(&args[0], "corev1.PodTemplateSpec")?;
    let deps = super::deps::pod_dependencies(&json, &namespace).map_err(|e| {
        Raise::AtCaller(format!(
            "fail to convert lua value table to corev1.PodTemplateSpec: {e}"
        ))
    })?;
    let v = match deps {
        Some(list) => json_to_lua(lua, &serde_json::Value::Array(list))?,
        None => Value::Nil,
    };
    one(v)
}

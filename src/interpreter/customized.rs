//! Running an operation through customization scripts: arguments in, the
//! rule's result checks, encoding, the empty-table fix and typed decoding.

use std::time::Duration;

use crate::diag::Kind;
use crate::lua::run::ScriptError;

use mlua::{Lua, Value as LuaValue};
use serde_json::Value;

use super::dependencies;
use crate::gotypes::results;
use crate::lua::convert::{json_to_lua, lua_to_json, status_items_to_lua};
use crate::lua::emptyfix::{self, EmptyPaths, Target};
use crate::lua::raise::type_name;
use crate::lua::run::Runner;
use crate::lua::sandbox::PrintSink;
use crate::ops::{OpInput, Operation, Outcome};

/// The runtime profile every script runs with.
#[derive(Clone, Debug)]
pub struct Profile {
    /// Budget of one script call (Karmada: 1 s).
    pub timeout: Duration,
    /// Memory limit of a Lua state in bytes; `None` for none.
    pub memory_limit: Option<usize>,
    /// Where `print` writes (the library's default drops it: a library
    /// writes nothing on its own; the CLI picks standard error or output).
    pub print: PrintSink,
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            timeout: Duration::from_secs(1),
            memory_limit: Some(256 << 20),
            print: PrintSink::Discard,
        }
    }
}

/// gopher-lua's numeric code of a value's type.
fn type_code(v: &LuaValue) -> u8 {
    match v {
        LuaValue::Nil => 0,
        LuaValue::Boolean(_) => 1,
        LuaValue::Integer(_) | LuaValue::Number(_) => 2,
        LuaValue::String(_) => 3,
        LuaValue::Function(_) => 4,
        LuaValue::Thread(_) => 6,
        LuaValue::Table(_) => 7,
        _ => 5,
    }
}

fn encode(v: &LuaValue) -> Result<Value, String> {
    lua_to_json(v).map_err(|e| format!("encode lua result to json failed: {e}"))
}

/// Decodes an Unstructured result: an object with a non-empty string kind.
fn unstructured(v: Value) -> Result<Value, String> {
    match &v {
        Value::Object(m) => match m.get("kind") {
            Some(Value::String(k)) if !k.is_empty() => Ok(v),
            _ => Err(format!(
                "json unmarshal obj failed: Object 'Kind' is missing in '{}'",
                crate::output::json::to_go_json(&v)
            )),
        },
        other => Err(format!(
            "json unmarshal obj failed: json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
            crate::input::yaml::go_json_kind(other)
        )),
    }
}

fn expect_table<'a>(v: &'a LuaValue, what: &str) -> Result<&'a LuaValue, String> {
    match v {
        LuaValue::Table(_) => Ok(v),
        other => Err(format!(
            "expect the returned {what} type is table but got {}",
            type_name(other)
        )),
    }
}

fn object_arg(lua: &Lua, v: Option<&Value>) -> mlua::Result<LuaValue> {
    match v {
        Some(v) => json_to_lua(lua, v),
        None => Ok(LuaValue::Nil),
    }
}

/// Why a run failed: Karmada's error text, what kind of failure it is,
/// which of the scripts failed and the script line the error names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub kind: Kind,
    /// Karmada's error text.
    pub message: String,
    /// Index of the failing script in the `scripts` given to [`run`].
    pub script: usize,
    /// The script line (1-based) the Lua error names, if any.
    pub line: Option<usize>,
}

impl From<String> for Failure {
    /// A failure outside any script (e.g. the Lua state cannot be made).
    fn from(message: String) -> Failure {
        Failure {
            kind: Kind::Runtime,
            message,
            script: 0,
            line: None,
        }
    }
}

impl Failure {
    fn script(e: &ScriptError) -> Failure {
        let kind = match e {
            ScriptError::Syntax(_) => Kind::Syntax,
            ScriptError::Timeout(_) => Kind::Timeout,
            ScriptError::Memory(_) => Kind::Memory,
            ScriptError::Runtime(_) => Kind::Runtime,
        };
        Failure {
            kind,
            message: e.to_string(),
            script: 0,
            line: e.line(),
        }
    }

    /// The same failure with `prefix` before its message.
    fn prefixed(mut self, prefix: &str) -> Failure {
        self.message.insert_str(0, prefix);
        self
    }
}

/// Runs `op` with `scripts` (one, or several for InterpretDependency, which
/// share one state).
pub fn run(
    op: Operation,
    scripts: &[&str],
    input: &OpInput,
    profile: &Profile,
) -> Result<Outcome, Failure> {
    crate::lua::pool::with_runner(
        profile.memory_limit,
        profile.timeout,
        profile.print.clone(),
        |runner| run_with(runner, op, scripts, input),
    )
}

fn run_with(
    runner: &Runner,
    op: Operation,
    scripts: &[&str],
    input: &OpInput,
) -> Result<Outcome, Failure> {
    let func = op.lua_function();
    let obj = input.object();
    let one = |script: &str, n: usize, build: &dyn Fn(&Lua) -> mlua::Result<Vec<LuaValue>>| {
        runner
            .call_rule(script, func, |lua| Ok(build(lua)?.into_iter().collect()), n)
            .map_err(|e| Failure::script(&e))
    };
    let script = scripts.first().copied().unwrap_or("");
    let outcome = match op {
        Operation::Retain => {
            let r = one(script, 1, &|lua| {
                Ok(vec![
                    object_arg(lua, input.desired.as_ref())?,
                    object_arg(lua, input.observed.as_ref())?,
                ])
            })?;
            let mut v = encode(expect_table(&r[0], "requires")?)?;
            let refs: Vec<&Value> = input.desired.iter().chain(input.observed.iter()).collect();
            emptyfix::fix(&mut v, Target::Struct, &EmptyPaths::from_references(&refs));
            vec![("retained", unstructured(v)?)]
        }
        Operation::ReviseReplica => {
            let replica = input.desired_replica as f64;
            let r = one(script, 1, &|lua| {
                Ok(vec![object_arg(lua, obj)?, LuaValue::Number(replica)])
            })?;
            let mut v = encode(expect_table(&r[0], "requires")?)?;
            let refs: Vec<&Value> = obj.into_iter().collect();
            emptyfix::fix(&mut v, Target::Struct, &EmptyPaths::from_references(&refs));
            vec![("revised", unstructured(v)?)]
        }
        Operation::AggregateStatus => {
            let r = one(script, 1, &|lua| {
                let items = match &input.status_items {
                    Some(items) => status_items_to_lua(lua, items)?,
                    None => LuaValue::Nil,
                };
                Ok(vec![object_arg(lua, obj)?, items])
            })?;
            let mut v = encode(expect_table(&r[0], "requires")?)?;
            emptyfix::fix(&mut v, Target::Struct, &EmptyPaths::default());
            vec![("aggregatedStatus", unstructured(v)?)]
        }
        Operation::InterpretStatus => {
            let r = one(script, 1, &|lua| Ok(vec![object_arg(lua, obj)?]))?;
            let mut v = encode(expect_table(&r[0], "replica")?)?;
            emptyfix::fix(&mut v, Target::Struct, &EmptyPaths::default());
            vec![("status", v)]
        }
        Operation::InterpretHealth => {
            let r = one(script, 1, &|lua| Ok(vec![object_arg(lua, obj)?]))?;
            match r[0] {
                LuaValue::Boolean(b) => vec![("healthy", Value::Bool(b))],
                ref other => {
                    return Err(format!("result type {} is not bool", type_code(other)).into());
                }
            }
        }
        Operation::InterpretReplica => {
            let r = one(script, 2, &|lua| Ok(vec![object_arg(lua, obj)?]))?;
            let replica = match r[0] {
                LuaValue::Integer(i) => go_int32(i as f64),
                LuaValue::Number(f) => go_int32(f),
                ref other => {
                    return Err(format!("result type {} is not number", type_code(other)).into());
                }
            };
            let requires = match &r[1] {
                LuaValue::Nil => Value::Null,
                LuaValue::Table(_) => {
                    let mut v = encode(&r[1])?;
                    emptyfix::fix(&mut v, Target::Struct, &EmptyPaths::default());
                    results::replica_requirements(&v)
                        .map_err(|e| format!("json unmarshal obj failed: {e}"))?
                }
                other => {
                    return Err(format!(
                        "expect the returned requires type is table but got {}",
                        type_name(other)
                    )
                    .into());
                }
            };
            vec![("replica", Value::from(replica)), ("requires", requires)]
        }
        Operation::InterpretComponent => {
            let r = one(script, 1, &|lua| Ok(vec![object_arg(lua, obj)?]))
                .map_err(|e| e.prefixed("failed to run 'GetComponents' script: "))?;
            let components = match &r[0] {
                LuaValue::Nil => Value::Null,
                LuaValue::Table(_) => {
                    let mut v = encode(&r[0])
                        .map_err(|e| format!("failed to convert lua table for components: {e}"))?;
                    emptyfix::fix(&mut v, Target::Slice, &EmptyPaths::default());
                    results::components(&v).map_err(|e| {
                        format!(
                            "failed to convert lua table for components: json unmarshal obj failed: {e}"
                        )
                    })?
                }
                other => {
                    return Err(format!(
                        "expected result type 'table' or 'nil' from GetComponents, but got '{}'",
                        type_name(other)
                    )
                    .into());
                }
            };
            vec![("components", components)]
        }
        Operation::InterpretDependency => {
            let mut lists = Vec::new();
            for (i, script) in scripts.iter().enumerate() {
                let at = |mut f: Failure| {
                    f.script = i;
                    f
                };
                let r = one(script, 1, &|lua| Ok(vec![object_arg(lua, obj)?])).map_err(at)?;
                let mut v = expect_table(&r[0], "requires")
                    .and_then(encode)
                    .map_err(|m| at(m.into()))?;
                emptyfix::fix(&mut v, Target::Slice, &EmptyPaths::default());
                let list = results::dependencies(&v)
                    .map_err(|e| at(format!("json unmarshal obj failed: {e}").into()))?;
                dependencies::validate(&list).map_err(|m| at(m.into()))?;
                lists.push(list);
            }
            vec![("dependencies", Value::Array(dependencies::unite(lists)))]
        }
    };
    Ok(Outcome { results: outcome })
}

/// Go's `int32(float64)` on amd64: truncation, and -2147483648 for anything
/// out of range, NaN or infinite.
pub fn go_int32(f: f64) -> i32 {
    if f.is_nan() || f >= 2147483648.0 || f <= -2147483649.0 {
        i32::MIN
    } else {
        f.trunc() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn profile() -> Profile {
        Profile {
            print: PrintSink::Discard,
            ..Profile::default()
        }
    }

    fn deploy() -> Value {
        json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d", "annotations": {}},
               "spec": {"replicas": 3, "template": {"spec": {"containers": [{"name": "a", "args": [], "resources": {}}]}}}})
    }

    fn input() -> OpInput {
        OpInput {
            desired: Some(deploy()),
            observed: Some(deploy()),
            ..OpInput::default()
        }
    }

    fn one(op: Operation, script: &str, input: &OpInput) -> Result<Outcome, String> {
        run(op, &[script], input, &profile()).map_err(|f| f.message)
    }

    #[test]
    fn int32_truncation() {
        assert_eq!(go_int32(2.7), 2);
        assert_eq!(go_int32(-2.7), -2);
        assert_eq!(go_int32(-0.0), 0);
        assert_eq!(go_int32(3e9), i32::MIN);
        assert_eq!(go_int32(2147483648.0), i32::MIN);
        assert_eq!(go_int32(f64::NAN), i32::MIN);
        assert_eq!(go_int32(2147483647.9), 2147483647);
    }

    #[test]
    fn retain_keeps_reference_empties() {
        let out = one(
            Operation::Retain,
            "function Retain(d, o) return d end",
            &input(),
        )
        .unwrap();
        assert_eq!(
            out.get("retained"),
            Some(&crate::value::with_f64_numbers(&deploy()))
        );
    }

    #[test]
    fn aggregate_drops_empties() {
        let out = one(
            Operation::AggregateStatus,
            "function AggregateStatus(d, items) d.status = {conditions = {}} return d end",
            &input(),
        )
        .unwrap();
        let got = out.get("aggregatedStatus").unwrap();
        assert_eq!(got["metadata"].get("annotations"), None);
        assert_eq!(got["status"], json!({}));
    }

    #[test]
    fn result_type_errors() {
        let i = input();
        assert_eq!(
            one(
                Operation::InterpretReplica,
                "function GetReplicas(o) return '5' end",
                &i
            ),
            Err("result type 3 is not number".into())
        );
        assert_eq!(
            one(
                Operation::InterpretHealth,
                "function InterpretHealth(o) return 1 end",
                &i
            ),
            Err("result type 2 is not bool".into())
        );
        assert_eq!(
            one(
                Operation::Retain,
                "function Retain(d, o) return nil end",
                &i
            ),
            Err("expect the returned requires type is table but got nil".into())
        );
        assert_eq!(
            one(
                Operation::InterpretStatus,
                "function ReflectStatus(o) return 'x' end",
                &i
            ),
            Err("expect the returned replica type is table but got string".into())
        );
        assert_eq!(
            one(
                Operation::InterpretComponent,
                "function GetComponents(o) return 5 end",
                &i
            ),
            Err(
                "expected result type 'table' or 'nil' from GetComponents, but got 'number'".into()
            )
        );
        assert_eq!(
            one(
                Operation::InterpretComponent,
                "function GetComponents(o) error('x') end",
                &i
            ),
            Err("failed to run 'GetComponents' script: <string>:1: x\nstack traceback:\n\t[G]: in function 'error'\n\t<string>:1: in main chunk\n\t[G]: ?".into())
        );
        assert_eq!(
            one(
                Operation::AggregateStatus,
                "function AggregateStatus(o) return {apiVersion='v1'} end",
                &i
            ),
            Err(
                "json unmarshal obj failed: Object 'Kind' is missing in '{\"apiVersion\":\"v1\"}'"
                    .into()
            )
        );
    }

    #[test]
    fn replica_and_requires() {
        let out = one(
            Operation::InterpretReplica,
            "function GetReplicas(o) return o.spec.replicas + 0.9, {namespace='n', nodeClaim={nodeSelector={}}} end",
            &input(),
        )
        .unwrap();
        assert_eq!(out.get("replica"), Some(&json!(3)));
        assert_eq!(
            out.get("requires"),
            Some(&json!({"namespace": "n", "nodeClaim": {}}))
        );
        let out = one(
            Operation::InterpretReplica,
            "function GetReplicas(o) return 1 end",
            &input(),
        )
        .unwrap();
        assert_eq!(out.get("requires"), Some(&Value::Null));
    }

    #[test]
    fn components_and_dependencies() {
        let out = one(
            Operation::InterpretComponent,
            "function GetComponents(o) return {{name='a', replicas=2}, {}} end",
            &input(),
        )
        .unwrap();
        assert_eq!(
            out.get("components"),
            Some(&json!([{"name": "a", "replicas": 2}]))
        );
        let s1 = "function GetDependencies(o) seen = true return {{apiVersion='v1', kind='Secret', name='s'}} end";
        let s2 = "function GetDependencies(o) assert(seen) return {{apiVersion='v1', kind='ConfigMap', name='c'}, {apiVersion='v1', kind='Secret', name='s'}} end";
        let out = run(
            Operation::InterpretDependency,
            &[s1, s2],
            &input(),
            &profile(),
        )
        .unwrap();
        assert_eq!(
            out.get("dependencies"),
            Some(
                &json!([{"apiVersion": "v1", "kind": "ConfigMap", "name": "c"}, {"apiVersion": "v1", "kind": "Secret", "name": "s"}])
            )
        );
    }

    /// Results are read into Karmada's types in full (nested selectors,
    /// tolerations), with Go's error paths and precedence; texts recorded
    /// from karmadactl.
    #[test]
    fn typed_result_errors() {
        let i = input();
        let err = |op, script: &str| one(op, script, &i).unwrap_err();
        let rep = |body: &str| {
            err(
                Operation::InterpretReplica,
                &format!("function GetReplicas(o) return 1, {body} end"),
            )
        };
        let prefix = "json unmarshal obj failed: json: cannot unmarshal ";
        assert_eq!(
            rep("{nodeClaim = {hardNodeAffinity = {nodeSelectorTerms = 'x'}}}"),
            format!(
                "{prefix}string into Go struct field ReplicaRequirements.nodeClaim.hardNodeAffinity.nodeSelectorTerms of type []v1.NodeSelectorTerm"
            )
        );
        assert_eq!(
            rep("{nodeClaim = {hardNodeAffinity = 'x'}}"),
            format!(
                "{prefix}string into Go struct field ReplicaRequirements.nodeClaim.hardNodeAffinity of type v1.NodeSelector"
            )
        );
        assert_eq!(
            rep("{resourceRequest = {cpu = 'x'}, nodeClaim = {tolerations = {{key = 5}}}}"),
            format!(
                "{prefix}number into Go struct field ReplicaRequirements.nodeClaim.tolerations.0.key of type string"
            )
        );
        assert_eq!(
            rep("{namespace = 5, nodeClaim = 'x'}"),
            format!(
                "{prefix}number into Go struct field ReplicaRequirements.namespace of type string"
            )
        );
        let comp = |body: &str| {
            err(
                Operation::InterpretComponent,
                &format!("function GetComponents(o) return {body} end"),
            )
        };
        let comp_prefix = format!("failed to convert lua table for components: {prefix}");
        assert_eq!(
            comp("{{name = 'a', replicas = 2.5}}"),
            format!("{comp_prefix}number 2.5 into Go struct field .0.replicas of type int32")
        );
        assert_eq!(
            comp("{5}"),
            format!("{comp_prefix}number into .0 of type v1alpha2.Component")
        );
        let dep = |body: &str| {
            err(
                Operation::InterpretDependency,
                &format!("function GetDependencies(o) return {body} end"),
            )
        };
        assert_eq!(
            dep("{5}"),
            format!("{prefix}number into .0 of type v1alpha1.DependentObjectReference")
        );
        assert_eq!(
            dep(
                "{{apiVersion = 'v1', kind = 'Secret', name = 'a', labelSelector = {matchLabels = {a = 5}}}}"
            ),
            format!(
                "{prefix}number into Go struct field .0.labelSelector.matchLabels.a of type string"
            )
        );
    }
}

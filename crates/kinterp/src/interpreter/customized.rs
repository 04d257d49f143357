//! Running an operation through customization scripts: arguments in, the
//! rule's result checks, encoding, the empty-table fix and typed decoding.

use std::time::Duration;

use crate::diag::Kind;
use crate::lua::run::ScriptError;

use mlua::{Lua, Value as LuaValue};
use serde_json::Value;

use super::dependencies;
use crate::gotypes::results;
use crate::lua::convert::{json_to_lua, json_to_lua_owned, lua_to_json};
use crate::lua::emptyfix::{self, EmptyPaths, Target};
use crate::lua::raise::type_name;
use crate::lua::run::Runner;
use crate::lua::sandbox::PrintSink;
use crate::ops::{Given, OpInput, Operation, Outcome, Which};

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
                kinterp_go::json::to_go_json(&v)
            )),
        },
        other => Err(format!(
            "json unmarshal obj failed: json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
            kinterp_go::gojson::kind_name(other)
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

/// The object as a script argument: taken and freed as it is pushed if
/// the run owns it and this is its `last` conversion in the run.
fn object_arg(lua: &Lua, given: &mut Given, which: Which, last: bool) -> mlua::Result<LuaValue> {
    if last {
        if let Some(v) = given.take(which) {
            return json_to_lua_owned(lua, v);
        }
    }
    match given.object(which) {
        Some(v) => json_to_lua(lua, v),
        None => Ok(LuaValue::Nil),
    }
}

/// The status items as a script argument: taken and freed as they are
/// pushed if the run owns them.
fn status_arg(lua: &Lua, given: &mut Given) -> mlua::Result<LuaValue> {
    if let Some(items) = given.take_status() {
        return items.into_lua(lua);
    }
    match &given.input().status_items {
        Some(items) => items.to_lua(lua),
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
    /// What Karmada's message means in the script's terms, when it reads
    /// as Go or VM internals.
    pub hint: Option<String>,
}

impl From<String> for Failure {
    /// A failure outside any script (e.g. the Lua state cannot be made).
    fn from(message: String) -> Failure {
        Failure {
            kind: Kind::Runtime,
            message,
            script: 0,
            line: None,
            hint: None,
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
        let message = e.to_string();
        let hint = match e {
            ScriptError::Timeout(_) => Some(
                "the script ran past the time limit of one call (--timeout; Karmada allows 1s): look for a loop that never ends, or work that grows with the input".to_string(),
            ),
            // The VM says this only in its message: `#` of a value that is
            // neither a table nor a string.
            ScriptError::Runtime(m) if m.lines().next().is_some_and(|l| l.ends_with("__len undefined")) => Some(
                "the script took the length (#) of a value that is neither a table nor a string, often nil: a field the object does not have; check it first, e.g. #(obj.spec.items or {})".to_string(),
            ),
            _ => None,
        };
        Failure {
            kind,
            message,
            script: 0,
            line: e.line(),
            hint,
        }
    }

    /// Karmada's error for a function that returned a value of the wrong
    /// type, with what the script returned in its terms.
    fn result_type(function: &str, got: &LuaValue, want: &str) -> Failure {
        let mut f = Failure::from(format!("result type {} is not {want}", type_code(got)));
        f.hint = Some(format!(
            "{function} returned {} where Karmada expects a {want}",
            match got {
                LuaValue::Nil => "nil (or nothing)",
                LuaValue::Boolean(_) => "a boolean",
                LuaValue::Integer(_) | LuaValue::Number(_) => "a number",
                LuaValue::String(_) => "a string",
                LuaValue::Function(_) => "a function",
                LuaValue::Table(_) => "a table",
                _ => "a value of another type",
            }
        ));
        f
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
    run_given(op, scripts, &mut Given::Lent(input), profile)
}

/// `run` on an input lent or given (see [`Given`]).
pub(crate) fn run_given(
    op: Operation,
    scripts: &[&str],
    given: &mut Given,
    profile: &Profile,
) -> Result<Outcome, Failure> {
    crate::lua::pool::with_runner(
        profile.memory_limit,
        crate::kube::lua::MODULES,
        profile.timeout,
        profile.print.clone(),
        |runner| run_with(runner, op, scripts, given),
    )
}

fn run_with(
    runner: &Runner,
    op: Operation,
    scripts: &[&str],
    given: &mut Given,
) -> Result<Outcome, Failure> {
    let func = op.lua_function();
    let obj = given.one();
    let one =
        |script: &str, n: usize, build: &mut dyn FnMut(&Lua) -> mlua::Result<Vec<LuaValue>>| {
            runner
                .call_rule(script, func, |lua| Ok(build(lua)?.into_iter().collect()), n)
                .map_err(|e| Failure::script(&e))
        };
    let script = scripts.first().copied().unwrap_or("");
    let outcome = match op {
        Operation::Retain => {
            // Read before the objects are pushed: they may be spent then.
            let empty = {
                let (d, o) = (given.object(Which::Desired), given.object(Which::Observed));
                let refs: Vec<&Value> = d.into_iter().chain(o).collect();
                EmptyPaths::from_references(&refs)
            };
            let r = one(script, 1, &mut |lua| {
                Ok(vec![
                    object_arg(lua, given, Which::Desired, true)?,
                    object_arg(lua, given, Which::Observed, true)?,
                ])
            })?;
            let mut v = encode(expect_table(&r[0], "requires")?)?;
            empty.refuses(&v)?;
            emptyfix::fix(&mut v, Target::Struct, &empty);
            vec![("retained", unstructured(v)?)]
        }
        Operation::ReviseReplica => {
            let replica = given.input().desired_replica as f64;
            let empty = {
                let refs: Vec<&Value> = given.object(obj).into_iter().collect();
                EmptyPaths::from_references(&refs)
            };
            let r = one(script, 1, &mut |lua| {
                Ok(vec![
                    object_arg(lua, given, obj, true)?,
                    LuaValue::Number(replica),
                ])
            })?;
            let mut v = encode(expect_table(&r[0], "requires")?)?;
            empty.refuses(&v)?;
            emptyfix::fix(&mut v, Target::Struct, &empty);
            vec![("revised", unstructured(v)?)]
        }
        Operation::AggregateStatus => {
            let r = one(script, 1, &mut |lua| {
                let items = status_arg(lua, given)?;
                Ok(vec![object_arg(lua, given, obj, true)?, items])
            })?;
            let mut v = encode(expect_table(&r[0], "requires")?)?;
            emptyfix::fix(&mut v, Target::Struct, &EmptyPaths::default());
            vec![("aggregatedStatus", unstructured(v)?)]
        }
        Operation::InterpretStatus => {
            let r = one(script, 1, &mut |lua| {
                Ok(vec![object_arg(lua, given, obj, true)?])
            })?;
            let mut v = encode(expect_table(&r[0], "replica")?)?;
            emptyfix::fix(&mut v, Target::Struct, &EmptyPaths::default());
            vec![("status", v)]
        }
        Operation::InterpretHealth => {
            let r = one(script, 1, &mut |lua| {
                Ok(vec![object_arg(lua, given, obj, true)?])
            })?;
            match r[0] {
                LuaValue::Boolean(b) => vec![("healthy", Value::Bool(b))],
                ref other => {
                    return Err(Failure::result_type("InterpretHealth", other, "bool"));
                }
            }
        }
        Operation::InterpretReplica => {
            let r = one(script, 2, &mut |lua| {
                Ok(vec![object_arg(lua, given, obj, true)?])
            })?;
            let replica = match r[0] {
                LuaValue::Integer(i) => go_int32(i as f64),
                LuaValue::Number(f) => go_int32(f),
                ref other => {
                    return Err(Failure::result_type("GetReplicas", other, "number"));
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
            let r = one(script, 1, &mut |lua| {
                Ok(vec![object_arg(lua, given, obj, true)?])
            })
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
                // Every script gets the object: only the last may spend it.
                let last = i + 1 == scripts.len();
                let r = one(script, 1, &mut |lua| {
                    Ok(vec![object_arg(lua, given, obj, last)?])
                })
                .map_err(at)?;
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
#[path = "customized_tests.rs"]
mod tests;

//! Values across the Lua boundary: JSON into Lua tables (numbers as floats,
//! nulls dropped) and Lua results back to JSON with gopher-json's rules.

use mlua::{Lua, Table, Value as LuaValue};
use serde_json::{Map, Number, Value};

pub use super::statuspush::status_items_to_lua;
use std::collections::HashSet;

/// Converts a JSON value into a Lua value: every number becomes a float and
/// `null` is dropped: object keys holding null disappear, and array items
/// after a null move up one place, as gopher-lua's `Append` skips nil
/// (`[1, null, 3]` is `{1, 3}` in Karmada). The tree is
/// built in one protected call on the raw stack: a checked `raw_set` per
/// field costs a protected call each when a memory limit is set.
pub fn json_to_lua(lua: &Lua, v: &Value) -> mlua::Result<LuaValue> {
    push_protected(lua, |state| unsafe { push_json(state, v) })
}

/// Runs `push` (which pushes one value, or says the stack cannot grow) in
/// one protected call and returns the value.
pub(super) fn push_protected(
    lua: &Lua,
    push: impl FnOnce(*mut mlua::ffi::lua_State) -> bool,
) -> mlua::Result<LuaValue> {
    let mut overflow = false;
    // SAFETY: the closure only pushes values and sets table fields; it
    // holds no value with a destructor across a call that may raise.
    let out: LuaValue = unsafe {
        lua.exec_raw((), |state| {
            // Everything pushed stays reachable until the call returns, so a
            // collection cycle during the build could free nothing: pause
            // the collector (the memory limit still applies per allocation).
            mlua::ffi::lua_gc(state, mlua::ffi::LUA_GCSTOP, 0);
            let ok = push(state);
            mlua::ffi::lua_gc(state, mlua::ffi::LUA_GCRESTART, 0);
            if !ok {
                overflow = true;
                mlua::ffi::lua_settop(state, 0);
                mlua::ffi::lua_pushnil(state);
            }
        })?
    };
    if overflow {
        return Err(mlua::Error::RuntimeError(
            "input nested too deeply to convert to Lua".into(),
        ));
    }
    Ok(out)
}

/// Pushes `v`; false when the Lua stack cannot grow (absurd nesting).
unsafe fn push_json(state: *mut mlua::ffi::lua_State, v: &Value) -> bool {
    use mlua::ffi;
    unsafe {
        if ffi::lua_checkstack(state, 3) == 0 {
            return false;
        }
        match v {
            Value::Null => ffi::lua_pushnil(state),
            Value::Bool(b) => ffi::lua_pushboolean(state, i32::from(*b)),
            Value::Number(n) => ffi::lua_pushnumber(state, n.as_f64().unwrap_or(0.0)),
            Value::String(s) => {
                ffi::lua_pushlstring(state, s.as_ptr().cast(), s.len());
            }
            Value::Array(items) => return push_list(state, items),
            Value::Object(map) => {
                ffi::lua_createtable(state, 0, map.len().min(i32::MAX as usize) as i32);
                for (k, item) in map {
                    if item.is_null() {
                        continue;
                    }
                    ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                    if !push_json(state, item) {
                        return false;
                    }
                    ffi::lua_rawset(state, -3);
                }
            }
        }
        true
    }
}

/// Pushes `items` as an array (nulls skipped); false as `push_json`.
unsafe fn push_list(state: *mut mlua::ffi::lua_State, items: &[Value]) -> bool {
    use mlua::ffi;
    unsafe {
        if ffi::lua_checkstack(state, 3) == 0 {
            return false;
        }
        ffi::lua_createtable(state, items.len().min(i32::MAX as usize) as i32, 0);
        let mut n: ffi::lua_Integer = 0;
        for item in items {
            if item.is_null() {
                continue;
            }
            if !push_json(state, item) {
                return false;
            }
            n += 1;
            ffi::lua_rawseti(state, -2, n);
        }
        true
    }
}

/// The plain (one `raw_set` per field) conversion, kept to check the fast
/// one against.
#[cfg(test)]
fn json_to_lua_plain(lua: &Lua, v: &Value) -> mlua::Result<LuaValue> {
    Ok(match v {
        Value::Null => LuaValue::Nil,
        Value::Bool(b) => LuaValue::Boolean(*b),
        Value::Number(n) => LuaValue::Number(n.as_f64().unwrap_or(0.0)),
        Value::String(s) => LuaValue::String(lua.create_string(s)?),
        Value::Array(items) => {
            let t = lua.create_table_with_capacity(items.len(), 0)?;
            for item in items.iter().filter(|i| !i.is_null()) {
                t.raw_push(json_to_lua_plain(lua, item)?)?;
            }
            LuaValue::Table(t)
        }
        Value::Object(map) => {
            let t = lua.create_table_with_capacity(0, map.len())?;
            for (k, item) in map {
                if !item.is_null() {
                    t.raw_set(k.as_str(), json_to_lua_plain(lua, item)?)?;
                }
            }
            LuaValue::Table(t)
        }
    })
}

/// The prefix gopher-json's nested MarshalJSON calls put before an error.
const MARSHAL_PREFIX: &str = "json: error calling MarshalJSON for type *json.jsonValue: ";

/// Why a Lua value could not be encoded; `Display` gives Karmada's text
/// without the `encode lua result to json failed: ` lead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodeError {
    depth: usize,
    message: String,
}

impl std::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for _ in 0..=self.depth {
            f.write_str(MARSHAL_PREFIX)?;
        }
        f.write_str(&self.message)
    }
}

impl EncodeError {
    fn new(depth: usize, message: impl Into<String>) -> Self {
        EncodeError {
            depth,
            message: message.into(),
        }
    }
}

/// Encodes a Lua value as gopher-json does. Empty tables become `[]`; the
/// empty-table fix (`emptyfix`) decides later what they should be.
pub fn lua_to_json(v: &LuaValue) -> Result<Value, EncodeError> {
    let mut seen = HashSet::new();
    encode(v, 0, &mut seen)
}

const ARRAY_PART_LIMIT: f64 = 67_108_864.0; // 2^26

/// Deepest table nesting a result may have. Encoding (and every later pass
/// over the value) recurses once per level, so a script-built chain of
/// nested tables would otherwise overflow the stack and abort the process
/// (a debug build's encoder needs about 3 KiB a level; worker threads have
/// 2 MiB). Kubernetes objects are nowhere near this deep, and YAML and JSON
/// input already stops at 128 levels.
pub const MAX_DEPTH: usize = 256;

fn number(f: f64, depth: usize) -> Result<Value, EncodeError> {
    Number::from_f64(f)
        .map(Value::Number)
        .ok_or_else(|| EncodeError::new(depth, crate::value::unsupported_float(f)))
}

fn encode(v: &LuaValue, depth: usize, seen: &mut HashSet<usize>) -> Result<Value, EncodeError> {
    match v {
        LuaValue::Nil => Ok(Value::Null),
        LuaValue::Boolean(b) => Ok(Value::Bool(*b)),
        LuaValue::Integer(i) => number(*i as f64, depth),
        LuaValue::Number(f) => number(*f, depth),
        LuaValue::String(s) => Ok(Value::String(
            String::from_utf8_lossy(&s.as_bytes()).into_owned(),
        )),
        LuaValue::Table(t) => encode_table(t, depth, seen),
        LuaValue::Function(_) => Err(EncodeError::new(depth, "cannot encode function to JSON")),
        LuaValue::Thread(_) => Err(EncodeError::new(depth, "cannot encode thread to JSON")),
        _ => Err(EncodeError::new(depth, "cannot encode userdata to JSON")),
    }
}

fn encode_table(t: &Table, depth: usize, seen: &mut HashSet<usize>) -> Result<Value, EncodeError> {
    if depth >= MAX_DEPTH {
        // One prefix, not one per level: the message stays readable.
        return Err(EncodeError::new(
            0,
            format!("cannot encode tables nested more than {MAX_DEPTH} levels deep to JSON"),
        ));
    }
    let id = t.to_pointer() as usize;
    if !seen.insert(id) {
        return Err(EncodeError::new(
            depth,
            "cannot encode recursively nested tables to JSON",
        ));
    }
    // gopher iterates its array part (positive integer keys below 2^26, in
    // order) before the other keys. Keys and values are turned into Rust
    // values as they are met: a Lua value held here takes a slot of Lua's
    // stack, and a table with thousands of entries would run out of them.
    // A value's encoding error is kept and raised in the order the checks
    // below take.
    let mut array_keys: Vec<(f64, Result<Value, EncodeError>)> = Vec::new();
    let mut other: Vec<(Key, Result<Value, EncodeError>)> = Vec::new();
    for pair in t.pairs::<LuaValue, LuaValue>() {
        let (k, val) = pair.map_err(|e| EncodeError::new(depth, e.to_string()))?;
        let as_num = match &k {
            LuaValue::Integer(i) => Some(*i as f64),
            LuaValue::Number(f) => Some(*f),
            _ => None,
        };
        let value = encode(&val, depth + 1, seen);
        match as_num {
            Some(f) if (1.0..ARRAY_PART_LIMIT).contains(&f) && f.fract() == 0.0 => {
                array_keys.push((f, value))
            }
            Some(_) => other.push((Key::Number, value)),
            None => {
                let key = match &k {
                    LuaValue::String(s) => {
                        Key::Text(String::from_utf8_lossy(&s.as_bytes()).into_owned())
                    }
                    _ => Key::Other,
                };
                other.push((key, value));
            }
        }
    }
    if array_keys.is_empty() && other.is_empty() {
        return Ok(Value::Array(Vec::new()));
    }
    array_keys.sort_by(|a, b| a.0.total_cmp(&b.0));
    let first_is_number = !array_keys.is_empty() || matches!(other.first(), Some((Key::Number, _)));
    if first_is_number {
        let mut out = Vec::with_capacity(array_keys.len());
        for (i, (k, val)) in array_keys.into_iter().enumerate() {
            if k != (i + 1) as f64 {
                return Err(EncodeError::new(depth, "cannot encode sparse array"));
            }
            out.push(val?);
        }
        if let Some((k, _)) = other.first() {
            return Err(match k {
                Key::Number => EncodeError::new(depth, "cannot encode sparse array"),
                _ => EncodeError::new(depth, "cannot encode mixed or invalid key types"),
            });
        }
        return Ok(Value::Array(out));
    }
    let mut map = Map::new();
    for (k, val) in other {
        let Key::Text(key) = k else {
            return Err(EncodeError::new(
                depth,
                "cannot encode mixed or invalid key types",
            ));
        };
        map.insert(key, val?);
    }
    Ok(Value::Object(map))
}

/// A table key as the encoder classifies it (array indices apart).
enum Key {
    Number,
    Text(String),
    Other,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn enc(lua: &Lua, code: &str) -> Result<Value, String> {
        let v: LuaValue = lua.load(code).eval().unwrap();
        lua_to_json(&v).map_err(|e| e.to_string())
    }

    #[test]
    fn json_into_lua_drops_nulls_and_floats_numbers() {
        let lua = Lua::new();
        let v = json_to_lua(&lua, &json!({"a": null, "n": 3, "l": [1, null, 3]})).unwrap();
        lua.globals().set("o", v).unwrap();
        let a_is_nil: bool = lua.load("return o.a == nil").eval().unwrap();
        assert!(a_is_nil);
        let n_type: String = lua.load("return type(o.n)").eval().unwrap();
        assert_eq!(n_type, "number");
        // gopher's Append skips nil: the items after a null move up.
        let packed: bool = lua
            .load("return o.l[2] == 3 and o.l[3] == nil and #o.l == 2")
            .eval()
            .unwrap();
        assert!(packed);
    }

    #[test]
    fn fast_and_plain_conversions_agree() {
        let lua = Lua::new();
        lua.set_memory_limit(16 << 20).unwrap();
        let v = json!({"a": [1, null, {"b": "x", "c": null, "d": []}], "e": {}, "f": true, "g": 2.5, "h": "\u{0}z"});
        let fast = json_to_lua(&lua, &v).unwrap();
        let plain = json_to_lua_plain(&lua, &v).unwrap();
        assert_eq!(lua_to_json(&fast), lua_to_json(&plain));
        let v = json!({"a": [1, {"b": "x", "c": null, "d": []}], "e": {}, "f": true, "g": 2.5, "h": "\u{0}z"});
        let fast = json_to_lua(&lua, &v).unwrap();
        let items =
            crate::input::StatusItems::from_values("s", &[json!({"status": v["a"].clone()})])
                .unwrap();
        let list = status_items_to_lua(&lua, &items).unwrap();
        assert_eq!(
            lua_to_json(&list).unwrap(),
            json!([{"clusterName": "", "status": [1.0, {"b": "x", "d": []}]}])
        );
        assert_eq!(
            lua_to_json(&fast).unwrap(),
            json!({"a": [1.0, {"b": "x", "d": []}], "e": [], "f": true, "g": 2.5, "h": "\u{0}z"})
        );
    }

    #[test]
    fn classifies_tables_like_gopher() {
        let lua = Lua::new();
        assert_eq!(enc(&lua, "return {1,2,3}"), Ok(json!([1.0, 2.0, 3.0])));
        assert_eq!(enc(&lua, "return {}"), Ok(json!([])));
        assert_eq!(enc(&lua, "return {a={}}"), Ok(json!({"a": []})));
        let p = MARSHAL_PREFIX;
        for (code, msg) in [
            (
                "return {1,2,x=3}",
                "cannot encode mixed or invalid key types",
            ),
            (
                "return {x=1,[1]=2}",
                "cannot encode mixed or invalid key types",
            ),
            ("return {x=1,[3]=2}", "cannot encode sparse array"),
            ("return {[2]=2}", "cannot encode sparse array"),
            ("return {1,nil,3}", "cannot encode sparse array"),
            ("return {[0]=1}", "cannot encode sparse array"),
            ("return {[1.5]=1}", "cannot encode sparse array"),
            (
                "return {[true]=1}",
                "cannot encode mixed or invalid key types",
            ),
        ] {
            assert_eq!(enc(&lua, code), Err(format!("{p}{msg}")), "{code}");
        }
    }

    #[test]
    fn error_depth_prefixes() {
        let lua = Lua::new();
        let p = MARSHAL_PREFIX;
        assert_eq!(
            enc(&lua, "return {n=0/0}"),
            Err(format!("{p}{p}json: unsupported value: NaN"))
        );
        assert_eq!(
            enc(&lua, "return {a={b={f=print}}}"),
            Err(format!("{p}{p}{p}{p}cannot encode function to JSON"))
        );
        assert_eq!(
            enc(&lua, "local t={x=1}; return {a=t, b=t}"),
            Err(format!(
                "{p}{p}cannot encode recursively nested tables to JSON"
            ))
        );
        assert_eq!(
            enc(&lua, "return 1/0"),
            Err(format!("{p}json: unsupported value: +Inf"))
        );
    }

    #[test]
    fn nesting_is_bounded() {
        // A chain of tables a script builds in a loop once overflowed the
        // stack (found by fuzzing). The deepest allowed value must also get
        // through the later recursive passes on a 2 MiB worker thread.
        let run = || {
            let lua = Lua::new();
            let chain = |n: usize| {
                format!("local t = {{}} for i = 2, {n} do t = {{t, 1}} end return {{x = t}}")
            };
            let mut v = enc(&lua, &chain(MAX_DEPTH - 1)).unwrap();
            let refs = crate::lua::emptyfix::EmptyPaths::from_references(&[]);
            crate::lua::emptyfix::fix(&mut v, crate::lua::emptyfix::Target::Struct, &refs);
            assert!(crate::output::yaml::to_yaml(&v).len() > MAX_DEPTH);
            assert!(crate::output::json::to_go_json(&v).len() > MAX_DEPTH);
            assert_eq!(
                enc(&lua, &chain(MAX_DEPTH)),
                Err(format!(
                    "{MARSHAL_PREFIX}cannot encode tables nested more than 256 levels deep to JSON"
                ))
            );
            assert!(enc(&lua, &chain(200_000)).is_err());
        };
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(run)
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn invalid_utf8_becomes_replacement() {
        let lua = Lua::new();
        assert_eq!(enc(&lua, "return '\\255'"), Ok(json!("\u{fffd}")));
    }
}

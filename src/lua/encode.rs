//! Lua results back to JSON with gopher-json's rules. Tables are read
//! straight from the Lua stack: a handle per key and value (what mlua's
//! `pairs` gives) cost more than the rest of the encoding together.

use mlua::{Table, Value as LuaValue, ffi};
use serde_json::{Map, Number, Value};
use std::collections::HashSet;

/// The prefix gopher-json's nested MarshalJSON calls put before an error.
pub(super) const MARSHAL_PREFIX: &str =
    "json: error calling MarshalJSON for type *json.jsonValue: ";

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
    match v {
        LuaValue::Table(t) => encode_root(t),
        other => scalar(other, 0),
    }
}

const ARRAY_PART_LIMIT: f64 = 67_108_864.0; // 2^26

/// Deepest table nesting a result may have. Encoding (and every later pass
/// over the value) recurses once per level, so a script-built chain of
/// nested tables would otherwise overflow the stack and abort the process
/// (a debug build's encoder needs about 3 KiB a level; worker threads have
/// 2 MiB). Kubernetes objects are nowhere near this deep, and YAML and JSON
/// input already stops at 128 levels.
pub const MAX_DEPTH: usize = 256;

/// Lua stack slots the raw encoder may use: a key and a value per level.
const STACK_SLOTS: i32 = 2 * MAX_DEPTH as i32 + 16;

fn number(f: f64, depth: usize) -> Result<Value, EncodeError> {
    Number::from_f64(f)
        .map(Value::Number)
        .ok_or_else(|| EncodeError::new(depth, crate::value::unsupported_float(f)))
}

/// Any value but a table.
fn scalar(v: &LuaValue, depth: usize) -> Result<Value, EncodeError> {
    match v {
        LuaValue::Nil => Ok(Value::Null),
        LuaValue::Boolean(b) => Ok(Value::Bool(*b)),
        LuaValue::Integer(i) => number(*i as f64, depth),
        LuaValue::Number(f) => number(*f, depth),
        LuaValue::String(s) => Ok(Value::String(text(&s.as_bytes()))),
        LuaValue::Function(_) => Err(function(depth)),
        LuaValue::Thread(_) => Err(EncodeError::new(depth, "cannot encode thread to JSON")),
        _ => Err(userdata(depth)),
    }
}

fn function(depth: usize) -> EncodeError {
    EncodeError::new(depth, "cannot encode function to JSON")
}

fn userdata(depth: usize) -> EncodeError {
    EncodeError::new(depth, "cannot encode userdata to JSON")
}

/// Encodes the table `t` from its Lua state's stack, in one protected call.
fn encode_root(t: &Table) -> Result<Value, EncodeError> {
    let Some(lua) = t.weak_lua().try_upgrade() else {
        return Err(EncodeError::new(0, "the Lua state is closed"));
    };
    let mut seen = HashSet::new();
    let mut out = None;
    // SAFETY: the closure calls only Lua functions that cannot raise an
    // error (after `lua_checkstack`, before any value with a destructor
    // exists): `lua_next` (kinterp's patch makes an unknown key continue
    // rather than raise), type queries, `lua_tolstring` on strings only
    // (no conversion, so no allocation), `lua_pop`, `lua_pushnil`.
    let call = unsafe {
        lua.exec_raw::<()>(t.clone(), |state| {
            if ffi::lua_checkstack(state, STACK_SLOTS) == 0 {
                return;
            }
            let top = ffi::lua_gettop(state);
            out = Some(raw_table(state, top, 0, &mut seen));
        })
    };
    match (call, out) {
        (Err(e), _) => Err(EncodeError::new(0, e.to_string())),
        (Ok(()), Some(r)) => r,
        (Ok(()), None) => Err(EncodeError::new(0, "result nested too deeply to encode")),
    }
}

/// The bytes of the string at `idx` (which must be a string).
unsafe fn string_at(state: *mut ffi::lua_State, idx: i32) -> String {
    unsafe {
        let mut len = 0;
        let p = ffi::lua_tolstring(state, idx, &mut len);
        text(std::slice::from_raw_parts(p.cast::<u8>(), len))
    }
}

/// `bytes` as text, invalid UTF-8 replaced (valid text, nearly always,
/// is checked and copied at once).
fn text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// Encodes the value at absolute stack index `idx`.
unsafe fn raw_value(
    state: *mut ffi::lua_State,
    idx: i32,
    depth: usize,
    seen: &mut HashSet<usize>,
) -> Result<Value, EncodeError> {
    unsafe {
        match ffi::lua_type(state, idx) {
            ffi::LUA_TNIL => Ok(Value::Null),
            ffi::LUA_TBOOLEAN => Ok(Value::Bool(ffi::lua_toboolean(state, idx) != 0)),
            ffi::LUA_TNUMBER => number(ffi::lua_tonumber(state, idx), depth),
            ffi::LUA_TSTRING => Ok(Value::String(string_at(state, idx))),
            ffi::LUA_TTABLE => raw_table(state, idx, depth, seen),
            ffi::LUA_TFUNCTION => Err(function(depth)),
            ffi::LUA_TTHREAD => Err(EncodeError::new(depth, "cannot encode thread to JSON")),
            _ => Err(userdata(depth)),
        }
    }
}

/// Encodes the table at absolute stack index `idx`, iterating it with
/// `lua_next` (gopher's order: array part, then first-insertion order).
unsafe fn raw_table(
    state: *mut ffi::lua_State,
    idx: i32,
    depth: usize,
    seen: &mut HashSet<usize>,
) -> Result<Value, EncodeError> {
    unsafe {
        let id = ffi::lua_topointer(state, idx) as usize;
        let mut parts = Parts::start(depth, id, seen)?;
        ffi::lua_pushnil(state);
        while ffi::lua_next(state, idx) != 0 {
            let top = ffi::lua_gettop(state);
            let value = raw_value(state, top, depth + 1, seen);
            match ffi::lua_type(state, top - 1) {
                ffi::LUA_TNUMBER => parts.number_key(ffi::lua_tonumber(state, top - 1), value),
                ffi::LUA_TSTRING => parts.text_key(|| string_at(state, top - 1), value),
                _ => parts.other_key(),
            }
            ffi::lua_settop(state, top - 1);
        }
        parts.finish()
    }
}

/// The kind of a table key that is not an array index.
#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyKind {
    Number,
    Text,
    Other,
}

/// A table's entries as the encoder meets them, then its JSON value.
/// gopher iterates its array part (positive integer keys below 2^26, in
/// order) before the other keys. A value's encoding error is kept and
/// raised in the order the checks of `finish` take: for an object, the
/// first other key (in iteration order) that is not a string or whose
/// value failed.
struct Parts {
    depth: usize,
    array: Vec<(f64, Result<Value, EncodeError>)>,
    first_other: Option<KeyKind>,
    fields: Vec<(String, Value)>,
    field_error: Option<EncodeError>,
}

impl Parts {
    /// Checks the depth and that the table (`id`) was not met before.
    fn start(depth: usize, id: usize, seen: &mut HashSet<usize>) -> Result<Parts, EncodeError> {
        if depth >= MAX_DEPTH {
            // One prefix, not one per level: the message stays readable.
            return Err(EncodeError::new(
                0,
                format!("cannot encode tables nested more than {MAX_DEPTH} levels deep to JSON"),
            ));
        }
        if !seen.insert(id) {
            return Err(EncodeError::new(
                depth,
                "cannot encode recursively nested tables to JSON",
            ));
        }
        Ok(Parts {
            depth,
            array: Vec::new(),
            first_other: None,
            fields: Vec::new(),
            field_error: None,
        })
    }

    fn number_key(&mut self, f: f64, value: Result<Value, EncodeError>) {
        if (1.0..ARRAY_PART_LIMIT).contains(&f) && f.fract() == 0.0 {
            self.array.push((f, value));
        } else {
            self.other(KeyKind::Number);
        }
    }

    fn text_key(&mut self, key: impl FnOnce() -> String, value: Result<Value, EncodeError>) {
        self.first_other.get_or_insert(KeyKind::Text);
        if self.field_error.is_none() {
            match value {
                Ok(value) => self.fields.push((key(), value)),
                Err(e) => self.field_error = Some(e),
            }
        }
    }

    fn other_key(&mut self) {
        self.other(KeyKind::Other);
    }

    fn other(&mut self, kind: KeyKind) {
        self.first_other.get_or_insert(kind);
        if self.field_error.is_none() {
            self.field_error = Some(EncodeError::new(
                self.depth,
                "cannot encode mixed or invalid key types",
            ));
        }
    }

    fn finish(mut self) -> Result<Value, EncodeError> {
        let depth = self.depth;
        if self.array.is_empty() && self.first_other.is_none() {
            return Ok(Value::Array(Vec::new()));
        }
        self.array.sort_by(|a, b| a.0.total_cmp(&b.0));
        if !self.array.is_empty() || self.first_other == Some(KeyKind::Number) {
            let mut out = Vec::with_capacity(self.array.len());
            for (i, (k, val)) in self.array.into_iter().enumerate() {
                if k != (i + 1) as f64 {
                    return Err(EncodeError::new(depth, "cannot encode sparse array"));
                }
                out.push(val?);
            }
            if let Some(k) = self.first_other {
                return Err(match k {
                    KeyKind::Number => EncodeError::new(depth, "cannot encode sparse array"),
                    _ => EncodeError::new(depth, "cannot encode mixed or invalid key types"),
                });
            }
            return Ok(Value::Array(out));
        }
        if let Some(e) = self.field_error {
            return Err(e);
        }
        // Keys come in first-insertion order, usually sorted already (a
        // table converted from JSON): the map is built in bulk, which sorts
        // them stably (linear for a sorted run) and keeps the last of equal
        // keys (two invalid UTF-8 keys may read the same), as inserting
        // them one by one would.
        Ok(Value::Object(
            self.fields.into_iter().collect::<Map<String, Value>>(),
        ))
    }
}

/// The encoder through mlua's `pairs` (one handle per key and value), kept
/// to check the raw one against.
#[cfg(test)]
fn encode_plain(
    v: &LuaValue,
    depth: usize,
    seen: &mut HashSet<usize>,
) -> Result<Value, EncodeError> {
    let LuaValue::Table(t) = v else {
        return scalar(v, depth);
    };
    let mut parts = Parts::start(depth, t.to_pointer() as usize, seen)?;
    for pair in t.pairs::<LuaValue, LuaValue>() {
        let (k, val) = pair.map_err(|e| EncodeError::new(depth, e.to_string()))?;
        let value = encode_plain(&val, depth + 1, seen);
        match &k {
            LuaValue::Integer(i) => parts.number_key(*i as f64, value),
            LuaValue::Number(f) => parts.number_key(*f, value),
            LuaValue::String(s) => parts.text_key(
                || String::from_utf8_lossy(&s.as_bytes()).into_owned(),
                value,
            ),
            _ => parts.other_key(),
        }
    }
    parts.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlua::Lua;
    use serde_json::json;

    fn enc(lua: &Lua, code: &str) -> Result<Value, String> {
        let v: LuaValue = lua.load(code).eval().unwrap();
        lua_to_json(&v).map_err(|e| e.to_string())
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
    fn objects_keep_every_key_and_the_first_error() {
        let lua = Lua::new();
        // Keys in insertion order, sorted or not, many or few.
        let v = enc(
            &lua,
            "local t = {} for i = 300, 1, -1 do t['k' .. i] = i end t.a = {} t['é'] = 'x' return t",
        )
        .unwrap();
        let m = v.as_object().unwrap();
        assert_eq!(m.len(), 302);
        assert_eq!(m["k17"], json!(17.0));
        assert_eq!(m["a"], json!([]));
        assert_eq!(m["é"], json!("x"));
        // Two invalid UTF-8 keys read the same: the later one wins, as
        // inserting them one by one would give.
        assert_eq!(
            enc(&lua, "local t = {} t['\\255'] = 1 t['\\254'] = 2 return t"),
            Ok(json!({"\u{fffd}": 2.0}))
        );
        // The first failing entry, in insertion order, decides the error.
        let p = MARSHAL_PREFIX;
        assert_eq!(
            enc(
                &lua,
                "local t = {} t.a = 1 t.f = print t[true] = 1 return t"
            ),
            Err(format!("{p}{p}cannot encode function to JSON"))
        );
        assert_eq!(
            enc(
                &lua,
                "local t = {} t.a = 1 t[true] = 1 t.f = print return t"
            ),
            Err(format!("{p}cannot encode mixed or invalid key types"))
        );
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
    #[test]
    fn raw_and_plain_encoders_agree() {
        let lua = Lua::new();
        let scripts = [
            "return {1, 2, {a = 'x', b = {}}, 'é'}",
            "local t = {} for i = 1, 500 do t['k' .. (i * 7919 % 500)] = {i, i / 2, i % 3 == 0} end return t",
            "return {a = {b = {c = {d = {}}}}, n = 0/0}",
            "return {x = 1, [1] = 2}",
            "return {[1] = 1, [3] = 3}",
            "local t = {1, 2} t.x = nil t[2] = nil return t",
            "local t = {a = 1, b = 2} t.a = nil return t",
            "return {f = print}",
            "return {co = coroutine.create(function() end)}",
            "return {[{}] = 1}",
            "return {[1.5] = 1, a = 2}",
            "return {[-1] = 1}",
            "local t = {} t.self = t return t",
            "return {s = '\\255\\0x', [''] = true, [' '] = false}",
            "return 'plain'",
            "return 3",
            "return nil",
        ];
        for code in scripts {
            let v: LuaValue = lua.load(code).eval().unwrap();
            let plain = encode_plain(&v, 0, &mut HashSet::new());
            assert_eq!(lua_to_json(&v), plain, "{code}");
        }
    }

    #[test]
    fn deep_tables_fit_the_reserved_stack() {
        // The deepest allowed nesting uses two stack slots a level.
        let lua = Lua::new();
        let code = format!(
            "local t = {{x = 1}} for i = 2, {} do t = {{t}} end return t",
            MAX_DEPTH
        );
        let v: LuaValue = lua.load(&code).eval().unwrap();
        assert!(lua_to_json(&v).is_ok());
    }
}

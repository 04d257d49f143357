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

/// Deepest table nesting the encoder walks (the root is level 1): twice
/// encoding/json's bound, past which Karmada refuses a result anyway
/// (`exceeded max depth`, see `go_depth`). A script-built chain deeper
/// than this gets kinterp's own message, not Karmada's count of prefixes.
pub const MAX_DEPTH: usize = 2 * kinterp_go::depth::MAX_DEPTH;

/// Levels one Lua stack holds while encoding: two slots a level (key and
/// value), within the 8 000 slots Lua 5.1 gives a C call. Deeper levels
/// go on to the next of the threads `encode_root` makes for them.
const LANE_LEVELS: usize = 3000;

/// Lua stack slots the raw encoder may use on one thread.
const STACK_SLOTS: i32 = 2 * LANE_LEVELS as i32 + 16;

/// What Go's encoder makes of a result whose deepest table is `deepest`
/// levels below the root (0 for the root): past encoding/json's bound of
/// nesting, each nested MarshalJSON call wraps the error once more, from
/// the table 10 000 levels above the deepest one up to the root.
fn go_depth(deepest: usize) -> Result<(), EncodeError> {
    let height = deepest + 1;
    match height > kinterp_go::depth::MAX_DEPTH {
        true => Err(EncodeError::new(
            height - kinterp_go::depth::MAX_DEPTH,
            kinterp_go::depth::JSON_TOO_DEEP,
        )),
        false => Ok(()),
    }
}

fn number(f: f64, depth: usize) -> Result<Value, EncodeError> {
    Number::from_f64(f)
        .map(Value::Number)
        .ok_or_else(|| EncodeError::new(depth, kinterp_go::value::unsupported_float(f)))
}

/// Any value but a table.
fn scalar(v: &LuaValue, depth: usize) -> Result<Value, EncodeError> {
    match v {
        LuaValue::Nil => Ok(Value::Null),
        LuaValue::Boolean(b) => Ok(Value::Bool(*b)),
        LuaValue::Integer(i) => number(*i as f64, depth),
        LuaValue::Number(f) => number(*f, depth),
        LuaValue::String(s) => Ok(Value::String(lossy_text(&s.as_bytes()).0)),
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
/// A result deeper than one stack's `LANE_LEVELS` is encoded again with
/// threads made first for the levels below (making one may raise, so it
/// happens before any value with a destructor exists).
fn encode_root(t: &Table) -> Result<Value, EncodeError> {
    match encode_with_lanes(t, 0) {
        Err(e) if e.message == NEEDS_LANES => encode_with_lanes(t, MAX_DEPTH / LANE_LEVELS),
        done => done,
    }
}

/// Raised inside the encoder when a table is deeper than its lanes reach.
const NEEDS_LANES: &str = "\0needs lanes";

fn encode_with_lanes(t: &Table, lanes: usize) -> Result<Value, EncodeError> {
    let Some(lua) = t.weak_lua().try_upgrade() else {
        return Err(EncodeError::new(0, "the Lua state is closed"));
    };
    let mut seen = Seen {
        tables: HashSet::new(),
        lanes: Vec::new(),
        deepest: 0,
    };
    let mut out = None;
    // SAFETY: the closure calls only Lua functions that cannot raise an
    // error (after `lua_checkstack` and `lua_newthread`, before any value
    // with a destructor exists): `lua_kinterp_inext` (no lookup, no
    // allocation), type queries, `lua_tolstring` on strings only (no
    // conversion, so no allocation), `lua_xmove` within reserved slots,
    // `lua_settop`.
    let call = unsafe {
        lua.exec_raw::<()>(t.clone(), |state| {
            if ffi::lua_checkstack(state, STACK_SLOTS + lanes as i32) == 0 {
                return;
            }
            let top = ffi::lua_gettop(state);
            let mut threads = [std::ptr::null_mut(); MAX_DEPTH / LANE_LEVELS];
            for lane in threads.iter_mut().take(lanes) {
                // Kept on the stack, out of the collector's reach.
                *lane = ffi::lua_newthread(state);
                if ffi::lua_checkstack(*lane, STACK_SLOTS) == 0 {
                    return;
                }
            }
            seen.lanes.extend_from_slice(&threads[..lanes]);
            out = Some(raw_table(state, top, 0, &mut seen));
        })
    };
    match (call, out) {
        (Err(e), _) => Err(EncodeError::new(0, e.to_string())),
        (Ok(()), Some(r)) => {
            let v = r?;
            go_depth(seen.deepest)?;
            Ok(v)
        }
        (Ok(()), None) => Err(EncodeError::new(0, "result nested too deeply to encode")),
    }
}

/// What the encoder carries down: the tables met (a cycle is an error),
/// the threads whose stacks hold the levels past each `LANE_LEVELS`, and
/// the deepest level reached.
#[derive(Default)]
struct Seen {
    tables: HashSet<usize>,
    lanes: Vec<*mut ffi::lua_State>,
    deepest: usize,
}

/// The bytes of the string at `idx` (which must be a string) as text.
///
/// # Safety
///
/// `state` is a live Lua state and the value at `idx` is a string.
unsafe fn string_at(state: *mut ffi::lua_State, idx: i32) -> String {
    unsafe { lossy_string_at(state, idx).0 }
}

/// `string_at`, and whether any bytes were replaced (see `lossy_text`).
///
/// # Safety
///
/// `state` is a live Lua state and the value at `idx` is a string (so
/// `lua_tolstring` neither converts it nor raises).
unsafe fn lossy_string_at(state: *mut ffi::lua_State, idx: i32) -> (String, bool) {
    unsafe {
        let mut len = 0;
        let p = ffi::lua_tolstring(state, idx, &mut len);
        lossy_text(std::slice::from_raw_parts(p.cast::<u8>(), len))
    }
}

/// `bytes` as text, invalid UTF-8 replaced (valid text, nearly always,
/// is checked and copied at once), and whether any bytes were replaced.
fn lossy_text(bytes: &[u8]) -> (String, bool) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_owned(), false),
        Err(_) => (crate::goutf8::lossy(bytes), true),
    }
}

/// Encodes the value at absolute stack index `idx`.
///
/// # Safety
///
/// `state` is a live Lua state, `idx` an absolute index of a value on its
/// stack, and the call runs inside a protected call. Each table level
/// pushes two slots: the caller reserved them for `LANE_LEVELS` levels
/// (`STACK_SLOTS`) on each lane, and `Parts::start` stops at `MAX_DEPTH`.
unsafe fn raw_value(
    state: *mut ffi::lua_State,
    idx: i32,
    depth: usize,
    seen: &mut Seen,
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

unsafe extern "C" {
    /// `lua_next` resumed from a cursor rather than from the previous key
    /// (the patched `lapi.c`; third_party/lua-src/PATCHES.md): the same
    /// order, without a hash lookup of the previous key at every step,
    /// which for a big table is a cache miss per key. `*cursor` starts at
    /// 0. Pushes the key and the value and returns 1, or returns 0.
    fn lua_kinterp_inext(state: *mut ffi::lua_State, idx: i32, cursor: *mut i32) -> i32;
    /// How many entries of the hash part of the table at `idx` hold a
    /// value (the patched `lapi.c`).
    fn lua_kinterp_hashcount(state: *mut ffi::lua_State, idx: i32) -> i32;
}

/// Encodes the table at absolute stack index `idx`, iterating it in
/// `lua_next`'s order (gopher's: array part, then first-insertion order).
///
/// # Safety
///
/// As `raw_value`, and the value at `idx` is a table.
unsafe fn raw_table(
    state: *mut ffi::lua_State,
    idx: i32,
    depth: usize,
    seen: &mut Seen,
) -> Result<Value, EncodeError> {
    unsafe {
        if depth > 0 && depth % LANE_LEVELS == 0 {
            // This stack is full: the table goes on to the next lane.
            let Some(&lane) = seen.lanes.get(depth / LANE_LEVELS - 1) else {
                return Err(EncodeError::new(0, NEEDS_LANES));
            };
            ffi::lua_pushvalue(state, idx);
            ffi::lua_xmove(state, lane, 1);
            let out = raw_table_here(lane, 1, depth, seen);
            ffi::lua_settop(lane, 0);
            return out;
        }
        raw_table_here(state, idx, depth, seen)
    }
}

/// `raw_table` on the stack of `state` itself.
///
/// # Safety
///
/// As `raw_table`.
unsafe fn raw_table_here(
    state: *mut ffi::lua_State,
    idx: i32,
    depth: usize,
    seen: &mut Seen,
) -> Result<Value, EncodeError> {
    unsafe {
        let id = ffi::lua_topointer(state, idx) as usize;
        let mut parts = Parts::start(depth, id, seen)?;
        parts.fields_hint = lua_kinterp_hashcount(state, idx).max(0) as usize;
        let mut cursor = 0;
        while lua_kinterp_inext(state, idx, &mut cursor) != 0 {
            let top = ffi::lua_gettop(state);
            let value = raw_value(state, top, depth + 1, seen);
            match ffi::lua_type(state, top - 1) {
                ffi::LUA_TNUMBER => parts.number_key(ffi::lua_tonumber(state, top - 1), value),
                ffi::LUA_TSTRING => parts.text_key(|| lossy_string_at(state, top - 1), value),
                _ => parts.other_key(),
            }
            ffi::lua_settop(state, top - 2);
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
    /// How many fields there can be (the table's hash entries): the
    /// capacity `fields` gets at its first push, instead of growing by
    /// doubling (copies of up to 15 MB into fresh pages for 200 000
    /// labels).
    fields_hint: usize,
    /// Whether a key had invalid UTF-8 replaced (two keys may then read
    /// the same).
    lossy: bool,
    field_error: Option<EncodeError>,
}

impl Parts {
    /// Checks the depth and that the table (`id`) was not met before.
    fn start(depth: usize, id: usize, seen: &mut Seen) -> Result<Parts, EncodeError> {
        if depth >= MAX_DEPTH {
            // One prefix, not one per level: the message stays readable.
            return Err(EncodeError::new(
                0,
                format!("cannot encode tables nested more than {MAX_DEPTH} levels deep to JSON"),
            ));
        }
        if !seen.tables.insert(id) {
            return Err(EncodeError::new(
                depth,
                "cannot encode recursively nested tables to JSON",
            ));
        }
        seen.deepest = seen.deepest.max(depth);
        Ok(Parts {
            depth,
            array: Vec::new(),
            first_other: None,
            fields: Vec::new(),
            fields_hint: 0,
            lossy: false,
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

    /// A string key: `key` gives its text and whether bytes were replaced.
    fn text_key(
        &mut self,
        key: impl FnOnce() -> (String, bool),
        value: Result<Value, EncodeError>,
    ) {
        self.first_other.get_or_insert(KeyKind::Text);
        if self.field_error.is_none() {
            match value {
                Ok(value) => {
                    let (key, lossy) = key();
                    if self.fields.capacity() == 0 {
                        self.fields.reserve_exact(self.fields_hint);
                    }
                    self.lossy |= lossy;
                    self.fields.push((key, value));
                }
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
        // them one by one would. Distinct keys (no replaced bytes: Lua's
        // keys are distinct strings) are sorted in place first: the same
        // order, without the stable sort's scratch buffer, which the bulk
        // build's sort then allocates but, finding one run, never touches.
        if !self.lossy {
            self.fields.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        }
        Ok(Value::Object(
            self.fields.into_iter().collect::<Map<String, Value>>(),
        ))
    }
}

/// The encoder through mlua's `pairs` (one handle per key and value), kept
/// to check the raw one against.
#[cfg(test)]
fn encode_plain(v: &LuaValue, depth: usize, seen: &mut Seen) -> Result<Value, EncodeError> {
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
            LuaValue::String(s) => parts.text_key(|| lossy_text(&s.as_bytes()), value),
            _ => parts.other_key(),
        }
    }
    parts.finish()
}

#[cfg(test)]
#[path = "encode_tests.rs"]
mod tests;

//! Values across the Lua boundary: JSON into Lua tables (numbers as floats,
//! nulls dropped) and Lua results back to JSON with gopher-json's rules.

use mlua::{Lua, Value as LuaValue};
use serde_json::Value;
use std::mem::ManuallyDrop;

pub use crate::encode::{EncodeError, MAX_DEPTH, lua_to_json};

/// Converts a JSON value into a Lua value: every number becomes a float and
/// `null` is dropped: object keys holding null disappear, and array items
/// after a null move up one place, as gopher-lua's `Append` skips nil
/// (`[1, null, 3]` is `{1, 3}` in Karmada). The tree is
/// built in one protected call on the raw stack: a checked `raw_set` per
/// field costs a protected call each when a memory limit is set.
pub fn json_to_lua(lua: &Lua, v: &Value) -> mlua::Result<LuaValue> {
    let strings = count_strings(v);
    // SAFETY: `push_json` only pushes values and sets table fields, and
    // `v` is borrowed from outside the protected call.
    unsafe {
        push_protected(lua, |state| {
            reserve_strings(state, strings);
            push_json(state, v)
        })
    }
}

/// `json_to_lua` for a value given up to Lua: each string, map node and
/// array is freed once pushed, so that the Lua tables reuse the memory of
/// the value they are built from instead of growing the heap beside it.
/// For an object converted once and not read again (a CLI run's input).
pub fn json_to_lua_owned(lua: &Lua, v: Value) -> mlua::Result<LuaValue> {
    let strings = count_strings(&v);
    // Nothing with a destructor may be live across a Lua call that can
    // raise (a memory error unwinds with longjmp): the value is held as
    // `ManuallyDrop` while pushed and leaks, not dropped, if Lua raises.
    let v = ManuallyDrop::new(v);
    // SAFETY: `push_owned` frees each piece only after the Lua calls that
    // take it, holding it in `ManuallyDrop` across them.
    unsafe {
        push_protected(lua, move |state| {
            reserve_strings(state, strings);
            push_owned(state, v)
        })
    }
}

unsafe extern "C" {
    /// Lua's own string table resize (lstring.c), reached through the
    /// static link: the C API has no way to presize the string table.
    fn luaS_resize(state: *mut mlua::ffi::lua_State, newsize: std::ffi::c_int);
}

/// Inputs with fewer strings than this let the string table grow alone.
const RESERVE_FROM: usize = 1 << 14;

/// Grows Lua's string table once for `strings` more strings before they
/// are pushed. Grown by doubling instead, it rehashes every string again at
/// each step, reaching into each of them: 4% of the conversion of 200 000
/// labels, and a part that grows faster than the input. May raise a memory
/// error (inside the caller's protected call, before anything is pushed).
///
/// # Safety
///
/// `state` is a live Lua state of this crate's VM, and the call runs inside a
/// protected call (`push_protected` or `exec_raw`): a Lua error raised here
/// (out of memory) unwinds with `longjmp`, so the caller holds nothing with a
/// destructor across it.
unsafe fn reserve_strings(state: *mut mlua::ffi::lua_State, strings: usize) {
    if strings < RESERVE_FROM {
        return;
    }
    // What doubling would end at: the count is an upper bound already.
    let size = (strings + 1024).next_power_of_two();
    if let Ok(size) = std::ffi::c_int::try_from(size) {
        // SAFETY: a valid state; lstring.c keeps the table as it is
        // during a collection's string sweep.
        unsafe { luaS_resize(state, size) };
    }
}

/// How many strings (keys and values; repeated ones counted each time)
/// pushing `v` makes at most.
fn count_strings(v: &Value) -> usize {
    match v {
        Value::String(_) => 1,
        Value::Array(items) => items.iter().map(count_strings).sum(),
        Value::Object(map) => map.iter().map(|(_, item)| 1 + count_strings(item)).sum(),
        _ => 0,
    }
}

/// Runs `push` (which pushes one value, or says the stack cannot grow) in
/// one protected call and returns the value.
///
/// # Safety
///
/// `push` is called with the raw state inside a protected call: a Lua
/// error it meets (out of memory) unwinds with `longjmp` through it, so it
/// must hold nothing with a destructor across a Lua call that may raise
/// (wrap owned values in `ManuallyDrop`), and it must leave exactly one
/// new value on the stack when it returns true.
pub unsafe fn push_protected(
    lua: &Lua,
    push: impl FnOnce(*mut mlua::ffi::lua_State) -> bool,
) -> mlua::Result<LuaValue> {
    let mut overflow = false;
    // SAFETY: `push` keeps the contract above; the rest only stops and
    // restarts the collector and resets the stack.
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

/// Stack slots a conversion fills before it moves them aside (`spilled`):
/// each level of nesting holds a table and a key there, and Lua 5.1 gives
/// a C function at most `LUAI_MAXCSTACK` (8 000) slots, fewer than Go's
/// 10 000 levels need. Far below that bound, so spilling costs nothing on
/// ordinary objects.
pub const SPILL_AT: std::ffi::c_int = 4000;

/// Runs `push` (which pushes one value) on an emptied stack: the slots
/// above the first `keep` (the tables and keys of the enclosing levels)
/// are moved into a table first and put back under the pushed value
/// after, so that any depth fits Lua's per-call slot bound. Once every
/// `SPILL_AT` levels, each time for `SPILL_AT` slots: linear in the depth.
///
/// # Safety
///
/// As for `push_json`: a live state inside a protected call, nothing
/// with a destructor held across a Lua call that may raise; the stack has
/// at least `keep` slots, and `push` leaves exactly one new value when it
/// returns true (it may use the first `keep` slots by their indices).
pub unsafe fn spilled(
    state: *mut mlua::ffi::lua_State,
    keep: std::ffi::c_int,
    push: impl FnOnce(*mut mlua::ffi::lua_State) -> bool,
) -> bool {
    use mlua::ffi;
    unsafe {
        let n = ffi::lua_gettop(state) - keep;
        let at = keep + 1;
        ffi::lua_createtable(state, n, 0);
        ffi::lua_insert(state, at);
        for i in (1..=n).rev() {
            ffi::lua_rawseti(state, at, ffi::lua_Integer::from(i));
        }
        if !push(state) {
            return false;
        }
        // [.., spill, value] -> [.., slots.., value]
        if ffi::lua_checkstack(state, n + 1) == 0 {
            return false;
        }
        for i in 1..=n {
            ffi::lua_rawgeti(state, at, ffi::lua_Integer::from(i));
        }
        ffi::lua_pushvalue(state, at + 1);
        ffi::lua_remove(state, at + 1);
        ffi::lua_remove(state, at);
        true
    }
}

/// Pushes `v`; false when the Lua stack cannot grow (absurd nesting).
///
/// # Safety
///
/// `state` is a live Lua state of this crate's VM, and the call runs inside a
/// protected call (`push_protected` or `exec_raw`): a Lua error raised here
/// (out of memory) unwinds with `longjmp`, so the caller holds nothing with a
/// destructor across it.
unsafe fn push_json(state: *mut mlua::ffi::lua_State, v: &Value) -> bool {
    use mlua::ffi;
    unsafe {
        if ffi::lua_gettop(state) >= SPILL_AT {
            return spilled(state, 0, |state| push_json(state, v));
        }
        if ffi::lua_checkstack(state, 3) == 0 {
            return false;
        }
        match v {
            Value::Null => ffi::lua_pushnil(state),
            Value::Bool(b) => ffi::lua_pushboolean(state, i32::from(*b)),
            Value::Number(n) => ffi::lua_pushnumber(state, n.as_f64().unwrap_or(0.0)),
            Value::String(s) => {
                ffi::lua_pushlstring_(state, s.as_ptr().cast(), s.len());
            }
            Value::Array(items) => return push_list(state, items),
            Value::Object(map) => {
                ffi::lua_createtable(state, 0, map.len().min(i32::MAX as usize) as i32);
                for (k, item) in map {
                    if item.is_null() {
                        continue;
                    }
                    ffi::lua_pushlstring_(state, k.as_ptr().cast(), k.len());
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
///
/// # Safety
///
/// `state` is a live Lua state of this crate's VM, and the call runs inside a
/// protected call (`push_protected` or `exec_raw`): a Lua error raised here
/// (out of memory) unwinds with `longjmp`, so the caller holds nothing with a
/// destructor across it.
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

/// `push_json` taking `v`: each part is freed as soon as it is pushed (see
/// `json_to_lua_owned`). Every owned piece is wrapped in `ManuallyDrop`
/// before a Lua call, so a raise leaks it instead of skipping its drop.
///
/// # Safety
///
/// `state` is a live Lua state of this crate's VM, and the call runs inside a
/// protected call (`push_protected` or `exec_raw`): a Lua error raised here
/// (out of memory) unwinds with `longjmp`, so the caller holds nothing with a
/// destructor across it. Every owned piece of `v` is wrapped in `ManuallyDrop`
/// before a call that may raise, so a raise leaks it instead of running a
/// destructor.
unsafe fn push_owned(state: *mut mlua::ffi::lua_State, v: ManuallyDrop<Value>) -> bool {
    use mlua::ffi;
    unsafe {
        if ffi::lua_gettop(state) >= SPILL_AT {
            return spilled(state, 0, move |state| push_owned(state, v));
        }
        if ffi::lua_checkstack(state, 3) == 0 {
            return false;
        }
        match ManuallyDrop::into_inner(v) {
            Value::String(s) => {
                let s = ManuallyDrop::new(s);
                ffi::lua_pushlstring_(state, s.as_ptr().cast(), s.len());
                drop(ManuallyDrop::into_inner(s));
            }
            Value::Array(items) => {
                let mut items = ManuallyDrop::new(items.into_iter());
                ffi::lua_createtable(state, items.len().min(i32::MAX as usize) as i32, 0);
                let mut n: ffi::lua_Integer = 0;
                for item in &mut *items {
                    if item.is_null() {
                        continue;
                    }
                    if !push_owned(state, ManuallyDrop::new(item)) {
                        ManuallyDrop::drop(&mut items);
                        return false;
                    }
                    n += 1;
                    ffi::lua_rawseti(state, -2, n);
                }
                ManuallyDrop::drop(&mut items);
            }
            Value::Object(map) => {
                let len = map.len();
                // Map nodes are freed as the iteration leaves them.
                let mut fields = ManuallyDrop::new(Ahead::new(map.into_iter()));
                ffi::lua_createtable(state, 0, len.min(i32::MAX as usize) as i32);
                while let Some((k, item)) = fields.next(state) {
                    if item.is_null() {
                        continue;
                    }
                    let (k, item) = (ManuallyDrop::new(k), ManuallyDrop::new(item));
                    ffi::lua_pushlstring_(state, k.as_ptr().cast(), k.len());
                    drop(ManuallyDrop::into_inner(k));
                    if !push_owned(state, item) {
                        ManuallyDrop::drop(&mut fields);
                        return false;
                    }
                    ffi::lua_rawset(state, -3);
                }
                ManuallyDrop::drop(&mut fields);
            }
            scalar => return push_json(state, &ManuallyDrop::new(scalar)),
        }
        true
    }
}

unsafe extern "C" {
    /// Lua's hash of a string (the patched `lapi.c`; PATCHES.md).
    fn lua_kinterp_strhash(s: *const std::ffi::c_char, len: usize) -> std::ffi::c_uint;
    /// Fetches into the cache what interning a string of hash `h` reads
    /// first (`deep` 0: its string table slot; 1: the slot's first
    /// string), and the node such a key takes in the table at `idx`.
    fn lua_kinterp_prefetch(
        state: *mut mlua::ffi::lua_State,
        h: std::ffi::c_uint,
        deep: std::ffi::c_int,
        idx: std::ffi::c_int,
    );
}

/// Maps with at least this many entries are read ahead (`Ahead`).
const READ_AHEAD_FROM: usize = 1024;

/// How far ahead of its push an entry's memory is fetched, per step.
const AHEAD: usize = 8;

/// A big map's entries, read a few ahead of their push: interning a
/// string in a big string table, and inserting a key into a big table,
/// each start with a cache miss at a place the string's hash decides.
/// Fetching those places for the entries `2 * AHEAD` and then `AHEAD`
/// steps ahead overlaps the misses instead of taking them one at a time.
struct Ahead {
    entries: serde_json::map::IntoIter,
    /// Entries read, with their key's hash and a string value's.
    window: std::collections::VecDeque<(String, Value, u32, Option<u32>)>,
    on: bool,
}

impl Ahead {
    fn new(entries: serde_json::map::IntoIter) -> Ahead {
        let on = entries.len() >= READ_AHEAD_FROM;
        Ahead {
            entries,
            window: std::collections::VecDeque::with_capacity(if on { 2 * AHEAD } else { 0 }),
            on,
        }
    }

    /// The next entry. The map being built must be on top of the stack.
    ///
    /// # Safety
    ///
    /// `state` is a live Lua state with the map being built on top of its
    /// stack.
    unsafe fn next(&mut self, state: *mut mlua::ffi::lua_State) -> Option<(String, Value)> {
        if !self.on {
            return self.entries.next();
        }
        let hash = |s: &str| unsafe { lua_kinterp_strhash(s.as_ptr().cast(), s.len()) };
        while self.window.len() < 2 * AHEAD {
            let Some((k, v)) = self.entries.next() else {
                break;
            };
            let hk = hash(&k);
            let hv = match &v {
                Value::String(s) => Some(hash(s)),
                _ => None,
            };
            // SAFETY: prefetches read the string table's slots only.
            unsafe {
                lua_kinterp_prefetch(state, hk, 0, 0);
                if let Some(hv) = hv {
                    lua_kinterp_prefetch(state, hv, 0, 0);
                }
            }
            self.window.push_back((k, v, hk, hv));
        }
        if let Some(&(_, _, hk, hv)) = self.window.get(AHEAD) {
            // SAFETY: as above, and the table on top is the map's.
            unsafe {
                lua_kinterp_prefetch(state, hk, 1, -1);
                if let Some(hv) = hv {
                    lua_kinterp_prefetch(state, hv, 1, 0);
                }
            }
        }
        self.window.pop_front().map(|(k, v, _, _)| (k, v))
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
    fn big_objects_reserve_the_string_table_first() {
        let mut m = serde_json::Map::new();
        for i in 0..RESERVE_FROM {
            m.insert(format!("label-{i}"), json!(format!("value-{i}")));
        }
        m.insert("n".into(), json!({"x": [1, "y"]}));
        let v = Value::Object(m);
        assert!(count_strings(&v) > RESERVE_FROM);
        let lua = Lua::new();
        lua.set_memory_limit(64 << 20).unwrap();
        let t = json_to_lua(&lua, &v).unwrap();
        let mut expected = v.clone();
        expected["n"]["x"][0] = json!(1.0);
        assert_eq!(lua_to_json(&t).unwrap(), expected);
        // Out of memory while reserving or pushing: an error, no crash.
        let small = Lua::new();
        small.set_memory_limit(1 << 20).unwrap();
        assert!(json_to_lua(&small, &v).is_err());
    }

    #[test]
    fn owned_and_lent_conversions_agree() {
        let lua = Lua::new();
        lua.set_memory_limit(16 << 20).unwrap();
        let mut big = serde_json::Map::new();
        for i in 0..RESERVE_FROM + 10 {
            big.insert(format!("k{i}"), json!([i, null, {"s": "é", "n": null}]));
        }
        for v in [
            json!({"a": [1, null, {"b": "x", "c": null, "d": []}], "e": {}, "f": true, "g": 2.5, "h": "\u{0}z"}),
            json!([null, "s", [[]], {"k": false}]),
            json!("text"),
            json!(null),
            Value::Object(big),
        ] {
            let lent = json_to_lua(&lua, &v).unwrap();
            let owned = json_to_lua_owned(&lua, v.clone()).unwrap();
            assert_eq!(lua_to_json(&owned), lua_to_json(&lent), "{v}");
        }
        // Out of memory while pushing: an error, no crash.
        let small = Lua::new();
        small.set_memory_limit(256 << 10).unwrap();
        let mut wide = serde_json::Map::new();
        for i in 0..20_000 {
            wide.insert(format!("label-{i}"), json!(format!("value-{i}")));
        }
        let err = json_to_lua_owned(&small, Value::Object(wide)).unwrap_err();
        assert!(matches!(err, mlua::Error::MemoryError(_)), "{err}");
    }

    #[test]
    fn big_maps_read_ahead_keep_their_order() {
        // Past READ_AHEAD_FROM entries the map is read a few entries ahead
        // of its push: the keys still go in in the map's order, nulls
        // skipped, every value with its own key.
        let lua = Lua::new();
        let mut big = serde_json::Map::new();
        for i in 0..READ_AHEAD_FROM * 3 + 5 {
            let v = match i % 4 {
                0 => json!(format!("value-{i}")),
                1 => json!(null),
                2 => json!({"n": i}),
                _ => json!(i),
            };
            big.insert(format!("label-{i}"), v);
        }
        let v = Value::Object(big);
        let walk: mlua::Function = lua
            .load(
                r#"return function(t)
                     local out = {}
                     for k, v in pairs(t) do
                       out[#out + 1] = k .. "=" .. (type(v) == "table" and ("{" .. v.n .. "}") or tostring(v))
                     end
                     return table.concat(out, ",")
                   end"#,
            )
            .eval()
            .unwrap();
        let lent = walk.call::<String>(json_to_lua(&lua, &v).unwrap()).unwrap();
        let owned = walk
            .call::<String>(json_to_lua_owned(&lua, v).unwrap())
            .unwrap();
        assert_eq!(owned, lent);
        assert!(
            lent.starts_with("label-0=value-0,label-10={10},label-100=value-100,"),
            "{}",
            &lent[..60]
        );
        // 3 077 entries, 769 of them null.
        assert_eq!(lent.matches(',').count() + 1, 2308);
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
        assert_eq!(
            lua_to_json(&fast).unwrap(),
            json!({"a": [1.0, {"b": "x", "d": []}], "e": [], "f": true, "g": 2.5, "h": "\u{0}z"})
        );
    }
}

//! Status items into Lua, straight from their tape. Thousands of items
//! repeat the same keys (`clusterName`, `status`, `replicas`...) and
//! often the same values (`Healthy`): each distinct short string is made
//! (hashed and interned by Lua) once and then copied from a stack slot.

use mlua::{Lua, Value as LuaValue, ffi};

use super::convert::push_protected;
use crate::input::StatusItems;
use crate::input::tape::{Node, Tape};

/// Converts status items into a Lua array, straight from their tape (as
/// `json_to_lua` would convert the items as one JSON array). Items marked
/// `spent_on_use` are taken, and their memory given back as they are
/// converted.
pub fn status_items_to_lua(lua: &Lua, items: &StatusItems) -> mlua::Result<LuaValue> {
    // SAFETY (both calls): `push` only pushes values and sets table
    // fields; it holds no value with a destructor across a call that may
    // raise (the tape is owned by this frame, outside the protected call).
    match items.take_spent() {
        Some((mut tape, root)) => push_protected(lua, |state| unsafe {
            push(state, &mut Held::Own(&mut tape), root)
        }),
        None => items.with_tape(|tape, root| {
            push_protected(lua, |state| unsafe {
                push(state, &mut Held::Lent(tape), root)
            })
        }),
    }
}

/// The tape being pushed: its own (released as it is read) or lent.
enum Held<'t> {
    Own(&'t mut Tape),
    Lent(&'t Tape),
}

impl Held<'_> {
    fn tape(&self) -> &Tape {
        match self {
            Held::Own(t) => t,
            Held::Lent(t) => t,
        }
    }
}

/// Nodes read between two releases of an owned tape's memory.
const RELEASE_EVERY: usize = 16 << 10;

/// Stack slots holding recently pushed strings (a power of two).
const SLOTS: usize = 256;

/// Strings at most this long are cached; longer ones are rarely repeated.
const CACHED_LEN: u32 = 48;

/// The strings held in the slots from `base` on: slot `h` holds the Lua
/// string for the tape's text at `held[h]` (start, length).
struct Strings {
    base: i32,
    held: [(u32, u32); SLOTS],
}

impl Strings {
    /// Pushes the text at `start`, `len` of `tape`, from the cache when
    /// it holds that range. A tape's repeated short strings are stored
    /// once (see `Tape::share`), so a range stands for its text: a slot
    /// is chosen by where the range starts, and the strings of the first
    /// items, which later ones repeat, lie close together and do not
    /// evict one another.
    #[inline(always)]
    unsafe fn push(&mut self, state: *mut ffi::lua_State, tape: &Tape, start: u32, len: u32) {
        unsafe {
            if len > CACHED_LEN {
                let s = tape.text(start, len);
                ffi::lua_pushlstring_(state, s.as_ptr().cast(), s.len());
                return;
            }
            let h = start as usize & (SLOTS - 1);
            let at = self.base + h as i32;
            if self.held[h] == (start, len) {
                ffi::lua_pushvalue(state, at);
            } else {
                let s = tape.text(start, len);
                ffi::lua_pushlstring_(state, s.as_ptr().cast(), s.len());
                ffi::lua_pushvalue(state, -1);
                ffi::lua_replace(state, at);
                self.held[h] = (start, len);
            }
        }
    }
}

/// Pushes the items of the tape's array at `root`; false when the Lua
/// stack cannot grow. The cache slots sit below the value and are removed
/// at the end.
unsafe fn push(state: *mut ffi::lua_State, held: &mut Held, root: usize) -> bool {
    unsafe {
        if ffi::lua_checkstack(state, SLOTS as i32 + 4) == 0 {
            return false;
        }
        let base = ffi::lua_gettop(state) + 1;
        for _ in 0..SLOTS {
            ffi::lua_pushnil(state);
        }
        let mut strings = Strings {
            base,
            held: [(0, u32::MAX); SLOTS],
        };
        let tape = held.tape();
        let Node::Array { len, .. } = tape.node(root) else {
            return false;
        };
        let (mut released, mut next) = (0, root + 1);
        ffi::lua_createtable(state, len.min(i32::MAX as u32) as i32, 0);
        let mut n: ffi::lua_Integer = 0;
        for _ in 0..len {
            let tape = held.tape();
            let item = next;
            next += tape.size(item);
            if tape.node(item) != Node::Null {
                if !push_node(state, tape, item, &mut strings) {
                    return false;
                }
                n += 1;
                ffi::lua_rawseti(state, -2, n);
            }
            if let Held::Own(tape) = held
                && next - released >= RELEASE_EVERY
            {
                tape.discard_nodes(released, next);
                released = next;
            }
        }
        ffi::lua_replace(state, base);
        ffi::lua_settop(state, base);
        true
    }
}

/// Pushes the subtree at `i` as `push_json` pushes the same JSON: nulls
/// are skipped in arrays; in objects they clear the key (a later
/// duplicate key wins, as in a decoded `Value`).
unsafe fn push_node(
    state: *mut ffi::lua_State,
    tape: &Tape,
    i: usize,
    strings: &mut Strings,
) -> bool {
    unsafe { push_value(state, tape, i, tape.node(i), strings) }
}

/// `push_node` for the node at `i`, already read: `node`. Each node is
/// read once, and the children that follow it are walked in place.
unsafe fn push_value(
    state: *mut ffi::lua_State,
    tape: &Tape,
    i: usize,
    node: Node,
    strings: &mut Strings,
) -> bool {
    unsafe {
        match node {
            Node::Null
            | Node::Bool(_)
            | Node::Int(_)
            | Node::Uint(_)
            | Node::Float(_)
            | Node::Str { .. } => push_leaf(state, tape, node, strings),
            // Leaves use the slot their container made sure of; a container
            // needs three more (key, value, and a string's copy for the
            // cache) and its children's.
            Node::Array { .. } | Node::Object { .. } if ffi::lua_checkstack(state, 4) == 0 => {
                return false;
            }
            Node::Array { len, .. } => {
                ffi::lua_createtable(state, len.min(i32::MAX as u32) as i32, 0);
                let mut n: ffi::lua_Integer = 0;
                let mut at = i + 1;
                for _ in 0..len {
                    let item = tape.node(at);
                    let next = at + item.span();
                    if item != Node::Null {
                        if !push_child(state, tape, at, item, strings) {
                            return false;
                        }
                        n += 1;
                        ffi::lua_rawseti(state, -2, n);
                    }
                    at = next;
                }
            }
            Node::Object { len, .. } => {
                ffi::lua_createtable(state, 0, len.min(i32::MAX as u32) as i32);
                let mut at = i + 1;
                for _ in 0..len {
                    let (start, len) = match tape.node(at) {
                        Node::Str { start, len } => (start, len),
                        _ => (0, 0),
                    };
                    strings.push(state, tape, start, len);
                    let value = tape.node(at + 1);
                    if value == Node::Null {
                        // Clears an earlier duplicate; no key is created.
                        ffi::lua_pushnil(state);
                    } else if !push_child(state, tape, at + 1, value, strings) {
                        return false;
                    }
                    ffi::lua_rawset(state, -3);
                    at += 1 + value.span();
                }
            }
        }
        true
    }
}

/// `push_value` for a container's child: leaves without a call.
#[inline(always)]
unsafe fn push_child(
    state: *mut ffi::lua_State,
    tape: &Tape,
    i: usize,
    node: Node,
    strings: &mut Strings,
) -> bool {
    unsafe {
        match node {
            Node::Array { .. } | Node::Object { .. } => push_value(state, tape, i, node, strings),
            _ => {
                push_leaf(state, tape, node, strings);
                true
            }
        }
    }
}

/// Pushes a leaf (any other node pushes nil).
#[inline(always)]
unsafe fn push_leaf(state: *mut ffi::lua_State, tape: &Tape, node: Node, strings: &mut Strings) {
    unsafe {
        match node {
            Node::Bool(b) => ffi::lua_pushboolean(state, i32::from(b)),
            Node::Int(n) => ffi::lua_pushnumber(state, n as f64),
            Node::Uint(n) => ffi::lua_pushnumber(state, n as f64),
            Node::Float(f) => ffi::lua_pushnumber(state, f),
            Node::Str { start, len } => strings.push(state, tape, start, len),
            _ => ffi::lua_pushnil(state),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lua::convert::{json_to_lua, lua_to_json};
    use serde_json::{Value, json};

    /// The items as `json_to_lua` converts them, and as pushed here.
    fn both(items: &[Value]) -> (Value, Value) {
        let lua = Lua::new();
        let status = StatusItems::from_values("s", items).unwrap();
        let pushed = status_items_to_lua(&lua, &status).unwrap();
        let plain = json_to_lua(&lua, &Value::Array(status.to_values())).unwrap();
        (lua_to_json(&pushed).unwrap(), lua_to_json(&plain).unwrap())
    }

    #[test]
    fn repeated_and_colliding_strings() {
        // Many distinct keys and values, some repeated, some long, some
        // sharing a slot: every one must come out as itself.
        let mut items = Vec::new();
        for n in 0..200 {
            let mut status = serde_json::Map::new();
            for k in 0..(n % 70) {
                status.insert(format!("k{}", k * 7 % 90), json!(format!("v{}", n % 9)));
            }
            status.insert("long".repeat(n % 20), json!("x".repeat(n % 60)));
            status.insert(String::new(), json!(""));
            items.push(
                json!({"clusterName": format!("m{n}"), "health": "Healthy", "status": status}),
            );
        }
        let (pushed, plain) = both(&items);
        assert_eq!(pushed, plain);
        assert_eq!(pushed[7]["status"]["k0"], json!("v7"));
        assert_eq!(pushed[199]["clusterName"], json!("m199"));
    }

    #[test]
    fn spent_items_are_taken_and_released_as_converted() {
        // Enough items for several releases of the tape's memory on the way.
        let text: String = (0..20_000)
            .map(|n| format!("{{\"clusterName\": \"m{n}\", \"status\": {{\"r\": {n}, \"s\": [1, null, \"x\"]}}, \"health\": \"Healthy\"}}\n"))
            .collect();
        let lua = Lua::new();
        let kept = StatusItems::parse("s.json", &text).unwrap();
        let spent = kept.clone().spent_on_use();
        let want = lua_to_json(&status_items_to_lua(&lua, &kept).unwrap()).unwrap();
        let got = lua_to_json(&status_items_to_lua(&lua, &spent).unwrap()).unwrap();
        assert_eq!(got, want);
        assert_eq!(
            got[19_999],
            json!({"clusterName": "m19999", "health": "Healthy", "status": {"r": 19999.0, "s": [1.0, "x"]}})
        );
        // Kept items can be converted again; spent ones are gone.
        assert_eq!(kept.len(), 20_000);
        assert!(spent.is_empty());
        assert_eq!(
            lua_to_json(&status_items_to_lua(&lua, &spent).unwrap()),
            Ok(json!([]))
        );
    }

    #[test]
    fn nulls_and_duplicates_as_json_to_lua() {
        let (pushed, plain) = both(&[json!({"status": {"a": [1, null, "a"], "b": null, "c": {}}})]);
        assert_eq!(pushed, plain);
        assert_eq!(
            pushed,
            json!([{"clusterName": "", "status": {"a": [1.0, "a"], "c": []}}])
        );
    }
}

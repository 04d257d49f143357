//! Status items into Lua, straight from their tape. Thousands of items
//! repeat the same keys (`clusterName`, `status`, `replicas`...) and
//! often the same values (`Healthy`): each distinct short string is made
//! (hashed and interned by Lua) once and then copied from a stack slot,
//! and an object with the keys of an earlier one, in the same order, is
//! made as a copy of that table's keys (see `Shapes`).

use mlua::{Lua, Value as LuaValue, ffi};

use crate::input::StatusItems;
use crate::input::tape::{Node, Tape};
use crate::lua::convert::{SPILL_AT, push_protected, spilled};

/// Converts status items into a Lua array, straight from their tape (as
/// `json_to_lua` would convert the items as one JSON array); they are
/// lent, and can be converted again. Items Karmada cannot hand to Lua
/// (`StatusItems::lua_error`) are its error.
pub(crate) fn status_items_to_lua(lua: &Lua, items: &StatusItems) -> mlua::Result<LuaValue> {
    refuse_unconvertible(items)?;
    let (tape, root) = items.tape();
    push_items(lua, Held::Lent(tape), root, SHAPES, &mut 0)
}

/// `status_items_to_lua`, spending the items: their tape is taken and
/// its memory given back as the items are converted.
pub(crate) fn status_items_into_lua(lua: &Lua, items: StatusItems) -> mlua::Result<LuaValue> {
    refuse_unconvertible(&items)?;
    let (mut tape, root) = items.into_tape();
    push_items(lua, Held::Own(&mut tape), root, SHAPES, &mut 0)
}

/// Karmada's error for items it cannot hand to Lua
/// (`StatusItems::lua_error`), whether they are lent or given.
fn refuse_unconvertible(items: &StatusItems) -> mlua::Result<()> {
    match items.lua_error() {
        Some(e) => Err(mlua::Error::RuntimeError(e.to_string())),
        None => Ok(()),
    }
}

/// Pushes the items at `root` of the tape, keeping at most `templates`
/// tables as templates; `made` counts the tables made from one.
fn push_items(
    lua: &Lua,
    mut held: Held,
    root: usize,
    templates: usize,
    made: &mut usize,
) -> mlua::Result<LuaValue> {
    // SAFETY: `push` only pushes values and sets table fields; it holds
    // no value with a destructor across a call that may raise (the tape
    // is owned outside the protected call).
    unsafe { push_protected(lua, |state| push(state, &mut held, root, templates, made)) }
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

/// Tables kept as templates (stack slots after the strings').
const SHAPES: usize = 8;

/// Objects with at most this many keys can be templates.
const SHAPE_KEYS: usize = 16;

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
    ///
    /// # Safety
    ///
    /// `state` is a live Lua state of this crate's VM, and the call runs inside
    /// a protected call (`push_protected` or `exec_raw`): a Lua error raised
    /// here (out of memory) unwinds with `longjmp`, so the caller holds nothing
    /// with a destructor across it. One stack slot is free, and the cache slots
    /// from `self.base` are this call's.
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
///
/// # Safety
///
/// `state` is a live Lua state of this crate's VM, and the call runs inside a
/// protected call (`push_protected` or `exec_raw`): a Lua error raised here
/// (out of memory) unwinds with `longjmp`, so the caller holds nothing with a
/// destructor across it.
unsafe fn push(
    state: *mut ffi::lua_State,
    held: &mut Held,
    root: usize,
    templates: usize,
    made: &mut usize,
) -> bool {
    unsafe {
        if ffi::lua_checkstack(state, (SLOTS + SHAPES) as i32 + 4) == 0 {
            return false;
        }
        let base = ffi::lua_gettop(state) + 1;
        for _ in 0..SLOTS + SHAPES {
            ffi::lua_pushnil(state);
        }
        let mut cache = Cache {
            strings: Strings {
                base,
                held: [(0, u32::MAX); SLOTS],
            },
            shapes: Shapes {
                base: base + SLOTS as i32,
                list: Vec::new(),
                limit: templates.min(SHAPES),
                made: 0,
            },
        };
        let tape = held.tape();
        let Node::Array { len, .. } = tape.node(root) else {
            return false;
        };
        let (mut released, mut next) = (0, root + 1);
        ffi::lua_createtable(state, len.min(i32::MAX as u32) as i32, 0);
        // Each item names its cluster: one distinct string at least.
        lua_kinterp_reservestrings(state, len.min(i32::MAX as u32) as i32);
        let mut n: ffi::lua_Integer = 0;
        for _ in 0..len {
            let tape = held.tape();
            let item = next;
            next += tape.size(item);
            if tape.node(item) != Node::Null {
                if !push_node(state, tape, item, &mut cache) {
                    return false;
                }
                n += 1;
                ffi::lua_rawseti(state, -2, n);
            }
            if let Held::Own(tape) = held {
                if next - released >= RELEASE_EVERY {
                    tape.discard_nodes(released, next);
                    released = next;
                }
            }
        }
        ffi::lua_replace(state, base);
        ffi::lua_settop(state, base);
        *made = cache.shapes.made;
        true
    }
}

/// Pushes the subtree at `i` as `push_json` pushes the same JSON: nulls
/// are skipped in arrays; in objects they clear the key (a later
/// duplicate key wins, as in a decoded `Value`).
///
/// # Safety
///
/// `state` is a live Lua state of this crate's VM, and the call runs inside a
/// protected call (`push_protected` or `exec_raw`): a Lua error raised here
/// (out of memory) unwinds with `longjmp`, so the caller holds nothing with a
/// destructor across it. `i` is a node of `tape`, and `cache` was made by
/// `push` on this stack.
unsafe fn push_node(state: *mut ffi::lua_State, tape: &Tape, i: usize, cache: &mut Cache) -> bool {
    unsafe { push_value(state, tape, i, tape.node(i), cache) }
}

/// `push_node` for the node at `i`, already read: `node`. Each node is
/// read once, and the children that follow it are walked in place.
///
/// # Safety
///
/// As `push_node`, with `node` the node at `i`.
unsafe fn push_value(
    state: *mut ffi::lua_State,
    tape: &Tape,
    i: usize,
    node: Node,
    cache: &mut Cache,
) -> bool {
    unsafe {
        match node {
            Node::Null
            | Node::Bool(_)
            | Node::Int(_)
            | Node::Uint(_)
            | Node::Float(_)
            | Node::Str { .. } => push_leaf(state, tape, node, &mut cache.strings),
            // Deep nesting: the enclosing levels' slots move aside.
            Node::Array { .. } | Node::Object { .. }
                if ffi::lua_gettop(state) - cache.top() >= SPILL_AT =>
            {
                let keep = cache.top();
                return spilled(state, keep, |state| push_value(state, tape, i, node, cache));
            }
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
                        if !push_child(state, tape, at, item, cache) {
                            return false;
                        }
                        n += 1;
                        ffi::lua_rawseti(state, -2, n);
                    }
                    at = next;
                }
            }
            Node::Object { len, .. } => {
                if let Some(nodes) = cache.shapes.find(tape, i, len) {
                    // The keys of a template, then this object's values.
                    lua_kinterp_newlike(state, cache.shapes.slot(nodes));
                    cache.shapes.made += 1;
                    let nodes = cache.shapes.nodes(nodes);
                    let mut at = i + 1;
                    for node in &nodes[..len as usize] {
                        let value = tape.node(at + 1);
                        if !push_child(state, tape, at + 1, value, cache) {
                            return false;
                        }
                        lua_kinterp_setnodevalue(state, -2, *node);
                        at += 1 + value.span();
                    }
                    return true;
                }
                ffi::lua_createtable(state, 0, len.min(i32::MAX as u32) as i32);
                let mut at = i + 1;
                for _ in 0..len {
                    let (start, len) = match tape.node(at) {
                        Node::Str { start, len } => (start, len),
                        _ => (0, 0),
                    };
                    cache.strings.push(state, tape, start, len);
                    let value = tape.node(at + 1);
                    if value == Node::Null {
                        // Clears an earlier duplicate; no key is created.
                        ffi::lua_pushnil(state);
                    } else if !push_child(state, tape, at + 1, value, cache) {
                        return false;
                    }
                    ffi::lua_rawset(state, -3);
                    at += 1 + value.span();
                }
                cache.record(state, tape, i, len);
            }
        }
        true
    }
}

/// `push_value` for a container's child: leaves without a call.
///
/// # Safety
///
/// As `push_node`, with `node` the node at `i`, and one stack slot free.
#[inline(always)]
unsafe fn push_child(
    state: *mut ffi::lua_State,
    tape: &Tape,
    i: usize,
    node: Node,
    cache: &mut Cache,
) -> bool {
    unsafe {
        match node {
            Node::Array { .. } | Node::Object { .. } => push_value(state, tape, i, node, cache),
            _ => {
                push_leaf(state, tape, node, &mut cache.strings);
                true
            }
        }
    }
}

/// Pushes a leaf (any other node pushes nil).
///
/// # Safety
///
/// `state` is a live Lua state of this crate's VM, and the call runs inside a
/// protected call (`push_protected` or `exec_raw`): a Lua error raised here
/// (out of memory) unwinds with `longjmp`, so the caller holds nothing with a
/// destructor across it. One stack slot is free; `node` is a node of `tape`.
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

/// What the conversion reuses: strings in stack slots, and templates.
struct Cache {
    strings: Strings,
    shapes: Shapes,
}

impl Cache {
    /// The last stack slot the cache holds: the values above it are the
    /// conversion's.
    fn top(&self) -> i32 {
        self.shapes.base + SHAPES as i32 - 1
    }

    /// Keeps the table on top, just built from the object of `len` keys
    /// at `object`, as a template, if there is room and it qualifies: 1
    /// to [`SHAPE_KEYS`] keys, distinct, every value present.
    ///
    /// # Safety
    ///
    /// `state` is a live Lua state of this crate's VM, and the call runs inside
    /// a protected call (`push_protected` or `exec_raw`): a Lua error raised
    /// here (out of memory) unwinds with `longjmp`, so the caller holds nothing
    /// with a destructor across it. The table on top was just built from the
    /// object at `object` of `tape`.
    unsafe fn record(&mut self, state: *mut ffi::lua_State, tape: &Tape, object: usize, len: u32) {
        let shapes = &mut self.shapes;
        if shapes.list.len() >= shapes.limit || len == 0 || len as usize > SHAPE_KEYS {
            return;
        }
        let mut keys = Vec::with_capacity(len as usize);
        for k in tape.children(object) {
            let (Node::Str { start, len }, value) = (tape.node(k), tape.node(k + 1)) else {
                return;
            };
            let text = tape.text(start, len);
            if value == Node::Null || keys.iter().any(|&(s, l)| tape.text(s, l) == text) {
                return;
            }
            keys.push((start, len));
        }
        let mut nodes = [0; SHAPE_KEYS];
        for (node, &(start, len)) in nodes.iter_mut().zip(&keys) {
            // SAFETY: pushes one string, which the call pops.
            unsafe {
                self.strings.push(state, tape, start, len);
                *node = lua_kinterp_nodeindex(state, -2);
            }
            if *node < 0 {
                return;
            }
        }
        // SAFETY: the slot is one of those `push` reserved.
        unsafe {
            ffi::lua_pushvalue(state, -1);
            ffi::lua_replace(state, shapes.base + shapes.list.len() as i32);
        }
        shapes.list.push(Shape { keys, nodes });
    }
}

/// Tables kept as templates. An object with a template's keys, in the
/// same order and each with a value, is made by copying the template's
/// hash part (its keys, chains and insertion order: what setting those
/// keys in that order builds) and storing the values into their nodes,
/// without a lookup per key.
struct Shapes {
    /// The stack slot of the first template.
    base: i32,
    list: Vec<Shape>,
    /// At most this many (up to [`SHAPES`], the slots reserved).
    limit: usize,
    /// Tables made from a template.
    made: usize,
}

struct Shape {
    /// The keys' ranges in the tape, in order.
    keys: Vec<(u32, u32)>,
    /// The node of each key in the template.
    nodes: [i32; SHAPE_KEYS],
}

impl Shapes {
    /// The template for the object of `len` keys at `object`, if one has
    /// its keys and none of the object's values is null.
    fn find(&self, tape: &Tape, object: usize, len: u32) -> Option<usize> {
        'shapes: for (n, shape) in self.list.iter().enumerate() {
            if shape.keys.len() != len as usize {
                continue;
            }
            for (k, key) in tape.children(object).zip(&shape.keys) {
                let (Node::Str { start, len }, value) = (tape.node(k), tape.node(k + 1)) else {
                    return None;
                };
                // Repeated keys are usually stored once (`Tape::share`).
                if (start, len) != *key && tape.text(start, len) != tape.text(key.0, key.1) {
                    continue 'shapes;
                }
                if value == Node::Null {
                    return None;
                }
            }
            return Some(n);
        }
        None
    }

    fn slot(&self, n: usize) -> i32 {
        self.base + n as i32
    }

    fn nodes(&self, n: usize) -> [i32; SHAPE_KEYS] {
        self.list[n].nodes
    }
}

unsafe extern "C" {
    /// Pushes a table with the keys of the table at `idx` in the same
    /// nodes and order, every value nil (the patched `lapi.c`;
    /// third_party/lua-src/PATCHES.md).
    fn lua_kinterp_newlike(state: *mut ffi::lua_State, idx: i32);
    /// Pops a key; the node holding it in the table at `idx`, or -1.
    fn lua_kinterp_nodeindex(state: *mut ffi::lua_State, idx: i32) -> i32;
    /// Pops a value into node `n` of the table at `idx`.
    fn lua_kinterp_setnodevalue(state: *mut ffi::lua_State, idx: i32, n: i32);
    /// Grows the string table to hold `n` more strings than it does.
    fn lua_kinterp_reservestrings(state: *mut ffi::lua_State, n: i32);
}

#[cfg(test)]
mod tests;

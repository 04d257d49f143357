//! Fuzz target: a JSON object into a sandboxed Lua state and back, with
//! the empty-table fix using the object itself as the reference.
#![no_main]

use kinterp::lua::convert::{json_to_lua, lua_to_json};
use kinterp::lua::emptyfix::{self, EmptyPaths, Target};
use kinterp::lua::sandbox::{PrintSink, new_state};
use libfuzzer_sys::fuzz_target;

thread_local! {
    static LUA: mlua::Lua = new_state(Some(64 << 20), PrintSink::Discard).expect("a Lua state");
}

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    LUA.with(|lua| {
        let Ok(table) = json_to_lua(lua, &value) else {
            return;
        };
        if let Ok(mut back) = lua_to_json(&table) {
            let target = if value.is_array() {
                Target::Slice
            } else {
                Target::Struct
            };
            emptyfix::fix(&mut back, target, &EmptyPaths::from_references(&[&value]));
        }
        drop(table);
        let _ = lua.gc_collect();
    });
});

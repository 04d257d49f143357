//! Test helpers for the Go-compatible library: a state with `gostd`
//! installed, and running snippets as chunk `<string>`.

use mlua::{Lua, Value};

/// A fresh state (all PUC libraries) with the gopher overrides installed.
pub fn lua() -> Lua {
    let lua = Lua::new();
    crate::gostd::install(&lua).expect("install");
    lua
}

/// Evaluates `code` (a chunk returning one value) to its bytes, or to its
/// Rust `{:?}` rendering for non-strings.
pub fn eval(lua: &Lua, code: &str) -> String {
    let v: Value = lua
        .load(code)
        .set_name("=<string>")
        .eval()
        .unwrap_or_else(|e| panic!("{code}: {e}"));
    match v {
        Value::String(s) => String::from_utf8_lossy(&s.as_bytes()).into_owned(),
        other => format!("{other:?}"),
    }
}

/// Runs `code`, which must fail, and returns the first line of the error.
pub fn error(lua: &Lua, code: &str) -> String {
    match lua.load(code).set_name("=<string>").exec() {
        Ok(()) => panic!("{code}: no error"),
        Err(mlua::Error::RuntimeError(m)) => m.lines().next().unwrap_or("").to_string(),
        Err(e) => e.to_string().lines().next().unwrap_or("").to_string(),
    }
}

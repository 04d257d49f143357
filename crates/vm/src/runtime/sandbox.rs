//! The Karmada runtime profile: a Lua state with gopher-lua's library set,
//! the disabled-function stubs, restricted `os`/`package`, and `require`.

use std::io::Write;
use std::sync::{Arc, Mutex};

use mlua::{Function, Lua, LuaOptions, MultiValue, StdLib, Table, Value};

use crate::raise::{self, Raise};
use crate::rethrow::{self, Caller};

/// Base functions Karmada replaces with erroring stubs.
pub const DISABLED: [&str; 14] = [
    "collectgarbage",
    "dofile",
    "getfenv",
    "getmetatable",
    "load",
    "loadfile",
    "loadstring",
    "rawequal",
    "rawget",
    "rawset",
    "setfenv",
    "setmetatable",
    "module",
    "newproxy",
];

/// Where script `print` output goes.
#[derive(Clone, Debug, Default)]
pub enum PrintSink {
    /// Standard error (kinterp's default: keeps `-o json` parseable).
    #[default]
    Stderr,
    /// Standard output, as karmadactl does.
    Stdout,
    /// Kept in memory (tests, `kinterp test`).
    Capture(Arc<Mutex<Vec<u8>>>),
    /// Dropped.
    Discard,
}

impl PrintSink {
    fn write(&self, bytes: &[u8]) {
        match self {
            PrintSink::Stderr => {
                let _ = std::io::stderr().lock().write_all(bytes);
            }
            PrintSink::Stdout => {
                let _ = std::io::stdout().lock().write_all(bytes);
            }
            PrintSink::Capture(buf) => {
                if let Ok(mut b) = buf.lock() {
                    b.extend_from_slice(bytes);
                }
            }
            PrintSink::Discard => {}
        }
    }
}

/// A library a script can `require` beyond the standard ones, handed in by
/// the layer that owns it (the engine's `kube`): its name and the function
/// that builds its table when a script first requires it.
#[derive(Clone, Copy, Debug)]
pub struct Module {
    pub name: &'static str,
    pub open: fn(&Lua) -> mlua::Result<Table>,
}

/// A stand-in `kube` module for the VM's own tests: a table with one
/// function, `resourceAdd`, that returns nothing.
#[cfg(test)]
pub(crate) const TEST_MODULES: &[Module] = &[Module {
    name: "kube",
    open: |lua| {
        let t = lua.create_table()?;
        t.raw_set("resourceAdd", lua.create_function(|_, ()| Ok(()))?)?;
        Ok(t)
    },
}];

/// Creates a state with exactly Karmada's environment, `modules` in
/// `package.preload`. `memory_limit` is in bytes (`None`: unlimited).
pub fn new_state(
    memory_limit: Option<usize>,
    sink: PrintSink,
    modules: &[Module],
) -> mlua::Result<Lua> {
    let lua = Lua::new_with(
        StdLib::TABLE | StdLib::STRING | StdLib::MATH,
        LuaOptions::default(),
    )?;
    if let Some(limit) = memory_limit {
        lua.set_memory_limit(limit)?;
    }
    let g = lua.globals();
    // PUC extras that gopher-lua's environment does not have.
    for name in [
        "gcinfo",
        "coroutine",
        "io",
        "debug",
        "os",
        "package",
        "require",
    ] {
        g.raw_set(name, Value::Nil)?;
    }
    let table: Table = g.raw_get("table")?;
    for name in ["foreach", "foreachi", "setn"] {
        table.raw_set(name, Value::Nil)?;
    }
    g.raw_set("_GOPHER_LUA_VERSION", "GopherLua 0.1")?;
    g.raw_set("_printregs", lua.create_function(|_, ()| Ok(()))?)?;

    // The stubs are made on line 1 of a chunk named <string>, so each error
    // reads `<string>:1: call function NAME is not supported ...`. One small
    // loop compiles much faster than fourteen written-out functions.
    lua.load(STUBS).set_name("=<string>").call::<()>((
        g.raw_get::<Value>("error")?,
        lua.create_sequence_from(DISABLED)?,
        g.clone(),
    ))?;

    let os = lua.create_table()?;
    g.raw_set("os", os.clone())?;
    install_package(&lua, &g, modules)?;
    crate::gostd::install(&lua)?;
    lua.set_app_data(sink);
    install_print(&lua, &g)?;
    Ok(lua)
}

/// Makes the disabled-function stubs; must stay on one line (see above).
const STUBS: &str = "local error, names, g = ...; for i = 1, #names do local msg = 'call function ' .. names[i] .. ' is not supported in karmada customized resourceinterpreter.'; g[names[i]] = function() error(msg) end end";

fn install_package(lua: &Lua, g: &Table, modules: &[Module]) -> mlua::Result<()> {
    let package = lua.create_table()?;
    let loaded = lua.create_table()?;
    for name in ["string", "table", "math", "os"] {
        loaded.raw_set(name, g.raw_get::<Value>(name)?)?;
    }
    loaded.raw_set("_G", g.clone())?;
    let preload = lua.create_table()?;
    for m in modules {
        let open = m.open;
        preload.raw_set(
            m.name,
            lua.create_function(move |lua, _: MultiValue| open(lua))?,
        )?;
    }
    let loaders = lua.create_table()?;
    let preload_for_loader = preload.clone();
    loaders.raw_set(
        1,
        lua.create_function(move |_, name: Value| {
            let key = match &name {
                Value::String(s) => s.to_string_lossy(),
                _ => String::new(),
            };
            preload_for_loader.raw_get::<Value>(key)
        })?,
    )?;
    package.raw_set("loaded", loaded)?;
    package.raw_set("preload", preload)?;
    package.raw_set("loaders", loaders)?;
    package.raw_set(
        "loadlib",
        raise::function(lua, |_, _| {
            Err(Raise::AtCaller("loadlib is not supported".to_string()))
        })?,
    )?;
    g.raw_set("package", package.clone())?;
    g.raw_set(
        "require",
        make_require(lua, package, g.raw_get("tostring")?)?,
    )?;
    Ok(())
}

/// gopher-lua's `require` over `package.loaded` and `package.preload`. A
/// native function: its errors name the caller's line.
fn make_require(lua: &Lua, package: Table, tostring: Function) -> mlua::Result<Function> {
    let caller = Caller::new(lua)?;
    rethrow::function(lua, move |_, args| {
        let name = args.into_iter().next().unwrap_or(Value::Nil);
        let loaded: Table = package.raw_get("loaded")?;
        let found: Value = loaded.get(name.clone())?;
        if found != Value::Nil {
            return Ok(MultiValue::from_vec(vec![found]));
        }
        let preload: Table = package.raw_get("preload")?;
        let loader: Value = preload.get(name.clone())?;
        let Value::Function(loader) = loader else {
            let text: String = tostring.call(name)?;
            return Err(Raise::AtCaller(format!(
                "module {text} not found:\n\tno field package.preload['{text}'], "
            ))
            .into());
        };
        let out = caller.call(&loader, MultiValue::from_vec(vec![name.clone()]))?;
        let result = match out.into_iter().next() {
            None | Some(Value::Nil) => Value::Boolean(true),
            Some(v) => v,
        };
        loaded.set(name, result.clone())?;
        Ok(MultiValue::from_vec(vec![result]))
    })
}

/// Points `print` of a state at another sink.
pub fn set_print_sink(lua: &Lua, sink: PrintSink) {
    lua.set_app_data(sink);
}

fn install_print(lua: &Lua, g: &Table) -> mlua::Result<()> {
    let tostring: Function = g.raw_get("tostring")?;
    let print = lua.create_function(move |lua, args: MultiValue| {
        let mut line = Vec::new();
        for (i, v) in args.into_iter().enumerate() {
            if i > 0 {
                line.push(b'\t');
            }
            let s: mlua::LuaString = tostring.call(v)?;
            line.extend_from_slice(&s.as_bytes());
        }
        line.push(b'\n');
        if let Some(sink) = lua.app_data_ref::<PrintSink>() {
            sink.write(&line);
        }
        Ok(())
    })?;
    g.raw_set("print", print)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> Lua {
        new_state(Some(64 << 20), PrintSink::Discard, TEST_MODULES).unwrap()
    }

    fn err(lua: &Lua, code: &str) -> String {
        let e = lua.load(code).set_name("=<string>").exec().unwrap_err();
        crate::run::error_text(&e)
    }

    #[test]
    fn absent_libraries() {
        let lua = state();
        let absent: bool = lua
            .load("return io == nil and coroutine == nil and debug == nil and gcinfo == nil and table.foreach == nil and os.execute == nil and os.getenv == nil and package.path == nil")
            .eval()
            .unwrap();
        assert!(absent);
    }

    #[test]
    fn stubs_raise_karmada_text() {
        let lua = state();
        for name in DISABLED {
            assert_eq!(
                err(&lua, &format!("{name}()")),
                format!(
                    "<string>:1: call function {name} is not supported in karmada customized resourceinterpreter."
                )
            );
        }
        let msg: String = lua
            .load("local ok, e = pcall(rawget, {}, 1); return tostring(ok) .. ' ' .. e")
            .eval()
            .unwrap();
        assert_eq!(
            msg,
            "false <string>:1: call function rawget is not supported in karmada customized resourceinterpreter."
        );
    }

    #[test]
    fn require_rules() {
        let lua = state();
        let same: bool = lua
            .load("return require('string') == string")
            .eval()
            .unwrap();
        assert!(same);
        assert_eq!(
            err(&lua, "local x = 1\nlocal j = require('json')"),
            "<string>:2: module json not found:\n\tno field package.preload['json'], "
        );
        assert_eq!(
            err(&lua, "\n\npackage.loadlib('x', 'y')"),
            "<string>:3: loadlib is not supported"
        );
        let not_global: bool = lua
            .load("return kube == nil and package.loaded.package == nil")
            .eval()
            .unwrap();
        assert!(not_global);
    }

    #[test]
    fn print_uses_sink() {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let lua = new_state(None, PrintSink::Capture(buf.clone()), TEST_MODULES).unwrap();
        lua.load("print('a', 1, true, nil)").exec().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&buf.lock().unwrap()),
            "a\t1\ttrue\tnil\n"
        );
    }
}

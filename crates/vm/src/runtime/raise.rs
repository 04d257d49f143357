//! Rust functions exposed to Lua that raise plain string errors, the way
//! gopher-lua's Go functions do: `<string>:LINE: message`, catchable by pcall.

use mlua::{Function, LightUserData, Lua, MultiValue, Value};

/// An error a Rust-implemented Lua function raises.
#[derive(Debug, Clone, PartialEq)]
pub enum Raise {
    /// Prefixed with the caller's position (`<string>:LINE: `), as gopher does
    /// for errors raised by Go functions.
    AtCaller(String),
    /// Raised as is, with no position (e.g. quantity parse panics).
    Bare(String),
}

impl Raise {
    /// `bad argument #N to NAME (EXPECTED expected, got TYPE)`, with NAME the
    /// name the caller used for the function.
    pub fn bad_argument(lua: &Lua, n: usize, expected: &str, got: &Value) -> Raise {
        Raise::AtCaller(format!(
            "bad argument #{n} to {} ({expected} expected, got {})",
            called_name(lua),
            type_name(got)
        ))
    }
}

impl From<mlua::Error> for Raise {
    fn from(e: mlua::Error) -> Raise {
        Raise::Bare(e.to_string())
    }
}

/// What a raising function returns.
pub type RaiseResult = Result<MultiValue, Raise>;

/// The registry key of the vendored Lua's wrapper factory: `wrap(raw,
/// FAIL)` returns a C function that calls `raw` and raises the value after
/// FAIL (third_party/lua-src/PATCHES.md, lbaselib.c).
const FACTORY_KEY: &str = "kinterp.wrap";

static FAIL_SENTINEL: u8 = 0;

/// The marker a raw function returns first to say "raise the next value".
pub(crate) fn fail_marker() -> Value {
    Value::LightUserData(LightUserData(
        &FAIL_SENTINEL as *const u8 as *mut std::ffi::c_void,
    ))
}

/// Creates a Lua function backed by `f`. An `Err` from `f` is raised in Lua
/// as a string error.
pub fn function<F>(lua: &Lua, f: F) -> mlua::Result<Function>
where
    F: Fn(&Lua, MultiValue) -> RaiseResult + 'static,
{
    let raw = lua.create_function(move |lua, args: MultiValue| match f(lua, args) {
        Ok(values) => {
            // `check` reads the first value: keep it distinct from FAIL.
            Ok(values)
        }
        Err(raise) => {
            crate::traceback::note_native(lua, called_name(lua));
            let msg = match raise {
                Raise::AtCaller(m) => format!("{}{m}", caller_position(lua, 2)),
                Raise::Bare(m) => m,
            };
            let mut out = MultiValue::new();
            out.push_back(fail_marker());
            out.push_back(Value::String(lua.create_string(msg)?));
            Ok(out)
        }
    })?;
    wrap(lua, raw)
}

/// Wraps a raw function that returns `(FAIL, value)` to raise `value`.
/// The wrapper is a C function: a tail call to it keeps the caller's frame
/// (its line and name), as gopher-lua's Go functions do.
pub(crate) fn wrap(lua: &Lua, raw: Function) -> mlua::Result<Function> {
    let factory: Function = lua.named_registry_value(FACTORY_KEY)?;
    factory.call((raw, fail_marker()))
}

/// The name the calling code used for the running wrapped function, or
/// `(anonymous)` (e.g. when it was called through `pcall`).
pub fn called_name(lua: &Lua) -> String {
    // Level 0 is the raw Rust function, level 1 its C wrapper.
    lua.inspect_stack(1, |d| d.names().name.map(|n| n.into_owned()))
        .flatten()
        .unwrap_or_else(|| "(anonymous)".to_string())
}

/// `<string>:LINE: ` for the Lua function at `level`, or "" when it has no
/// line information (a tail call). As gopher-lua does, a C function's
/// position is its caller's: under `pcall(f, ...)`, the code calling pcall.
pub fn caller_position(lua: &Lua, mut level: usize) -> String {
    enum Frame {
        At(String),
        C,
        Other,
    }
    loop {
        let frame = lua.inspect_stack(level, |d| {
            let src = d.source();
            if let Some(line) = d.current_line() {
                let short = src.short_src.as_deref().unwrap_or("?");
                return Frame::At(format!("{short}:{line}: "));
            }
            if src.what == "C" {
                Frame::C
            } else {
                Frame::Other
            }
        });
        match frame {
            Some(Frame::At(pos)) => return pos,
            Some(Frame::C) => level += 1,
            Some(Frame::Other) | None => return String::new(),
        }
    }
}

/// Lua's name for a value's type (`nil`, `number`, `table`, ...).
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Nil => "nil",
        Value::Boolean(_) => "boolean",
        Value::LightUserData(_) | Value::UserData(_) => "userdata",
        Value::Integer(_) | Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Table(_) => "table",
        Value::Function(_) => "function",
        Value::Thread(_) => "thread",
        _ => "userdata",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(lua: &Lua, code: &str) -> String {
        match lua.load(code).set_name("=<string>").exec() {
            Ok(()) => "ok".into(),
            Err(e) => match e {
                mlua::Error::RuntimeError(m) => m,
                other => other.to_string(),
            },
        }
    }

    #[test]
    fn raises_string_with_caller_line() {
        let lua = Lua::new();
        let f = function(&lua, |lua, args| {
            let v = args.into_iter().next().unwrap_or(Value::Nil);
            Err(Raise::bad_argument(lua, 1, "string", &v))
        })
        .unwrap();
        let t = lua.create_table().unwrap();
        t.set("resourceAdd", f).unwrap();
        lua.globals().set("kube", t).unwrap();
        let msg = run(&lua, "local x = 1\nkube.resourceAdd(5)\n");
        assert_eq!(
            msg.lines().next().unwrap(),
            "<string>:2: bad argument #1 to resourceAdd (string expected, got number)"
        );
        // pcall sees a plain string positioned at the code calling pcall;
        // the name is unknown through pcall.
        let msg = run(
            &lua,
            "local ok, e = pcall(kube.resourceAdd, nil)\nerror(type(e) .. '|' .. e, 0)",
        );
        assert_eq!(
            msg.lines().next().unwrap(),
            "string|<string>:1: bad argument #1 to (anonymous) (string expected, got nil)"
        );
    }

    #[test]
    fn passes_values_through() {
        let lua = Lua::new();
        let f = function(&lua, |_, args| Ok(args)).unwrap();
        lua.globals().set("id", f).unwrap();
        let n: i64 = lua
            .load("return select('#', id(1, nil, 3))")
            .eval()
            .unwrap();
        assert_eq!(n, 3);
        let n: i64 = lua.load("return select('#', id())").eval().unwrap();
        assert_eq!(n, 0);
        let s: String = lua
            .load("return (id(false, 'x'))")
            .eval::<bool>()
            .map(|b| b.to_string())
            .unwrap();
        assert_eq!(s, "false");
    }
}

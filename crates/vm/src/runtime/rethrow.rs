//! `raise::function` for Rust functions that call back into Lua: besides
//! raising string errors, they re-raise a callback's error value unchanged.

use mlua::{Function, Lua, MultiValue, Value};

use crate::raise::{self, Raise};

/// Why a function with Lua callbacks failed.
#[derive(Debug)]
pub enum Thrown {
    /// Our own error, raised as `raise::function` raises it.
    Raise(Raise),
    /// A Lua callback's error value, re-raised as is (as gopher does when a
    /// Go function's `L.Call` fails).
    Value(Value),
}

impl From<Raise> for Thrown {
    fn from(r: Raise) -> Thrown {
        Thrown::Raise(r)
    }
}

impl From<mlua::Error> for Thrown {
    fn from(e: mlua::Error) -> Thrown {
        Thrown::Raise(Raise::from(e))
    }
}

/// Like `raise::function`, with `Thrown::Value` re-raised unchanged.
pub fn function<F>(lua: &Lua, f: F) -> mlua::Result<Function>
where
    F: Fn(&Lua, MultiValue) -> Result<MultiValue, Thrown> + 'static,
{
    let raw = lua.create_function(move |lua, args: MultiValue| {
        let result = f(lua, args);
        if result.is_err() {
            crate::traceback::note_native(lua, raise::called_name(lua));
        }
        let err = match result {
            Ok(values) => return Ok(values),
            Err(Thrown::Value(v)) => v,
            Err(Thrown::Raise(Raise::AtCaller(m))) => {
                let msg = format!("{}{m}", raise::caller_position(lua, 2));
                Value::String(lua.create_string(msg)?)
            }
            Err(Thrown::Raise(Raise::Bare(m))) => Value::String(lua.create_string(m)?),
        };
        Ok(MultiValue::from_vec(vec![raise::fail_marker(), err]))
    })?;
    raise::wrap(lua, raw)
}

/// Calls Lua functions in protected mode, keeping their error values.
#[derive(Clone)]
pub struct Caller {
    xpcall: Function,
    handler: Function,
}

impl Caller {
    /// Uses the vendored Lua's protected call with a handler (PATCHES.md):
    /// an error a library function raises gets no position there (the
    /// Rust caller adds the script's), and the handler keeps the frames of
    /// a failing callback for Karmada's traceback.
    pub fn new(lua: &Lua) -> mlua::Result<Caller> {
        Ok(Caller {
            xpcall: lua.named_registry_value("kinterp.xpcall")?,
            handler: crate::traceback::callback_handler(lua)?,
        })
    }

    /// Calls `f(args…)`; a Lua error becomes `Thrown::Value`.
    pub fn call(&self, f: &Function, args: MultiValue) -> Result<MultiValue, Thrown> {
        let mut all = MultiValue::with_capacity(args.len() + 2);
        all.push_back(Value::Function(self.handler.clone()));
        all.push_back(Value::Function(f.clone()));
        all.extend(args);
        let mut out: MultiValue = self.xpcall.call(all)?;
        match out.pop_front() {
            Some(Value::Boolean(true)) => Ok(out),
            _ => Err(Thrown::Value(out.pop_front().unwrap_or(Value::Nil))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rethrows_values_and_raises_with_position() {
        let lua = Lua::new();
        let caller = Caller::new(&lua).unwrap();
        let f = function(&lua, move |_, args| {
            let mut it = args.into_iter();
            match it.next() {
                Some(Value::Function(cb)) => caller.call(&cb, it.collect()),
                _ => Err(Raise::AtCaller("callback expected".into()).into()),
            }
        })
        .unwrap();
        lua.globals().set("apply", f).unwrap();
        let v: String = lua
            .load("local ok, e = pcall(apply, function() error({code = 7}) end)\nreturn type(e) .. e.code")
            .set_name("=<string>")
            .eval()
            .unwrap();
        assert_eq!(v, "table7");
        let v: String = lua
            .load("local ok, e = pcall(function()\n apply(5)\nend)\nreturn e")
            .set_name("=<string>")
            .eval()
            .unwrap();
        assert_eq!(v, "<string>:2: callback expected");
        let n: i64 = lua
            .load("return select('#', apply(function(a, b) return a, b, nil end, 1, 2))")
            .eval()
            .unwrap();
        assert_eq!(n, 3);
    }
}

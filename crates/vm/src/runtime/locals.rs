//! The locals of the script function a line hook stopped in, read with
//! the debug API, rendered short for `--trace`.

use std::ffi::CStr;

use mlua::{Lua, Value, ffi};

/// What the line hook sees of the script function it stopped in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameLocals {
    /// How many calls deep the function runs.
    pub depth: usize,
    /// The line the function is defined on (0: the chunk's top level).
    pub defined: i32,
    /// Its locals now: name and rendered value.
    pub locals: Vec<(String, String)>,
}

/// The function running the script line the hook reports: its depth in
/// the stack, the line it is defined on, and its locals (name and short
/// rendering; Lua's internal `(for ...)` slots left out). `None` when no
/// script function is on the stack.
pub fn in_hook(lua: &Lua) -> Option<FrameLocals> {
    let mut found: Option<(usize, i32)> = None;
    // SAFETY: the closure runs on the state's own stack within a
    // protected call: it only reads the call stack (lua_getstack,
    // lua_getinfo, lua_getlocal), checks the room it needs, and leaves
    // (value, name) pairs for exec_raw to take as results.
    let values: mlua::Result<mlua::MultiValue> = unsafe {
        lua.exec_raw((), |state| {
            let mut ar: ffi::lua_Debug = std::mem::zeroed();
            let mut level = 0;
            let mut at = None;
            while ffi::lua_getstack(state, level, &mut ar) != 0 {
                ffi::lua_getinfo(state, c"Sl".as_ptr(), &mut ar);
                let src = CStr::from_ptr(ar.short_src.as_ptr());
                if at.is_none() && ar.currentline >= 0 && src.to_bytes() == b"<string>" {
                    at = Some((level, ar.linedefined));
                }
                level += 1;
            }
            let Some((here, defined)) = at else { return };
            if ffi::lua_getstack(state, here, &mut ar) == 0 {
                return;
            }
            found = Some((usize::try_from(level - here).unwrap_or(0), defined));
            let mut n = 1;
            loop {
                if ffi::lua_checkstack(state, 2) == 0 {
                    break;
                }
                let name = ffi::lua_getlocal(state, &ar, n);
                if name.is_null() {
                    break;
                }
                if *name == b'(' as std::ffi::c_char {
                    ffi::lua_pop(state, 1);
                } else {
                    ffi::lua_pushstring(state, name);
                }
                n += 1;
            }
        })
    };
    let (depth, defined) = found?;
    let values: Vec<Value> = values.ok()?.into_iter().collect();
    let locals = values
        .chunks(2)
        .filter_map(|pair| match pair {
            [value, Value::String(name)] => Some((name.to_string_lossy(), show(value, 2))),
            _ => None,
        })
        .collect();
    Some(FrameLocals {
        depth,
        defined,
        locals,
    })
}

/// A short rendering of a Lua value: scalars as written in Lua, tables
/// two levels deep and eight entries wide.
pub fn show(v: &Value, depth: usize) -> String {
    match v {
        Value::Nil => "nil".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 1e15 => format!("{}", *n as i64),
        Value::Number(n) => n.to_string(),
        Value::String(s) => format!("{:?}", s.to_string_lossy()),
        Value::Table(t) if depth == 0 => {
            if t.raw_len() == 0 && t.clone().pairs::<Value, Value>().next().is_none() {
                "{}".into()
            } else {
                "{…}".into()
            }
        }
        Value::Table(t) => {
            let mut parts = Vec::new();
            let len = t.raw_len();
            for (i, pair) in t.clone().pairs::<Value, Value>().enumerate() {
                if i == 8 {
                    parts.push("…".to_string());
                    break;
                }
                let Ok((k, v)) = pair else { break };
                let key = match &k {
                    Value::Integer(i) if len > 0 && *i >= 1 && (*i as usize) <= len => None,
                    Value::String(s) => Some(s.to_string_lossy()),
                    other => Some(format!("[{}]", show(other, 0))),
                };
                let value = show(&v, depth - 1);
                parts.push(match key {
                    Some(k) => format!("{k}={value}"),
                    None => value,
                });
            }
            format!("{{{}}}", parts.join(", "))
        }
        other => other.type_name().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_render_short() {
        let lua = Lua::new();
        let v: Value = lua.load("return {1, 2.5, 'x', true}").eval().unwrap();
        assert_eq!(show(&v, 2), "{1, 2.5, \"x\", true}");
        let v: Value = lua.load("return {a = {b = {c = 1}}}").eval().unwrap();
        assert_eq!(show(&v, 2), "{a={b={…}}}");
        let v: Value = lua
            .load("local t = {} for i = 1, 10 do t[i] = i end return t")
            .eval()
            .unwrap();
        assert_eq!(show(&v, 2), "{1, 2, 3, 4, 5, 6, 7, 8, …}");
        assert_eq!(show(&Value::Number(3.0), 2), "3");
        assert_eq!(show(&Value::Nil, 2), "nil");
    }
}

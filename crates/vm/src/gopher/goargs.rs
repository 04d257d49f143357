//! gopher-lua's argument checks (`CheckString`, `CheckInt`, `OptInt`, …)
//! and Karmada's string length guard, as `Raise` errors.

use mlua::{Lua, LuaString, MultiValue, Value};

use crate::gonum;
use crate::raise::{self, Raise};

/// Longest string argument Karmada's string library accepts.
pub const MAX_STRING_LEN: usize = 1_000_000;

/// Argument `n` (1-based); absent arguments read as nil.
pub fn arg(args: &MultiValue, n: usize) -> Value {
    args.get(n - 1).cloned().unwrap_or(Value::Nil)
}

/// A Lua number as f64.
pub fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Integer(i) => Some(*i as f64),
        Value::Number(f) => Some(*f),
        _ => None,
    }
}

/// `CheckAny`: fails with `value expected` when argument `n` is absent.
pub fn check_any(lua: &Lua, args: &MultiValue, n: usize) -> Result<Value, Raise> {
    if args.len() < n {
        return Err(Raise::AtCaller(format!(
            "bad argument #{n} to {} (value expected)",
            raise::called_name(lua)
        )));
    }
    Ok(arg(args, n))
}

/// `CheckString`: a string, or a number in its gopher `tostring` form.
pub fn check_string(lua: &Lua, args: &MultiValue, n: usize) -> Result<LuaString, Raise> {
    let v = arg(args, n);
    match &v {
        Value::String(s) => Ok(s.clone()),
        _ => match number(&v) {
            Some(f) => Ok(lua.create_string(gonum::format_number(f))?),
            None => Err(Raise::bad_argument(lua, n, "string", &v)),
        },
    }
}

/// `CheckString` plus Karmada's length guard.
pub fn check_guarded_string(lua: &Lua, args: &MultiValue, n: usize) -> Result<LuaString, Raise> {
    let s = check_string(lua, args, n)?;
    guard(&s.as_bytes())?;
    Ok(s)
}

/// Karmada's guard on string-library arguments.
pub fn guard(s: &[u8]) -> Result<(), Raise> {
    if s.len() > MAX_STRING_LEN {
        return Err(Raise::AtCaller(format!(
            "string length {} exceeds the maximum allowed input string length {MAX_STRING_LEN} \
             in Karmada lua string lib, please check your lua script.",
            s.len()
        )));
    }
    Ok(())
}

/// `CheckInt`/`CheckInt64`: a number (strings are not coerced), truncated
/// like Go's `int(x)`.
pub fn check_int(lua: &Lua, args: &MultiValue, n: usize) -> Result<i64, Raise> {
    let v = arg(args, n);
    number(&v)
        .map(gonum::go_int64)
        .ok_or_else(|| Raise::bad_argument(lua, n, "number", &v))
}

/// `OptInt`: nil gives `default`, otherwise as `check_int`.
pub fn opt_int(lua: &Lua, args: &MultiValue, n: usize, default: i64) -> Result<i64, Raise> {
    match arg(args, n) {
        Value::Nil => Ok(default),
        _ => check_int(lua, args, n),
    }
}

/// Lua truthiness (`LVAsBool`).
pub fn truthy(v: &Value) -> bool {
    !matches!(v, Value::Nil | Value::Boolean(false))
}

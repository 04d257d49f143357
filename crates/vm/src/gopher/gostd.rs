//! Installs the Go-compatible library functions (tostring, tonumber,
//! string.format/upper/lower, os.time/date, table.sort) into a Lua state.

use mlua::{Function, Lua, MultiValue, Table, Value};

use crate::goargs::{self, arg};
use crate::raise::{self, Raise};
use crate::rethrow::{self, Caller};
use crate::{gofmt, gonum, gostring, gotable, gotime};

/// PUC's own version of `table[name]`, saved in the registry the first time
/// so that installing twice does not wrap a wrapper.
pub(crate) fn original(lua: &Lua, table: &Table, key: &str, name: &str) -> mlua::Result<Function> {
    let reg = format!("kinterp.puc.{key}.{name}");
    if let Ok(f) = lua.named_registry_value::<Function>(&reg) {
        return Ok(f);
    }
    let f: Function = table.raw_get(name)?;
    lua.set_named_registry_value(&reg, f.clone())?;
    Ok(f)
}

fn one(v: Value) -> MultiValue {
    MultiValue::from_vec(vec![v])
}

/// gopher's `tostring`: numbers in Go form (`%.14g`, integers without a fraction), anything else as PUC
/// (including `__tostring`); no argument raises `value expected`.
fn install_tostring(lua: &Lua, globals: &Table) -> mlua::Result<()> {
    let orig = original(lua, globals, "_G", "tostring")?;
    let caller = Caller::new(lua)?;
    let f = rethrow::function(lua, move |lua, args| {
        let v = goargs::check_any(lua, &args, 1)?;
        if let Some(n) = goargs::number(&v) {
            return Ok(one(Value::String(
                lua.create_string(gonum::format_number(n))?,
            )));
        }
        // Scripts cannot give strings, booleans or nil a `__tostring` (no
        // getmetatable, setmetatable or debug), so PUC's answer is known
        // and the call through `pcall` can be skipped.
        match v {
            Value::String(_) => Ok(one(v)),
            Value::Boolean(b) => Ok(one(Value::String(lua.create_string(if b {
                "true"
            } else {
                "false"
            })?))),
            Value::Nil => Ok(one(Value::String(lua.create_string("nil")?))),
            _ => caller.call(&orig, one(v)),
        }
    })?;
    globals.raw_set("tostring", f)
}

/// gopher's `tonumber`: Go's number syntax, bases 2 to 36.
fn install_tonumber(lua: &Lua, globals: &Table) -> mlua::Result<()> {
    let f = raise::function(lua, |lua, args| {
        let base = match arg(&args, 2) {
            Value::Nil => None,
            v => match goargs::number(&v) {
                Some(b) => Some(gonum::go_int64(b)),
                None => return Err(Raise::bad_argument(lua, 2, "number", &v)),
            },
        };
        let v = goargs::check_any(lua, &args, 1)?;
        let out = match &v {
            Value::Integer(_) | Value::Number(_) => v,
            Value::String(s) => {
                gonum::tonumber(&s.as_bytes(), base).map_or(Value::Nil, Value::Number)
            }
            _ => Value::Nil,
        };
        Ok(one(out))
    })?;
    globals.raw_set("tonumber", f)
}

/// Overrides the standard functions of `lua` with their gopher-lua twins:
/// `tostring`, `tonumber`, the `string` changes (format, upper, lower, the
/// length guard, gsub/rep/dump stubs, gfind, match), `table.sort`,
/// `os.time`/`os.date` (creating `os` if absent) and `math.huge`. Libraries
/// that are absent are skipped; installing twice is harmless.
pub fn install(lua: &Lua) -> mlua::Result<()> {
    let globals = lua.globals();
    install_tostring(lua, &globals)?;
    install_tonumber(lua, &globals)?;
    if let Value::Table(string) = globals.raw_get("string")? {
        gostring::install(lua, &string)?;
        gofmt::install(lua, &string)?;
    }
    if let Value::Table(table) = globals.raw_get("table")? {
        gotable::install(lua, &table)?;
    }
    if let Value::Table(math) = globals.raw_get("math")? {
        math.raw_set("huge", f64::MAX)?;
    }
    let os = match globals.raw_get("os")? {
        Value::Table(os) => os,
        _ => {
            let os = lua.create_table()?;
            globals.raw_set("os", os.clone())?;
            os
        }
    };
    gotime::install(lua, &os)
}

#[cfg(test)]
mod tests {
    use crate::gotest;

    #[test]
    fn tostring_spec_7_1() {
        let lua = gotest::lua();
        let rows: &[(&str, &str)] = &[
            ("tostring(1/3)", "0.3333333333333333"),
            ("tostring(0.1+0.2)", "0.30000000000000004"),
            ("tostring(1e15)", "1000000000000000"),
            ("tostring(2^53)", "9007199254740992"),
            ("tostring(-2^63)", "-9223372036854775808"),
            ("tostring(2^63)", "9.223372036854776e+18"),
            ("tostring(1234567.5)", "1.2345675e+06"),
            ("tostring(0/0)", "NaN"),
            ("tostring(1/0)", "+Inf"),
            ("tostring(-1/0)", "-Inf"),
            ("tostring(-0.0)", "0"),
            ("tostring(math.ceil(-0.5))", "0"),
            ("tostring(math.huge)", "1.7976931348623157e+308"),
            ("tostring('x')", "x"),
            ("tostring(nil)", "nil"),
            ("tostring(true)", "true"),
            ("tostring(false)", "false"),
            (
                "tostring(setmetatable({}, {__tostring = function() return 'T' end}))",
                "T",
            ),
            ("tostring({}):sub(1, 9)", "table: 0x"),
            ("tostring(12, 'ignored')", "12"),
        ];
        for (code, want) in rows {
            assert_eq!(
                gotest::eval(&lua, &format!("return {code}")),
                *want,
                "{code}"
            );
        }
        assert_eq!(
            gotest::error(&lua, "local a\nlocal b = tostring()"),
            "<string>:2: bad argument #1 to tostring (value expected)"
        );
        assert_eq!(
            gotest::error(
                &lua,
                "local t = setmetatable({}, {__tostring = function() error('inner') end})\n\
                                 local b = tostring(t)"
            ),
            "<string>:1: inner"
        );
    }

    #[test]
    fn tonumber_spec_7_2() {
        let lua = gotest::lua();
        let rows: &[(&str, &str)] = &[
            ("tonumber('1e2')", "Nil"),
            ("tonumber('1.5e2')", "Integer(150)"),
            ("tonumber('-0x10')", "Nil"),
            ("tonumber('nan')", "Nil"),
            ("tonumber('inf')", "Nil"),
            ("tonumber('0x1F', 10)", "Nil"),
            ("tonumber('0x1F')", "Integer(31)"),
            ("tonumber('010')", "Integer(10)"),
            ("tonumber(' 42\\n')", "Integer(42)"),
            ("tonumber('ff', 16)", "Integer(255)"),
            ("tonumber('ff', 16.9)", "Integer(255)"),
            ("tonumber('z', 36)", "Integer(35)"),
            ("tonumber('8', 8)", "Nil"),
            ("tonumber(12.5)", "Number(12.5)"),
            ("tonumber(12, 2)", "Integer(12)"),
            ("tonumber('0.5')", "Number(0.5)"),
            ("tonumber(nil)", "Nil"),
            ("tonumber({})", "Nil"),
            ("tonumber(true)", "Nil"),
            ("select('#', tonumber('x'))", "Integer(1)"),
        ];
        for (code, want) in rows {
            assert_eq!(
                gotest::eval(&lua, &format!("return {code}")),
                *want,
                "{code}"
            );
        }
        assert_eq!(
            gotest::error(&lua, "\nlocal b = tonumber()"),
            "<string>:2: bad argument #1 to tonumber (value expected)"
        );
        assert_eq!(
            gotest::error(&lua, "\nlocal b = tonumber('10', '16')"),
            "<string>:2: bad argument #2 to tonumber (number expected, got string)"
        );
    }

    #[test]
    fn math_huge_is_the_largest_float() {
        let lua = gotest::lua();
        assert_eq!(
            gotest::eval(&lua, "return 1/0 > math.huge"),
            "Boolean(true)"
        );
        assert_eq!(
            gotest::eval(&lua, "return math.huge == 1.7976931348623157e308"),
            "Boolean(true)"
        );
    }

    #[test]
    fn installing_twice_is_harmless() {
        let lua = gotest::lua();
        crate::gostd::install(&lua).unwrap();
        assert_eq!(gotest::eval(&lua, "return ('abc'):sub(2)"), "bc");
        assert_eq!(
            gotest::eval(&lua, "return tostring(1/3)"),
            "0.3333333333333333"
        );
        assert_eq!(
            gotest::error(&lua, "\nlocal x = ('abc'):sub()"),
            "<string>:2: bad argument #2 to sub (number expected, got nil)"
        );
    }
}

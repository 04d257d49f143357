//! `table.sort` as gopher-lua's: Go's `sort.Sort` over the array part (up
//! to its last index ever set, nils included), `<`
//! or the comparator as `less`, and never "invalid order function".

use mlua::{Function, Lua, MultiValue, Table, Value};

use crate::goargs::{self, arg};
use crate::gosort::{self, SortData};
use crate::raise::{self, Raise};
use crate::rethrow::{self, Caller, Thrown};

struct LuaArray<'a> {
    values: Vec<Value>,
    cmp: Option<Function>,
    caller: &'a Caller,
}

impl LuaArray<'_> {
    /// gopher's `lessThan`: numbers and strings directly, tables through a
    /// shared `__lt`, anything else an error.
    fn less_than(&self, a: &Value, b: &Value) -> Result<bool, Thrown> {
        if let (Some(x), Some(y)) = (goargs::number(a), goargs::number(b)) {
            return Ok(x < y);
        }
        match (a, b) {
            (Value::String(x), Value::String(y)) => Ok(*x.as_bytes() < *y.as_bytes()),
            (Value::Table(x), Value::Table(y)) => {
                let lt = |t: &Table| {
                    t.metatable()
                        .and_then(|m| m.raw_get::<Function>("__lt").ok())
                };
                match (lt(x), lt(y)) {
                    (Some(f), Some(g)) if f == g => {
                        let out = self
                            .caller
                            .call(&f, MultiValue::from_vec(vec![a.clone(), b.clone()]))?;
                        Ok(out.front().is_some_and(goargs::truthy))
                    }
                    _ => Err(compare_error(a, b)),
                }
            }
            _ => Err(compare_error(a, b)),
        }
    }
}

fn compare_error(a: &Value, b: &Value) -> Thrown {
    Thrown::Raise(Raise::AtCaller(format!(
        "attempt to compare {} with {}",
        raise::type_name(a),
        raise::type_name(b)
    )))
}

impl SortData for LuaArray<'_> {
    type Error = Thrown;

    fn len(&self) -> usize {
        self.values.len()
    }

    fn less(&mut self, i: usize, j: usize) -> Result<bool, Thrown> {
        let (a, b) = (&self.values[i], &self.values[j]);
        match &self.cmp {
            None => self.less_than(a, b),
            Some(f) => {
                let out = self
                    .caller
                    .call(f, MultiValue::from_vec(vec![a.clone(), b.clone()]))?;
                Ok(out.front().is_some_and(goargs::truthy))
            }
        }
    }

    fn swap(&mut self, i: usize, j: usize) -> Result<(), Thrown> {
        self.values.swap(i, j);
        Ok(())
    }
}

/// Installs `table.sort` into `table`.
pub fn install(lua: &Lua, table: &Table) -> mlua::Result<()> {
    let caller = Caller::new(lua)?;
    // gopher's array length (patched ltablib.c): sort covers the whole
    // array part, trailing nils included.
    let alen: Function = lua.named_registry_value("kinterp.alen")?;
    let sort = rethrow::function(lua, move |lua, args| {
        let t = match arg(&args, 1) {
            Value::Table(t) => t,
            v => return Err(Raise::bad_argument(lua, 1, "table", &v).into()),
        };
        let cmp = if args.len() != 1 {
            match arg(&args, 2) {
                Value::Function(f) => Some(f),
                v => return Err(Raise::bad_argument(lua, 2, "function", &v).into()),
            }
        } else {
            None
        };
        let n: i64 = alen.call(&t)?;
        let values = (1..=n)
            .map(|i| t.raw_get(i))
            .collect::<mlua::Result<Vec<Value>>>()?;
        let mut data = LuaArray {
            values,
            cmp,
            caller: &caller,
        };
        let result = gosort::sort(&mut data);
        // Like gopher, a failed sort leaves the table as far as it got.
        for (i, v) in data.values.into_iter().enumerate() {
            t.raw_set(i + 1, v)?;
        }
        result?;
        Ok(MultiValue::new())
    })?;
    table.raw_set("sort", sort)
}

#[cfg(test)]
mod tests {
    use crate::gotest;

    #[test]
    fn sorts_numbers_strings_and_with_comparators() {
        let lua = gotest::lua();
        let t = |code: &str| gotest::eval(&lua, code);
        assert_eq!(
            t("local a = {3, 1, 2} table.sort(a) return table.concat(a, ',')"),
            "1,2,3"
        );
        assert_eq!(
            t("local a = {'b', 'a', 'B'} table.sort(a) return table.concat(a, ',')"),
            "B,a,b"
        );
        assert_eq!(
            t(
                "local a = {} for i = 1, 1000 do a[i] = (i * 7919) % 1009 end\n\
               table.sort(a, function(x, y) return x > y end)\n\
               for i = 2, #a do if a[i - 1] < a[i] then return 'bad ' .. i end end return 'ok'"
            ),
            "ok"
        );
        assert_eq!(
            t(
                "local a = {} for i = 1, 300 do a[i] = {k = i % 10, i = i} end\n\
               table.sort(a, function(x, y) return x.k < y.k end)\n\
               for i = 2, #a do if a[i - 1].k > a[i].k then return 'bad' end end return #a"
            ),
            "Integer(300)"
        );
    }

    /// A comparator that sorts again, the deepest C nesting a script can
    /// reach (three C calls per two of gopher's frames): under gopher's
    /// frame limit it ends with gopher's error at gopher's depth, without
    /// one (a top level run for lint) at the C call bound; either way on a
    /// 2 MiB thread, the size of `kinterp test`'s workers, unoptimized.
    #[test]
    fn deep_sort_recursion_fits_the_stack() {
        let run = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(|| {
                let lua = gotest::lua();
                let limit: mlua::Function = lua.named_registry_value("kinterp.calllimit").unwrap();
                lua.globals().raw_set("calllimit", limit).unwrap();
                let probe = |first: &str| {
                    let code = format!(
                        "{first}\nlocal max, cmp = 0\n\
                         cmp = function(a, b) max = max + 1 table.sort({{2, 1}}, cmp) return a < b end\n\
                         local ok, e = pcall(table.sort, {{2, 1}}, cmp)\n\
                         return max .. ' ' .. tostring(e)"
                    );
                    gotest::eval(&lua, &format!("return (function() {code} end)()"))
                };
                (probe("calllimit(256)"), probe(""))
            })
            .unwrap();
        let (limited, unlimited) = run.join().expect("no stack overflow");
        assert_eq!(limited, "127 <string>:3: stack overflow");
        assert!(
            unlimited.starts_with("132 ") && unlimited.contains("C stack overflow"),
            "{unlimited}"
        );
    }

    #[test]
    fn stable_for_twelve_or_fewer() {
        let lua = gotest::lua();
        let code = "local a = {} local keys = {3, 1, 2, 1, 3, 2, 1, 3, 2, 1, 3, 2}\n\
                    for i, k in ipairs(keys) do a[i] = {k = k, n = i} end\n\
                    table.sort(a, function(x, y) return x.k < y.k end)\n\
                    local out = {} for i, v in ipairs(a) do out[i] = v.n end return table.concat(out, ',')";
        assert_eq!(gotest::eval(&lua, code), "2,4,7,10,3,6,9,12,1,5,8,11");
    }

    #[test]
    fn never_invalid_order_function() {
        let lua = gotest::lua();
        let code = "local a = {} for i = 1, 200 do a[i] = i % 17 end\n\
                    table.sort(a, function() return true end) return #a";
        assert_eq!(gotest::eval(&lua, code), "Integer(200)");
    }

    #[test]
    fn errors() {
        let lua = gotest::lua();
        assert_eq!(
            gotest::error(&lua, "\ntable.sort({1, 'x', 2})"),
            "<string>:2: attempt to compare string with number"
        );
        assert_eq!(
            gotest::error(&lua, "\ntable.sort({{}, {}})"),
            "<string>:2: attempt to compare table with table"
        );
        assert_eq!(
            gotest::error(&lua, "\ntable.sort()"),
            "<string>:2: bad argument #1 to sort (table expected, got nil)"
        );
        assert_eq!(
            gotest::error(&lua, "\ntable.sort({}, nil)"),
            "<string>:2: bad argument #2 to sort (function expected, got nil)"
        );
        // A comparator's error propagates unchanged, with its own position.
        assert_eq!(
            gotest::error(
                &lua,
                "local a = {3, 2, 1}\ntable.sort(a, function(x, y)\n  error('boom')\nend)"
            ),
            "<string>:3: boom"
        );
        let v = gotest::eval(
            &lua,
            "local ok, e = pcall(table.sort, {2, 1}, function() error({code = 5}) end) return e.code",
        );
        assert_eq!(v, "Integer(5)");
    }

    #[test]
    fn lt_metamethod() {
        let lua = gotest::lua();
        let code = "local mt = {__lt = function(a, b) return a.v < b.v end}\n\
                    local a = {} for i, v in ipairs({5, 3, 9, 1}) do a[i] = setmetatable({v = v}, mt) end\n\
                    table.sort(a) return a[1].v .. a[2].v .. a[3].v .. a[4].v";
        assert_eq!(gotest::eval(&lua, code), "1359");
    }
}

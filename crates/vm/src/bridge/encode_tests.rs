//! Tests of the result encoder (`encode.rs`).

use super::*;
use mlua::Lua;
use serde_json::json;

fn enc(lua: &Lua, code: &str) -> Result<Value, String> {
    let v: LuaValue = lua.load(code).eval().unwrap();
    lua_to_json(&v).map_err(|e| e.to_string())
}

#[test]
fn classifies_tables_like_gopher() {
    let lua = Lua::new();
    assert_eq!(enc(&lua, "return {1,2,3}"), Ok(json!([1.0, 2.0, 3.0])));
    assert_eq!(enc(&lua, "return {}"), Ok(json!([])));
    assert_eq!(enc(&lua, "return {a={}}"), Ok(json!({"a": []})));
    let p = MARSHAL_PREFIX;
    for (code, msg) in [
        (
            "return {1,2,x=3}",
            "cannot encode mixed or invalid key types",
        ),
        (
            "return {x=1,[1]=2}",
            "cannot encode mixed or invalid key types",
        ),
        ("return {x=1,[3]=2}", "cannot encode sparse array"),
        ("return {[2]=2}", "cannot encode sparse array"),
        ("return {1,nil,3}", "cannot encode sparse array"),
        ("return {[0]=1}", "cannot encode sparse array"),
        ("return {[1.5]=1}", "cannot encode sparse array"),
        (
            "return {[true]=1}",
            "cannot encode mixed or invalid key types",
        ),
    ] {
        assert_eq!(enc(&lua, code), Err(format!("{p}{msg}")), "{code}");
    }
}

#[test]
fn objects_keep_every_key_and_the_first_error() {
    let lua = Lua::new();
    // Keys in insertion order, sorted or not, many or few.
    let v = enc(
        &lua,
        "local t = {} for i = 300, 1, -1 do t['k' .. i] = i end t.a = {} t['é'] = 'x' return t",
    )
    .unwrap();
    let m = v.as_object().unwrap();
    assert_eq!(m.len(), 302);
    assert_eq!(m["k17"], json!(17.0));
    assert_eq!(m["a"], json!([]));
    assert_eq!(m["é"], json!("x"));
    // Two invalid UTF-8 keys read the same: the later one wins, as
    // inserting them one by one would give.
    assert_eq!(
        enc(&lua, "local t = {} t['\\255'] = 1 t['\\254'] = 2 return t"),
        Ok(json!({"\u{fffd}": 2.0}))
    );
    // The first failing entry, in insertion order, decides the error.
    let p = MARSHAL_PREFIX;
    assert_eq!(
        enc(
            &lua,
            "local t = {} t.a = 1 t.f = print t[true] = 1 return t"
        ),
        Err(format!("{p}{p}cannot encode function to JSON"))
    );
    assert_eq!(
        enc(
            &lua,
            "local t = {} t.a = 1 t[true] = 1 t.f = print return t"
        ),
        Err(format!("{p}cannot encode mixed or invalid key types"))
    );
}

#[test]
fn error_depth_prefixes() {
    let lua = Lua::new();
    let p = MARSHAL_PREFIX;
    assert_eq!(
        enc(&lua, "return {n=0/0}"),
        Err(format!("{p}{p}json: unsupported value: NaN"))
    );
    assert_eq!(
        enc(&lua, "return {a={b={f=print}}}"),
        Err(format!("{p}{p}{p}{p}cannot encode function to JSON"))
    );
    assert_eq!(
        enc(&lua, "local t={x=1}; return {a=t, b=t}"),
        Err(format!(
            "{p}{p}cannot encode recursively nested tables to JSON"
        ))
    );
    assert_eq!(
        enc(&lua, "return 1/0"),
        Err(format!("{p}json: unsupported value: +Inf"))
    );
}

/// Runs `run` on a thread with the stack the engine gives deep work
/// (`kinterp::deep::STACK_BYTES`).
fn on_deep_stack(run: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn nesting_is_bounded() {
    // A chain of tables a script builds in a loop once overflowed the
    // stack (found by fuzzing). Up to Go's 10 000 levels a result is
    // encoded (across the lanes past 3 000 levels); past it, Karmada's
    // error with one prefix per level above the 10 000-high table; past
    // MAX_DEPTH, kinterp stops walking. Run on the stack the engine gives
    // deep work (kinterp::deep::with_stack: 1 GiB).
    let run = || {
        let lua = Lua::new();
        let chain = |n: usize| {
            format!("local t = {{}} for i = 2, {n} do t = {{t, 1}} end return {{x = t}}")
        };
        let go = kinterp_go::depth::MAX_DEPTH;
        let mut v = enc(&lua, &chain(go - 1)).unwrap();
        let refs = crate::emptyfix::EmptyPaths::from_references(&[]);
        crate::emptyfix::fix(&mut v, crate::emptyfix::Target::Struct, &refs);
        assert!(kinterp_go::yaml::to_yaml(&v).len() > go);
        assert!(kinterp_go::json::to_go_json(&v).len() > go);
        assert_eq!(
            enc(&lua, &chain(go + 1)),
            Err(format!(
                "{MARSHAL_PREFIX}{MARSHAL_PREFIX}{MARSHAL_PREFIX}exceeded max depth"
            ))
        );
        assert_eq!(
            enc(&lua, &chain(MAX_DEPTH)),
            Err(format!(
                "{MARSHAL_PREFIX}cannot encode tables nested more than 20000 levels deep to JSON"
            ))
        );
        assert!(enc(&lua, &chain(200_000)).is_err());
    };
    on_deep_stack(run);
}

#[test]
fn invalid_utf8_becomes_replacement() {
    let lua = Lua::new();
    assert_eq!(enc(&lua, "return '\\255'"), Ok(json!("\u{fffd}")));
}
#[test]
fn raw_and_plain_encoders_agree() {
    let lua = Lua::new();
    let scripts = [
        "return {1, 2, {a = 'x', b = {}}, 'é'}",
        "local t = {} for i = 1, 500 do t['k' .. (i * 7919 % 500)] = {i, i / 2, i % 3 == 0} end return t",
        "return {a = {b = {c = {d = {}}}}, n = 0/0}",
        "return {x = 1, [1] = 2}",
        "return {[1] = 1, [3] = 3}",
        "local t = {1, 2} t.x = nil t[2] = nil return t",
        "local t = {a = 1, b = 2} t.a = nil return t",
        "return {f = print}",
        "return {co = coroutine.create(function() end)}",
        "return {[{}] = 1}",
        "return {[1.5] = 1, a = 2}",
        "return {[-1] = 1}",
        "local t = {} t.self = t return t",
        "return {s = '\\255\\0x', [''] = true, [' '] = false}",
        "return 'plain'",
        "return 3",
        "return nil",
    ];
    for code in scripts {
        let v: LuaValue = lua.load(code).eval().unwrap();
        let plain = encode_plain(&v, 0, &mut Seen::default());
        assert_eq!(lua_to_json(&v), plain, "{code}");
    }
}

/// The keys of `t` as `lua_kinterp_inext` walks them, as text.
fn cursor_keys(lua: &Lua, t: &Table) -> Vec<String> {
    let mut keys = Vec::new();
    // SAFETY: the walk pushes two values a step, popped at once;
    // `lua_tolstring` is called on string keys only.
    unsafe {
        lua.exec_raw::<()>(t.clone(), |state| {
            let mut cursor = 0;
            while lua_kinterp_inext(state, 1, &mut cursor) != 0 {
                keys.push(match ffi::lua_type(state, -2) {
                    ffi::LUA_TNUMBER => format!("{}", ffi::lua_tonumber(state, -2)),
                    ffi::LUA_TSTRING => string_at(state, ffi::lua_gettop(state) - 1),
                    _ => String::from("?"),
                });
                ffi::lua_settop(state, -3);
            }
        })
        .unwrap();
    }
    keys
}

#[test]
fn the_cursor_walk_is_next_order() {
    let lua = Lua::new();
    let tables = [
        "return {}",
        "return {1, 2, 3, x = 1, y = 2}",
        "local t = {a = 1, b = 2, c = 3} t.b = nil t.d = 4 t.b = 5 return t",
        "local t = {1, 2, 3} t[2] = nil t[10] = 10 t[5] = 5 return t",
        "local t = {} t[100] = 1 t[2^26] = 2 t[-3] = 3 t[1.5] = 4 t.s = 5 return t",
        "local t = {} for i = 1, 300 do t['k' .. (i * 7919 % 300)] = i end \
         for i = 1, 300, 3 do t['k' .. i] = nil end return t",
        "local t = {} for i = 1, 100 do t[i] = i end for i = 1, 100, 2 do t[i] = nil end \
         t.z = 1 return t",
        "local t = {} t[true] = 1 t[print] = 2 t.a = 3 return t",
    ];
    for code in tables {
        let t: Table = lua.load(code).eval().unwrap();
        let mut by_next = Vec::new();
        for pair in t.clone().pairs::<LuaValue, LuaValue>() {
            let (k, _) = pair.unwrap();
            by_next.push(match k {
                LuaValue::Integer(i) => format!("{}", i as f64),
                LuaValue::Number(n) => format!("{n}"),
                LuaValue::String(s) => s.to_string_lossy(),
                _ => String::from("?"),
            });
        }
        assert_eq!(cursor_keys(&lua, &t), by_next, "{code}");
    }
}

#[test]
fn deep_tables_fit_the_reserved_stack() {
    // Two stack slots a level, on as many lanes as the depth needs.
    let run = || {
        let lua = Lua::new();
        let code = format!(
            "local t = {{x = 1}} for i = 2, {} do t = {{t}} end return t",
            kinterp_go::depth::MAX_DEPTH
        );
        let v: LuaValue = lua.load(&code).eval().unwrap();
        assert!(lua_to_json(&v).is_ok());
    };
    on_deep_stack(run);
}

#[test]
fn big_tables_keep_every_key_and_the_last_of_equal_ones() {
    // Many keys, in scrambled order, with two keys that read the same
    // (invalid UTF-8) far apart: the later one wins, as inserting the keys
    // one by one would give.
    let lua = Lua::new();
    let n = 20_487;
    let code = format!(
        "local t = {{}} t['\\255'] = 'first' \
         for i = 1, {n} do t['k' .. (i * 7919 % {n})] = i end \
         t['\\254'] = 'last' t.z = {{}} return t"
    );
    let v: LuaValue = lua.load(&code).eval().unwrap();
    let mut expected = Map::new();
    for i in 1..=n {
        expected.insert(format!("k{}", i * 7919 % n), json!(i as f64));
    }
    expected.insert("\u{fffd}".into(), json!("last"));
    expected.insert("z".into(), json!([]));
    let got = lua_to_json(&v).unwrap();
    assert_eq!(got, Value::Object(expected));
    assert_eq!(encode_plain(&v, 0, &mut Seen::default()), Ok(got));
    // The first failing entry still decides the error.
    let p = MARSHAL_PREFIX;
    let code = format!(
        "local t = {{}} for i = 1, {n} do t['k' .. i] = i end t.f = print t[true] = 1 return t"
    );
    assert_eq!(
        enc(&lua, &code),
        Err(format!("{p}{p}cannot encode function to JSON"))
    );
}

//! The patched VM's internals that scripts cannot name but must not
//! notice: the block pools (`lmem.c`). third_party/lua-src/PATCHES.md
//! lists them.

/// Freed tables and strings go back to their pools and are used again:
/// making and dropping the same garbage twice needs no more memory the
/// second time.
#[test]
fn pooled_blocks_are_reused() {
    let lua = mlua::Lua::new();
    let churn = r#"
        local keep = {}
        for i = 1, 20000 do keep[i] = {name = "item-" .. i, ready = i % 2 == 0} end
        keep = nil
        collectgarbage("collect")
    "#;
    lua.load(churn).exec().unwrap();
    let after_one = lua.used_memory();
    for _ in 0..3 {
        lua.load(churn).exec().unwrap();
    }
    let after_four = lua.used_memory();
    assert!(
        after_four <= after_one + (64 << 10),
        "memory grew from {after_one} to {after_four} bytes"
    );
}

/// The memory limit still stops a script that keeps making tables, with
/// Lua's own message, and the state stays usable afterwards.
#[test]
fn pooled_blocks_count_against_the_limit() {
    let lua = mlua::Lua::new();
    lua.set_memory_limit(4 << 20).unwrap();
    let err = lua
        .load("local t = {} for i = 1, 1e7 do t[i] = {i} end")
        .exec()
        .unwrap_err();
    assert!(
        matches!(err, mlua::Error::MemoryError(ref m) if m == "not enough memory"),
        "{err:?}"
    );
    lua.gc_collect().unwrap();
    assert_eq!(lua.load("return #{1, 2, 3}").eval::<i64>().unwrap(), 3);
}

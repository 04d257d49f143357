//! The patched VM's internals that scripts cannot name but must not
//! notice: the block pools (`lmem.c`), the 24-byte table nodes
//! (`ltable.c`) and the generic `for` running the base library's
//! iterators inline (`lvm.c`). third_party/lua-src/PATCHES.md
//! lists them all.

use super::gotest::{error, eval, lua};

/// Tables of every shape the iterators meet: array and hash parts, holes,
/// deleted keys keeping their place, keys re-set after deletion, a table
/// grown past several rehashes, and an empty one.
const TABLES: &str = r#"
local ts = {}
ts[1] = {10, 20, 30, x = 1, y = 2}
ts[2] = {1, 2, nil, 4, [7] = 7, z = "z"}
local d = {a = 1, b = 2, c = 3, d = 4}
d.b = nil; d.e = 5; d.b = 6; d.c = nil
ts[3] = d
local big = {}
for i = 1, 300 do big["k" .. i] = i; if i % 3 == 0 then big[i] = i end end
for i = 1, 300, 7 do big["k" .. i] = nil end
ts[4] = big
ts[5] = {}
ts[6] = setmetatable({1, 2, k = 3}, {__index = function() return 99 end})
"#;

/// Every `for` form against the same walk made of explicit calls, which
/// take the ordinary call path.
#[test]
fn inline_iterators_walk_as_called_ones() {
    let lua = lua();
    let code = format!(
        r#"{TABLES}
local out = {{}}
local function add(...) out[#out + 1] = table.concat({{...}}, ",") end
for n, t in ipairs(ts) do
  local a, b = {{}}, {{}}
  for k, v in pairs(t) do a[#a + 1] = tostring(k) .. "=" .. tostring(v) end
  local k, v = next(t)
  while k ~= nil do b[#b + 1] = tostring(k) .. "=" .. tostring(v); k, v = next(t, k) end
  add("pairs", n, table.concat(a, " ") == table.concat(b, " ") and "same" or "DIFF", #a)
  local one, three = {{}}, {{}}
  for k in next, t do one[#one + 1] = tostring(k) end
  for k, v, w in next, t, nil do three[#three + 1] = tostring(k) .. tostring(w) end
  add("forms", n, #one == #a and "same" or "DIFF", table.concat(three, " ") ~= "" and three[1] or "-")
  local c, e = {{}}, {{}}
  for i, v in ipairs(t) do c[#c + 1] = i .. "=" .. tostring(v) end
  local i = 1
  while rawget(t, i) ~= nil do e[#e + 1] = i .. "=" .. tostring(rawget(t, i)); i = i + 1 end
  add("ipairs", n, table.concat(c, " ") == table.concat(e, " ") and "same" or "DIFF", #c)
end
return table.concat(out, ";")
"#
    );
    assert_eq!(
        eval(&lua, &code),
        "pairs,1,same,5;forms,1,same,1nil;ipairs,1,same,3;\
         pairs,2,same,5;forms,2,same,1nil;ipairs,2,same,2;\
         pairs,3,same,4;forms,3,same,anil;ipairs,3,same,0;\
         pairs,4,same,357;forms,4,same,3nil;ipairs,4,same,0;\
         pairs,5,same,0;forms,5,same,-;ipairs,5,same,0;\
         pairs,6,same,3;forms,6,same,1nil;ipairs,6,same,2"
    );
}

/// The inline walk reads the loop's state each turn, as a call would:
/// changing the table or the control variable's table mid-loop, and
/// iterators that are not the library's, behave as before.
#[test]
fn inline_iterators_follow_the_loop_state() {
    let lua = lua();
    assert_eq!(
        eval(
            &lua,
            r#"local t = {1, 2, 3}
               local seen = {}
               for i, v in ipairs(t) do seen[#seen + 1] = v; if i == 2 then t[4] = 4 end end
               local s = {}
               for k, v in pairs({a = 1, b = 2, c = 3}) do s[#s + 1] = k end
               local f = {}
               for i, v in function(_, i) if i < 3 then return i + 1, i * 10 end end, nil, 0 do f[#f + 1] = v end
               local g = {}
               for i, v in ipairs({1, 2}), {7, 8, 9}, 0 do g[#g + 1] = v end
               return table.concat(seen, ",") .. "|" .. table.concat(s, ",") .. "|" .. table.concat(f, ",") .. "|" .. table.concat(g, ",")"#
        ),
        "1,2,3,4|a,b,c|0,10,20|7,8,9"
    );
    // A control value the library's iterator would read differently
    // takes the call: a fractional index is truncated by it.
    assert_eq!(
        eval(
            &lua,
            r#"local r = {}
               for i, v in ipairs({1, 2, 3}), {5, 6, 7}, 0.5 do r[#r + 1] = i .. "=" .. v end
               return table.concat(r, ",")"#
        ),
        "1=5,2=6,3=7"
    );
}

/// A state that is not a table still fails in the iterator, with the
/// message it always had.
#[test]
fn inline_iterators_leave_errors_to_the_call() {
    let lua = lua();
    assert_eq!(
        error(&lua, "for k in next, 5 do end"),
        "<string>:1: bad argument #1 to (for generator) (table expected, got number)"
    );
    assert_eq!(
        error(&lua, "local f = ipairs({}); for i in f, 'x', 0 do end"),
        "<string>:1: bad argument #1 to (for generator) (table expected, got string)"
    );
}

/// Strings keep their bytes right after a 20-byte header: every length
/// around the pools' 8-byte steps and their 512-byte limit, made by
/// `string.rep`, by `..` and by `string.sub`, is one interned string
/// with its own length and bytes, as a key too, through a full
/// collection that frees the copies.
#[test]
fn strings_of_every_length_keep_their_bytes() {
    // A plain state: the sandbox leaves out `string.rep`.
    let lua = mlua::Lua::new();
    let code = r#"
        local bad, keys = {}, {}
        for n = 0, 600 do
          local a = string.rep("x", n - 1) .. (n > 0 and string.char(65 + n % 26) or "")
          local b = ("x"):rep(n - 1) .. (n > 0 and string.char(65 + n % 26) or "")
          local c = (a .. "tail"):sub(1, n)
          if #a ~= n or a ~= b or a ~= c then bad[#bad + 1] = "len" .. n end
          if n > 0 and (a:byte(n) ~= 65 + n % 26 or (n > 1 and a:byte(1) ~= 120)) then
            bad[#bad + 1] = "bytes" .. n
          end
          keys[a] = n
        end
        collectgarbage("collect")
        local count = 0
        for k, v in pairs(keys) do
          count = count + 1
          if #k ~= v then bad[#bad + 1] = "key" .. v end
        end
        for n = 0, 600, 37 do
          local k = string.rep("x", n - 1) .. (n > 0 and string.char(65 + n % 26) or "")
          if keys[k] ~= n then bad[#bad + 1] = "find" .. n end
        end
        return count .. " " .. (#bad == 0 and "ok" or table.concat(bad, ","))
    "#;
    assert_eq!(lua.load(code).eval::<String>().unwrap(), "601 ok");
}

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

/// Keys that collide in every way (numbers, strings, booleans, tables as
/// keys; deleted, set again, set after a deletion) are all found, and
/// `pairs` gives first-insertion order, through many rehashes. Nodes
/// never move, so chains mix main positions: this walks them all.
#[test]
fn colliding_keys_are_found_in_insertion_order() {
    let lua = lua();
    let code = r#"
        local t, order, want = {}, {}, {}
        local tabs = {}
        local function key(i)
          local m = i % 5
          if m == 0 then return "s" .. i
          elseif m == 1 then return i + 0.5
          elseif m == 2 then return -i
          elseif m == 3 then tabs[i] = tabs[i] or {}; return tabs[i]
          else return i * 2 ^ 40 end
        end
        for i = 1, 3000 do
          local k = key(i)
          t[k] = i; order[#order + 1] = k; want[k] = i
          if i % 7 == 0 then local d = key(i - 3); t[d] = nil; want[d] = nil end
          if i % 11 == 0 then local r = key(i - 5); t[r] = -i; want[r] = -i end
        end
        t[true] = "yes"; order[#order + 1] = true; want[true] = "yes"
        for _, k in ipairs(order) do
          if t[k] ~= want[k] then return "lookup " .. tostring(k) end
        end
        local got, seen = {}, {}
        for k, v in pairs(t) do
          if want[k] ~= v then return "pairs value " .. tostring(k) end
          got[#got + 1] = k
        end
        local live = {}
        for _, k in ipairs(order) do
          if want[k] ~= nil and not seen[k] then seen[k] = true; live[#live + 1] = k end
        end
        if #got ~= #live then return "count " .. #got .. " " .. #live end
        for i = 1, #got do
          if got[i] ~= live[i] then return "order at " .. i end
        end
        return "ok " .. #got
    "#;
    assert_eq!(eval(&lua, code), "ok 2612");
}

/// A node's links are 24-bit indices (PATCHES.md): in a hash part of
/// 2^18 nodes they need all three bytes. Every key is found, deleted keys
/// keep their place, and `pairs` still gives first-insertion order.
#[test]
fn links_past_sixteen_bits_keep_chains_and_order() {
    let lua = lua();
    let code = r#"
        local t = {}
        local n = 150000
        for i = 1, n do t["k" .. i] = i end
        for i = 1, n, 3 do t["k" .. i] = nil end
        for i = 1, n do
          local want = i
          if i % 3 == 1 then want = nil end
          if t["k" .. i] ~= want then return "lookup k" .. i end
        end
        local i, bad = 0, nil
        for k, v in pairs(t) do
          repeat i = i + 1 until i % 3 ~= 1
          if k ~= "k" .. i or v ~= i then bad = bad or ("order at " .. k) end
        end
        return bad or ("ok " .. i)
    "#;
    assert_eq!(eval(&lua, code), "ok 150000");
}

/// A weak table's collected key leaves the order when a new key takes
/// its node: the order stays that of the live keys' first insertion.
#[test]
fn a_dead_key_reused_leaves_the_order() {
    let lua = lua();
    let code = r#"
        local t = setmetatable({}, {__mode = "k"})
        local keep = {}
        for i = 1, 64 do
          local k = {}
          if i % 2 == 0 then keep[#keep + 1] = k end
          t[k] = i
        end
        t.a = "a"
        collectgarbage("collect")
        for i = 1, 40 do t["n" .. i] = i end
        local out = {}
        for k, v in pairs(t) do out[#out + 1] = type(k) == "table" and "t" .. v or k end
        return table.concat(out, ",")
    "#;
    let mut want: Vec<String> = (1..=32).map(|i| format!("t{}", 2 * i)).collect();
    want.push("a".into());
    want.extend((1..=40).map(|i| format!("n{i}")));
    assert_eq!(eval(&lua, code), want.join(","));
}

/// The insertion order is a circular chain (a Table keeps only its last
/// key): a dead key reused or dropped keeps it whole wherever the key was
/// (first, last, the only one, every one, every other one).
#[test]
fn dead_keys_anywhere_in_the_order() {
    let lua = lua();
    let code = r#"
        -- The keys are made in a function of their own, so that no stack
        -- slot keeps one alive.
        local function fill(t, n, dies, keep, want)
          for i = 1, n do
            local k = {}
            if not dies(i, n) then keep[#keep + 1] = k; want[#want + 1] = "t" .. i end
            t[k] = i
          end
        end
        local function run(n, dies)
          local t = setmetatable({}, {__mode = "k"})
          local keep, want = {}, {}
          fill(t, n, dies, keep, want)
          collectgarbage("collect")
          for i = 1, 40 do
            t["n" .. i] = i; want[#want + 1] = "n" .. i
            local out = {}
            for k, v in pairs(t) do out[#out + 1] = type(k) == "table" and "t" .. v or k end
            if table.concat(out, ",") ~= table.concat(want, ",") then
              return "n=" .. n .. " after n" .. i .. ": " .. table.concat(out, ",")
            end
          end
          return nil
        end
        local cases = {}
        for n = 1, 16 do
          cases[#cases + 1] = {n, function() return true end}
          cases[#cases + 1] = {n, function(i) return i == 1 end}
          cases[#cases + 1] = {n, function(i, n) return i == n end}
          cases[#cases + 1] = {n, function(i) return i ~= 1 end}
          cases[#cases + 1] = {n, function(i) return i % 2 == 1 end}
        end
        for _, c in ipairs(cases) do
          local bad = run(c[1], c[2])
          if bad then return bad end
        end
        return "ok"
    "#;
    assert_eq!(eval(&lua, code), "ok");
}

/// `..` writes numbers into its result without making a string of each:
/// every mix of strings and numbers (more numbers than one pass takes,
/// empty strings, Go's number forms) gives what `table.concat` gives,
/// and metamethods and errors are as before.
#[test]
fn concat_writes_numbers_as_their_text() {
    let lua = lua();
    let code = r#"
        local vals = {"a", "", 1, -2.5, 1e15, 2^53, 0.1, 1/0, -1/0, "x y", 7, 3}
        local bad = 0
        for i = 1, #vals do
          for j = 1, #vals do
            local a, b = vals[i], vals[j]
            if a .. b ~= table.concat({a, b}) then bad = bad + 1 end
            if a .. b .. a ~= table.concat({a, b, a}) then bad = bad + 1 end
          end
        end
        local many = 1 .. 2 .. 3 .. 4 .. 5 .. 6 .. 7 .. 8 .. 9 .. 10 .. "-" .. 11 .. 12.5
        local mt = setmetatable({}, {__concat = function(x, y)
          return type(x) .. "+" .. type(y)
        end})
        return bad .. "|" .. many .. "|" .. (mt .. 5) .. "|" .. (5 .. mt) .. "|" .. ("" .. 5) .. "|" .. (5 .. "")
    "#;
    assert_eq!(
        eval(&lua, code),
        "0|12345678910-1112.5|table+number|number+table|5|5"
    );
    assert_eq!(
        error(&lua, "local t = {} return 1 .. t"),
        "<string>:1: cannot perform concat operation between number and table"
    );
}

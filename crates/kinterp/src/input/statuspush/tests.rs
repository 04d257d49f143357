//! The status-item push checked against `json_to_lua` of the same items.

use super::*;
use crate::lua::convert::{json_to_lua, lua_to_json};
use serde_json::{Value, json};

/// The items as `json_to_lua` converts them, and as pushed here.
fn both(items: &[Value]) -> (Value, Value) {
    let lua = Lua::new();
    let status = StatusItems::from_values("s", items).unwrap();
    let pushed = status.to_lua(&lua).unwrap();
    let plain = json_to_lua(&lua, &Value::Array(status.to_values())).unwrap();
    (lua_to_json(&pushed).unwrap(), lua_to_json(&plain).unwrap())
}

#[test]
fn repeated_and_colliding_strings() {
    // Many distinct keys and values, some repeated, some long, some
    // sharing a slot: every one must come out as itself.
    let mut items = Vec::new();
    for n in 0..200 {
        let mut status = serde_json::Map::new();
        for k in 0..(n % 70) {
            status.insert(format!("k{}", k * 7 % 90), json!(format!("v{}", n % 9)));
        }
        status.insert("long".repeat(n % 20), json!("x".repeat(n % 60)));
        status.insert(String::new(), json!(""));
        items.push(json!({"clusterName": format!("m{n}"), "health": "Healthy", "status": status}));
    }
    let (pushed, plain) = both(&items);
    assert_eq!(pushed, plain);
    assert_eq!(pushed[7]["status"]["k0"], json!("v7"));
    assert_eq!(pushed[199]["clusterName"], json!("m199"));
}

#[test]
fn given_items_are_released_as_converted_into_what_lent_ones_make() {
    // Enough items for several releases of the tape's memory on the way.
    let text: String = (0..20_000)
        .map(|n| format!("{{\"clusterName\": \"m{n}\", \"status\": {{\"r\": {n}, \"s\": [1, null, \"x\"]}}, \"health\": \"Healthy\"}}\n"))
        .collect();
    let lua = Lua::new();
    let kept = StatusItems::parse("s.json", &text).unwrap();
    let want = lua_to_json(&kept.to_lua(&lua).unwrap()).unwrap();
    let got = lua_to_json(&kept.clone().into_lua(&lua).unwrap()).unwrap();
    assert_eq!(got, want);
    assert_eq!(
        got[19_999],
        json!({"clusterName": "m19999", "health": "Healthy", "status": {"r": 19999.0, "s": [1.0, "x"]}})
    );
    // Lent items can be converted again.
    assert_eq!(kept.len(), 20_000);
    assert_eq!(lua_to_json(&kept.to_lua(&lua).unwrap()).unwrap(), want);
}

/// Every table walked with `pairs` (first-insertion order), then the
/// same after a script's edits: a key added, one deleted and set again.
const DUMP: &str = r#"
    local function dump(v)
      if type(v) ~= "table" then return tostring(v) end
      local out = {}
      for k, x in pairs(v) do out[#out + 1] = tostring(k) .. "=" .. dump(x) end
      return "{" .. table.concat(out, ",") .. "}"
    end
    local items = ...
    local before = dump(items)
    for _, item in ipairs(items) do
      item.added = 1
      local first = next(item)
      if first ~= nil then item[first] = nil; item.z = 2; item[first] = 3 end
    end
    return before .. "\n" .. dump(items)
"#;

/// The dump, and how many tables were made from a template.
fn dumped(templates: usize, items: &StatusItems) -> (String, usize) {
    let lua = Lua::new();
    let mut made = 0;
    let (tape, root) = items.tape();
    let pushed = push_items(&lua, Held::Lent(tape), root, templates, &mut made).unwrap();
    (lua.load(DUMP).call::<String>(pushed).unwrap(), made)
}

#[test]
fn templates_make_the_tables_setting_keys_makes() {
    // Repeated shapes (the common case), the same keys in another
    // order, nulls, duplicate keys, nested shapes, empty objects, more
    // keys than a template takes, and more shapes than are kept.
    let mut text = String::new();
    for n in 0..300 {
        let line = match n % 10 {
            0..=3 => format!(
                r#"{{"clusterName": "m{n}", "applied": true, "health": "Healthy", "status": {{"replicas": {n}, "ready": {}}}}}"#,
                n % 3
            ),
            4 => format!(
                r#"{{"health": "Healthy", "clusterName": "m{n}", "status": {{"ready": 1, "replicas": {n}}}}}"#
            ),
            5 => format!(
                r#"{{"clusterName": "m{n}", "applied": null, "health": "Healthy", "status": {{"replicas": {n}, "ready": null}}}}"#
            ),
            6 => format!(
                r#"{{"clusterName": "m{n}", "status": {{"a": {{"x": 1}}, "b": {{"x": 2}}, "a2": {{}}, "c": {{"x": [1, {{"y": {n}}}]}}}}}}"#
            ),
            7 => {
                let wide: Vec<String> = (0..(n % 24)).map(|k| format!(r#""k{k}": {k}"#)).collect();
                format!(
                    r#"{{"clusterName": "m{n}", "status": {{{}}}}}"#,
                    wide.join(", ")
                )
            }
            8 => format!(
                r#"{{"clusterName": "m{n}", "status": {{"s{}": {n}, "t": "x"}}}}"#,
                n % 13
            ),
            _ => format!(
                r#"{{"clusterName": "m{n}", "applied": false, "status": {{"replicas": {n}, "replicas": {}}}}}"#,
                n + 1
            ),
        };
        text.push_str(&line);
        text.push('\n');
    }
    let items = StatusItems::parse("s.json", &text).unwrap();
    let (with, made) = dumped(SHAPES, &items);
    // (Not assert_eq: the dumps are long.)
    assert!(with == dumped(0, &items).0, "templates changed the tables");
    // Eight templates, from the first ten items; then, per ten items,
    // 4 items with their status, 1 with keys in another order and its
    // status, 1 with a null (its item only), 1 with nested objects (6
    // tables), and 3 items with a status that has no template.
    assert_eq!(made, 12 + 29 * 20);
    // Items come normalized (Go's field order); `status` as written.
    for want in [
        "291={clusterName=m290,status={replicas=290,ready=2},applied=true,health=Healthy}",
        "295={clusterName=m294,status={ready=1,replicas=294},health=Healthy}",
        "296={clusterName=m295,status={replicas=295},health=Healthy}",
        "300={clusterName=m299,status={replicas=300}}",
        "291={clusterName=3,status={replicas=290,ready=2},applied=true,health=Healthy,added=1,z=2}",
    ] {
        assert!(with.contains(want), "{want}");
    }
}

#[test]
fn nulls_and_duplicates_as_json_to_lua() {
    let (pushed, plain) = both(&[json!({"status": {"a": [1, null, "a"], "b": null, "c": {}}})]);
    assert_eq!(pushed, plain);
    assert_eq!(
        pushed,
        json!([{"clusterName": "", "status": {"a": [1.0, "a"], "c": []}}])
    );
}

/// Room for the strings a push will make is taken at once: reserving
/// room for 5 000 grows the table (8 bytes a slot) there and then,
/// and making them afterwards takes no more than the strings.
#[test]
fn string_room_is_reserved_at_once() {
    let lua = Lua::new();
    let make = "local t = {} for i = 1, 5000 do t[i] = 'cluster-' .. i end return t";
    // Once without a reservation, to see what the strings take.
    let unreserved = Lua::new();
    let before = unreserved.used_memory();
    let kept: mlua::Table = unreserved.load(make).eval().unwrap();
    let plain = unreserved.used_memory() - before;
    drop(kept);

    let before = lua.used_memory();
    // SAFETY: the call only grows the state's string table.
    unsafe {
        lua.exec_raw::<()>((), |state| lua_kinterp_reservestrings(state, 5000))
            .unwrap();
    }
    let reserved = lua.used_memory() - before;
    assert!(reserved >= 8 * 4096, "reserved only {reserved} bytes");
    let before = lua.used_memory();
    let _kept: mlua::Table = lua.load(make).eval().unwrap();
    let made = lua.used_memory() - before;
    assert!(
        made + 8 * 4096 <= plain,
        "{made} bytes with room reserved, {plain} without"
    );
    // Nothing to reserve: no more than a call that does nothing.
    let delta = |f: fn(*mut ffi::lua_State)| {
        let before = lua.used_memory();
        // SAFETY: `f` does nothing or reserves nothing.
        unsafe { lua.exec_raw::<()>((), f).unwrap() };
        lua.used_memory() - before
    };
    let noop = delta(|_| {});
    assert_eq!(delta(|s| unsafe { lua_kinterp_reservestrings(s, 0) }), noop);
    assert_eq!(
        delta(|s| unsafe { lua_kinterp_reservestrings(s, -1) }),
        noop
    );
    assert_eq!(
        delta(|s| unsafe { lua_kinterp_reservestrings(s, 10) }),
        noop
    );
}

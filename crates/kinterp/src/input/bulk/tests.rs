//! The door read against the simple path: a large status file read in
//! place, or into memory, gives the items the plain `Value` reader and
//! `json_to_lua` give; the heap is advised only of large inputs.

use super::*;
use crate::lua::convert::{json_to_lua, lua_to_json};
use serde_json::json;
use std::cell::RefCell;

/// Records the advice it is given.
#[derive(Default)]
struct Recorder(RefCell<Vec<String>>);

impl HeapAdvice for Recorder {
    fn reading(&self, bytes: u64) {
        self.0.borrow_mut().push(format!("reading {bytes}"));
    }

    fn decoded(&self) {
        self.0.borrow_mut().push("decoded".to_string());
    }
}

fn temp(name: &str, text: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("kinterp-bulk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    let shown = path.display().to_string();
    (path, shown)
}

/// A stream of `n` items, some with nulls, nested lists and a duplicate key.
fn stream(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "{{\"clusterName\": \"member{i}\", \"applied\": {}, \"health\": \"Healthy\", \"status\": {{\"replicas\": {i}, \"x\": null, \"c\": [1, null, {{\"t\": \"Ready\"}}], \"replicas\": {}}}}}\n",
                i % 2 == 0,
                i + 1
            )
        })
        .collect()
}

#[test]
fn a_large_file_read_in_place_reads_as_the_value_path() {
    let text = stream(12_000);
    assert!(text.len() as u64 > LARGE_INPUT);
    let (path, shown) = temp("large.json", &text);
    let advice = Recorder::default();
    // SAFETY: this test's own file, not written while read.
    let intake = unsafe { Intake::in_place(&advice, &[&shown, "no-such-file"]) };
    let (mapped, warnings) = intake.status_for(&shown, None).expect("read");
    assert!(warnings.is_empty());
    let (in_memory, _) = read_status(&shown, None).expect("read");
    // The oracle: serde_json's values, normalized item by item.
    let values: Vec<Value> = serde_json::Deserializer::from_str(&text)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .expect("json");
    let plain = StatusItems::from_values(&shown, &values).expect("items");
    assert_eq!(mapped.to_values(), plain.to_values());
    assert_eq!(in_memory, mapped);
    assert_eq!(
        plain.to_values()[7],
        json!({"clusterName": "member7", "status": {"replicas": 8, "x": null, "c": [1, null, {"t": "Ready"}]}, "health": "Healthy"})
    );
    // Given to Lua, the items are what `json_to_lua` makes of the values.
    let lua = mlua::Lua::new();
    let want = lua_to_json(&json_to_lua(&lua, &Value::Array(plain.to_values())).unwrap()).unwrap();
    assert_eq!(lua_to_json(&mapped.into_lua(&lua).unwrap()).unwrap(), want);
    let input = intake.ready(OpInput::default());
    assert!(input.status_items.is_none());
    assert_eq!(
        advice.0.into_inner(),
        [format!("reading {}", text.len()), "decoded".to_string()]
    );
    let _ = std::fs::remove_file(path);
}

#[test]
fn small_inputs_are_not_advised_and_errors_name_the_file() {
    let (path, shown) = temp("small.yaml", "clusterName: a\nstatus: {ready: true}\n");
    let advice = Recorder::default();
    let intake = Intake::new(&advice, &[&shown]);
    let (items, _) = intake.status_for(&shown, None).expect("read");
    assert_eq!(
        items.to_values(),
        [json!({"clusterName": "a", "status": {"ready": true}})]
    );
    let missing = intake.status_for("no-such-status.yaml", None).unwrap_err();
    assert_eq!(
        missing.message,
        "the path \"no-such-status.yaml\" does not exist"
    );
    intake.ready(OpInput::default());
    assert_eq!(advice.0.into_inner(), ["decoded"]);
    let _ = std::fs::remove_file(path);
}

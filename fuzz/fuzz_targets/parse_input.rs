//! Fuzz target: YAML and JSON input text into objects, as `-f`,
//! `--desired-file` and `--status-file` read it, then printed back.
#![no_main]

use kinterp::input::{parse_documents, parse_one_object, parse_status_items};
use kinterp::output::{json::to_go_json, yaml::to_yaml};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(docs) = parse_documents("fuzz.yaml", &text) {
        for doc in &docs {
            let _ = to_yaml(doc);
            let _ = to_go_json(doc);
        }
    }
    let _ = parse_status_items("fuzz.yaml", &text);
    let _ = parse_one_object("desired", "fuzz.yaml", &text);
});

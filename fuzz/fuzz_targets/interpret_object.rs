//! Fuzz target: every operation on fuzzed objects, through a fixed
//! customization (testdata/deployment/ric.yaml) or the built-ins.
#![no_main]

use std::time::Duration;

use kinterp::interpreter::{Interpreter, Profile};
use kinterp::lua::sandbox::PrintSink;
use kinterp::ric::{CustomizationSet, Document};
use kinterp::{OpInput, Operation};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

const RIC: &str = include_str!("../../testdata/deployment/ric.yaml");

fn profile() -> Profile {
    Profile {
        timeout: Duration::from_millis(200),
        memory_limit: Some(64 << 20),
        print: PrintSink::Discard,
    }
}

fn customizations() -> CustomizationSet {
    let docs = kinterp::input::parse_documents("ric.yaml", RIC).expect("ric.yaml parses");
    let items = docs
        .iter()
        .filter_map(|d| match kinterp::ric::decode("ric.yaml", d) {
            Ok(Document::Customization(c)) => Some(c),
            _ => None,
        })
        .collect();
    CustomizationSet::new(items)
}

thread_local! {
    static CUSTOM: Interpreter = Interpreter {
        customizations: Some(customizations()),
        builtins: false,
        profile: profile(),
    };
    static BUILTIN: Interpreter = Interpreter {
        customizations: None,
        builtins: true,
        profile: profile(),
    };
}

fuzz_target!(|data: &[u8]| {
    // Byte 0: which interpreter and the replica number; the rest: an object
    // document, optionally followed by status items after a "\n---\n".
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let (obj_text, status_text) = match text.split_once("\n---\n") {
        Some((o, s)) => (o, Some(s)),
        None => (&*text, None),
    };
    let Ok(mut object) = kinterp::input::parse_one_object("desired", "obj.yaml", obj_text) else {
        return;
    };
    let status_items =
        status_text.and_then(|s| kinterp::input::parse_status_items("status.yaml", s).ok());
    let custom = mode & 1 == 0;
    if custom {
        if let Value::Object(m) = &mut object {
            m.insert("apiVersion".into(), "apps/v1".into());
            m.insert("kind".into(), "Deployment".into());
        }
    }
    let input = OpInput {
        desired: Some(object.clone()),
        observed: Some(object),
        status_items,
        desired_replica: i32::from(mode >> 1) - 8,
    };
    let one = OpInput {
        observed: None,
        ..input.clone()
    };
    let run = |i: &Interpreter| {
        for op in Operation::ALL {
            let input = if op == Operation::Retain {
                &input
            } else {
                &one
            };
            if let Ok(outcome) = i.run(op, input) {
                let _ = kinterp::output::results::yaml(&outcome);
                let _ = kinterp::output::results::json(&outcome);
            }
        }
    };
    if custom {
        CUSTOM.with(run);
    } else {
        BUILTIN.with(run);
    }
});

//! Fuzz target: fuzzed Lua scripts as a customization's rules, run on the
//! fixed Deployment objects of testdata/deployment through the interpreter.
#![no_main]

use std::time::Duration;

use kinterp::interpreter::{Interpreter, Profile};
use kinterp::lua::sandbox::PrintSink;
use kinterp::ric::{Customization, CustomizationSet};
use kinterp::{OpInput, Operation};
use libfuzzer_sys::fuzz_target;

const DESIRED: &str = include_str!("../../testdata/deployment/desired.yaml");
const OBSERVED: &str = include_str!("../../testdata/deployment/observed.yaml");
const STATUS: &str = include_str!("../../testdata/deployment/status.yaml");

thread_local! {
    static INPUT: OpInput = OpInput {
        desired: Some(kinterp::input::parse_one_object("desired", "d.yaml", DESIRED).unwrap()),
        observed: Some(kinterp::input::parse_one_object("observed", "o.yaml", OBSERVED).unwrap()),
        status_items: Some(kinterp::input::parse_status_items("s.yaml", STATUS).unwrap()),
        desired_replica: 3,
    };
}

fuzz_target!(|data: &[u8]| {
    // Byte 0 picks the operation; the rest is the script.
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let op = Operation::ALL[usize::from(pick) % Operation::ALL.len()];
    let script = String::from_utf8_lossy(rest).into_owned();
    let mut scripts: [Option<String>; 8] = Default::default();
    scripts[op as usize] = Some(script);
    let interpreter = Interpreter {
        customizations: Some(CustomizationSet::new(vec![Customization {
            file: "fuzz.yaml".into(),
            name: "fuzz".into(),
            api_version: "apps/v1".into(),
            kind: "Deployment".into(),
            scripts,
        }])),
        builtins: false,
        profile: Profile {
            timeout: Duration::from_millis(200),
            memory_limit: Some(64 << 20),
            print: PrintSink::Discard,
        },
    };
    INPUT.with(|input| {
        let one = OpInput {
            observed: None,
            ..input.clone()
        };
        let input = if op == Operation::Retain { input } else { &one };
        if let Ok(outcome) = interpreter.run(op, input) {
            let _ = kinterp::output::results::yaml(&outcome);
            let _ = kinterp::output::results::json(&outcome);
        }
    });
});

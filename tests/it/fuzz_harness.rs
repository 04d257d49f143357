//! What each cargo-fuzz target does with one input, shared by the fuzz
//! crate (fuzz/fuzz_targets) and the replay of kept crash inputs here.

use std::cmp::Ordering;
use std::time::Duration;

use kinterp::go::{json::to_go_json, yaml::to_yaml};
use kinterp::input::{parse_documents, parse_one_object, parse_status_items};
use kinterp::interpreter::{Interpreter, Profile};
use kinterp::kube::quantity::{Quantity, from_json};
use kinterp::lua::convert::{json_to_lua, lua_to_json};
use kinterp::lua::emptyfix::{self, EmptyPaths, Target};
use kinterp::lua::sandbox::{PrintSink, new_state};
use kinterp::ric::{Customization, CustomizationSet, Document};
use kinterp::{OpInput, Operation};
use serde_json::Value;

const RIC: &str = include_str!("../../testdata/deployment/ric.yaml");
const DESIRED: &str = include_str!("../../testdata/deployment/desired.yaml");
const OBSERVED: &str = include_str!("../../testdata/deployment/observed.yaml");
const STATUS: &str = include_str!("../../testdata/deployment/status.yaml");

/// A short budget and a small state, so hangs and memory hogs end fast.
fn profile() -> Profile {
    Profile {
        timeout: Duration::from_millis(200),
        memory_limit: Some(64 << 20),
        print: PrintSink::Discard,
    }
}

/// YAML/JSON text into objects as `-f`, `--desired-file` and
/// `--status-file` read it, then printed back.
pub fn parse_input(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(docs) = parse_documents("fuzz.yaml", &text) {
        for doc in &docs {
            let _ = to_yaml(doc);
            let _ = to_go_json(doc);
        }
    }
    let _ = parse_status_items("fuzz.yaml", &text);
    let _ = parse_one_object("desired", "fuzz.yaml", &text);
}

thread_local! {
    static LUA: mlua::Lua = new_state(Some(64 << 20), PrintSink::Discard, kinterp::kube::lua::MODULES).expect("a Lua state");
}

/// A JSON value into a sandboxed Lua state and back, with the empty-table
/// fix using the value itself as the reference.
pub fn lua_roundtrip(data: &[u8]) {
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    LUA.with(|lua| {
        let Ok(table) = json_to_lua(lua, &value) else {
            return;
        };
        if let Ok(mut back) = lua_to_json(&table) {
            let target = if value.is_array() {
                Target::Slice
            } else {
                Target::Struct
            };
            emptyfix::fix(&mut back, target, &EmptyPaths::from_references(&[&value]));
        }
        drop(table);
        let _ = lua.gc_collect();
    });
}

/// Quantity text (two, split at the first `|`) parsed, printed, re-parsed
/// and added; the canonical text must keep the value below 10^21 (from
/// there Kubernetes prints the bare mantissa, and kinterp keeps that gap).
pub fn quantity(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (a, b) = text.split_once('|').unwrap_or((&text, "1"));
    let _ = from_json(&Value::String(a.to_string()));
    if let Ok(n) = serde_json::from_str::<serde_json::Number>(a) {
        let _ = from_json(&Value::Number(n));
    }
    let Ok(q) = Quantity::parse(a) else {
        return;
    };
    let canonical = q.to_string();
    let _ = (q.go_string(), q.go_dump(), q.as_f64());
    let _ = (q.checked_value(), q.checked_milli_value());
    let again = Quantity::parse(&canonical)
        .unwrap_or_else(|e| panic!("canonical text {canonical:?} of {a:?} does not parse: {e}"));
    if q.as_f64().abs() < 1e21 {
        assert_eq!(
            q.cmp_value(&again),
            Ordering::Equal,
            "{a:?} printed as {canonical:?} changes value"
        );
    }
    if let Ok(other) = Quantity::parse(b) {
        let mut sum = q.clone();
        sum.add(&other);
        let _ = (
            sum.to_string(),
            sum.checked_milli_value(),
            sum.cmp_value(&q),
        );
    }
}

fn deployment_customizations() -> CustomizationSet {
    let docs = parse_documents("ric.yaml", RIC).expect("ric.yaml parses");
    let items = docs
        .iter()
        .filter_map(|d| match kinterp::ric::decode("ric.yaml", d) {
            Ok(Document::Customization(c)) => Some(c),
            _ => None,
        })
        .collect();
    CustomizationSet::new(items)
}

/// Every operation, printed as YAML and JSON when it succeeds. Retain gets
/// desired and observed, the others the desired object only.
fn run_all(interpreter: &Interpreter, input: &OpInput, ops: &[Operation]) {
    let one = OpInput {
        observed: None,
        ..input.clone()
    };
    for &op in ops {
        let input = if op == Operation::Retain { input } else { &one };
        if let Ok(outcome) = interpreter.run(op, input) {
            let _ = kinterp_cli::output::results::yaml(&outcome);
            let _ = kinterp_cli::output::results::json(&outcome);
        }
    }
}

thread_local! {
    static CUSTOM: Interpreter = Interpreter {
        customizations: Some(deployment_customizations()),
        builtins: false,
        profile: profile(),
        bundled: None,
    };
    static BUILTIN: Interpreter = Interpreter {
        customizations: None,
        builtins: true,
        profile: profile(),
        bundled: None,
    };
}

/// A fuzzed object through every operation. Byte 0: bit 0 picks the
/// Deployment customization (0; apiVersion and kind forced) or the
/// built-ins (1), the other bits the replica number. The rest: the object,
/// optionally followed by status items after a `\n---\n`.
pub fn interpret_object(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let (obj_text, status_text) = match text.split_once("\n---\n") {
        Some((o, s)) => (o, Some(s)),
        None => (&*text, None),
    };
    let Ok(mut object) = parse_one_object("desired", "obj.yaml", obj_text) else {
        return;
    };
    let status_items = status_text.and_then(|s| parse_status_items("status.yaml", s).ok());
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
    let interpreter = if custom { &CUSTOM } else { &BUILTIN };
    interpreter.with(|i| run_all(i, &input, &Operation::ALL));
}

thread_local! {
    static DEPLOYMENT: OpInput = OpInput {
        desired: Some(parse_one_object("desired", "d.yaml", DESIRED).expect("desired")),
        observed: Some(parse_one_object("observed", "o.yaml", OBSERVED).expect("observed")),
        status_items: Some(parse_status_items("s.yaml", STATUS).expect("status")),
        desired_replica: 3,
    };
}

/// A fuzzed Lua script as one rule of a Deployment customization, run on
/// testdata/deployment's objects. Byte 0 picks the operation (modulo 8, in
/// `Operation::ALL` order); the rest is the script.
pub fn interpret_script(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let op = Operation::ALL[usize::from(pick) % Operation::ALL.len()];
    let mut scripts: [Option<String>; 8] = Default::default();
    scripts[op as usize] = Some(String::from_utf8_lossy(rest).into_owned());
    let interpreter = Interpreter {
        customizations: Some(CustomizationSet::new(vec![Customization {
            file: "fuzz.yaml".into(),
            name: "fuzz".into(),
            api_version: "apps/v1".into(),
            kind: "Deployment".into(),
            scripts,
            origin: None,
        }])),
        builtins: false,
        profile: profile(),
        bundled: None,
    };
    DEPLOYMENT.with(|input| run_all(&interpreter, input, &[op]));
}

/// Bytes linted twice: as the script of a customization's health rule,
/// and as a whole customization file.
pub fn lint(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let config = kinterp::lint::Config::default();
    // testdata/deployment's customization up to its rules, then the one
    // rule whose script is the input.
    let rules = "  customizations:\n";
    let head = RIC.find(rules).map_or(RIC, |at| &RIC[..at + rules.len()]);
    let mut file = format!("{head}    healthInterpretation:\n      luaScript: |\n");
    for line in text.lines() {
        file.push_str("        ");
        file.push_str(line);
        file.push('\n');
    }
    let _ = kinterp::lint::lint_text(std::path::Path::new("fuzz.yaml"), &file, &config);
    let _ = kinterp::lint::lint_text(std::path::Path::new("fuzz.yaml"), &text, &config);
}

/// Bytes as the language server's input stream: every frame read, every
/// error reply rendered, until the stream ends.
pub fn lsp_frames(data: &[u8]) {
    use kinterp_cli::lsp::framing::{Frame, read};
    let mut r = std::io::Cursor::new(data);
    loop {
        match read(&mut r) {
            Ok(Frame::Message(m)) => {
                let mut out = Vec::new();
                let _ = m.write(&mut out);
            }
            Ok(Frame::Invalid(e)) => {
                let _ = e.to_json();
            }
            Ok(Frame::End) | Err(_) => break,
        }
    }
}

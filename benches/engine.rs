//! In-process benchmarks of the engine's hot paths (divan): one operation
//! run, one customization check, and the YAML printer.

use kinterp::check::check_document;
use kinterp::input::parse_documents;
use kinterp::interpreter::{Interpreter, Profile};
use kinterp::lua::sandbox::PrintSink;
use kinterp::ops::{OpInput, Operation};
use kinterp::ric::{CustomizationSet, Document, decode};

fn main() {
    divan::main();
}

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn customization() -> Vec<Document> {
    let text = read("testdata/deployment/ric.yaml");
    parse_documents("ric.yaml", &text)
        .unwrap()
        .iter()
        .map(|d| decode("ric.yaml", d).unwrap())
        .collect()
}

#[divan::bench]
fn retain_in_process(bencher: divan::Bencher) {
    let items = customization()
        .into_iter()
        .filter_map(|d| match d {
            Document::Customization(c) => Some(c),
            _ => None,
        })
        .collect();
    let interpreter = Interpreter {
        customizations: Some(CustomizationSet::new(items)),
        builtins: false,
        profile: Profile {
            print: PrintSink::Discard,
            ..Profile::default()
        },
        bundled: None,
    };
    let desired = parse_documents("d", &read("testdata/deployment/desired.yaml"))
        .unwrap()
        .remove(0);
    let observed = parse_documents("o", &read("testdata/deployment/observed.yaml"))
        .unwrap()
        .remove(0);
    let input = OpInput {
        desired: Some(desired),
        observed: Some(observed),
        ..OpInput::default()
    };
    bencher.bench_local(|| interpreter.run(Operation::Retain, &input).unwrap());
}

/// Lints a customization no run has seen: each iteration's scripts carry
/// their own comment, so the per-thread lint memo never answers and the
/// figure is the real cost (compiling and loading every rule's script).
#[divan::bench]
fn check_one_customization(bencher: divan::Bencher) {
    let text = read("testdata/deployment/ric.yaml");
    let mut n = 0u64;
    bencher
        .with_inputs(|| {
            n += 1;
            let marked = text.replace("luaScript: |\n", &format!("luaScript: |\n        -- {n}\n"));
            let doc = parse_documents("ric.yaml", &marked).unwrap().remove(0);
            decode("ric.yaml", &doc).unwrap()
        })
        .bench_local_values(|doc| check_document(&doc, Some(256 << 20)));
}

#[divan::bench]
fn yaml_of_a_deployment(bencher: divan::Bencher) {
    let v = parse_documents("d", &read("testdata/deployment/desired.yaml"))
        .unwrap()
        .remove(0);
    bencher.bench_local(|| kinterp::go::yaml::to_yaml(&v));
}

#[divan::bench]
fn new_sandbox_state() -> mlua::Lua {
    kinterp::lua::sandbox::new_state(
        Some(256 << 20),
        PrintSink::Discard,
        kinterp::kube::lua::MODULES,
    )
    .unwrap()
}

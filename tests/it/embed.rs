//! The library as an embedder uses it: no process-wide state changes.
//! A script that loops forever ends at its time limit through the Lua
//! hook alone, with no SIGALRM handler installed and no `_exit`.

use std::time::{Duration, Instant};

use kinterp::{Interpreter, Kind, OpInput, Operation, PrintSink, Profile};
use serde_json::json;

fn alarm_handler() -> libc::sighandler_t {
    // SAFETY: sigaction with a null new action only reads the current one.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(libc::SIGALRM, std::ptr::null(), &mut old);
        old.sa_sigaction
    }
}

#[test]
fn timeouts_hold_without_signals() {
    let ric = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: spin}
spec:
  target: {apiVersion: apps/v1, kind: Deployment}
  customizations:
    healthInterpretation:
      luaScript: |
        function InterpretHealth(obj)
          while true do end
        end
";
    let profile = Profile {
        timeout: Duration::from_millis(200),
        print: PrintSink::Discard,
        ..Profile::default()
    };
    let set = kinterp::customizations_from_str("spin.yaml", ric).unwrap();
    let interpreter = Interpreter::customizations(set, profile);
    let input = OpInput {
        observed: Some(json!({"apiVersion": "apps/v1", "kind": "Deployment"})),
        ..OpInput::default()
    };
    assert!(!kinterp::runtime::process_owned());
    let start = Instant::now();
    let err = interpreter
        .run(Operation::InterpretHealth, &input)
        .unwrap_err();
    assert_eq!(err.kind, Kind::Timeout);
    assert_eq!(err.message, "<string>:2: context deadline exceeded");
    assert!(start.elapsed() < Duration::from_secs(5));
    // No handler was installed, no timer armed: SIGALRM keeps its default.
    assert_eq!(alarm_handler(), libc::SIG_DFL);
    // The interpreter is usable again.
    let err = interpreter
        .run(Operation::InterpretHealth, &input)
        .unwrap_err();
    assert_eq!(err.kind, Kind::Timeout);
}

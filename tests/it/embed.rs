//! The library as an embedder uses it: no process-wide state changes.
//! A script that loops forever ends at its time limit through the Lua
//! hook alone, with no SIGALRM handler installed and no `_exit`. By
//! contrast, the binary (which owns its process) has the watchdog.

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
    assert!(!kinterp_cli::runtime::process_owned());
    let start = Instant::now();
    let err = interpreter
        .run(Operation::InterpretHealth, &input)
        .unwrap_err();
    assert_eq!(err.kind, Kind::Timeout);
    assert_eq!(
        err.message,
        "<string>:2: context deadline exceeded\nstack traceback:\n\t<string>:2: in main chunk\n\t[G]: ?"
    );
    assert!(start.elapsed() < Duration::from_secs(5));
    // No handler was installed, no timer armed: SIGALRM keeps its default.
    assert_eq!(alarm_handler(), libc::SIG_DFL);
    // The interpreter is usable again.
    let err = interpreter
        .run(Operation::InterpretHealth, &input)
        .unwrap_err();
    assert_eq!(err.kind, Kind::Timeout);
}

/// The binary, by contrast, owns its process: a call stuck inside one
/// long C function (a backtracking pattern), where the hook cannot run,
/// is ended by the watchdog a second past its budget.
#[test]
fn the_binary_watchdog_ends_a_stuck_call() {
    let _serial = crate::timing_lock();
    let ric = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: stuck}
spec:
  target: {apiVersion: example.io/v1, kind: Widget}
  customizations:
    healthInterpretation:
      luaScript: |
        function InterpretHealth(obj)
          local s = 'a'
          for i = 1, 14 do s = s .. s end
          return string.find(s, '.-.-.-.-b') ~= nil
        end
";
    let widget = crate::root().join("testdata/inputs/widget.yaml");
    let start = Instant::now();
    crate::builder::Test::new()
        .file("ric.yaml", ric)
        .args(["--timeout", "100ms", "interpret", "-f", "ric.yaml"])
        .args(["--operation", "InterpretHealth", "--observed-file"])
        .arg(widget.display().to_string())
        .stdout("")
        .stderr("error: a Lua script call ran more than 1s past its time limit inside a library function and could not be interrupted; stopping\n")
        .status(1)
        .run();
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(1100), "{took:?}");
    assert!(took < Duration::from_secs(10), "{took:?}");
}

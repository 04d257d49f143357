//! Fuzz target: Kubernetes quantity text parsed, printed, re-parsed and
//! added, as the native interpreters and `kube` Lua library use it.
#![no_main]

use std::cmp::Ordering;

use kinterp::kube::quantity::{Quantity, from_json};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // Two quantities: the text up to the first '|' and the rest.
    let (a, b) = text.split_once('|').unwrap_or((&text, "1"));
    let _ = from_json(&serde_json::Value::String(a.to_string()));
    if let Ok(n) = serde_json::from_str::<serde_json::Number>(a) {
        let _ = from_json(&serde_json::Value::Number(n));
    }
    let Ok(q) = Quantity::parse(a) else {
        return;
    };
    let canonical = q.to_string();
    let _ = q.go_string();
    let _ = q.go_dump();
    let _ = q.as_f64();
    let _ = q.checked_value();
    let _ = q.checked_milli_value();
    let again = Quantity::parse(&canonical)
        .unwrap_or_else(|e| panic!("canonical text {canonical:?} of {a:?} does not parse: {e}"));
    // From 10^21 up Kubernetes has no suffix and prints the bare mantissa
    // (`1000E` prints `1`); kinterp keeps that gap, so only smaller values
    // must keep their value through the canonical text.
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
        let _ = sum.to_string();
        let _ = sum.checked_milli_value();
        let _ = sum.cmp_value(&q);
    }
});

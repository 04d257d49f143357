//! kinterp: run, lint and test Karmada resource interpreter customizations
//! offline, with results equal to Karmada's, value for value.
//!
//! This crate is the engine: it returns data and never parses flags,
//! prints or changes process-wide state (no signal handler, no allocator
//! tuning, no exit). The command line, the renderers and the language
//! server are the `kinterp-cli` crate above it.
//!
//! # The facade
//!
//! - load customizations: [`customizations_from_str`], [`load_customizations`]
//!   (files, directories, globs), more in [`load`];
//! - run an operation: [`Interpreter::run`] with an [`OpInput`] lent, or
//!   [`Interpreter::run_owned`] given it (a large input, e.g. a status file
//!   read through [`input::bulk::Intake`], is freed as it goes into Lua);
//! - check customizations: [`check::check_str`];
//! - run test cases: [`testrun::parse_cases`], [`testrun::run_all`];
//! - every failure is one [`Diagnostic`] (kind, message, hints, location);
//!
//! # Deeply nested input
//!
//! Karmada's readers accept values nested 10 000 levels deep, and so does
//! kinterp; reading, converting, printing and dropping such a value
//! recurses once or more per level, which a spawned thread's default
//! 2 MiB stack does not hold. An embedder that may meet such input runs
//! its calls, and drops their results, inside [`deep::with_stack`] (the
//! command line runs `main` and its worker threads on such a stack).
//!
//! # Running an operation
//!
//! ```
//! use kinterp::{Interpreter, OpInput, Operation, PrintSink, Profile};
//! use serde_json::json;
//!
//! let ric = r#"
//! apiVersion: config.karmada.io/v1alpha1
//! kind: ResourceInterpreterCustomization
//! metadata: {name: replicas}
//! spec:
//!   target: {apiVersion: apps/v1, kind: Deployment}
//!   customizations:
//!     replicaResource:
//!       luaScript: |
//!         function GetReplicas(obj)
//!           return obj.spec.replicas, nil
//!         end
//! "#;
//! // A 1 s budget per call, 256 MiB per Lua state; `print` goes to the
//! // profile's sink (dropped by default: the library writes nothing).
//! let profile = Profile { print: PrintSink::Stderr, ..Profile::default() };
//! let interpreter = Interpreter::customizations(
//!     kinterp::customizations_from_str("ric.yaml", ric)?,
//!     profile,
//! );
//! let input = OpInput {
//!     desired: Some(json!({"apiVersion": "apps/v1", "kind": "Deployment", "spec": {"replicas": 3}})),
//!     ..OpInput::default()
//! };
//! let outcome = interpreter.run(Operation::InterpretReplica, &input)?;
//! assert_eq!(outcome.get("replica"), Some(&json!(3)));
//! # Ok::<(), kinterp::Diagnostic>(())
//! ```
//!
//! # A failing script
//!
//! The diagnostic carries Karmada's message and where it happened: the
//! customization, the rule, the script line and the file's own line.
//!
//! ```
//! use kinterp::{Interpreter, Kind, OpInput, Operation, Position, Profile};
//! use serde_json::json;
//!
//! let ric = "apiVersion: config.karmada.io/v1alpha1
//! kind: ResourceInterpreterCustomization
//! metadata: {name: health}
//! spec:
//!   target: {apiVersion: apps/v1, kind: Deployment}
//!   customizations:
//!     healthInterpretation:
//!       luaScript: |
//!         function InterpretHealth(obj)
//!           error('no status')
//!         end
//! ";
//! let set = kinterp::customizations_from_str("ric.yaml", ric).unwrap();
//! let interpreter = Interpreter::customizations(set, Profile::default());
//! let input = OpInput {
//!     observed: Some(json!({"apiVersion": "apps/v1", "kind": "Deployment"})),
//!     ..OpInput::default()
//! };
//! let err = interpreter.run(Operation::InterpretHealth, &input).unwrap_err();
//! assert_eq!(err.kind, Kind::Runtime);
//! assert_eq!(
//!     err.message,
//!     "<string>:2: no status\nstack traceback:\n\t[G]: in function 'error'\n\t<string>:2: in main chunk\n\t[G]: ?"
//! );
//! assert_eq!(err.location.rule.as_deref(), Some("InterpretHealth"));
//! assert_eq!(err.location.customization.as_deref(), Some("health"));
//! assert_eq!(err.location.script, Some(Position::new(2, 0)));
//! assert_eq!(err.location.position, Some(Position::new(10, 11)));
//! ```
//!
//! # Running test cases
//!
//! ```
//! use kinterp::{Interpreter, Profile, testrun};
//!
//! let cases = "name: ready deployment
//! operation: InterpretHealth
//! observedObj:
//!   apiVersion: apps/v1
//!   kind: Deployment
//!   metadata: {name: web, generation: 1}
//!   spec: {replicas: 2}
//!   status: {observedGeneration: 1, replicas: 2, updatedReplicas: 2, availableReplicas: 2}
//! output:
//!   healthy: true
//! ";
//! let cases = testrun::parse_cases("cases.yaml", cases).unwrap();
//! let interpreter = Interpreter::builtins(Profile::default());
//! let refs: Vec<_> = cases.iter().collect();
//! let results = testrun::run_all(&interpreter, &refs, 1);
//! assert!(results[0].passed(), "{:?}", results[0]);
//! ```

// Every failure is one `Diagnostic` (about 200 bytes, with its location);
// errors are the cold path, and one type everywhere beats boxing it.
#![allow(clippy::result_large_err)]

pub mod check;
pub mod contract;
pub mod coverage;
pub mod crd;
pub mod deep;
pub mod diag;
pub mod gotypes;
pub mod input;
pub mod interpreter;
pub mod kube;
pub mod lint;
pub mod load;
pub mod locate;
/// The sandboxed Lua VM with gopher-lua's behaviour (the `kinterp-vm`
/// crate).
pub use kinterp_vm as lua;
pub mod native;
pub mod ops;
pub mod parallel;
pub mod ric;
pub mod simulate;
pub mod suggest;
pub mod testrun;
pub mod thirdparty;
pub mod trace;

pub use diag::{Diagnostic, Kind, Location, Position, Severity};
pub use interpreter::{Interpreter, Profile};
/// Go's semantics (the `kinterp-go` crate): go-yaml's printer and
/// resolver, encoding/json's numbers, as karmadactl shows values.
pub use kinterp_go as go;
pub use load::{customizations_from_str, load_customizations};
pub use lua::sandbox::PrintSink;
pub use ops::{OpInput, Operation, Outcome};

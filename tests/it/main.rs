//! The integration tests: the `kinterp` binary driven end to end, with
//! insta snapshots of what users see.

mod authoring;
mod builder;
mod bundled;
mod check;
mod cluster;
mod coverage;
mod depth;
mod edit;
mod editor;
mod embed;
mod fuzz_harness;
mod generated;
mod hostile;
mod hostile_surfaces;
mod input_files;
mod inputs;
mod interpret;
mod lint;
mod lint_crd;
mod luaparse;
mod luavm;
mod native;
mod props;
mod readers;
mod regressions;
mod sandbox;
mod scaling;
mod simulate;
mod testcmd;
mod tidy;

use std::process::Command;

/// `kinterp` run from the crate root, without colour or inherited noise.
pub fn kinterp() -> Command {
    let mut cmd = Command::new(insta_cmd::get_cargo_bin("kinterp"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd.env_remove("NO_COLOR");
    cmd.env_remove("KUBE_EDITOR");
    cmd.env_remove("EDITOR");
    cmd.env_remove("VISUAL");
    cmd.env("RUST_BACKTRACE", "0");
    cmd
}

/// The crate root (where `testdata/` is).
pub fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Serializes the tests that assert wall-clock bounds, so that they do not
/// compete with each other for the machine's two cores.
pub fn timing_lock() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// Says why a test did not run its check. Written to the process's
/// stderr itself: the test harness captures only `print!`/`eprint!`, so a
/// plain `cargo test` shows this line.
pub fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipped: {why}");
}

/// Runs a test without asserting; returns (exit code, stdout, stderr).
pub fn output(test: builder::Test) -> (i32, String, String) {
    let out = test.output();
    (out.status, out.stdout, out.stderr)
}

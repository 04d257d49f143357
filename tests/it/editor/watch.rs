//! `--watch`: a change to the customization starts a second run.

use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use super::{kinterp, scratch};

const RIC: &str = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata:
  name: watched
spec:
  target:
    apiVersion: apps/v1
    kind: Deployment
  customizations:
    healthInterpretation:
      luaScript: |
        function InterpretHealth(observedObj)
          return HEALTHY
        end
";

const CASE: &str = "name: healthy when said so
operation: InterpretHealth
observedObj:
  apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web
output:
  healthy: true
";

/// Kills the watcher however the test ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn lines_of(child: &mut Child) -> Receiver<String> {
    let out = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in out.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The next summary line, within a bounded wait.
fn summary(rx: &Receiver<String>) -> String {
    loop {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("a run's summary within 30 s");
        if line.contains(" passed, ") {
            return line;
        }
    }
}

#[test]
fn test_runs_again_when_the_customization_changes() {
    let dir = scratch("watch");
    let ric = dir.join("ric.yaml");
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    std::fs::write(dir.join("cases/health.yaml"), CASE).unwrap();
    std::fs::write(&ric, RIC.replace("HEALTHY", "true")).unwrap();
    let mut cmd = kinterp();
    cmd.args([
        "test", "cases", "-f", "ric.yaml", "--watch", "--color", "never",
    ])
    .current_dir(&dir)
    .stdout(Stdio::piped())
    .stderr(Stdio::null());
    // Ctrl-C's default action ends the program. A test run started in the
    // background of a script inherits SIGINT ignored, as its children
    // would: give the child the default action, as a terminal would.
    // SAFETY: signal(2) is async-signal-safe, so callable after fork.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut cmd, || {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = cmd.spawn().unwrap();
    let rx = lines_of(&mut child);
    let mut running = Running(child);
    assert_eq!(summary(&rx), "1 passed, 0 failed");
    // The watcher is set up before the first run: a change now is seen.
    std::fs::write(&ric, RIC.replace("HEALTHY", "false")).unwrap();
    assert_eq!(summary(&rx), "0 passed, 1 failed");
    // And a change to a case file too.
    std::fs::write(dir.join("cases/health.yaml"), CASE.replace("true", "false")).unwrap();
    assert_eq!(summary(&rx), "1 passed, 0 failed");
    // Ctrl-C ends it.
    let pid = running.0.id() as libc::pid_t;
    // SAFETY: a plain kill(2) of the child this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = running.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "still running after Ctrl-C"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGINT));
    drop(running);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The next line equal to one of `wanted`, within a bounded wait.
fn line_among(rx: &Receiver<String>, wanted: &[&str]) -> String {
    loop {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("a run's result within 30 s");
        if wanted.contains(&line.as_str()) {
            return line;
        }
    }
}

#[test]
fn interpret_runs_again_when_the_object_changes() {
    let dir = scratch("watch-interpret");
    std::fs::write(
        dir.join("ric.yaml"),
        RIC.replace("HEALTHY", "observedObj.spec.replicas > 0"),
    )
    .unwrap();
    let object =
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n";
    std::fs::write(dir.join("obj.yaml"), object).unwrap();
    let mut child = kinterp()
        .args([
            "interpret",
            "-f",
            "ric.yaml",
            "--operation",
            "InterpretHealth",
            "--observed-file",
            "obj.yaml",
            "--watch",
        ])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let rx = lines_of(&mut child);
    let _running = Running(child);
    assert_eq!(line_among(&rx, &["true", "false"]), "true");
    std::fs::write(
        dir.join("obj.yaml"),
        object.replace("replicas: 2", "replicas: 0"),
    )
    .unwrap();
    assert_eq!(line_among(&rx, &["true", "false"]), "false");
    drop(_running);
    let _ = std::fs::remove_dir_all(&dir);
}

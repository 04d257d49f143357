//! Editor feedback end to end: `kinterp lsp` driven over standard input and
//! output as an editor drives it (and by Neovim itself, where installed),
//! and `--watch` re-running when a file changes.

mod client;
mod lsp;
mod lsp_hostile;
mod nvim;
mod precision;
mod watch;

use std::path::PathBuf;
use std::process::Command;

/// The binary under test.
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_kinterp"))
}

/// `kinterp` with a clean environment for colour and editors.
pub fn kinterp() -> Command {
    let mut cmd = Command::new(bin());
    cmd.env_remove("NO_COLOR");
    cmd.env("RUST_BACKTRACE", "0");
    cmd
}

/// A fresh scratch directory under the target directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A customization whose InterpretHealth script has a syntax error on
/// script line 2 (file line 13): the `@` at file column 23.
pub const BROKEN: &str = "apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata:
  name: demo
spec:
  target:
    apiVersion: apps/v1
    kind: Deployment
  customizations:
    healthInterpretation:
      luaScript: |
        function InterpretHealth(observedObj)
          local x = 1 @ 2
          return x == 1 and observedObj.status ~= nil
        end
    replicaResource:
      luaScript: |
        local kube = require(\"kube\")
        function GetReplicas(obj)
          local requires = kube.accuratePodRequirements(obj.spec.template)
          return obj.spec.replicas, requires
        end
";

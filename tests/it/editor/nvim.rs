//! A real editor as the client: Neovim, headless, opens a customization
//! with `kinterp lsp` attached and reads back the diagnostic it published.
//! Skipped, saying why, where `nvim` is not installed (`.ci/run` installs
//! Debian's package).

use std::process::Command;
use std::time::{Duration, Instant};

use super::{BROKEN, bin, scratch};

/// Attaches the server the way docs/editors.md tells users to (with the
/// pre-0.8 API as a fallback: Debian 12 ships 0.7), waits for diagnostics,
/// writes them to OUT as `line:col:severity:message` (0-based, Neovim's).
const SCRIPT: &str = r#"
local bin, out = vim.env.KINTERP_BIN, vim.env.KINTERP_OUT
local config = { name = "kinterp", cmd = { bin, "lsp" }, root_dir = vim.fn.getcwd() }
if vim.lsp.start then
  vim.lsp.start(config)
else
  local id = vim.lsp.start_client(config)
  vim.lsp.buf_attach_client(0, id)
end
local ok = vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20)
local lines = {}
if not ok then table.insert(lines, "timeout") end
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(lines, string.format("%d:%d:%d:%s", d.lnum, d.col, d.severity, d.message))
end
vim.fn.writefile(lines, out)
vim.cmd("qall!")
"#;

#[test]
#[ignore = "slow: drives Neovim; `cargo test --test it -- --ignored` runs it, as .ci/run does"]
fn neovim_shows_the_diagnostic() {
    let Ok(version) = Command::new("nvim").arg("--version").output() else {
        crate::skipped("nvim is not installed (apt-get install neovim; .ci/run does)");
        return;
    };
    let version = String::from_utf8_lossy(&version.stdout);
    eprintln!("client: {}", version.lines().next().unwrap_or("nvim"));
    let dir = scratch("nvim");
    std::fs::write(dir.join("ric.yaml"), BROKEN).unwrap();
    std::fs::write(dir.join("attach.lua"), SCRIPT).unwrap();
    let out = dir.join("diagnostics.txt");
    let mut child = Command::new("nvim")
        .args([
            "--headless",
            "--clean",
            "-n",
            "ric.yaml",
            "-c",
            "luafile attach.lua",
        ])
        .current_dir(&dir)
        .env("KINTERP_BIN", bin())
        .env("KINTERP_OUT", &out)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("nvim did not finish within 30 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "nvim: {status}");
    let got = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), 1, "{got}");
    // 0-based line 12, column 22: the `@` of file line 13, column 23.
    assert!(lines[0].starts_with("12:22:1:"), "{got}");
    assert!(lines[0].contains("near '@'"), "{got}");
    let _ = std::fs::remove_dir_all(&dir);
}

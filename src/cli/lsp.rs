//! `kinterp lsp`: the language server on standard input and output.

use clap::Args;

use super::GlobalArgs;
use kinterp::diag::Diagnostic;

pub const EXAMPLES: &str = "Examples:
  # Started by an editor, which talks to it on standard input and output
  kinterp lsp

  # Set-up for Neovim, VS Code, Helix and Emacs: docs/editors.md";

/// Arguments of `kinterp lsp` (none: editors start it bare).
#[derive(Debug, Args)]
pub struct LspArgs {}

/// Runs the language server until the editor ends it.
pub fn run(_global: &GlobalArgs, _args: LspArgs) -> Result<i32, Diagnostic> {
    crate::lsp::run_stdio().map_err(|e| Diagnostic::runtime(format!("kinterp lsp: {e}")))
}

//! Deciding colour once per stream: `--color`, `NO_COLOR`, and whether the
//! stream is a terminal.

use std::io::IsTerminal;

use super::ColorChoice;

/// Whether to colour standard output.
pub fn stdout_color(choice: ColorChoice) -> bool {
    decide(choice, std::io::stdout().is_terminal())
}

/// The rule: `always` and `never` win; `auto` colours a terminal unless
/// `NO_COLOR` is set to a non-empty value.
pub fn decide(choice: ColorChoice, is_terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

//! Unified diffs of YAML renderings (`--diff`, `kinterp test` failures),
//! coloured only when asked.

use owo_colors::OwoColorize;
use serde_json::Value;
use similar::TextDiff;

use kinterp_go::yaml::to_yaml;

/// A unified diff (3 lines of context) of two texts; empty when equal.
pub fn unified(old: &str, new: &str, old_name: &str, new_name: &str, color: bool) -> String {
    if old == new {
        return String::new();
    }
    let diff = TextDiff::from_lines(old, new);
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header(old_name, new_name)
        .missing_newline_hint(false)
        .to_string();
    if !color {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive('\n') {
        let (body, nl) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let painted = if body.starts_with("---") || body.starts_with("+++") {
            body.bold().to_string()
        } else if body.starts_with("@@") {
            body.cyan().to_string()
        } else if body.starts_with('-') {
            body.red().to_string()
        } else if body.starts_with('+') {
            body.green().to_string()
        } else {
            body.to_string()
        };
        out.push_str(&painted);
        out.push_str(nl);
    }
    out
}

/// `--diff`: the input object against the result, or `no changes`.
pub fn diff(
    before: &Value,
    after: &Value,
    before_name: &str,
    after_name: &str,
    color: bool,
) -> String {
    let text = unified(
        &to_yaml(before),
        &to_yaml(after),
        before_name,
        after_name,
        color,
    );
    if text.is_empty() {
        "no changes\n".to_string()
    } else {
        text
    }
}

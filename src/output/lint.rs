//! Rendering findings: human (rustc-style, with the YAML line and a caret),
//! JSON, SARIF 2.1.0 and GitHub workflow commands. Each renderer returns
//! the whole text; the CLI decides where it goes.

use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use owo_colors::OwoColorize;
use serde_json::{Value, json};

use crate::output::visible;
use kinterp::diag::{Diagnostic, Severity};
use kinterp::lint::RULES;

/// Counts of findings by severity.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
}

impl Summary {
    pub fn of(findings: &[Diagnostic]) -> Summary {
        let mut s = Summary::default();
        for d in findings {
            match d.severity {
                Severity::Error => s.errors += 1,
                Severity::Warning => s.warnings += 1,
                Severity::Info => s.infos += 1,
            }
        }
        s
    }
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn file_of(d: &Diagnostic) -> String {
    d.location
        .file
        .as_ref()
        .map(|f| f.display().to_string())
        .unwrap_or_default()
}

fn line_col(d: &Diagnostic) -> (usize, usize) {
    d.location
        .position
        .map_or((1, 1), |p| (p.line.max(1), p.column.max(1)))
}

/// The rustc-style report: each finding with the file's line and a caret,
/// then a summary line. `texts` holds each file's text.
pub fn human(
    findings: &[Diagnostic],
    texts: &HashMap<PathBuf, String>,
    files: usize,
    color: bool,
) -> String {
    let mut out = String::new();
    let lines: HashMap<&PathBuf, Vec<&str>> = texts
        .iter()
        .map(|(p, t)| (p, t.lines().collect()))
        .collect();
    for d in findings {
        let (line, col) = line_col(d);
        let sev = d.severity.as_str();
        let code = d.code.as_deref().unwrap_or("lint");
        let head = format!("{sev}[{code}]");
        let head = if !color {
            head
        } else {
            match d.severity {
                Severity::Error => head.red().bold().to_string(),
                Severity::Warning => head.yellow().bold().to_string(),
                Severity::Info => head.cyan().bold().to_string(),
            }
        };
        // Keys, names and file lines come from the files: escaped.
        let message = visible::line(&d.message);
        let message = if color {
            message.bold().to_string()
        } else {
            message.into_owned()
        };
        let _ = writeln!(out, "{head}: {message}");
        let width = line.to_string().len();
        let pad = " ".repeat(width);
        let bar = |s: &str| {
            if color {
                s.blue().bold().to_string()
            } else {
                s.to_string()
            }
        };
        let _ = writeln!(
            out,
            "{pad}{} {}:{line}:{col}",
            bar("-->"),
            visible::line(&file_of(d))
        );
        let source = d
            .location
            .file
            .as_ref()
            .and_then(|f| lines.get(f))
            .and_then(|l| l.get(line - 1));
        if let Some(src) = source {
            let src = src.replace('\t', " ");
            let (src, col) = window(&src, col);
            let _ = writeln!(out, "{pad} {}", bar("|"));
            let shown = visible::line(&src);
            let _ = writeln!(out, "{} {} {shown}", bar(&line.to_string()), bar("|"));
            let rest: String = src.chars().skip(col - 1).collect();
            let word = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .count()
                .max(1);
            let caret = "^".repeat(word);
            let caret = if !color {
                caret
            } else if d.severity == Severity::Error {
                caret.red().bold().to_string()
            } else {
                caret.yellow().bold().to_string()
            };
            let _ = writeln!(out, "{pad} {} {}{caret}", bar("|"), " ".repeat(col - 1));
        }
        if let Some(where_) = context(d) {
            let _ = writeln!(out, "{pad} {} note: {}", bar("="), visible::line(&where_));
        }
        for h in &d.hints {
            let _ = writeln!(out, "{pad} {} help: {}", bar("="), visible::line(h));
        }
        out.push('\n');
    }
    let s = Summary::of(findings);
    let _ = writeln!(
        out,
        "{}, {}, {} in {}",
        plural(s.errors, "error"),
        plural(s.warnings, "warning"),
        plural(s.infos, "info"),
        plural(files, "file")
    );
    out
}

/// `customization NAME, InterpretHealth`.
fn context(d: &Diagnostic) -> Option<String> {
    let l = &d.location;
    match (&l.customization, &l.rule) {
        (Some(c), Some(r)) => Some(format!("customization `{c}`, operation {r}")),
        (Some(c), None) => Some(format!("customization `{c}`")),
        (None, Some(r)) => Some(format!("operation {r}")),
        (None, None) => None,
    }
}

/// The message with its hints, for one-line formats.
fn full_message(d: &Diagnostic) -> String {
    let mut m = d.message.clone();
    for h in &d.hints {
        m.push_str(&format!(" (help: {h})"));
    }
    m
}

/// `{"findings": [...], "summary": {...}}`, each finding's keys in the
/// documented order (rule, severity, file, line, column, customization,
/// operation, message, hints).
pub fn json(findings: &[Diagnostic], files: usize) -> String {
    let value = |v: Value| v.to_string();
    let items: Vec<String> = findings
        .iter()
        .map(|d| {
            let (line, column) = line_col(d);
            format!(
                "{{\"rule\":{},\"severity\":{},\"file\":{},\"line\":{line},\"column\":{column},\"customization\":{},\"operation\":{},\"message\":{},\"hints\":{}}}",
                value(json!(d.code)),
                value(json!(d.severity.as_str())),
                value(json!(file_of(d))),
                value(json!(d.location.customization)),
                value(json!(d.location.rule)),
                value(json!(d.message)),
                value(json!(d.hints)),
            )
        })
        .collect();
    let s = Summary::of(findings);
    format!(
        "{{\"findings\":[{}],\"summary\":{{\"errors\":{},\"warnings\":{},\"infos\":{},\"files\":{files}}}}}\n",
        items.join(","),
        s.errors,
        s.warnings,
        s.infos
    )
}

fn sarif_level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// A file name as a SARIF artifact URI: relative paths stay relative (to
/// the checkout, `%SRCROOT%`), with forward slashes.
fn artifact(path: &str) -> Value {
    let p = Path::new(path);
    let uri: String = path
        .replace('\\', "/")
        .split('/')
        .map(|seg| {
            seg.bytes()
                .map(|b| match b {
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                        (b as char).to_string()
                    }
                    _ => format!("%{b:02X}"),
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/");
    if p.is_absolute() {
        json!({"uri": format!("file://{uri}")})
    } else {
        json!({"uri": uri.trim_start_matches("./"), "uriBaseId": "%SRCROOT%"})
    }
}

/// SARIF 2.1.0, one run, every rule declared in the driver.
pub fn sarif(findings: &[Diagnostic]) -> String {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "name": r.id,
                "shortDescription": {"text": r.summary},
                "fullDescription": {"text": r.docs},
                "help": {"text": r.docs},
                "defaultConfiguration": {"level": sarif_level(r.severity)},
            })
        })
        .collect();
    let results: Vec<Value> = findings
        .iter()
        .map(|d| {
            let (line, column) = line_col(d);
            let id = d.code.clone().unwrap_or_default();
            let index = RULES.iter().position(|r| r.id.as_str() == id).unwrap_or(0);
            let mut location = json!({
                "physicalLocation": {
                    "artifactLocation": artifact(&file_of(d)),
                    "region": {"startLine": line, "startColumn": column},
                },
            });
            if let Some(c) = context(d) {
                location["logicalLocations"] = json!([{
                    "fullyQualifiedName": c,
                    "kind": "function",
                }]);
            }
            json!({
                "ruleId": id,
                "ruleIndex": index,
                "level": sarif_level(d.severity),
                "message": {"text": full_message(d)},
                "locations": [location],
            })
        })
        .collect();
    let doc = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "kinterp",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": "./"}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
    text.push('\n');
    text
}

/// Escapes workflow command data (`%`, CR, LF) and, for properties, `:`
/// and `,`.
fn escape(text: &str, property: bool) -> String {
    let mut s = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    if property {
        s = s.replace(':', "%3A").replace(',', "%2C");
    }
    s
}

/// One GitHub Actions workflow command per finding.
pub fn github(findings: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in findings {
        let (line, col) = line_col(d);
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let title = format!("kinterp {}", d.code.as_deref().unwrap_or("lint"));
        let _ = writeln!(
            out,
            "::{command} file={},line={line},col={col},title={}::{}",
            escape(&file_of(d), true),
            escape(&title, true),
            escape(&full_message(d), false)
        );
    }
    out
}

/// The most characters of a source line a finding shows.
const SHOWN_LINE: usize = 120;

/// The part of `src` a finding shows, and the column `col` becomes in it:
/// a line longer than [`SHOWN_LINE`] characters (a minified JSON file, a
/// deeply nested flow collection) is cut to a window around the column,
/// each cut end marked `...`, so that one finding stays a few lines.
fn window(src: &str, col: usize) -> (String, usize) {
    let len = src.chars().count();
    if len <= SHOWN_LINE {
        return (src.to_string(), col);
    }
    let at = col.saturating_sub(1).min(len);
    // A third of the window before the column, the rest after it.
    let start = at.saturating_sub(SHOWN_LINE / 3).min(len - SHOWN_LINE);
    let end = start + SHOWN_LINE;
    let mut shown = String::new();
    if start > 0 {
        shown.push_str("...");
    }
    shown.extend(src.chars().skip(start).take(SHOWN_LINE));
    if end < len {
        shown.push_str("...");
    }
    let marks = if start > 0 { 3 } else { 0 };
    (shown, col - start + marks)
}

#[cfg(test)]
mod tests {
    use super::window;

    #[test]
    fn short_lines_are_shown_whole() {
        assert_eq!(window("kind: Foo", 7), ("kind: Foo".to_string(), 7));
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let line = format!("x: {}", "[".repeat(300));
        // At the start: the head, cut at the end.
        let (shown, col) = window(&line, 1);
        assert_eq!(shown, format!("x: {}...", "[".repeat(117)));
        assert_eq!(col, 1);
        // In the middle: both ends cut, the column kept on the same character.
        let line = format!("{}X{}", "a".repeat(200), "b".repeat(200));
        let (shown, col) = window(&line, 201);
        assert_eq!(shown.chars().nth(col - 1), Some('X'));
        assert!(shown.starts_with("...a") && shown.ends_with("b..."));
        assert_eq!(shown.chars().count(), 126);
        // At the end: the tail, cut at the start.
        let (shown, col) = window(&line, 401);
        assert!(shown.starts_with("...") && !shown.ends_with("..."));
        assert_eq!(shown.chars().nth(col - 1), Some('b'));
        assert_eq!(col, 123);
    }
}

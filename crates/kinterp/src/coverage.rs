//! `kinterp test --coverage`: which customizations, rules and script
//! lines the test cases ran.
//!
//! While a run records, the Lua runner (crates/vm/src/runtime/run.rs) names each script
//! it calls ([`enter`]) and its hook reports every line run ([`line()`]).
//! Recording is per thread and off unless [`start`] was called, so other
//! runs pay nothing but a thread-local check per script call. A [`Report`]
//! then maps script lines to the YAML file's lines (through
//! [`crate::locate`]) and renders a table, JSON and lcov.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;

use serde_json::{Value, json};

use crate::diag::Position;
use crate::ops::Operation;
use crate::ric::Customization;

/// What one thread recorded: per script text, its calls and line hits.
#[derive(Debug, Default)]
pub struct Recorder {
    index: HashMap<String, usize>,
    scripts: Vec<ScriptHits>,
    current: Option<usize>,
}

#[derive(Debug, Default, Clone)]
struct ScriptHits {
    calls: u64,
    lines: BTreeMap<usize, u64>,
}

thread_local! {
    static RECORDER: RefCell<Option<Recorder>> = const { RefCell::new(None) };
}

/// The VM's view of the recorder: the lines its runs execute.
struct Observer;

impl crate::lua::run::LineObserver for Observer {
    fn enter(&self, _function: &str, script: &str) {
        enter(script);
    }

    fn line(&self, _lua: &mlua::Lua, line: usize) {
        line_reached(line);
    }
}

/// Starts recording on this thread.
pub fn start() {
    RECORDER.with(|r| *r.borrow_mut() = Some(Recorder::default()));
    crate::lua::run::observe_lines(&Observer);
}

/// Stops recording on this thread and returns what was recorded.
pub fn finish() -> Recorder {
    crate::lua::run::stop_observing_lines(&Observer);
    RECORDER.with(|r| r.borrow_mut().take()).unwrap_or_default()
}

/// Whether this thread records.
pub fn active() -> bool {
    RECORDER.with(|r| r.borrow().is_some())
}

/// A script is about to run.
fn enter(script: &str) {
    RECORDER.with(|r| {
        let mut r = r.borrow_mut();
        let Some(rec) = r.as_mut() else { return };
        let i = match rec.index.get(script) {
            Some(i) => *i,
            None => {
                rec.scripts.push(ScriptHits::default());
                rec.index.insert(script.to_string(), rec.scripts.len() - 1);
                rec.scripts.len() - 1
            }
        };
        rec.scripts[i].calls += 1;
        rec.current = Some(i);
    });
}

/// The running script reached `line`.
fn line_reached(line: usize) {
    RECORDER.with(|r| {
        let mut r = r.borrow_mut();
        let Some(rec) = r.as_mut() else { return };
        if let Some(i) = rec.current {
            *rec.scripts[i].lines.entry(line).or_insert(0) += 1;
        }
    });
}

/// The coverage of one rule of one customization.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleCoverage {
    /// The customization's file, as named.
    pub file: String,
    pub customization: String,
    pub operation: Operation,
    /// How many times the rule's script was called.
    pub calls: u64,
    /// The file line of the rule's key (for lcov's function record).
    pub key_line: usize,
    /// Each coverable line: (file line, script line, hits).
    pub lines: Vec<(usize, usize, u64)>,
}

impl RuleCoverage {
    pub fn covered(&self) -> usize {
        self.lines.iter().filter(|(_, _, h)| *h > 0).count()
    }
}

/// Coverage of every rule of the customizations under test.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Report {
    pub rules: Vec<RuleCoverage>,
}

/// The lines of a script that hold code a line hook can stop at: every
/// line with a token, except lines of nothing but closers and keywords
/// that compile to no instruction of their own.
pub fn coverable_lines(script: &str) -> BTreeSet<usize> {
    crate::lint::ScriptFacts::new(script)
        .coverable_lines()
        .clone()
}

impl Report {
    /// Builds the report for `customizations`; `text_of` gives a file's
    /// text (for file line numbers), `None` keeps script lines.
    pub fn build<'t>(
        customizations: &[Customization],
        text_of: impl Fn(&str) -> Option<&'t str>,
        rec: &Recorder,
    ) -> Report {
        let mut maps: HashMap<String, crate::locate::FileMap> = HashMap::new();
        let mut rules = Vec::new();
        for c in customizations {
            // A loaded customization keeps its file's text and positions
            // (located once per file, shared with error positions).
            let kept = c.origin.as_ref().map(|o| o.source.map());
            if kept.is_none() && !maps.contains_key(&c.file) {
                if let Some(text) = text_of(&c.file) {
                    maps.insert(c.file.clone(), crate::locate::locate(text));
                }
            }
            let located = kept.or_else(|| maps.get(&c.file)).and_then(|m| {
                m.customizations
                    .iter()
                    .find(|l| l.name.as_deref().unwrap_or("") == c.name)
            });
            for op in Operation::ALL {
                let Some(script) = c.script(op).filter(|s| !s.trim().is_empty()) else {
                    continue;
                };
                let rule = located.and_then(|l| l.rule(op));
                let to_file = |line: usize| {
                    rule.and_then(|r| r.script.as_ref())
                        .map_or(line, |s| s.to_file(Position::new(line, 1)).line)
                };
                let hits = rec.index.get(script).map(|i| &rec.scripts[*i]);
                let mut lines = coverable_lines(script);
                if let Some(h) = hits {
                    lines.extend(h.lines.keys().copied());
                }
                let lines = lines
                    .into_iter()
                    .map(|l| {
                        let n = hits.and_then(|h| h.lines.get(&l)).copied().unwrap_or(0);
                        (to_file(l), l, n)
                    })
                    .collect();
                rules.push(RuleCoverage {
                    file: c.file.clone(),
                    customization: c.source().to_string(),
                    operation: op,
                    calls: hits.map_or(0, |h| h.calls),
                    key_line: rule.map_or(1, |r| r.key.line),
                    lines,
                });
            }
        }
        Report { rules }
    }

    /// (covered, coverable) lines over all rules.
    pub fn totals(&self) -> (usize, usize) {
        self.rules
            .iter()
            .fold((0, 0), |(c, t), r| (c + r.covered(), t + r.lines.len()))
    }

    /// Line coverage in percent (100 when there is nothing to cover).
    pub fn percent(&self) -> f64 {
        match self.totals() {
            (_, 0) => 100.0,
            (c, t) => c as f64 * 100.0 / t as f64,
        }
    }

    /// The summary table.
    pub fn table(&self) -> String {
        let rows: Vec<[String; 5]> = self
            .rules
            .iter()
            .map(|r| {
                [
                    format!("{} ({})", r.customization, r.file),
                    r.operation.name().to_string(),
                    r.calls.to_string(),
                    format!("{}/{}", r.covered(), r.lines.len()),
                    percent(r.covered(), r.lines.len()),
                ]
            })
            .collect();
        let (c, t) = self.totals();
        let head = ["CUSTOMIZATION", "OPERATION", "CALLS", "LINES", "COVERED"].map(String::from);
        let total = [
            "TOTAL".to_string(),
            String::new(),
            String::new(),
            format!("{c}/{t}"),
            percent(c, t),
        ];
        let all: Vec<&[String; 5]> = std::iter::once(&head)
            .chain(&rows)
            .chain([&total])
            .collect();
        let widths: Vec<usize> = (0..5)
            .map(|i| all.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
            .collect();
        let mut out = String::from("Coverage:\n");
        for row in all {
            let mut line = String::new();
            for (i, cell) in row.iter().enumerate() {
                if i == 4 {
                    line.push_str(cell);
                } else {
                    let _ = write!(line, "{cell:<w$}   ", w = widths[i]);
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        for r in self.rules.iter().filter(|r| r.covered() < r.lines.len()) {
            let missed: Vec<String> = r
                .lines
                .iter()
                .filter(|(_, _, h)| *h == 0)
                .map(|(f, _, _)| f.to_string())
                .collect();
            let _ = writeln!(
                out,
                "  not run: {}: {}: {}: lines {}",
                r.file,
                r.customization,
                r.operation,
                missed.join(", ")
            );
        }
        out
    }

    /// The report as JSON.
    pub fn json(&self) -> Value {
        let (c, t) = self.totals();
        json!({
            "lines": {"covered": c, "total": t, "percent": round(self.percent())},
            "rules": self.rules.iter().map(|r| json!({
                "file": r.file,
                "customization": r.customization,
                "operation": r.operation.name(),
                "calls": r.calls,
                "covered": r.covered(),
                "total": r.lines.len(),
                "lines": r.lines.iter().map(|(f, s, h)| json!({"line": f, "scriptLine": s, "hits": h})).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })
    }

    /// An lcov tracefile: one record per file, the YAML file's lines.
    pub fn lcov(&self) -> String {
        let mut files: BTreeMap<&str, Vec<&RuleCoverage>> = BTreeMap::new();
        for r in &self.rules {
            files.entry(&r.file).or_default().push(r);
        }
        let mut out = String::new();
        for (file, rules) in files {
            let _ = writeln!(out, "TN:\nSF:{file}");
            for r in &rules {
                let _ = writeln!(out, "FN:{},{}/{}", r.key_line, r.customization, r.operation);
            }
            for r in &rules {
                let _ = writeln!(out, "FNDA:{},{}/{}", r.calls, r.customization, r.operation);
            }
            let _ = writeln!(out, "FNF:{}", rules.len());
            let _ = writeln!(out, "FNH:{}", rules.iter().filter(|r| r.calls > 0).count());
            let mut lines: BTreeMap<usize, u64> = BTreeMap::new();
            for r in &rules {
                for (f, _, h) in &r.lines {
                    *lines.entry(*f).or_insert(0) += h;
                }
            }
            for (l, h) in &lines {
                let _ = writeln!(out, "DA:{l},{h}");
            }
            let hit = lines.values().filter(|h| **h > 0).count();
            let _ = writeln!(out, "LF:{}\nLH:{hit}\nend_of_record", lines.len());
        }
        out
    }
}

fn percent(covered: usize, total: usize) -> String {
    if total == 0 {
        return "-".to_string();
    }
    format!("{:.1}%", covered as f64 * 100.0 / total as f64)
}

fn round(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverable_lines_skip_closers() {
        let s = "local x = 1\nfunction F(a)\n  if a then\n    return 1\n  else\n    return 2\n  end\nend\n-- note\n";
        assert_eq!(coverable_lines(s), BTreeSet::from([1, 2, 3, 4, 6]));
    }

    proptest::proptest! {
        /// full_moon's lexer sees any text, valid Lua or not, without panicking.
        #[test]
        fn coverable_lines_of_any_text(text in "[ -~\n\t]{0,80}") {
            let lines = coverable_lines(&text);
            proptest::prop_assert!(lines.iter().all(|l| *l >= 1 && *l <= text.lines().count().max(1)));
        }
    }

    #[test]
    fn records_only_while_started() {
        enter("x");
        line_reached(1);
        assert!(!active());
        start();
        enter("s");
        line_reached(2);
        line_reached(2);
        enter("s");
        let rec = finish();
        assert!(!active());
        let hits = &rec.scripts[rec.index["s"]];
        assert_eq!((hits.calls, hits.lines.get(&2)), (2, Some(&2)));
    }
}

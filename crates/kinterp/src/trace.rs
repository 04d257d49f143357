//! `--trace`: a per-thread recorder fed by the Lua runner's line hook, as
//! data: each script line run, then the locals that line assigned. The
//! CLI renders the events (`RULE:LINE: source`, `name=value`) on
//! standard error; nothing here prints.

use std::cell::RefCell;

/// One thing a traced run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A script line began to run (`line` within the script, as in
    /// Karmada's error messages).
    Line {
        rule: String,
        line: usize,
        source: String,
    },
    /// The line before, in the same function, gave the local `name` a
    /// new value (rendered).
    Local { name: String, value: String },
}

pub use crate::lua::locals::FrameLocals;

/// The VM's view of the tracer: each script entered, each line run.
struct Observer;

impl crate::lua::run::LineObserver for Observer {
    fn enter(&self, function: &str, script: &str) {
        // Named as the rule whose entry point runs, where it is one.
        let rule = crate::ops::Operation::ALL
            .iter()
            .find(|op| op.lua_function() == function)
            .map_or(function, |op| op.name());
        enter(rule, script);
    }

    fn line(&self, lua: &mlua::Lua, line: usize) {
        if let Some(frame) = crate::lua::locals::in_hook(lua) {
            self::line(line, frame);
        }
    }
}

/// Where a function's locals were last seen: its stack depth and the
/// line it is defined on, and the locals then (name, rendered value).
struct Frame {
    depth: usize,
    defined: i32,
    locals: Vec<(String, String)>,
}

#[derive(Default)]
struct Tracer {
    events: Vec<Event>,
    rule: String,
    lines: Vec<String>,
    frames: Vec<Frame>,
}

thread_local! {
    static TRACER: RefCell<Option<Tracer>> = const { RefCell::new(None) };
}

/// Starts tracing on this thread.
pub fn start() {
    TRACER.with(|t| *t.borrow_mut() = Some(Tracer::default()));
    crate::lua::run::observe_lines(&Observer);
}

/// The events so far (tracing goes on).
pub fn take() -> Vec<Event> {
    TRACER.with(|t| {
        t.borrow_mut()
            .as_mut()
            .map(|t| std::mem::take(&mut t.events))
            .unwrap_or_default()
    })
}

/// Stops tracing on this thread and returns the events left.
pub fn finish() -> Vec<Event> {
    crate::lua::run::stop_observing_lines(&Observer);
    TRACER
        .with(|t| t.borrow_mut().take())
        .map(|t| t.events)
        .unwrap_or_default()
}

/// Whether this thread traces.
pub fn active() -> bool {
    TRACER.with(|t| t.borrow().is_some())
}

/// The script of `rule` is about to run.
pub fn enter(rule: &str, script: &str) {
    TRACER.with(|t| {
        if let Some(t) = t.borrow_mut().as_mut() {
            t.rule = rule.to_string();
            t.lines = script.lines().map(str::to_string).collect();
            t.frames.clear();
        }
    });
}

/// The running script reached `line` in the function `frame` describes.
/// The locals that are new or changed since that function's last line
/// are reported as assigned by that line.
pub fn line(line: usize, frame: FrameLocals) {
    let FrameLocals {
        depth,
        defined,
        locals,
    } = frame;
    TRACER.with(|t| {
        let mut t = t.borrow_mut();
        let Some(t) = t.as_mut() else { return };
        t.frames.retain(|f| f.depth <= depth);
        match t.frames.iter_mut().find(|f| f.depth == depth) {
            Some(f) if f.defined == defined => {
                for (i, (name, value)) in locals.iter().enumerate() {
                    if f.locals.get(i) != Some(&(name.clone(), value.clone())) {
                        t.events.push(Event::Local {
                            name: name.clone(),
                            value: value.clone(),
                        });
                    }
                }
                f.locals = locals;
            }
            Some(f) => {
                f.defined = defined;
                f.locals = locals;
            }
            None => t.frames.push(Frame {
                depth,
                defined,
                locals,
            }),
        }
        let source = t
            .lines
            .get(line.wrapping_sub(1))
            .map(|s| s.trim().to_string())
            .unwrap_or_default();
        let rule = t.rule.clone();
        t.events.push(Event::Line { rule, line, source });
    });
}

/// The events as text: `RULE:LINE: source` lines, each followed by the
/// locals its line assigned as `    name=value`.
pub fn render(events: &[Event]) -> String {
    let mut out = String::new();
    for e in events {
        match e {
            Event::Line { rule, line, source } => {
                out.push_str(&format!("{rule}:{line}: {source}\n"));
            }
            Event::Local { name, value } => out.push_str(&format!("    {name}={value}\n")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_locals_follow_their_line() {
        start();
        enter(
            "InterpretHealth",
            "function f(o)\n  local a = 1\n  a = 2\n  return a\nend\n",
        );
        let f = |locals: &[(&str, &str)]| FrameLocals {
            depth: 1,
            defined: 1,
            locals: locals
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
        };
        line(2, f(&[("o", "{}")]));
        line(3, f(&[("o", "{}"), ("a", "1")]));
        line(4, f(&[("o", "{}"), ("a", "2")]));
        assert_eq!(
            render(&finish()),
            "InterpretHealth:2: local a = 1\n    a=1\nInterpretHealth:3: a = 2\n    a=2\nInterpretHealth:4: return a\n"
        );
        assert!(!active());
    }
}

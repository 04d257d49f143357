//! Running one operation's script: compile and run the chunk, look up the
//! rule's global function and call it, within a wall-clock budget.

use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use mlua::{Function, HookTriggers, Lua, MultiValue, Value, VmState};

use crate::raise::type_name;
use crate::watchdog;

/// How often (in VM instructions) the deadline is checked.
const CHECK_EVERY: u32 = 1000;

/// A failure of a script run; `Display` is Karmada's error text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    /// A Lua syntax error (the PUC message, `<string>:LINE: ...`).
    #[error("{0}")]
    Syntax(String),
    /// A runtime error or any other failure, as text.
    #[error("{0}")]
    Runtime(String),
    /// A call stopped at its time limit (`context deadline exceeded`).
    #[error("{0}")]
    Timeout(String),
    /// An allocation past the memory limit (`not enough memory`).
    #[error("{0}")]
    Memory(String),
}

impl ScriptError {
    /// The script line number the error names, if any.
    pub fn line(&self) -> Option<usize> {
        let text = match self {
            ScriptError::Syntax(s)
            | ScriptError::Runtime(s)
            | ScriptError::Timeout(s)
            | ScriptError::Memory(s) => s,
        };
        // `<string>:N: ...`, `<string> line:N(column:C) ...` (syntax) or
        // `compile error near line(N) ...`.
        let rest = text
            .strip_prefix("<string>:")
            .or_else(|| text.strip_prefix("<string> line:"))
            .or_else(|| text.strip_prefix("compile error near line("))?;
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse().ok()
    }
}

/// Extracts the message of an mlua error, without traceback or mlua's own
/// decorations.
pub fn error_text(e: &mlua::Error) -> String {
    let text = match e {
        mlua::Error::RuntimeError(m) => m.clone(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::MemoryError(_) => "not enough memory".to_string(),
        mlua::Error::CallbackError { cause, .. } => return error_text(cause),
        mlua::Error::WithContext { cause, .. } => return error_text(cause),
        other => other.to_string(),
    };
    match text.find("\nstack traceback:") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// A runtime failure: `Memory` when an allocation hit the limit.
fn runtime_error(e: &mlua::Error) -> ScriptError {
    fn is_memory(e: &mlua::Error) -> bool {
        match e {
            mlua::Error::MemoryError(_) => true,
            mlua::Error::CallbackError { cause, .. } | mlua::Error::WithContext { cause, .. } => {
                is_memory(cause)
            }
            _ => false,
        }
    }
    if is_memory(e) {
        ScriptError::Memory(error_text(e))
    } else {
        ScriptError::Runtime(error_text(e))
    }
}

/// A failure caught in Lua (`traceback::call`): its text, traceback
/// included; `Memory` for an allocation past the limit.
fn traced_error(text: String) -> ScriptError {
    if text == "not enough memory" {
        ScriptError::Memory(text)
    } else {
        ScriptError::Runtime(text)
    }
}

/// A Lua state armed with a deadline hook.
pub struct Runner {
    lua: Lua,
    deadline: Rc<Cell<Option<Instant>>>,
    timeout: Duration,
}

impl Runner {
    /// Wraps a prepared state; each `call_rule` gets `timeout`.
    pub fn new(lua: Lua, timeout: Duration) -> mlua::Result<Runner> {
        let deadline: Rc<Cell<Option<Instant>>> = Rc::new(Cell::new(None));
        install_hook(&lua, deadline.clone(), CHECK_EVERY)?;
        Ok(Runner {
            lua,
            deadline,
            timeout,
        })
    }

    /// The state.
    pub fn lua(&self) -> &Lua {
        &self.lua
    }

    /// Changes the budget of the next calls.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Compiles and runs `script` as a chunk, then calls the global
    /// `function` with the arguments `make_args` builds, keeping `nresults`
    /// results. One budget covers all of it.
    pub fn call_rule(
        &self,
        script: &str,
        function: &str,
        make_args: impl FnOnce(&Lua) -> mlua::Result<MultiValue>,
        nresults: usize,
    ) -> Result<Vec<Value>, ScriptError> {
        for observer in line_observers() {
            observer.enter(function, script);
        }
        let start = Instant::now();
        let result = self.with_budget(|| self.call_inner(script, function, make_args, nresults));
        match result {
            // The hook raises only once the budget is spent.
            Err(ScriptError::Runtime(m)) if start.elapsed() >= self.timeout => {
                Err(ScriptError::Timeout(m))
            }
            other => other,
        }
    }

    /// Runs `f` under one budget: the hook is (re-)armed, since an earlier
    /// overrun may have switched it to every instruction.
    fn with_budget<R>(&self, f: impl FnOnce() -> R) -> R {
        let _ = install_hook(&self.lua, self.deadline.clone(), CHECK_EVERY);
        let deadline = Instant::now() + self.timeout;
        self.deadline.set(Some(deadline));
        let _guard = watchdog::arm(deadline);
        let result = f();
        self.deadline.set(None);
        result
    }

    /// Compiles `script` and runs its top level in a fresh environment
    /// (globals read through to the real ones, writes stay in it), within
    /// the budget. Returns that environment, for linting.
    pub fn run_isolated(&self, script: &str) -> Result<mlua::Table, ScriptError> {
        self.isolated(script, true)
    }

    /// `run_isolated` for a script whose syntax `gosyntax` accepted.
    pub fn run_isolated_checked(&self, script: &str) -> Result<mlua::Table, ScriptError> {
        self.isolated(script, false)
    }

    fn isolated(&self, script: &str, check_syntax: bool) -> Result<mlua::Table, ScriptError> {
        let env = self
            .lua
            .create_table()
            .map_err(|e| ScriptError::Runtime(e.to_string()))?;
        let meta = self
            .lua
            .create_table()
            .map_err(|e| ScriptError::Runtime(e.to_string()))?;
        meta.raw_set("__index", self.lua.globals())
            .map_err(|e| ScriptError::Runtime(e.to_string()))?;
        env.set_metatable(Some(meta))
            .map_err(|e| ScriptError::Runtime(e.to_string()))?;
        if check_syntax {
            gopher_syntax(script)?;
        }
        let f = self
            .lua
            .load(script)
            .set_name("=<string>")
            .set_environment(env.clone())
            .into_function()
            .map_err(|e| syntax_error(&e))?;
        self.with_budget(|| f.call::<()>(()))
            .map_err(|e| ScriptError::Runtime(error_text(&e)))?;
        Ok(env)
    }

    fn call_inner(
        &self,
        script: &str,
        function: &str,
        make_args: impl FnOnce(&Lua) -> mlua::Result<MultiValue>,
        nresults: usize,
    ) -> Result<Vec<Value>, ScriptError> {
        gopher_syntax(script)?;
        let chunk = self
            .lua
            .load(script)
            .set_name("=<string>")
            .into_function()
            .map_err(|e| syntax_error(&e))?;
        crate::traceback::call(&self.lua, &chunk, MultiValue::new())
            .map_err(|e| runtime_error(&e))?
            .map_err(traced_error)?;
        let f: Value = self
            .lua
            .globals()
            .raw_get(function)
            .map_err(|e| ScriptError::Runtime(error_text(&e)))?;
        let f: Function = match f {
            Value::Function(f) => f,
            Value::Nil => {
                return Err(ScriptError::Runtime(format!(
                    "not found function {function}"
                )));
            }
            other => {
                return Err(ScriptError::Runtime(format!(
                    "{function} is not a function: {}",
                    type_name(&other)
                )));
            }
        };
        let args = make_args(&self.lua).map_err(|e| ScriptError::Runtime(error_text(&e)))?;
        let out: MultiValue = crate::traceback::call(&self.lua, &f, args)
            .map_err(|e| runtime_error(&e))?
            .map_err(traced_error)?;
        let mut values: Vec<Value> = out.into_iter().take(nresults).collect();
        values.resize(nresults, Value::Nil);
        Ok(values)
    }
}

/// Watches the script lines runs execute (the engine's `test --coverage`
/// and `--trace`).
pub trait LineObserver: Sync {
    /// A script is about to run (compiled, its top level, then the global
    /// `function` it calls).
    fn enter(&self, function: &str, script: &str);
    /// A line of the running script (1-based, within the script) runs;
    /// `lua` is stopped in the line hook (see [`crate::locals::in_hook`]).
    fn line(&self, lua: &Lua, line: usize);
}

thread_local! {
    static OBSERVERS: std::cell::RefCell<Vec<&'static dyn LineObserver>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Adds a line observer to the runners this thread makes from now on,
/// and to their runs.
pub fn observe_lines(observer: &'static dyn LineObserver) {
    OBSERVERS.with(|o| {
        let mut o = o.borrow_mut();
        if !o.iter().any(|x| std::ptr::addr_eq(*x, observer)) {
            o.push(observer);
        }
    });
}

/// Removes a line observer `observe_lines` added on this thread.
pub fn stop_observing_lines(observer: &'static dyn LineObserver) {
    OBSERVERS.with(|o| o.borrow_mut().retain(|x| !std::ptr::addr_eq(*x, observer)));
}

fn line_observers() -> Vec<&'static dyn LineObserver> {
    OBSERVERS.with(|o| o.borrow().clone())
}

fn install_hook(lua: &Lua, deadline: Rc<Cell<Option<Instant>>>, every: u32) -> mlua::Result<()> {
    // kinterp:coverage: `test --coverage` also records each line run.
    let mut triggers = HookTriggers::new().every_nth_instruction(every);
    let observers = line_observers();
    if !observers.is_empty() {
        triggers = triggers.every_line();
    }
    lua.set_hook(triggers, move |lua, debug| {
        if matches!(debug.event(), mlua::debug::DebugEvent::Line) {
            // Only the script's own lines: kinterp's helper chunks (the
            // protected-call runner, native wrappers) have other names.
            if debug.source().short_src.as_deref() == Some("<string>") {
                if let Some(line) = debug.current_line() {
                    for observer in &observers {
                        observer.line(lua, line);
                    }
                }
            }
            return Ok(VmState::Continue);
        }
        let Some(d) = deadline.get() else {
            return Ok(VmState::Continue);
        };
        if Instant::now() < d {
            return Ok(VmState::Continue);
        }
        // The protected-call helper is finite: let it return the error.
        if debug.source().short_src.as_deref() == Some(crate::traceback::RUN_CHUNK) {
            return Ok(VmState::Continue);
        }
        if every != 1 {
            // From now on every instruction raises, so pcall cannot
            // swallow the timeout for long.
            let _ = install_hook(lua, deadline.clone(), 1);
        }
        let line = debug.current_line();
        let source = debug.source();
        let prefix = match (line, source.short_src.as_deref()) {
            (Some(l), Some(src)) => format!("{src}:{l}: "),
            _ => String::new(),
        };
        Err(mlua::Error::RuntimeError(format!(
            "{prefix}context deadline exceeded"
        )))
    })
}

/// Karmada's verdict on the script's syntax, with Karmada's message. The
/// scripts that passed are remembered (by hash), so a rule run many times
/// is checked once.
fn gopher_syntax(script: &str) -> Result<(), ScriptError> {
    use std::hash::{Hash, Hasher};
    thread_local! {
        static PASSED: std::cell::RefCell<std::collections::HashSet<u64>> =
            std::cell::RefCell::new(std::collections::HashSet::new());
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    script.hash(&mut h);
    let key = h.finish();
    if PASSED.with(|p| p.borrow().contains(&key)) {
        return Ok(());
    }
    crate::gosyntax::check(script).map_err(|e| ScriptError::Syntax(e.to_string()))?;
    PASSED.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() >= 1024 {
            p.clear();
        }
        p.insert(key);
    });
    Ok(())
}

/// The message for a script Karmada's parser accepts and the VM's compiler
/// rejects: gopher-lua's compile errors (goto and labels) have Karmada's
/// text; other limits (too many locals, ...) keep Lua's.
pub fn syntax_error(e: &mlua::Error) -> ScriptError {
    ScriptError::Syntax(error_text(e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::{PrintSink, new_state};

    fn runner(ms: u64) -> Runner {
        Runner::new(
            new_state(
                Some(64 << 20),
                PrintSink::Discard,
                crate::sandbox::TEST_MODULES,
            )
            .unwrap(),
            Duration::from_millis(ms),
        )
        .unwrap()
    }

    fn call(r: &Runner, script: &str, f: &str) -> Result<Vec<Value>, ScriptError> {
        r.call_rule(script, f, |_| Ok(MultiValue::new()), 1)
    }

    #[test]
    fn missing_and_wrong_functions() {
        let r = runner(1000);
        assert_eq!(
            call(&r, "x = 1", "Retain").unwrap_err().to_string(),
            "not found function Retain"
        );
        assert_eq!(
            call(&r, "InterpretHealth = 5", "InterpretHealth")
                .unwrap_err()
                .to_string(),
            "InterpretHealth is not a function: number"
        );
        assert_eq!(
            call(&r, "local function Retain() end", "Retain")
                .unwrap_err()
                .to_string(),
            "not found function Retain"
        );
    }

    #[test]
    fn runtime_error_has_line() {
        let r = runner(1000);
        let e = call(&r, "function F()\n  error('boom')\nend", "F").unwrap_err();
        assert_eq!(
            e.to_string(),
            "<string>:2: boom\nstack traceback:\n\t[G]: in function 'error'\n\t<string>:2: in main chunk\n\t[G]: ?"
        );
        assert_eq!(e.line(), Some(2));
        let e = call(&r, "function F()\n  local x == 1\nend", "F").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = call(&r, "function F()\n  goto out\nend", "F").unwrap_err();
        assert_eq!(e.line(), Some(3));
        let e = call(&r, "error('top')", "F").unwrap_err();
        assert_eq!(
            e.to_string(),
            "<string>:1: top\nstack traceback:\n\t[G]: in function 'error'\n\t<string>:1: in main chunk\n\t[G]: ?"
        );
    }

    #[test]
    fn infinite_loop_times_out_even_with_pcall() {
        let r = runner(100);
        let start = Instant::now();
        let e = call(&r, "function F()\n  while true do end\nend", "F").unwrap_err();
        // Karmada's text, traceback included.
        assert_eq!(
            e.to_string(),
            "<string>:2: context deadline exceeded\nstack traceback:\n\t<string>:2: in main chunk\n\t[G]: ?"
        );
        let e = call(
            &r,
            "function F()\n  while true do pcall(function() while true do end end) end\nend",
            "F",
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .contains("context deadline exceeded\nstack traceback:"),
            "{e}"
        );
        assert!(start.elapsed() < Duration::from_secs(2));
        // The runner is usable again afterwards.
        assert!(call(&r, "function F() return 1 end", "F").is_ok());
    }

    #[test]
    fn memory_bomb_fails_cleanly() {
        let r = runner(5000);
        let e = call(
            &r,
            "function F()\n local s = 'x'\n while true do s = s .. s end\nend",
            "F",
        )
        .unwrap_err();
        assert!(e.to_string().contains("not enough memory"), "{e}");
        let e = call(&r, "function F()\n local t = {}\n local i = 0\n while true do i = i + 1; t[i] = {i} end\nend", "F")
            .unwrap_err();
        assert!(e.to_string().contains("not enough memory"), "{e}");
    }

    #[test]
    fn goto_runs_and_its_errors_are_karmadas() {
        let r = runner(1000);
        let v = call(
            &r,
            "function F()\n  local n = 0\n  for i=1,4 do\n    if i % 2 == 0 then goto continue end\n    n = n + i\n    ::continue::\n  end\n  return n\nend",
            "F",
        )
        .unwrap();
        assert_eq!(v[0], Value::Integer(4));
        let e = call(&r, "function F()\n  goto nowhere\nend", "F").unwrap_err();
        assert!(matches!(e, ScriptError::Syntax(_)));
        assert_eq!(
            e.to_string(),
            "compile error near line(3) <string>: no visible label 'nowhere' for <goto> at line 2"
        );
    }
}

//! Calling a script the way Karmada reports its failures: the error text
//! followed by gopher-lua's `stack traceback:` (innermost frame first,
//! `[G]` for native functions, `(tailcall): ?` for frames a tail call
//! replaced, `main chunk` for the function Karmada called, then `[G]: ?`).

use mlua::{Function, Lua, MultiValue, Value};

/// Name of the chunk holding the protected-call helper: the traceback stops
/// at its frames.
pub(crate) const RUN_CHUNK: &str = "[kinterp-run]";

/// Chunk name of kinterp's own Lua helpers (native function wrappers,
/// `require`): their frames read as one native function.
const HELPER_SRC: &str = "[kinterp]";

/// `calllimit(n)` lets the rule's call level and the `n - 1` above it be
/// entered: Karmada's VM holds `CALL_FRAMES` call frames, the rule's
/// included, and a call past them fails with `<string>:N: stack overflow`.
const HELPER: &str = r#"
local xpcall, unpack, select, calllimit, frames = ...
local function pack(...) return {n = select('#', ...), ...} end
return function(handler, f, ...)
  local n, args, res = select('#', ...), {...}
  local ok, err = xpcall(function()
    calllimit(frames)
    res = pack(f(unpack(args, 1, n)))
  end, handler)
  if not ok then return false, err end
  return true, unpack(res, 1, res.n)
end
"#;

/// The call frames of Karmada's VM (gopher-lua's default call stack).
const CALL_FRAMES: i32 = 256;

const HELPER_KEY: &str = "kinterp.traceback.call";
const HANDLER_KEY: &str = "kinterp.traceback.handler";

/// The name of the native (Rust) function that last raised an error.
struct NativeName(String);

/// The traceback lines of a callback that failed inside a native function
/// (e.g. a `table.sort` comparator), kept for when the native re-raises
/// the same error: gopher-lua lists those frames first.
struct InnerTrace {
    text: String,
    lines: Vec<String>,
}

const CALLBACK_HANDLER_KEY: &str = "kinterp.traceback.callback";

/// The message handler of `rethrow::Caller`: records the failing
/// callback's frames (up to the protected call) and returns the error
/// unchanged.
pub fn callback_handler(lua: &Lua) -> mlua::Result<Function> {
    if let Some(h) = lua.named_registry_value::<Option<Function>>(CALLBACK_HANDLER_KEY)? {
        return Ok(h);
    }
    let boundary: Function = lua.named_registry_value("kinterp.xpcall")?;
    let tostring: Function = lua.globals().raw_get("tostring")?;
    let handler = lua.create_function(move |lua, msg: Value| {
        let text = match &msg {
            Value::Error(e) => crate::run::error_text(e),
            Value::String(s) => crate::goutf8::lossy(&s.as_bytes()),
            other => tostring.call::<String>(other.clone())?,
        };
        let frames = frames_until(lua, |d| d.source().what == "C" && d.function() == boundary);
        let mut lines = format_frames(lua, &frames, false);
        if let Some(inner) = lua.remove_app_data::<InnerTrace>() {
            if inner.text == text {
                let mut all = inner.lines;
                all.extend(lines);
                lines = all;
            }
        }
        lua.set_app_data(InnerTrace { text, lines });
        Ok(msg)
    })?;
    lua.set_named_registry_value(CALLBACK_HANDLER_KEY, handler.clone())?;
    Ok(handler)
}

/// Records the name of the failing native function (called by the raising
/// wrappers, whose Lua frames hide it).
pub fn note_native(lua: &Lua, name: String) {
    lua.set_app_data(NativeName(name));
}

/// Calls `f(args…)`; a Lua error becomes Karmada's text with its traceback.
/// Errors that are not Lua values (memory, the deadline hook, Rust) keep
/// their text, without a traceback.
pub fn call(lua: &Lua, f: &Function, args: MultiValue) -> mlua::Result<Result<MultiValue, String>> {
    let (helper, handler) = helpers(lua)?;
    let mut all = MultiValue::with_capacity(args.len() + 2);
    all.push_back(Value::Function(handler));
    all.push_back(Value::Function(f.clone()));
    all.extend(args);
    let mut out: MultiValue = helper.call(all)?;
    match out.pop_front() {
        Some(Value::Boolean(true)) => Ok(Ok(out)),
        _ => match out.pop_front().unwrap_or(Value::Nil) {
            Value::String(s) => Ok(Err(crate::goutf8::lossy(&s.as_bytes()))),
            Value::Error(e) => Ok(Err(crate::run::error_text(&e))),
            other => Ok(Err(format!("{other:?}"))),
        },
    }
}

fn helpers(lua: &Lua) -> mlua::Result<(Function, Function)> {
    if let (Some(h), Some(e)) = (
        lua.named_registry_value::<Option<Function>>(HELPER_KEY)?,
        lua.named_registry_value::<Option<Function>>(HANDLER_KEY)?,
    ) {
        return Ok((h, e));
    }
    let g = lua.globals();
    let helper: Function = lua.load(HELPER).set_name(format!("={RUN_CHUNK}")).call((
        g.raw_get::<Value>("xpcall")?,
        g.raw_get::<Value>("unpack")?,
        g.raw_get::<Value>("select")?,
        lua.named_registry_value::<Value>("kinterp.calllimit")?,
        CALL_FRAMES,
    ))?;
    let tostring: Function = g.raw_get("tostring")?;
    let handler = lua.create_function(move |lua, msg: Value| {
        // Errors raised from Rust (the deadline hook, callbacks) too: gopher
        // gives every error a traceback.
        let text = match &msg {
            Value::Error(e) => crate::run::error_text(e),
            Value::String(s) => crate::goutf8::lossy(&s.as_bytes()),
            other => tostring.call::<String>(other.clone())?,
        };
        let trace = traceback(lua, &text);
        lua.remove_app_data::<NativeName>();
        Ok(Value::String(
            lua.create_string(format!("{text}\n{trace}"))?,
        ))
    })?;
    lua.set_named_registry_value(HELPER_KEY, helper.clone())?;
    lua.set_named_registry_value(HANDLER_KEY, handler.clone())?;
    Ok((helper, handler))
}

/// One stack level, as read from the debug interface.
struct Frame {
    what: String,
    src: String,
    line: Option<usize>,
    defined: i32,
    name: Option<String>,
}

/// The frames from the error up to (not including) the first for which
/// `stop` holds.
fn frames_until(lua: &Lua, stop: impl Fn(&mlua::debug::Debug) -> bool) -> Vec<Frame> {
    let mut out = Vec::new();
    // Level 0 is the handler itself.
    let mut level = 1;
    while let Some(f) = lua.inspect_stack(level, |d| {
        if stop(d) {
            return None;
        }
        let s = d.source();
        Some(Frame {
            what: s.what.to_string(),
            src: s.short_src.as_deref().unwrap_or("?").to_string(),
            line: d.current_line(),
            defined: s.line_defined.map_or(-1, |l| l as i32),
            // gopher-lua gives an iterator called by a generic `for` no
            // name (PUC names it after the loop's hidden variable).
            name: d
                .names()
                .name
                .filter(|n| !n.starts_with("(for "))
                .map(|n| n.into_owned()),
        })
    }) {
        let Some(f) = f else { break };
        out.push(f);
        level += 1;
    }
    out
}

fn function_name(name: &str) -> String {
    if name.starts_with('(') || name.starts_with('<') {
        format!("function {name}")
    } else {
        format!("function '{name}'")
    }
}

/// gopher-lua's `stack traceback:` for the error being handled.
fn traceback(lua: &Lua, text: &str) -> String {
    let frames = frames_until(lua, |d| d.source().short_src.as_deref() == Some(RUN_CHUNK));
    let mut lines = match lua.remove_app_data::<InnerTrace>() {
        Some(inner) if inner.text == text => inner.lines,
        _ => Vec::new(),
    };
    lines.extend(format_frames(lua, &frames, true));
    lines.push("\t[G]: ?".to_string());
    if lines.len() > 20 {
        let tail = lines.split_off(lines.len() - 7);
        lines.truncate(7);
        lines.push("\t...".to_string());
        lines.extend(tail);
    }
    format!("stack traceback:\n{}", lines.join("\n"))
}

/// gopher-lua's lines for `frames`; with `outer`, the last Lua frame is
/// the function Karmada called (`main chunk`).
fn format_frames(lua: &Lua, frames: &[Frame], outer: bool) -> Vec<String> {
    let native = lua.app_data_ref::<NativeName>().map(|n| n.0.clone());
    let mut lines = Vec::new();
    let mut i = 0;
    while i < frames.len() {
        let f = &frames[i];
        let helper_run = frames[i..]
            .iter()
            .take_while(|f| f.src == HELPER_SRC || f.what == "C" || f.what == "tail")
            .count();
        if helper_run > 0
            && frames[i..i + helper_run]
                .iter()
                .any(|f| f.src == HELPER_SRC)
        {
            // A native function implemented with a Lua wrapper.
            let name = frames[i..i + helper_run]
                .iter()
                .rev()
                .find(|f| f.src == HELPER_SRC)
                .and_then(|f| f.name.clone())
                .or(native.clone())
                .unwrap_or_else(|| "(anonymous)".to_string());
            lines.push(format!("\t[G]: in {}", function_name(&name)));
            i += helper_run;
            continue;
        }
        // The function Karmada called, or the one it tail-called last.
        let outermost = outer && frames[i + 1..].iter().all(|f| f.what == "tail");
        let line = match f.what.as_str() {
            "tail" => "\t(tailcall): ?".to_string(),
            "C" => format!(
                "\t[G]: in {}",
                function_name(f.name.as_deref().unwrap_or("(anonymous)"))
            ),
            _ => {
                let at = match f.line {
                    Some(l) => format!("{}:{l}:", f.src),
                    None => format!("{}:", f.src),
                };
                let what = if outermost {
                    "main chunk".to_string()
                } else {
                    let name = f
                        .name
                        .clone()
                        .unwrap_or_else(|| format!("<{}:{}>", f.src, f.defined.max(0)));
                    function_name(&name)
                };
                format!("\t{at} in {what}")
            }
        };
        lines.push(line);
        i += 1;
    }
    lines
}

//! Reusing a Lua state per thread with a full reset between runs: every
//! global and library table goes back to its pristine contents.

use std::cell::{Cell, RefCell};
use std::time::Duration;

use mlua::{Lua, Table};

use crate::run::Runner;
use crate::sandbox::{Module, PrintSink, new_state, set_print_sink};

/// Tables a script can reach and change, by path from `_G`.
const SNAPSHOT_TABLES: &[&[&str]] = &[
    &[],
    &["string"],
    &["table"],
    &["math"],
    &["os"],
    &["package"],
    &["package", "loaded"],
    &["package", "preload"],
    &["package", "loaders"],
];

/// Garbage above this is collected after a run, so that a run never fails
/// a memory limit because of an earlier run's leftovers.
const COLLECT_ABOVE: usize = 4 << 20;

/// A table and a copy (a "shadow" table) of the entries it held when the
/// state was new.
type Snapshot = Vec<(Table, Table)>;

struct Pooled {
    runner: Runner,
    memory_limit: Option<usize>,
    /// The modules the state was made with.
    modules: &'static [Module],
    /// `None` for a thread's first state: it is used once and not reset
    /// (see `fresh`).
    snapshot: Option<Snapshot>,
    /// Whether a run used the state since it was last pristine. The reset
    /// happens before the next run, so a one-shot process never pays it.
    dirty: bool,
    /// Whether a run failed with it: it is never used again, and dropped
    /// (a full collection) only when the next run starts, so that a
    /// process exiting after the failure does not pay for it.
    failed: bool,
    /// The memory the state held when new (`Lua::used_memory`).
    new_size: usize,
}

thread_local! {
    static CACHED: RefCell<Option<Pooled>> = const { RefCell::new(None) };
    static MADE: Cell<u32> = const { Cell::new(0) };
}

fn table_at(lua: &Lua, path: &[&str]) -> mlua::Result<Table> {
    let mut t = lua.globals();
    for key in path {
        t = t.raw_get(*key)?;
    }
    Ok(t)
}

fn take_snapshot(lua: &Lua) -> mlua::Result<Snapshot> {
    SNAPSHOT_TABLES
        .iter()
        .map(|path| {
            let t = table_at(lua, path)?;
            // SAFETY: the closure copies the fields of its argument (slot 1)
            // into a new table, which it leaves as the only result.
            let shadow: Table = unsafe { lua.exec_raw(&t, |state| copy_raw(state))? };
            Ok((t, shadow))
        })
        .collect()
}

/// Replaces the table in slot 1 by a new table with the same fields.
///
/// # Safety
///
/// `state` is a live Lua state whose slot 1 holds a table, inside a protected
/// call (`exec_raw`): the new table may raise a memory error.
unsafe fn copy_raw(state: *mut mlua::ffi::lua_State) {
    use mlua::ffi;
    unsafe {
        ffi::lua_settop(state, 1);
        ffi::lua_createtable(state, 0, 0);
        ffi::lua_pushnil(state);
        while ffi::lua_next(state, 1) != 0 {
            // t, copy, key, value
            ffi::lua_pushvalue(state, -2);
            ffi::lua_insert(state, -2);
            ffi::lua_rawset(state, 2);
        }
        ffi::lua_remove(state, 1);
    }
}

/// Puts every snapshot table back to its snapshot contents, touching only
/// the entries that differ (one protected call per table, on the raw stack).
fn restore(lua: &Lua, snapshot: &Snapshot) -> mlua::Result<()> {
    for (t, shadow) in snapshot {
        // SAFETY: the closure only reads and sets table fields of its two
        // arguments (stack slots 1 and 2) and leaves the stack balanced;
        // it holds no value with a destructor across a call that may raise.
        unsafe {
            lua.exec_raw::<()>((t, shadow), |state| restore_raw(state))?;
        }
    }
    Ok(())
}

/// `t` (slot 1) becomes equal to `shadow` (slot 2). While `t` is traversed
/// only existing fields are changed (allowed during `lua_next`); missing
/// ones are added while traversing `shadow`.
///
/// # Safety
///
/// `state` is a live Lua state whose slots 1 and 2 hold tables, inside a
/// protected call (`exec_raw`); at most five slots are used above them.
unsafe fn restore_raw(state: *mut mlua::ffi::lua_State) {
    use mlua::ffi;
    const T: i32 = 1;
    const SHADOW: i32 = 2;
    unsafe {
        // At most five slots above the two arguments: within LUA_MINSTACK.
        ffi::lua_settop(state, 2);
        ffi::lua_pushnil(state);
        while ffi::lua_next(state, T) != 0 {
            // key, value
            ffi::lua_pushvalue(state, -2);
            ffi::lua_rawget(state, SHADOW);
            // key, value, pristine value
            if ffi::lua_rawequal(state, -1, -2) == 0 {
                ffi::lua_pushvalue(state, -3);
                ffi::lua_pushvalue(state, -2);
                ffi::lua_rawset(state, T);
            }
            ffi::lua_settop(state, -3);
        }
        ffi::lua_pushnil(state);
        while ffi::lua_next(state, SHADOW) != 0 {
            // key, pristine value
            ffi::lua_pushvalue(state, -2);
            ffi::lua_rawget(state, T);
            if ffi::lua_type(state, -1) == ffi::LUA_TNIL {
                ffi::lua_pushvalue(state, -3);
                ffi::lua_pushvalue(state, -3);
                ffi::lua_rawset(state, T);
            }
            ffi::lua_settop(state, -3);
        }
        ffi::lua_settop(state, 0);
    }
}

/// A new state. Most processes run one script, so a thread's first state
/// skips the snapshot (a copy of every library table) and is never reused;
/// from the second state on, a thread evidently runs many scripts and its
/// states are snapshotted and reset between runs.
fn fresh(
    memory_limit: Option<usize>,
    modules: &'static [Module],
    timeout: Duration,
) -> mlua::Result<Pooled> {
    let lua = new_state(memory_limit, PrintSink::Discard, modules)?;
    let made = MADE.with(|m| m.replace(m.get().saturating_add(1)));
    let snapshot = if made > 0 {
        Some(take_snapshot(&lua)?)
    } else {
        None
    };
    let new_size = lua.used_memory();
    Ok(Pooled {
        runner: Runner::new(lua, timeout)?,
        memory_limit,
        modules,
        snapshot,
        dirty: false,
        failed: false,
        new_size,
    })
}

/// Runs `f` with this thread's state (created on first use, or when the
/// memory limit or the modules change). After the run the state is reset to pristine; a
/// run that failed gives its state up and the next run starts fresh (the
/// failed state is dropped then, or leaked by `leak_for_exit`).
pub fn with_runner<R, E>(
    memory_limit: Option<usize>,
    modules: &'static [Module],
    timeout: Duration,
    sink: PrintSink,
    f: impl FnOnce(&Runner) -> Result<R, E>,
) -> Result<R, E>
where
    E: From<String>,
{
    let taken = CACHED.with(|c| c.borrow_mut().take());
    let reused = match taken {
        Some(p)
            if !p.failed
                && p.memory_limit == memory_limit
                && std::ptr::eq(p.modules, modules)
                && p.snapshot.is_some()
                && (!p.dirty || reset(&p).is_ok()) =>
        {
            Some(p)
        }
        _ => None,
    };
    // A state not reused (failed, or the wrong limit) is dropped here.
    let mut pooled = match reused {
        Some(p) => p,
        None => fresh(memory_limit, modules, timeout)
            .map_err(|e| E::from(format!("cannot create the Lua state: {e}")))?,
    };
    pooled.runner.set_timeout(timeout);
    set_print_sink(pooled.runner.lua(), sink);
    pooled.dirty = true;
    let result = f(&pooled.runner);
    set_print_sink(pooled.runner.lua(), PrintSink::Discard);
    pooled.failed = result.is_err();
    CACHED.with(|c| *c.borrow_mut() = Some(pooled));
    result
}

/// Gives up this thread's state without closing it: a process about to
/// exit need not collect and free every object (a full collection).
/// Only `ProcessGuard::exit` calls it.
pub fn leak_for_exit() {
    if let Some(p) = CACHED.with(|c| c.borrow_mut().take()) {
        std::mem::forget(p);
    }
}

fn reset(p: &Pooled) -> mlua::Result<()> {
    let lua = p.runner.lua();
    let Some(snapshot) = &p.snapshot else {
        return Err(mlua::Error::RuntimeError("no snapshot to reset to".into()));
    };
    restore(lua, snapshot)?;
    if lua.used_memory() > COLLECT_ABOVE {
        lua.gc_collect()?;
    }
    // Freed tables and strings stay in the state's block pools (lmem.c),
    // which count against the memory limit: a state that a big run left
    // holding more than that is not reused, so that no run is limited by
    // an earlier run's pools (and a long-lived process gives them back).
    if lua.used_memory() > p.new_size + COLLECT_ABOVE {
        return Err(mlua::Error::RuntimeError(
            "the state holds an earlier run's memory".into(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlua::{MultiValue, Value};

    fn run(script: &str) -> Result<String, String> {
        with_runner(
            Some(64 << 20),
            crate::sandbox::TEST_MODULES,
            Duration::from_secs(1),
            PrintSink::Discard,
            |r| {
                let v = r
                    .call_rule(script, "F", |_| Ok(MultiValue::new()), 1)
                    .map_err(|e| e.to_string())?;
                match &v[0] {
                    Value::String(s) => Ok(s.to_string_lossy()),
                    other => Ok(format!("{other:?}")),
                }
            },
        )
    }

    #[test]
    fn first_state_is_used_once() {
        // A leak, then a look for it: both runs of a round see a clean state.
        for (round, states) in [(1, 2), (2, 2)] {
            let leak = run("leaked = 1; function F() return 'ok' end");
            assert_eq!(leak, Ok("ok".into()), "round {round}");
            let look = run("function F() return tostring(leaked) end");
            assert_eq!(look, Ok("nil".into()), "round {round}");
            // Round 1 made the second state; round 2 reused it.
            assert_eq!(MADE.with(Cell::get), states, "round {round}");
        }
    }

    #[test]
    fn nothing_leaks_between_runs() {
        // The first state is never reused; start from a reusable one.
        assert_eq!(run("function F() return 'warm' end"), Ok("warm".into()));
        let first = "leaked = 1; string.upper = nil; table.extra = 1; rawget = 5; package.loaded.string = nil; require('kube').resourceAdd = nil
function F() return 'ok' end";
        assert_eq!(run(first), Ok("ok".into()));
        let second = "function F()
  return tostring(leaked) .. ' ' .. tostring(string.upper ~= nil) .. ' ' .. tostring(table.extra) .. ' ' .. type(rawget)
    .. ' ' .. tostring(require('string') == string) .. ' ' .. type(require('kube').resourceAdd) .. ' ' .. ('a'):upper()
end";
        assert_eq!(
            run(second),
            Ok("nil true nil function true function A".into())
        );
    }

    #[test]
    fn a_big_run_does_not_leave_its_memory_to_the_next() {
        // The first state is never reused: the second run makes the one
        // that is.
        for _ in 0..2 {
            assert_eq!(run("function F() return 'warm' end"), Ok("warm".into()));
        }
        let made = MADE.with(Cell::get);
        assert_eq!(run("function F() return 'small' end"), Ok("small".into()));
        assert_eq!(MADE.with(Cell::get), made, "a small run keeps the state");
        let big = "function F()
  local t = {}
  for i = 1, 100000 do t[i] = {name = 'item-' .. i} end
  return 'big'
end";
        assert_eq!(run(big), Ok("big".into()));
        assert_eq!(MADE.with(Cell::get), made, "the big run itself reuses it");
        assert_eq!(run("function F() return 'after' end"), Ok("after".into()));
        // The big run's garbage sat in the pools: a new state was made.
        assert_eq!(MADE.with(Cell::get), made + 1);
        let size = CACHED.with(|c| {
            let c = c.borrow();
            let p = c.as_ref().unwrap();
            (p.runner.lua().used_memory(), p.new_size)
        });
        assert!(size.0 < size.1 + COLLECT_ABOVE, "{size:?}");
    }

    #[test]
    fn failed_runs_give_up_their_state() {
        let cached = || CACHED.with(|c| c.borrow().as_ref().map(|p| p.failed));
        assert!(run("leaked = 1; function F() error('x') end").is_err());
        // Kept (not collected) until the next run starts...
        assert_eq!(cached(), Some(true));
        let made = MADE.with(Cell::get);
        assert_eq!(
            run("function F() return tostring(leaked) end"),
            Ok("nil".into())
        );
        // ... which makes a new state.
        assert_eq!(MADE.with(Cell::get), made + 1);
        assert_eq!(cached(), Some(false));
        // A process about to exit forgets it rather than collect it.
        assert!(run("function F() error('x') end").is_err());
        leak_for_exit();
        assert_eq!(cached(), None);
    }
}

//! What a script can reach: the globals of kinterp's own sandbox (read from
//! a real sandbox state, so the linter and the runtime cannot disagree), the
//! functions Karmada stubs out, and the `kube` module's functions.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use mlua::Value;

use crate::lua::sandbox::{self, PrintSink};

/// The sandbox's globals: each name with, for a table, its field names.
#[derive(Debug, Default)]
pub struct Env {
    pub globals: BTreeMap<String, Option<BTreeSet<String>>>,
    pub kube: BTreeSet<String>,
}

/// Lua 5.1's standard names that a script might reach for, `lib.name` for
/// library fields. Those the sandbox lacks, or stubs out, are disabled.
const LUA51: &[&str] = &[
    "collectgarbage",
    "dofile",
    "gcinfo",
    "getfenv",
    "getmetatable",
    "load",
    "loadfile",
    "loadstring",
    "module",
    "newproxy",
    "rawequal",
    "rawget",
    "rawset",
    "setfenv",
    "setmetatable",
    "coroutine",
    "debug",
    "io",
    "os.execute",
    "os.exit",
    "os.getenv",
    "os.remove",
    "os.rename",
    "os.tmpname",
    "os.setlocale",
    "os.clock",
    "os.date",
    "os.difftime",
    "os.time",
    "package.loadlib",
    "package.path",
    "package.cpath",
    "package.seeall",
    "string.dump",
    "table.foreach",
    "table.foreachi",
    "table.setn",
    "table.getn",
];

impl Env {
    /// The sandbox's environment, read once per process.
    pub fn get() -> &'static Env {
        static ENV: OnceLock<Env> = OnceLock::new();
        ENV.get_or_init(|| Env::read().unwrap_or_default())
    }

    fn read() -> mlua::Result<Env> {
        let lua = sandbox::new_state(None, PrintSink::Discard, crate::kube::lua::MODULES)?;
        let mut globals = BTreeMap::new();
        for pair in lua.globals().pairs::<String, Value>() {
            let (name, value) = pair?;
            let fields = match value {
                Value::Table(t) => Some(
                    t.pairs::<String, Value>()
                        .filter_map(Result::ok)
                        .map(|(k, _)| k)
                        .collect(),
                ),
                _ => None,
            };
            globals.insert(name, fields);
        }
        let kube = crate::kube::lua::module(&lua)?
            .pairs::<String, Value>()
            .filter_map(Result::ok)
            .map(|(k, _)| k)
            .collect();
        Ok(Env { globals, kube })
    }

    /// Whether `name` is a global of the sandbox.
    pub fn is_global(&self, name: &str) -> bool {
        self.globals.contains_key(name)
    }

    /// The fields of a library table (`string`, `os`, ...).
    pub fn fields(&self, lib: &str) -> Option<&BTreeSet<String>> {
        self.globals.get(lib)?.as_ref()
    }

    /// Whether the sandbox disables `name` (a global, or `lib.field`):
    /// Karmada stubs it out with an error, or leaves it out.
    pub fn is_disabled(&self, name: &str) -> bool {
        if sandbox::DISABLED.contains(&name) {
            return true;
        }
        if !LUA51.contains(&name) {
            return false;
        }
        match name.split_once('.') {
            None => !self.is_global(name),
            Some((lib, field)) => self.fields(lib).is_none_or(|f| !f.contains(field)),
        }
    }
}

/// The number of arguments each `kube` function takes: (least, most).
pub fn kube_arity(function: &str) -> Option<(usize, Option<usize>)> {
    Some(match function {
        "resourceAdd" => (0, None),
        "getResourceQuantity" | "accuratePodRequirements" => (1, Some(1)),
        "getPodDependencies" => (2, Some(2)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_sandbox() {
        let env = Env::get();
        for name in [
            "string", "table", "math", "os", "pairs", "require", "print", "error",
        ] {
            assert!(env.is_global(name), "{name}");
        }
        for name in ["io", "debug", "coroutine", "kube"] {
            assert!(!env.is_global(name), "{name}");
        }
        assert!(env.fields("string").unwrap().contains("format"));
        for name in [
            "io",
            "loadstring",
            "dofile",
            "os.execute",
            "os.getenv",
            "setmetatable",
        ] {
            assert!(env.is_disabled(name), "{name}");
        }
        for name in ["pairs", "string.format", "os.time", "tostring"] {
            assert!(!env.is_disabled(name), "{name}");
        }
    }

    #[test]
    fn every_kube_function_has_an_arity() {
        let env = Env::get();
        assert_eq!(env.kube.len(), 4);
        for f in &env.kube {
            assert!(kube_arity(f).is_some(), "{f}");
        }
    }
}

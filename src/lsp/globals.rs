//! What a script can use: the sandbox's globals and library functions, the
//! functions Karmada disables, and the `kube` module. The names come from
//! their homes (the sandbox, `lua::sandbox::DISABLED`,
//! `kube::lua::FUNCTIONS`); this module adds the one-line descriptions, and
//! a test keeps the two in step.

use kinterp::kube::lua::{FUNCTIONS, KubeFunction};
use kinterp::lua::sandbox::DISABLED;

/// Descriptions of the sandbox's globals (`name`) and library members
/// (`table.name`). Kept sorted.
const DOCS: &[(&str, &str)] = &[
    ("_G", "The table of global variables."),
    (
        "_GOPHER_LUA_VERSION",
        "The Lua implementation's name, as Karmada's VM reports it.",
    ),
    ("_VERSION", "The Lua version string."),
    (
        "_printregs",
        "Does nothing (a debugging aid of Karmada's VM).",
    ),
    (
        "assert",
        "`assert(v [, message])`: raises `message` (default \"assertion failed!\") when `v` is false or nil, else returns its arguments.",
    ),
    (
        "error",
        "`error(message [, level])`: raises an error; `level` 1 (default) prefixes the position of the caller of `error`, 0 none.",
    ),
    (
        "ipairs",
        "`ipairs(t)`: iterates `t[1]`, `t[2]`, ... up to the first nil.",
    ),
    ("math", "The math library."),
    ("math.abs", "`math.abs(x)`: absolute value."),
    ("math.acos", "`math.acos(x)`: arc cosine, in radians."),
    ("math.asin", "`math.asin(x)`: arc sine, in radians."),
    ("math.atan", "`math.atan(x)`: arc tangent, in radians."),
    (
        "math.atan2",
        "`math.atan2(y, x)`: arc tangent of y/x, using both signs.",
    ),
    ("math.ceil", "`math.ceil(x)`: smallest integer not below x."),
    ("math.cos", "`math.cos(x)`: cosine (radians)."),
    ("math.cosh", "`math.cosh(x)`: hyperbolic cosine."),
    ("math.deg", "`math.deg(x)`: radians to degrees."),
    ("math.exp", "`math.exp(x)`: e to the power x."),
    (
        "math.floor",
        "`math.floor(x)`: largest integer not above x.",
    ),
    (
        "math.fmod",
        "`math.fmod(x, y)`: remainder of x/y, rounding the quotient towards zero.",
    ),
    ("math.frexp", "`math.frexp(x)`: mantissa and exponent of x."),
    (
        "math.huge",
        "The largest number (Karmada's VM uses the largest finite float, not infinity).",
    ),
    (
        "math.ldexp",
        "`math.ldexp(m, e)`: m times 2 to the power e.",
    ),
    ("math.log", "`math.log(x)`: natural logarithm."),
    ("math.log10", "`math.log10(x)`: base-10 logarithm."),
    ("math.max", "`math.max(x, ...)`: the largest argument."),
    ("math.min", "`math.min(x, ...)`: the smallest argument."),
    ("math.mod", "`math.mod(x, y)`: old name of `math.fmod`."),
    (
        "math.modf",
        "`math.modf(x)`: integral and fractional parts of x.",
    ),
    ("math.pi", "The number pi."),
    ("math.pow", "`math.pow(x, y)`: x to the power y."),
    ("math.rad", "`math.rad(x)`: degrees to radians."),
    (
        "math.random",
        "`math.random([m [, n]])`: a pseudo-random number (results differ between runs: avoid in rules).",
    ),
    (
        "math.randomseed",
        "`math.randomseed(x)`: seeds `math.random`.",
    ),
    ("math.sin", "`math.sin(x)`: sine (radians)."),
    ("math.sinh", "`math.sinh(x)`: hyperbolic sine."),
    ("math.sqrt", "`math.sqrt(x)`: square root."),
    ("math.tan", "`math.tan(x)`: tangent (radians)."),
    ("math.tanh", "`math.tanh(x)`: hyperbolic tangent."),
    (
        "next",
        "`next(t [, k])`: the entry after key `k` (the first with nil); nil at the end.",
    ),
    ("os", "A reduced `os` library: only `time` and `date`."),
    (
        "os.date",
        "`os.date([format [, time]])`: formats a time (strftime-like; `*t` gives a table).",
    ),
    (
        "os.time",
        "`os.time([t])`: the current time, or the time a date table describes, in seconds.",
    ),
    (
        "package",
        "Module bookkeeping for `require`: `loaded`, `preload`, `loaders`; `loadlib` is refused.",
    ),
    (
        "package.loaded",
        "The modules `require` has loaded, by name.",
    ),
    (
        "package.loaders",
        "The searchers `require` uses: only the preload one.",
    ),
    (
        "package.loadlib",
        "Refused: loading native libraries is not supported.",
    ),
    ("package.preload", "Loaders by module name; holds `kube`."),
    (
        "pairs",
        "`pairs(t)`: iterates over every key and value of `t`, in no fixed order.",
    ),
    (
        "pcall",
        "`pcall(f, ...)`: calls `f` in protected mode; returns true and its results, or false and the error.",
    ),
    (
        "print",
        "`print(...)`: writes its arguments, separated by tabs, to kinterp's standard error (karmadactl: standard output).",
    ),
    (
        "require",
        "`require(name)`: loads a module; only the libraries above and `kube` exist, e.g. `local kube = require(\"kube\")`.",
    ),
    (
        "select",
        "`select(n, ...)`: the arguments after the n-th; `select('#', ...)` counts them.",
    ),
    ("string", "The string library."),
    (
        "string.byte",
        "`string.byte(s [, i [, j]])`: the byte values of `s[i..j]`.",
    ),
    (
        "string.char",
        "`string.char(...)`: a string of the given byte values.",
    ),
    (
        "string.dump",
        "`string.dump(f)`: a binary chunk of a function.",
    ),
    (
        "string.find",
        "`string.find(s, pattern [, init [, plain]])`: start and end of the first match, and its captures.",
    ),
    (
        "string.format",
        "`string.format(fmt, ...)`: formats like C's printf, with Go's renderings of numbers.",
    ),
    (
        "string.gfind",
        "`string.gfind`: old name of `string.gmatch`.",
    ),
    (
        "string.gmatch",
        "`string.gmatch(s, pattern)`: an iterator over the matches of `pattern`.",
    ),
    (
        "string.gsub",
        "`string.gsub(s, pattern, repl [, n])`: `s` with matches replaced, and the number of replacements.",
    ),
    ("string.len", "`string.len(s)`: length in bytes."),
    ("string.lower", "`string.lower(s)`: lower-case copy."),
    (
        "string.match",
        "`string.match(s, pattern [, init])`: the captures of the first match.",
    ),
    ("string.rep", "`string.rep(s, n)`: `s` repeated n times."),
    ("string.reverse", "`string.reverse(s)`: `s` backwards."),
    (
        "string.sub",
        "`string.sub(s, i [, j])`: the substring from i to j (negative counts from the end).",
    ),
    ("string.upper", "`string.upper(s)`: upper-case copy."),
    ("table", "The table library."),
    (
        "table.concat",
        "`table.concat(t [, sep [, i [, j]]])`: joins the strings `t[i..j]`.",
    ),
    (
        "table.getn",
        "`table.getn(t)`: the length of `t` (like `#t`).",
    ),
    (
        "table.insert",
        "`table.insert(t, [pos,] v)`: inserts `v` at `pos` (default: the end).",
    ),
    (
        "table.maxn",
        "`table.maxn(t)`: the largest positive numeric key.",
    ),
    (
        "table.remove",
        "`table.remove(t [, pos])`: removes and returns `t[pos]` (default: the last).",
    ),
    (
        "table.sort",
        "`table.sort(t [, less])`: sorts `t[1..#t]` in place (Go's sort order for equal elements).",
    ),
    (
        "tonumber",
        "`tonumber(v [, base])`: a number from a string or number, or nil.",
    ),
    (
        "tostring",
        "`tostring(v)`: a string for any value; numbers are written as Go writes them.",
    ),
    (
        "type",
        "`type(v)`: the type name: nil, boolean, number, string, table, function, userdata.",
    ),
    (
        "unpack",
        "`unpack(t [, i [, j]])`: returns `t[i]`, ..., `t[j]`.",
    ),
    (
        "xpcall",
        "`xpcall(f, handler)`: calls `f` in protected mode, passing an error to `handler`.",
    ),
];

/// What a name in a script refers to.
#[derive(Clone, Copy)]
pub enum Symbol {
    /// A global or library member, with its description.
    Global(&'static str, &'static str),
    /// A function Karmada replaces with one that raises.
    Disabled(&'static str),
    /// The `kube` module.
    KubeModule,
    /// A function of the `kube` module.
    Kube(&'static KubeFunction),
}

/// The symbol `name` (`print`, `string.format`, `kube.resourceAdd`) names.
pub fn lookup(name: &str) -> Option<Symbol> {
    if name == "kube" {
        return Some(Symbol::KubeModule);
    }
    if let Some(f) = name.strip_prefix("kube.") {
        return FUNCTIONS.iter().find(|k| k.name == f).map(Symbol::Kube);
    }
    if let Some(d) = DISABLED.iter().find(|d| **d == name) {
        return Some(Symbol::Disabled(d));
    }
    DOCS.iter()
        .find(|(n, _)| *n == name)
        .map(|(n, d)| Symbol::Global(n, d))
}

/// The members of a library table (`string`, `math`, ...), for completion.
pub fn members(library: &str) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    DOCS.iter().filter_map(move |(n, d)| {
        let (lib, member) = n.split_once('.')?;
        (lib == library).then_some((member, *d))
    })
}

/// The global names (not library members), for completion.
pub fn global_names() -> impl Iterator<Item = (&'static str, &'static str)> {
    DOCS.iter()
        .filter(|(n, _)| !n.contains('.') && !n.starts_with('_'))
        .map(|(n, d)| (*n, *d))
}

impl Symbol {
    /// Markdown for hover.
    pub fn markdown(&self) -> String {
        match self {
            Symbol::Global(name, doc) => format!("`{name}`: {doc}"),
            Symbol::Disabled(name) => format!(
                "`{name}` is disabled in Karmada's customization sandbox: calling it raises `call function {name} is not supported in karmada customized resourceinterpreter.`"
            ),
            Symbol::KubeModule => {
                let mut out = String::from(
                    "The `kube` module (`local kube = require(\"kube\")`): Kubernetes helpers.\n\n",
                );
                for f in &FUNCTIONS {
                    out.push_str(&format!("- `{}`\n", f.signature()));
                }
                out
            }
            Symbol::Kube(f) => kube_markdown(f),
        }
    }
}

/// Markdown for a `kube` function.
pub fn kube_markdown(f: &KubeFunction) -> String {
    format!(
        "```lua\n{} -> {}\n```\n{}",
        f.signature(),
        f.returns,
        f.summary
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinterp::lua::sandbox::{PrintSink, new_state};
    use mlua::Value;

    /// Every global and library member of the real sandbox, as `name` or
    /// `table.name`.
    fn sandbox_names() -> Vec<String> {
        let lua = new_state(None, PrintSink::Discard, kinterp::kube::lua::MODULES).unwrap();
        let mut names = Vec::new();
        for pair in lua.globals().pairs::<String, Value>() {
            let (name, value) = pair.unwrap();
            if DISABLED.contains(&name.as_str()) {
                continue;
            }
            if let Value::Table(t) = &value
                && name != "_G"
            {
                for member in t.pairs::<String, Value>() {
                    names.push(format!("{name}.{}", member.unwrap().0));
                }
            }
            names.push(name);
        }
        names.sort();
        names
    }

    #[test]
    fn descriptions_match_the_sandbox_exactly() {
        let documented: Vec<String> = DOCS.iter().map(|(n, _)| n.to_string()).collect();
        let mut sorted = documented.clone();
        sorted.sort();
        assert_eq!(documented, sorted, "DOCS must stay sorted");
        assert_eq!(sandbox_names(), documented);
    }

    #[test]
    fn lookups() {
        assert!(matches!(lookup("string.format"), Some(Symbol::Global(..))));
        assert!(matches!(lookup("setmetatable"), Some(Symbol::Disabled(_))));
        assert!(
            matches!(lookup("kube.getPodDependencies"), Some(Symbol::Kube(f)) if f.params.len() == 2)
        );
        assert!(lookup("kube.nothing").is_none());
        assert!(lookup("io").is_none());
        assert_eq!(
            members("os").map(|(m, _)| m).collect::<Vec<_>>(),
            ["date", "time"]
        );
        assert!(
            lookup("rawget")
                .unwrap()
                .markdown()
                .contains("call function rawget is not supported")
        );
    }
}

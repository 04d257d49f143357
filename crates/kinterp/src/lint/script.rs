//! The rules over one script: syntax (kinterp's Lua VM decides, as
//! Karmada's does), then the judgements over the facts `walk` records.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashSet};

use full_moon::ast::LuaVersion;

use super::Finding;
use super::env::{Env, kube_arity};
use super::walk::{self, Binding, Facts};
use crate::diag::Position;
use crate::lua::golex::Pos;
use crate::lua::nesting;
use crate::ops::Operation;

/// The script as full_moon should read it: its lexer panics on a backtick
/// (a Luau string quote) outside strings, which Lua rejects anyway. A space
/// in its place keeps every position.
pub(crate) fn for_full_moon(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('`') {
        std::borrow::Cow::Owned(text.replace('`', " "))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// The parameters Karmada passes to each operation's function.
pub fn parameters(op: Operation) -> &'static [&'static str] {
    match op {
        Operation::Retain => &["the desired object", "the observed object"],
        Operation::ReviseReplica => &["the object", "the desired replica count"],
        Operation::AggregateStatus => &["the object", "the list of member clusters' statuses"],
        _ => &["the object"],
    }
}

/// Nesting (levels) and operator chains (operators) up to which the
/// syntax tree is built and walked on the caller's stack; deeper scripts
/// are linted on a thread with [`DEEP_STACK`] bytes of stack.
const INLINE_DEPTH: usize = 100;
const INLINE_CHAIN: usize = 500;

/// The stack of a thread that lints a script nested up to
/// `nesting::NESTING_LIMIT` levels or chaining up to `CHAIN_LIMIT`
/// operators (reserved, not used, until the script needs it).
const DEEP_STACK: usize = 256 << 20;

/// The largest script whose syntax tree the rules walk: the tree takes
/// several hundred bytes per byte of script.
pub const MAX_TREE_BYTES: usize = 256 << 10;

/// Lints one rule's script; findings carry script positions. `schema`:
/// the target's openAPIV3Schema, from a CRD given to lint. A script
/// nested past `nesting::NESTING_LIMIT` gets the VM's syntax error, one
/// chaining more than `nesting::CHAIN_LIMIT` operators one finding that
/// the linter cannot read it: neither is parsed into a tree.
pub fn check(text: &str, op: Operation, schema: Option<&serde_json::Value>) -> Vec<Finding> {
    let scan = nesting::scan(text.as_bytes());
    if scan.too_deep.is_some() {
        return syntax(text).into_iter().collect();
    }
    if let Some(tok) = scan.too_long {
        if let Some(f) = syntax(text) {
            return vec![f];
        }
        let at = match tok.end {
            Pos::At { line, column } => Position::new(line, column.max(1)),
            Pos::Eof => Position::new(1, 1),
        };
        return vec![
            Finding::new(
                "lua-syntax",
                at,
                format!(
                    "kinterp's linter cannot read this script, which Karmada's Lua VM accepts: an expression chains more than {} operators",
                    nesting::CHAIN_LIMIT
                ),
            )
            .hint("the other rules were not checked for this script"),
        ];
    }
    if text.len() > MAX_TREE_BYTES {
        if let Some(f) = syntax(text) {
            return vec![f];
        }
        return vec![
            Finding::new(
                "lua-syntax",
                Position::new(1, 1),
                format!(
                    "kinterp's linter does not read scripts over {} KiB (this one has {} bytes); Karmada's Lua VM accepts its syntax",
                    MAX_TREE_BYTES >> 10,
                    text.len()
                ),
            )
            .hint("the other rules were not checked for this script"),
        ];
    }
    // Karmada's verdict first: when gopher's grammar refuses the script
    // (at a token it names), no syntax tree is built. That also covers a
    // script the scan could not read to its end (it stops at a token the
    // scanner refuses, so its depth figures would say nothing past it).
    let verdict = syntax(text);
    if let Some(f) = &verdict
        && f.at.column != 0
    {
        return vec![at_script_end(text, f.clone())];
    }
    if scan.deepest <= INLINE_DEPTH && scan.longest <= INLINE_CHAIN {
        return check_tree(text, op, verdict, schema);
    }
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("kinterp-lint-deep".into())
            .stack_size(DEEP_STACK)
            .spawn_scoped(s, || check_tree(text, op, verdict, schema))
            .ok()
            .and_then(|h| h.join().ok())
    })
    .unwrap_or_else(|| {
        vec![
            Finding::new(
                "lua-syntax",
                Position::new(1, 1),
                "kinterp's linter could not read this deeply nested script",
            )
            .hint("the other rules were not checked for this script"),
        ]
    })
}

/// An error at the end of the script (`at EOF`) is shown after its last
/// line, not on the YAML line that follows it.
fn at_script_end(text: &str, mut finding: Finding) -> Finding {
    let last = text.lines().count().max(1);
    if finding.at.line > last {
        let len = text.lines().last().map_or(0, |l| l.chars().count());
        finding.at = Position::new(last, len + 1);
    }
    finding
}

/// The rules over the script's syntax tree; `verdict` is the VM's syntax
/// error without a column, if any.
fn check_tree(
    text: &str,
    op: Operation,
    verdict: Option<Finding>,
    schema: Option<&serde_json::Value>,
) -> Vec<Finding> {
    let parsed = full_moon::parse_fallible(&for_full_moon(text), LuaVersion::lua52());
    if let Some(mut finding) = verdict {
        // PUC's compile errors name only the line; the syntax tree's first
        // error on that line gives the column.
        if finding.at.column == 0 {
            finding.at.column = 1;
            if let Some(e) = parsed.errors().first() {
                let (start, _) = e.range();
                if start.line() == finding.at.line {
                    finding.at.column = start.character().max(1);
                }
            }
        }
        return vec![at_script_end(text, finding)];
    }
    if let Some(e) = parsed.errors().first() {
        let (start, _) = e.range();
        return vec![
            Finding::new(
                "lua-syntax",
                Position::new(start.line(), start.character()),
                format!(
                    "kinterp's linter cannot read this script, which Karmada's Lua VM accepts: {e}"
                ),
            )
            .hint("the other rules were not checked for this script"),
        ];
    }
    let ast = parsed.into_ast();
    let facts = walk::walk(ast.nodes());
    let mut out = Vec::new();
    entry_point(&facts, op, &mut out);
    globals(&facts, op, &mut out);
    calls(&facts, &mut out);
    super::optional_field::check(&facts, &mut out);
    if let Some(schema) = schema {
        super::crd_fields::check(&facts, op, schema, &mut out);
    }
    super::unused::check(&facts, &mut out);
    super::empty::check(ast.nodes(), &mut out);
    for at in &facts.unreachable {
        out.push(
            Finding::new("unreachable-code", *at, "this code never runs")
                .hint("a `return`, `break` or `error` before it always ends the block"),
        );
    }
    if let Some(f) = entry(&facts, op) {
        super::returns::check(f, op, &mut out);
    }
    out
}

thread_local! {
    /// A bare state of kinterp's Lua VM, for compiling only.
    static COMPILER: RefCell<Option<mlua::Lua>> = const { RefCell::new(None) };
}

/// Karmada's verdict on the script's syntax: gopher-lua's grammar first
/// (its message, and the position of the token it names), then the VM's
/// compiler for what only compiling finds (labels `goto` cannot see, PUC's
/// limits), at its line (column 0: unknown).
fn syntax(text: &str) -> Option<Finding> {
    if let Err(e) = crate::lua::gosyntax::check(text) {
        let at = match e.pos {
            // gopher-lua names the column where the token ends.
            Pos::At { line, column } => {
                let width = String::from_utf8_lossy(&e.near).chars().count();
                Position::new(line, (column + 1).saturating_sub(width).max(1))
            }
            Pos::Eof => Position::new(usize::MAX, 1),
        };
        return Some(Finding::new(
            "lua-syntax",
            at,
            e.to_string().trim_end().to_string(),
        ));
    }
    let err = COMPILER.with(|c| {
        let mut c = c.borrow_mut();
        let lua = c.get_or_insert_with(mlua::Lua::new);
        lua.load(text).set_name("=<string>").into_function().err()
    })?;
    let err = crate::lua::run::syntax_error(&err);
    let line = err.line().unwrap_or(1);
    let message = err.to_string();
    let message = message
        .strip_prefix(&format!("<string>:{line}: "))
        .unwrap_or(&message);
    Some(Finding::new(
        "lua-syntax",
        Position::new(line, 0),
        message.to_string(),
    ))
}

/// The operation's entry function, when the script defines it globally.
fn entry<'f, 'a>(facts: &'f Facts<'a>, op: Operation) -> Option<&'f walk::Function<'a>> {
    let name = op.lua_function();
    facts
        .functions
        .iter()
        .rev()
        .find(|f| f.global && f.name.as_deref() == Some(name))
}

fn entry_point(facts: &Facts, op: Operation, out: &mut Vec<Finding>) {
    let name = op.lua_function();
    let field = op.rule_field();
    if let Some(f) = entry(facts, op) {
        let expected = parameters(op);
        if !f.vararg && f.params.len() != expected.len() {
            let n = expected.len();
            out.push(
                Finding::new(
                    "entry-arity",
                    f.at,
                    format!(
                        "`{name}` takes {} parameter{}, but Karmada passes {n}: {}",
                        f.params.len(),
                        if f.params.len() == 1 { "" } else { "s" },
                        expected.join(", ")
                    ),
                )
                .hint(format!(
                    "declare it as `function {name}({})`",
                    example_params(op)
                )),
            );
        }
        return;
    }
    if let Some(f) = facts
        .functions
        .iter()
        .find(|f| !f.global && f.name.as_deref() == Some(name))
    {
        out.push(
            Finding::new(
                "entry-point",
                f.at,
                format!("`{name}` is local: Karmada looks for a global function `{name}`"),
            )
            .hint(format!("remove `local`: `function {name}(...)`")),
        );
        return;
    }
    let others: Vec<&str> = Operation::ALL.iter().map(|o| o.lua_function()).collect();
    let top: Vec<&walk::Function> = facts
        .functions
        .iter()
        .filter(|f| f.global && f.top_level && f.name.is_some())
        .collect();
    let misnamed = top
        .iter()
        .find(|f| {
            f.name.as_deref().is_some_and(|n| {
                crate::suggest::similar(n, name) || (others.contains(&n) && n != name)
            })
        })
        .or(match top.as_slice() {
            [only] => Some(only),
            _ => None,
        });
    match misnamed {
        Some(f) => {
            let found = f.name.as_deref().unwrap_or_default();
            let mut finding = Finding::new(
                "entry-point",
                f.at,
                format!("`{field}` calls the global function `{name}`, which the script does not define; it defines `{found}`"),
            )
            .hint(if crate::suggest::similar(found, name) {
                format!("did you mean `{name}`?")
            } else {
                format!(
                    "did you mean `{name}`? `{found}` is the only global function the script defines"
                )
            });
            if let Some(other) = Operation::ALL.iter().find(|o| o.lua_function() == found) {
                finding = finding.hint(format!(
                    "`{found}` is the function of `{}`; put this script there",
                    other.rule_field()
                ));
            }
            out.push(finding);
        }
        None => out.push(
            Finding::new(
                "entry-point",
                Position::new(1, 1),
                format!(
                    "`{field}` calls the global function `{name}`, which the script does not define"
                ),
            )
            .hint(format!("define `function {name}({})`", example_params(op))),
        ),
    }
}

fn example_params(op: Operation) -> &'static str {
    match op {
        Operation::Retain => "desiredObj, observedObj",
        Operation::ReviseReplica => "obj, desiredReplica",
        Operation::AggregateStatus => "desiredObj, statusItems",
        _ => "obj",
    }
}

fn globals(facts: &Facts, op: Operation, out: &mut Vec<Finding>) {
    let env = Env::get();
    let mut written: HashSet<&str> = facts
        .global_writes
        .iter()
        .map(|(n, _, _)| n.as_str())
        .collect();
    written.extend(
        facts
            .functions
            .iter()
            .filter(|f| f.global)
            .filter_map(|f| f.name.as_deref()),
    );
    for (name, at) in &facts.global_reads {
        if env.is_disabled(name) {
            out.push(disabled(name, *at));
        } else if !env.is_global(name) && !written.contains(name.as_str()) {
            out.push(undefined(name, *at, env, &written));
        }
    }
    let field_writes: HashSet<(&str, &str)> = facts
        .global_field_writes
        .iter()
        .map(|(l, f, _)| (l.as_str(), f.as_str()))
        .collect();
    for (lib, field, at) in &facts.global_field_reads {
        let full = format!("{lib}.{field}");
        if env.is_disabled(&full) {
            out.push(disabled(&full, *at));
        } else if let Some(fields) = env.fields(lib) {
            let assigned = field_writes.contains(&(lib.as_str(), field.as_str()));
            if !fields.contains(field) && !written.contains(lib.as_str()) && !assigned {
                let mut f = Finding::new(
                    "undefined-global",
                    *at,
                    format!("`{full}` does not exist in Karmada's Lua environment"),
                );
                if let Some(s) = crate::suggest::best(field, fields.iter().map(String::as_str)) {
                    f = f.hint(format!("did you mean `{lib}.{s}`?"));
                }
                out.push(f);
            }
        }
    }
    let state_hint = "Karmada reuses Lua states between calls: the value stays set for the next object interpreted";
    for (name, at, _) in &facts.global_writes {
        if env.is_global(name) {
            out.push(super::sandbox_global::replaced(name, *at));
            continue;
        }
        out.push(
            Finding::new(
                "global-assignment",
                *at,
                format!("`{name}` is assigned as a global variable"),
            )
            .hint(format!("declare it `local {name}`"))
            .hint(state_hint),
        );
    }
    for (lib, field, at) in &facts.global_field_writes {
        if env.fields(lib).is_some() && !written.contains(lib.as_str()) {
            out.push(
                Finding::new(
                    "sandbox-global",
                    *at,
                    format!("`{lib}.{field}` changes the shared `{lib}` library"),
                )
                .hint("copy what you need into a local table instead")
                .hint(state_hint),
            );
        }
    }
    for f in &facts.functions {
        let Some(name) = f.name.as_deref() else {
            continue;
        };
        if f.global && env.is_global(name) {
            out.push(super::sandbox_global::replaced(name, f.at));
        } else if f.global && !f.top_level && name != op.lua_function() {
            out.push(
                Finding::new(
                    "global-assignment",
                    f.at,
                    format!("the global function `{name}` is defined inside a function"),
                )
                .hint(format!("declare it `local function {name}`"))
                .hint(state_hint),
            );
        }
    }
}

fn disabled(name: &str, at: Position) -> Finding {
    Finding::new(
        "sandbox-disabled",
        at,
        format!("`{name}` is not available in Karmada's Lua sandbox: calling it fails"),
    )
    .hint("Karmada gives scripts only the string, table and math libraries, a few os time functions, and `kube`")
}

fn undefined(name: &str, at: Position, env: &Env, written: &HashSet<&str>) -> Finding {
    let mut f = Finding::new(
        "undefined-global",
        at,
        format!(
            "`{name}` is not defined: it is no global of Karmada's Lua environment and the script never assigns it, so it reads as nil"
        ),
    );
    if name == "kube" {
        return f.hint("load the library first: `local kube = require(\"kube\")`");
    }
    let candidates: BTreeSet<&str> = env
        .globals
        .keys()
        .map(String::as_str)
        .chain(written.iter().copied())
        .collect();
    let capital = name.chars().next().is_some_and(|c| c.is_ascii_uppercase());
    let best = crate::suggest::best(name, candidates)
        // `True` is closer to `type` than to anything else, but a capital
        // word near a lowercase global is a value meant as text.
        .filter(|s| !capital || s.eq_ignore_ascii_case(name) || !s.starts_with(char::is_lowercase));
    if let Some(s) = best {
        f = f.hint(format!("did you mean `{s}`?"));
    } else if capital {
        f = f.hint(format!(
            "to compare with the text {name}, quote it: \"{name}\""
        ));
    }
    f
}

fn calls(facts: &Facts, out: &mut Vec<Finding>) {
    let env = Env::get();
    for call in &facts.calls {
        match (call.root, call.callee.as_slice()) {
            (None, [f]) if f == "print" => out.push(
                Finding::new("print-call", call.at, "`print` left in the script")
                    .hint("Karmada discards the output; remove it when done debugging"),
            ),
            (None, [f]) if f == "require" => match call.first_string.as_deref() {
                Some("kube") | None => {}
                Some(m) => out.push(
                    Finding::new(
                        "sandbox-disabled",
                        call.at,
                        format!("`require(\"{m}\")` fails: Karmada's sandbox provides only the `kube` module"),
                    )
                    .hint("string, table and math are globals already"),
                ),
            },
            (Some(Binding::Kube), [_, f]) => match kube_arity(f) {
                None => {
                    let mut finding = Finding::new(
                        "kube-arity",
                        call.at,
                        format!("the kube library has no function `{f}`"),
                    );
                    if let Some(s) = crate::suggest::best(f, env.kube.iter().map(String::as_str)) {
                        finding = finding.hint(format!("did you mean `{s}`?"));
                    }
                    out.push(finding);
                }
                Some((least, most)) => {
                    let Some(n) = call.args else { continue };
                    if n < least || most.is_some_and(|m| n > m) {
                        let want = match most {
                            Some(m) if m == least => format!("{m}"),
                            Some(m) => format!("{least} to {m}"),
                            None => format!("at least {least}"),
                        };
                        out.push(Finding::new(
                            "kube-arity",
                            call.at,
                            format!("`kube.{f}` takes {want} argument{}, not {n}", if want == "1" { "" } else { "s" }),
                        ));
                    }
                }
            },
            _ => {}
        }
    }
}

pub(super) fn guarded(facts: &Facts, prefix: &str, mut function: usize) -> bool {
    loop {
        if facts.guards.contains(&(prefix.to_string(), function)) {
            return true;
        }
        if function == 0 {
            return false;
        }
        function = facts.parents[function];
    }
}

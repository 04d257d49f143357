//! The fact sheet of one script: what a single walk of its syntax tree
//! (`walk`) records, and every script rule reads: functions, calls,
//! paths read from parameters, globals read and written, guards, locals.

use std::collections::HashSet;

use full_moon::ast::FunctionBody;

use crate::diag::Position;

/// How a local name is bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Binding {
    Plain,
    /// A function parameter.
    Param,
    /// `local kube = require("kube")`.
    Kube,
}

/// A function written in the script.
#[derive(Debug)]
pub struct Function<'a> {
    /// `f` for `function f()` or `f = function()`; `a.b` for fields.
    pub name: Option<String>,
    /// Defined as a global (`function f()` without `local`, `f = function`).
    pub global: bool,
    /// Defined at the chunk's top level.
    pub top_level: bool,
    pub at: Position,
    pub params: Vec<String>,
    pub vararg: bool,
    pub body: &'a FunctionBody,
}

/// A call whose callee is a name or a dotted path.
#[derive(Debug)]
pub struct CallSite {
    /// `["print"]`, `["kube", "resourceAdd"]`.
    pub callee: Vec<String>,
    /// How the callee's root name is bound (`None`: global).
    pub root: Option<Binding>,
    /// The argument count; `None` when the last argument may expand.
    pub args: Option<usize>,
    /// The first argument when it is a string literal.
    pub first_string: Option<String>,
    pub at: Position,
}

/// A read of `local.field.field...` (dots or string keys).
#[derive(Debug)]
pub struct PathUse {
    pub path: Vec<String>,
    /// The position of each path element.
    pub at: Vec<Position>,
    pub root: Binding,
    /// Index of the innermost enclosing function (0: the chunk).
    pub function: usize,
}

/// What kind of local a declared name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocalKind {
    Variable,
    Function,
    /// A `for` loop's variable.
    Loop,
    Param,
}

/// A local name the script declares, and whether anything reads it.
#[derive(Debug)]
pub struct Local {
    pub name: String,
    pub at: Position,
    pub kind: LocalKind,
    /// Index of the function declaring it (0: the chunk; for a parameter,
    /// the function whose parameter it is).
    pub function: usize,
    pub used: bool,
}

/// Everything one pass records.
#[derive(Debug, Default)]
pub struct Facts<'a> {
    pub global_reads: Vec<(String, Position)>,
    /// `lib.field` reads of a global root.
    pub global_field_reads: Vec<(String, String, Position)>,
    /// Global variables assigned (not function declarations), and where;
    /// the flag tells whether it happens inside a function.
    pub global_writes: Vec<(String, Position, bool)>,
    /// `global.field = ...` assignments.
    pub global_field_writes: Vec<(String, String, Position)>,
    pub functions: Vec<Function<'a>>,
    pub calls: Vec<CallSite>,
    pub paths: Vec<PathUse>,
    /// Nil-checked paths (`a.b` text) with their function index.
    pub guards: HashSet<(String, usize)>,
    /// The first statement after one that always ends its block.
    pub unreachable: Vec<Position>,
    /// Enclosing function of each function (index 0 is the chunk).
    pub parents: Vec<usize>,
    /// Every local name declared, in declaration order.
    pub locals: Vec<Local>,
}

impl<'a> Facts<'a> {
    /// The operation's entry function, when the script defines it
    /// globally (the last definition wins, as at run time).
    pub fn entry(&self, op: crate::ops::Operation) -> Option<&Function<'a>> {
        let name = op.lua_function();
        self.functions
            .iter()
            .rev()
            .find(|f| f.global && f.name.as_deref() == Some(name))
    }

    /// The global names the script assigns or defines functions under.
    pub fn globals_written(&self) -> HashSet<&str> {
        let mut written: HashSet<&str> = self
            .global_writes
            .iter()
            .map(|(n, _, _)| n.as_str())
            .collect();
        written.extend(
            self.functions
                .iter()
                .filter(|f| f.global)
                .filter_map(|f| f.name.as_deref()),
        );
        written
    }

    /// Whether a nil check of `prefix` guards function `function` (or a
    /// function enclosing it).
    pub fn guarded(&self, prefix: &str, mut function: usize) -> bool {
        loop {
            if self.guards.contains(&(prefix.to_string(), function)) {
                return true;
            }
            if function == 0 {
                return false;
            }
            function = self.parents[function];
        }
    }
}

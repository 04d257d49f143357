//! `return-shape`: what the rule's function returns, per operation. Only
//! returns whose shape is certain from the syntax are judged: literals,
//! table constructors, parts of a parameter, and locals that only ever
//! hold a fresh table.

use std::collections::{HashMap, HashSet};

use full_moon::ast::{BinOp, Block, Expression, Field, LastStmt, Prefix, Stmt, UnOp, Var};
use full_moon::tokenizer::Symbol;

use super::{Rule, RuleId, ScriptCx};
use crate::diag::Severity;
use crate::lint::Finding;
use crate::lint::syntax::expr_pos;
use crate::lint::walk::{self, name_of};
use crate::diag::Position;
use crate::ops::Operation;

pub const RULE: Rule = Rule {
    id: RuleId::ReturnShape,
    severity: Severity::Error,
    summary: "the rule's function returns a value of the wrong shape for its operation",
    docs: "Retain, ReviseReplica and AggregateStatus return the whole object; GetReplicas a number and an optional requirements table; InterpretHealth a boolean; GetDependencies a list of object references.",
};

/// Where a local's value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// A table constructor; `true` when it has apiVersion or kind.
    Table(bool),
    Other,
}

#[derive(Default)]
struct Body<'a> {
    /// Each return, its values, and whether a nil test of a parameter
    /// guards it.
    returns: Vec<(Position, Vec<&'a Expression>, bool)>,
    params: Vec<String>,
    /// How many enclosing branches are guarded by such a test.
    guarded: usize,
    origins: HashMap<String, Vec<Origin>>,
    /// Locals that get `.apiVersion` or `.kind` assigned.
    typed: HashSet<String>,
}

pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    if let Some(f) = cx.facts.entry(cx.op) {
        returns(f, cx.op, out);
    }
}

fn returns(f: &walk::Function, op: Operation, out: &mut Vec<Finding>) {
    let mut body = Body {
        params: f.params.clone(),
        ..Body::default()
    };
    body.block(f.body.block());
    let name = op.lua_function();
    for (at, values, guarded) in &body.returns {
        let first = values.first().copied();
        let at_value = first.map(expr_pos).unwrap_or(*at);
        let problem = match op {
            Operation::Retain | Operation::ReviseReplica | Operation::AggregateStatus => {
                body.object_problem(first, &f.params)
            }
            Operation::InterpretReplica => match first.map(literal) {
                None | Some(Some(Lit::Nil)) => Some("returns no replica count".to_string()),
                Some(Some(l)) if l != Lit::Number => Some(format!(
                    "returns {} as the replica count; it must be a number",
                    l.describe()
                )),
                _ => values.get(1).and_then(|e| match literal(e) {
                    Some(l) if l != Lit::Nil && l != Lit::Table => Some(format!(
                        "returns {} as the replica requirements; they must be a table or nil",
                        l.describe()
                    )),
                    _ => None,
                }),
            },
            Operation::InterpretHealth => match first.map(literal) {
                None => Some("returns nothing; it must return a boolean".to_string()),
                Some(Some(l)) if l != Lit::Bool => Some(format!(
                    "returns {}; it must return a boolean",
                    l.describe()
                )),
                _ => None,
            },
            Operation::InterpretDependency => first.and_then(dependency_problem),
            _ => None,
        };
        if let Some(p) = problem {
            let mut finding = Finding::new(RuleId::ReturnShape, at_value, format!("`{name}` {p}"))
                .hint(expectation(op));
            if *guarded {
                // `if desiredObj == nil then return nil end`: Karmada
                // always passes the object, so this guard never runs.
                finding = finding
                    .hint("this return sits behind a nil test of a parameter Karmada always passes, so it is only a warning")
                    .at_most(crate::diag::Severity::Warning);
            }
            out.push(finding);
        }
    }
}

fn expectation(op: Operation) -> &'static str {
    match op {
        Operation::Retain => "Retain returns the desired object, with the observed fields kept",
        Operation::ReviseReplica => "ReviseReplica returns the object with its replicas set",
        Operation::AggregateStatus => {
            "AggregateStatus returns the object with its status filled in: Karmada reads `status` from it"
        }
        Operation::InterpretReplica => {
            "GetReplicas returns the replica count, then a requirements table or nil"
        }
        Operation::InterpretHealth => "InterpretHealth returns true or false",
        _ => "GetDependencies returns a list of {apiVersion, kind, namespace, name} tables",
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lit {
    Nil,
    Bool,
    Number,
    String,
    Table,
}

impl Lit {
    fn describe(self) -> &'static str {
        match self {
            Lit::Nil => "nil",
            Lit::Bool => "a boolean",
            Lit::Number => "a number",
            Lit::String => "a string",
            Lit::Table => "a table",
        }
    }
}

fn literal(e: &Expression) -> Option<Lit> {
    match e {
        Expression::Symbol(t) if t.is_symbol(Symbol::Nil) => Some(Lit::Nil),
        Expression::Symbol(t) if t.is_symbol(Symbol::True) || t.is_symbol(Symbol::False) => {
            Some(Lit::Bool)
        }
        Expression::Number(_) => Some(Lit::Number),
        Expression::String(_) => Some(Lit::String),
        Expression::TableConstructor(_) => Some(Lit::Table),
        Expression::Parentheses { expression, .. } => literal(expression),
        _ => None,
    }
}

fn has_type_fields(t: &full_moon::ast::TableConstructor) -> bool {
    t.fields().iter().any(|f| match f {
        Field::NameKey { key, .. } => matches!(name_of(key).as_str(), "apiVersion" | "kind"),
        Field::ExpressionKey { key, .. } => {
            matches!(
                walk::string_literal(key).as_deref(),
                Some("apiVersion" | "kind")
            )
        }
        _ => false,
    })
}

fn dependency_problem(e: &Expression) -> Option<String> {
    match e {
        Expression::TableConstructor(t) => {
            if t.fields()
                .iter()
                .any(|f| matches!(f, Field::NameKey { .. }))
            {
                return Some("returns a table with named fields; it must return a list".into());
            }
            t.fields().iter().find_map(|f| match f {
                Field::NoKey(Expression::TableConstructor(item)) if !has_kind(item) => {
                    Some("returns a reference without `kind`".to_string())
                }
                _ => None,
            })
        }
        _ => match literal(e) {
            Some(l) if l != Lit::Nil => Some(format!(
                "returns {}; it must return a list of references",
                l.describe()
            )),
            _ => None,
        },
    }
}

fn has_kind(t: &full_moon::ast::TableConstructor) -> bool {
    t.fields()
        .iter()
        .any(|f| matches!(f, Field::NameKey { key, .. } if name_of(key) == "kind"))
}

impl<'a> Body<'a> {
    fn object_problem(&self, e: Option<&Expression>, params: &[String]) -> Option<String> {
        let Some(e) = e else {
            return Some("returns nothing; it must return the object".into());
        };
        match e {
            Expression::TableConstructor(t) => (!has_type_fields(t))
                .then(|| "returns a new table without apiVersion and kind, not the object".into()),
            Expression::Var(Var::Name(n)) => {
                let n = name_of(n);
                let origins = self.origins.get(&n)?;
                let fresh = !params.contains(&n)
                    && !self.typed.contains(&n)
                    && !origins.is_empty()
                    && origins.iter().all(|o| *o == Origin::Table(false));
                fresh.then(|| {
                    format!(
                        "returns `{n}`, a new table without apiVersion and kind, not the object"
                    )
                })
            }
            Expression::Var(Var::Expression(ve)) => {
                let Prefix::Name(root) = ve.prefix() else {
                    return None;
                };
                let root = name_of(root);
                let only_fields = ve
                    .suffixes()
                    .all(|s| matches!(s, full_moon::ast::Suffix::Index(_)));
                (params.contains(&root) && only_fields).then(|| {
                    format!(
                        "returns `{}`, a part of the object, not the object",
                        e.to_string().trim()
                    )
                })
            }
            _ => literal(e).map(|l| format!("returns {}; it must return the object", l.describe())),
        }
    }

    fn origin(e: &Expression) -> Origin {
        match e {
            Expression::TableConstructor(t) => Origin::Table(has_type_fields(t)),
            _ => Origin::Other,
        }
    }

    fn block(&mut self, block: &'a Block) {
        for stmt in block.stmts() {
            match stmt {
                Stmt::LocalAssignment(l) => {
                    let exprs: Vec<_> = l.expressions().iter().collect();
                    for (i, n) in l.names().iter().enumerate() {
                        let o = exprs.get(i).map_or(Origin::Other, |e| Self::origin(e));
                        self.origins.entry(name_of(n)).or_default().push(o);
                    }
                }
                Stmt::Assignment(a) => {
                    let exprs: Vec<_> = a.expressions().iter().collect();
                    for (i, v) in a.variables().iter().enumerate() {
                        match v {
                            Var::Name(n) => {
                                let o = exprs.get(i).map_or(Origin::Other, |e| Self::origin(e));
                                self.origins.entry(name_of(n)).or_default().push(o);
                            }
                            Var::Expression(ve) => {
                                let field = ve.suffixes().next().map(|s| s.to_string());
                                if let (Prefix::Name(root), Some(field)) = (ve.prefix(), field) {
                                    let field = field.trim().trim_start_matches('.');
                                    let field = field.trim_matches(|c| "[]\"'".contains(c));
                                    if field == "apiVersion" || field == "kind" {
                                        self.typed.insert(name_of(root));
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                }
                Stmt::Do(d) => self.block(d.block()),
                Stmt::While(w) => self.block(w.block()),
                Stmt::Repeat(r) => self.block(r.block()),
                Stmt::NumericFor(f) => self.block(f.block()),
                Stmt::GenericFor(f) => self.block(f.block()),
                Stmt::If(i) => {
                    let test = nil_test(i.condition(), &self.params);
                    self.guarded_block(i.block(), test == Some(true));
                    for e in i.else_if().into_iter().flatten() {
                        self.block(e.block());
                    }
                    if let Some(b) = i.else_block() {
                        self.guarded_block(b, test == Some(false));
                    }
                }
                _ => {}
            }
        }
        if let Some(LastStmt::Return(r)) = block.last_stmt() {
            self.returns.push((
                walk::pos(r.token()),
                r.returns().iter().collect(),
                self.guarded > 0,
            ));
        }
    }

    fn guarded_block(&mut self, block: &'a Block, guarded: bool) {
        self.guarded += usize::from(guarded);
        self.block(block);
        self.guarded -= usize::from(guarded);
    }
}

/// Whether `e` tests a parameter for nil: `Some(true)` when it holds if
/// the parameter is nil (`p == nil`, `not p`, `p == nil or ...`),
/// `Some(false)` when it holds only if it is not (`p ~= nil`, `p`).
fn nil_test(e: &Expression, params: &[String]) -> Option<bool> {
    let is_param =
        |e: &Expression| matches!(e, Expression::Var(Var::Name(n)) if params.contains(&name_of(n)));
    match e {
        Expression::Parentheses { expression, .. } => nil_test(expression, params),
        Expression::UnaryOperator {
            unop: UnOp::Not(_),
            expression,
        } => nil_test(expression, params).map(|b| !b),
        Expression::BinaryOperator { lhs, binop, rhs } => match binop {
            BinOp::TwoEqual(_) | BinOp::TildeEqual(_) => {
                let nil_param =
                    (walk::is_nil(rhs) && is_param(lhs)) || (walk::is_nil(lhs) && is_param(rhs));
                nil_param.then_some(matches!(binop, BinOp::TwoEqual(_)))
            }
            // `p == nil or p.x == nil`: the branch runs whenever p is nil.
            BinOp::Or(_) => (nil_test(lhs, params) == Some(true)
                || nil_test(rhs, params) == Some(true))
            .then_some(true),
            BinOp::And(_) => (nil_test(lhs, params) == Some(false)
                || nil_test(rhs, params) == Some(false))
            .then_some(false),
            _ => None,
        },
        _ => is_param(e).then_some(false),
    }
}

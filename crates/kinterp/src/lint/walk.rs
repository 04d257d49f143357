//! One scope-aware pass over a script's syntax tree (full_moon) that
//! records the facts the rules judge: which names are read and written as
//! globals, the functions defined, the calls made, the field paths read
//! from locals, the nil checks, and statements that can never run.

use std::collections::HashMap;

use full_moon::ast::{
    self, Block, Call, Expression, Field, FunctionArgs, FunctionBody, Index, LastStmt, Parameter,
    Prefix, Stmt, Suffix, Var,
};

use super::syntax::{always_ends, call_site, index_name, is_require_kube};
pub use super::syntax::{is_nil, name_of, node_pos, pos, string_literal};

use crate::diag::Position;

/// A path element for an index that is not a string literal (`items[i]`):
/// every item of the list counts as one.
pub const ANY_INDEX: &str = "[]";

fn is_and_or(op: &ast::BinOp) -> bool {
    matches!(op, ast::BinOp::And(_) | ast::BinOp::Or(_))
}

/// A path element: a field name, or [`ANY_INDEX`].
fn path_element(s: &Suffix) -> Option<String> {
    match s {
        Suffix::Index(Index::Brackets { .. }) => {
            Some(index_name(s).unwrap_or_else(|| ANY_INDEX.to_string()))
        }
        _ => index_name(s),
    }
}

pub use super::facts::*;

struct Walker<'a> {
    facts: Facts<'a>,
    /// Each scope's names: their binding and index into `facts.locals`
    /// (`usize::MAX` for the implicit `self`).
    scopes: Vec<HashMap<String, (Binding, usize)>>,
    function: usize,
}

/// Walks a script's chunk.
pub fn walk(block: &Block) -> Facts<'_> {
    let mut w = Walker {
        facts: Facts {
            parents: vec![0],
            ..Facts::default()
        },
        scopes: vec![HashMap::new()],
        function: 0,
    };
    w.block(block);
    w.facts
}

impl<'a> Walker<'a> {
    fn lookup(&self, name: &str) -> Option<Binding> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.get(name).map(|(b, _)| *b))
    }

    fn declare(&mut self, name: String, b: Binding, at: Position, kind: LocalKind) {
        let id = self.facts.locals.len();
        self.facts.locals.push(Local {
            name: name.clone(),
            at,
            kind,
            function: self.function,
            used: false,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name, (b, id));
        }
    }

    fn block(&mut self, block: &'a Block) {
        self.scopes.push(HashMap::new());
        self.block_body(block);
        self.scopes.pop();
    }

    /// A block's statements, in the current scope.
    fn block_body(&mut self, block: &'a Block) {
        let mut ended = false;
        for stmt in block.stmts() {
            if ended {
                self.facts.unreachable.push(node_pos(stmt));
                break;
            }
            self.stmt(stmt);
            ended = always_ends(stmt);
        }
        if let Some(last) = block.last_stmt() {
            if ended {
                self.facts.unreachable.push(node_pos(last));
            } else if let LastStmt::Return(r) = last {
                for e in r.returns().iter() {
                    self.expr(e);
                }
            }
        }
    }

    fn stmt(&mut self, stmt: &'a Stmt) {
        match stmt {
            Stmt::Assignment(a) => {
                let vars: Vec<&'a Var> = a.variables().iter().collect();
                let exprs: Vec<&'a Expression> = a.expressions().iter().collect();
                if let ([Var::Name(t)], [Expression::Function(f)]) = (&vars[..], &exprs[..]) {
                    let name = name_of(t);
                    if self.lookup(&name).is_none() {
                        self.function_def(Some(name), true, pos(t), f.body());
                        return;
                    }
                }
                for e in exprs {
                    self.expr(e);
                }
                for v in vars {
                    match v {
                        Var::Name(t) => {
                            let name = name_of(t);
                            if self.lookup(&name).is_none() {
                                let inside = self.function != 0;
                                self.facts.global_writes.push((name, pos(t), inside));
                            }
                        }
                        Var::Expression(ve) => {
                            if let Some(path) = self.path_text(ve.prefix(), ve.suffixes()) {
                                self.facts.guards.insert((path, self.function));
                            }
                            if let (Prefix::Name(n), [Suffix::Index(i)]) =
                                (ve.prefix(), &ve.suffixes().collect::<Vec<_>>()[..])
                            {
                                let root = name_of(n);
                                if let (None, Some(field)) =
                                    (self.lookup(&root), index_name(&Suffix::Index((*i).clone())))
                                {
                                    self.facts.global_field_writes.push((root, field, pos(n)));
                                }
                            }
                            self.var_expression(ve.prefix(), ve.suffixes());
                        }
                        _ => {}
                    }
                }
            }
            Stmt::LocalAssignment(l) => {
                for e in l.expressions().iter() {
                    self.expr(e);
                }
                let is_kube = l.names().len() == 1
                    && l.expressions().iter().next().is_some_and(is_require_kube);
                for n in l.names().iter() {
                    let b = if is_kube {
                        Binding::Kube
                    } else {
                        Binding::Plain
                    };
                    self.declare(name_of(n), b, pos(n), LocalKind::Variable);
                }
            }
            Stmt::LocalFunction(f) => {
                let at = pos(f.name());
                self.declare(name_of(f.name()), Binding::Plain, at, LocalKind::Function);
                self.function_def(Some(name_of(f.name())), false, pos(f.name()), f.body());
            }
            Stmt::FunctionDeclaration(f) => {
                let names: Vec<String> = f.name().names().iter().map(name_of).collect();
                let at = f
                    .name()
                    .names()
                    .iter()
                    .next()
                    .map(pos)
                    .unwrap_or(Position::new(1, 1));
                let global = names.len() == 1
                    && f.name().method_name().is_none()
                    && self.lookup(&names[0]).is_none();
                if names.len() > 1 || f.name().method_name().is_some() {
                    self.read_name(&names[0], at);
                }
                let mut name = names.join(".");
                if let Some(m) = f.name().method_name() {
                    name = format!("{name}:{}", name_of(m));
                }
                let method = f.name().method_name().is_some();
                self.function_def_with(Some(name), global, at, f.body(), method);
            }
            Stmt::FunctionCall(call) => self.var_expression(call.prefix(), call.suffixes()),
            Stmt::Do(d) => self.block(d.block()),
            Stmt::While(w) => {
                self.condition(w.condition());
                self.block(w.block());
            }
            Stmt::Repeat(r) => {
                // `until` sees the block's locals: walk both in one scope.
                self.scopes.push(HashMap::new());
                self.block_body(r.block());
                self.condition(r.until());
                self.scopes.pop();
            }
            Stmt::If(i) => {
                self.condition(i.condition());
                self.block(i.block());
                for e in i.else_if().into_iter().flatten() {
                    self.condition(e.condition());
                    self.block(e.block());
                }
                if let Some(b) = i.else_block() {
                    self.block(b);
                }
            }
            Stmt::NumericFor(f) => {
                self.expr(f.start());
                self.expr(f.end());
                if let Some(s) = f.step() {
                    self.expr(s);
                }
                self.scopes.push(HashMap::new());
                let at = pos(f.index_variable());
                self.declare(
                    name_of(f.index_variable()),
                    Binding::Plain,
                    at,
                    LocalKind::Loop,
                );
                self.block(f.block());
                self.scopes.pop();
            }
            Stmt::GenericFor(f) => {
                for e in f.expressions().iter() {
                    self.expr(e);
                }
                self.scopes.push(HashMap::new());
                for n in f.names().iter() {
                    self.declare(name_of(n), Binding::Plain, pos(n), LocalKind::Loop);
                }
                self.block(f.block());
                self.scopes.pop();
            }
            _ => {}
        }
    }

    fn function_def(
        &mut self,
        name: Option<String>,
        global: bool,
        at: Position,
        body: &'a FunctionBody,
    ) {
        self.function_def_with(name, global, at, body, false);
    }

    /// A function; a method (`function t:m()`) has the implicit `self`.
    fn function_def_with(
        &mut self,
        name: Option<String>,
        global: bool,
        at: Position,
        body: &'a FunctionBody,
        method: bool,
    ) {
        let mut params = Vec::new();
        let mut param_at = Vec::new();
        let mut vararg = false;
        for p in body.parameters().iter() {
            match p {
                Parameter::Name(t) => {
                    params.push(name_of(t));
                    param_at.push(pos(t));
                }
                Parameter::Ellipsis(_) => vararg = true,
                _ => {}
            }
        }
        let index = self.facts.parents.len();
        self.facts.parents.push(self.function);
        self.facts.functions.push(Function {
            name,
            global,
            top_level: self.function == 0,
            at,
            params: params.clone(),
            vararg,
            body,
        });
        let outer = std::mem::replace(&mut self.function, index);
        self.scopes.push(HashMap::new());
        for (p, at) in params.into_iter().zip(param_at) {
            self.declare(p, Binding::Param, at, LocalKind::Param);
        }
        if method {
            if let Some(s) = self.scopes.last_mut() {
                s.insert("self".to_string(), (Binding::Param, usize::MAX));
            }
        }
        self.block(body.block());
        self.scopes.pop();
        self.function = outer;
    }

    /// An expression whose truth is tested: a path there is nil-checked.
    fn condition(&mut self, e: &'a Expression) {
        self.guard(e);
        self.expr(e);
    }

    fn guard(&mut self, e: &Expression) {
        match e {
            Expression::Var(Var::Expression(ve)) => {
                if let Some(p) = self.path_text(ve.prefix(), ve.suffixes()) {
                    self.facts.guards.insert((p, self.function));
                }
            }
            Expression::Parentheses { expression, .. } => self.guard(expression),
            Expression::UnaryOperator { expression, .. } => self.guard(expression),
            Expression::BinaryOperator { lhs, binop, rhs } => match binop {
                ast::BinOp::And(_) | ast::BinOp::Or(_) => {
                    self.guard(lhs);
                    self.guard(rhs);
                }
                ast::BinOp::TwoEqual(_) | ast::BinOp::TildeEqual(_) => {
                    if is_nil(rhs) {
                        self.guard(lhs);
                    } else if is_nil(lhs) {
                        self.guard(rhs);
                    }
                }
                _ => {}
            },
            Expression::FunctionCall(call) => {
                // type(x.y) == ... and next(x.y) check a path too.
                if let (Prefix::Name(n), Some(Suffix::Call(Call::AnonymousCall(args)))) =
                    (call.prefix(), call.suffixes().next())
                {
                    let n = name_of(n);
                    if n == "type" || n == "next" {
                        if let FunctionArgs::Parentheses { arguments, .. } = &**args {
                            if let Some(first) = arguments.iter().next() {
                                self.guard(first);
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn expr(&mut self, e: &'a Expression) {
        match e {
            Expression::BinaryOperator { lhs, binop, rhs } => {
                if is_and_or(binop) {
                    // What `lhs` checks guards `rhs`. When `lhs` is itself
                    // an `and`/`or`, walking it below guards its own left
                    // side: only its right side is left to guard here, so
                    // that a chain is guarded in one pass, not n^2/2 steps.
                    match &**lhs {
                        Expression::BinaryOperator {
                            binop: inner,
                            rhs: last,
                            ..
                        } if is_and_or(inner) => self.guard(last),
                        _ => self.guard(lhs),
                    }
                }
                if matches!(binop, ast::BinOp::TwoEqual(_) | ast::BinOp::TildeEqual(_)) {
                    self.guard(e);
                }
                self.expr(lhs);
                self.expr(rhs);
            }
            Expression::Parentheses { expression, .. } => self.expr(expression),
            Expression::UnaryOperator { unop, expression } => {
                if matches!(unop, ast::UnOp::Not(_)) {
                    self.guard(expression);
                }
                self.expr(expression);
            }
            Expression::Function(f) => self.function_def(None, false, node_pos(e), f.body()),
            Expression::FunctionCall(call) => self.var_expression(call.prefix(), call.suffixes()),
            Expression::TableConstructor(t) => self.table(t),
            Expression::Var(Var::Name(t)) => self.read_name(&name_of(t), pos(t)),
            Expression::Var(Var::Expression(ve)) => self.var_expression(ve.prefix(), ve.suffixes()),
            _ => {}
        }
    }

    fn table(&mut self, t: &'a ast::TableConstructor) {
        for f in t.fields().iter() {
            match f {
                Field::ExpressionKey { key, value, .. } => {
                    self.expr(key);
                    self.expr(value);
                }
                Field::NameKey { value, .. } => self.expr(value),
                Field::NoKey(v) => self.expr(v),
                _ => {}
            }
        }
    }

    fn read_name(&mut self, name: &str, at: Position) {
        let id = self
            .scopes
            .iter()
            .rev()
            .find_map(|s| s.get(name).map(|(_, id)| *id));
        match id {
            None => self.facts.global_reads.push((name.to_string(), at)),
            Some(id) => {
                if let Some(l) = self.facts.locals.get_mut(id) {
                    l.used = true;
                }
            }
        }
    }

    /// `a.b.c` for a prefix name and dot (or string-key) suffixes.
    fn path_text<'s>(
        &self,
        prefix: &Prefix,
        suffixes: impl Iterator<Item = &'s Suffix>,
    ) -> Option<String> {
        let Prefix::Name(n) = prefix else { return None };
        let mut text = name_of(n);
        for s in suffixes {
            text.push('.');
            text.push_str(&path_element(s)?);
        }
        Some(text)
    }

    fn var_expression<'s>(&mut self, prefix: &'a Prefix, suffixes: impl Iterator<Item = &'a Suffix>)
    where
        'a: 's,
    {
        let suffixes: Vec<&'a Suffix> = suffixes.collect();
        let mut path = Vec::new();
        let mut at = Vec::new();
        let root = match prefix {
            Prefix::Name(n) => {
                let name = name_of(n);
                let binding = self.lookup(&name);
                self.read_name(&name, pos(n));
                path.push(name);
                at.push(pos(n));
                Some(binding)
            }
            Prefix::Expression(e) => {
                self.expr(e);
                None
            }
            _ => None,
        };
        let mut in_path = root.is_some();
        for (i, s) in suffixes.iter().enumerate() {
            match s {
                Suffix::Index(index) => {
                    if let Index::Brackets { expression, .. } = index {
                        self.expr(expression);
                    }
                    match (in_path, path_element(s)) {
                        (true, Some(field)) => {
                            path.push(field);
                            at.push(match index {
                                Index::Dot { name, .. } => pos(name),
                                _ => node_pos(*s),
                            });
                        }
                        _ => in_path = false,
                    }
                }
                Suffix::Call(call) => {
                    let args = match call {
                        Call::AnonymousCall(a) => &**a,
                        Call::MethodCall(m) => m.args(),
                        _ => continue,
                    };
                    if in_path && matches!(call, Call::AnonymousCall(_)) {
                        if let Some(binding) = root {
                            let at = at.first().copied().unwrap_or_else(|| node_pos(*s));
                            self.facts.calls.push(call_site(&path, binding, args, at));
                        }
                    }
                    self.args(args);
                    in_path = false;
                    let _ = i;
                }
                _ => in_path = false,
            }
            if !in_path {
                self.record_path(root, &path, &at);
                path.clear();
            }
        }
        self.record_path(root, &path, &at);
    }

    fn record_path(&mut self, root: Option<Option<Binding>>, path: &[String], at: &[Position]) {
        if path.len() < 2 {
            return;
        }
        match root {
            Some(Some(binding)) => self.facts.paths.push(PathUse {
                path: path.to_vec(),
                at: at.to_vec(),
                root: binding,
                function: self.function,
            }),
            Some(None) if path[1] == ANY_INDEX => {}
            Some(None) => {
                self.facts
                    .global_field_reads
                    .push((path[0].clone(), path[1].clone(), at[1]))
            }
            None => {}
        }
    }

    fn args(&mut self, args: &'a FunctionArgs) {
        match args {
            FunctionArgs::Parentheses { arguments, .. } => {
                for a in arguments.iter() {
                    self.expr(a);
                }
            }
            FunctionArgs::TableConstructor(t) => self.table(t),
            _ => {}
        }
    }
}

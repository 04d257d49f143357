//! Small readings of full_moon's syntax nodes shared by the rules: names,
//! positions, literals, calls, and whether a statement always ends its
//! block.

use full_moon::ast::{Block, Call, Expression, FunctionArgs, Index, Prefix, Stmt, Suffix, Var};
use full_moon::node::Node;
use full_moon::tokenizer::{Symbol, TokenReference, TokenType};

use super::walk::{Binding, CallSite};
use crate::diag::Position;

pub fn name_of(token: &TokenReference) -> String {
    token.token().to_string()
}

pub fn pos(token: &TokenReference) -> Position {
    let p = token.token().start_position();
    Position::new(p.line(), p.character())
}

/// Where a node starts: its first token's position. (full_moon's own
/// `start_position` asks each child for its start and end positions again
/// at every level, which takes time exponential in the nesting.)
pub fn node_pos(node: &impl Node) -> Position {
    node.tokens().next().map_or(Position::new(1, 1), pos)
}

/// Where an expression starts, found by descending its leftmost operand
/// (a loop: `node_pos` of a long `a + b + c ...` chain would gather the
/// chain's tokens level by level, which is quadratic).
pub fn expr_pos(mut e: &Expression) -> Position {
    loop {
        e = match e {
            Expression::BinaryOperator { lhs, .. } => lhs,
            Expression::Parentheses { contained, .. } => return pos(contained.tokens().0),
            Expression::FunctionCall(call) => match call.prefix() {
                Prefix::Expression(inner) => inner,
                other => return node_pos(other),
            },
            Expression::Var(Var::Expression(ve)) => match ve.prefix() {
                Prefix::Expression(inner) => inner,
                other => return node_pos(other),
            },
            Expression::Number(t) | Expression::String(t) | Expression::Symbol(t) => {
                return pos(t);
            }
            Expression::TableConstructor(t) => return pos(t.braces().tokens().0),
            other => return node_pos(other),
        };
    }
}

/// The text of a string literal expression.
pub fn string_literal(e: &Expression) -> Option<String> {
    match e {
        Expression::String(t) => match t.token().token_type() {
            TokenType::StringLiteral { literal, .. } => Some(literal.to_string()),
            _ => None,
        },
        _ => None,
    }
}

pub fn is_nil(e: &Expression) -> bool {
    matches!(e, Expression::Symbol(t) if t.is_symbol(Symbol::Nil))
}

/// The field name a suffix indexes: `.name` or `["name"]`.
pub fn index_name(s: &Suffix) -> Option<String> {
    match s {
        Suffix::Index(Index::Dot { name, .. }) => Some(name_of(name)),
        Suffix::Index(Index::Brackets { expression, .. }) => string_literal(expression),
        _ => None,
    }
}

pub fn call_site(
    path: &[String],
    root: Option<Binding>,
    args: &FunctionArgs,
    at: Position,
) -> CallSite {
    let (count, first_string) = match args {
        FunctionArgs::Parentheses { arguments, .. } => {
            let expands = arguments.iter().last().is_some_and(|e| {
                matches!(e, Expression::FunctionCall(_))
                    || matches!(e, Expression::Symbol(t) if t.is_symbol(Symbol::Ellipsis))
            });
            let first = arguments.iter().next().and_then(string_literal);
            ((!expands).then_some(arguments.len()), first)
        }
        FunctionArgs::String(t) => (
            Some(1),
            match t.token().token_type() {
                TokenType::StringLiteral { literal, .. } => Some(literal.to_string()),
                _ => None,
            },
        ),
        _ => (Some(1), None),
    };
    CallSite {
        callee: path.to_vec(),
        root,
        args: count,
        first_string,
        at,
    }
}

pub fn is_require_kube(e: &Expression) -> bool {
    let Expression::FunctionCall(call) = e else {
        return false;
    };
    let Prefix::Name(n) = call.prefix() else {
        return false;
    };
    let Some(Suffix::Call(Call::AnonymousCall(args))) = call.suffixes().next() else {
        return false;
    };
    let arg = match &**args {
        FunctionArgs::Parentheses { arguments, .. } => {
            arguments.iter().next().and_then(string_literal)
        }
        FunctionArgs::String(t) => match t.token().token_type() {
            TokenType::StringLiteral { literal, .. } => Some(literal.to_string()),
            _ => None,
        },
        _ => None,
    };
    name_of(n) == "require" && arg.as_deref() == Some("kube")
}

/// Whether a statement always leaves its block (return, break, error()).
pub fn always_ends(stmt: &Stmt) -> bool {
    match stmt {
        Stmt::Do(d) => block_ends(d.block()),
        Stmt::If(i) => {
            i.else_block().is_some_and(block_ends)
                && block_ends(i.block())
                && i.else_if()
                    .into_iter()
                    .flatten()
                    .all(|e| block_ends(e.block()))
        }
        Stmt::FunctionCall(call) => {
            matches!(call.prefix(), Prefix::Name(n) if name_of(n) == "error")
                && call.suffixes().count() == 1
        }
        _ => false,
    }
}

pub fn block_ends(block: &Block) -> bool {
    block.last_stmt().is_some() || block.stmts().any(always_ends)
}

//! `empty-block`: an `if` branch or a loop body with no statement. Either
//! the code meant to be there is missing, or the branch can go.

use full_moon::ast::{self, Block};
use full_moon::visitors::Visitor;

use super::{Rule, RuleId, ScriptCx};
use crate::diag::Severity;
use crate::lint::Finding;
use crate::lint::walk::{node_pos, pos};
use crate::diag::Position;

pub const RULE: Rule = Rule {
    id: RuleId::EmptyBlock,
    severity: Severity::Warning,
    summary: "an `if` branch or a loop body without a statement",
    docs: "An empty branch or loop is either code that was meant to be written or dead syntax to remove; a branch holding only a comment counts as empty.",
};

pub(super) fn check(cx: &ScriptCx, out: &mut Vec<Finding>) {
    use full_moon::visitors::Visit;
    let mut v = Empty { out };
    cx.chunk.visit(&mut v);
}

struct Empty<'o> {
    out: &'o mut Vec<Finding>,
}

fn is_empty(b: &Block) -> bool {
    b.stmts().next().is_none() && b.last_stmt().is_none()
}

impl Empty<'_> {
    fn report(&mut self, at: Position, what: &str, hint: &str) {
        self.out
            .push(Finding::new(RuleId::EmptyBlock, at, format!("{what} is empty")).hint(hint));
    }
}

impl Empty<'_> {
    fn loop_body(&mut self, at: Position, body: &Block, keyword: &str) {
        if is_empty(body) {
            self.report(at, &format!("the body of this {keyword} loop"), LOOP_HINT);
        }
    }
}

const BRANCH_HINT: &str = "write what should happen there, or remove the branch";
const LOOP_HINT: &str = "write the loop's body, or remove the loop";

impl Visitor for Empty<'_> {
    fn visit_if(&mut self, node: &ast::If) {
        if is_empty(node.block()) {
            let what = if node.else_if().is_some() || node.else_block().is_some() {
                "this `if` branch"
            } else {
                "the body of this `if`"
            };
            self.report(pos(node.if_token()), what, BRANCH_HINT);
        }
        for e in node.else_if().into_iter().flatten() {
            if is_empty(e.block()) {
                self.report(pos(e.else_if_token()), "this `elseif` branch", BRANCH_HINT);
            }
        }
        if let (Some(b), Some(t)) = (node.else_block(), node.else_token()) {
            if is_empty(b) {
                self.report(pos(t), "this `else` branch", BRANCH_HINT);
            }
        }
    }

    fn visit_while(&mut self, node: &ast::While) {
        self.loop_body(node_pos(node), node.block(), "`while`");
    }

    fn visit_repeat(&mut self, node: &ast::Repeat) {
        self.loop_body(node_pos(node), node.block(), "`repeat`");
    }

    fn visit_numeric_for(&mut self, node: &ast::NumericFor) {
        self.loop_body(node_pos(node), node.block(), "`for`");
    }

    fn visit_generic_for(&mut self, node: &ast::GenericFor) {
        self.loop_body(node_pos(node), node.block(), "`for`");
    }
}

//! Karmada's verdict on a script's syntax, with Karmada's message.
//!
//! Karmada's Lua (gopher-lua) parses with an LALR grammar. It reports the
//! first token that cannot continue the program (`syntax error`), except
//! when a statement is an expression that is not a call: that statement is
//! reduced as soon as the next token cannot extend it, and fails with
//! `parse error` naming that next token. It accepts `goto` and labels
//! (`goto` is a reserved word) and has Lua 5.1's statement rules (`return`
//! and `break` end a block). This recognizer follows that grammar and the
//! scanner in `golex`; it builds nothing, but notes on the way what
//! `golimits` and `toplevel` need to know.

use crate::golex::{Lexer, Sym, SyntaxError, Tok, Token};
use crate::golimits::Limits;
use crate::toplevel::Statement;

/// Checks a script; `Err` holds Karmada's message.
pub fn check(src: &str) -> Result<(), SyntaxError> {
    parse(src).map(|_| ())
}

/// What the parse of a script Karmada accepts tells about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parse {
    /// `None` when the VM's compiler is sure to accept the script too,
    /// else why it might not (`golimits`).
    pub doubt: Option<&'static str>,
    /// The main chunk's statements, in order.
    pub top: Vec<Statement>,
    /// The tokens of its `local` statements (`Statement::Local` ranges).
    pub tokens: Vec<Token>,
}

/// Parses a script; `Err` holds Karmada's message.
pub fn parse(src: &str) -> Result<Parse, SyntaxError> {
    parse_boxed(src).map_err(|e| *e)
}

fn parse_boxed(src: &str) -> R<Parse> {
    // The descent below recurses once per level: refuse a script too deep
    // for the stack before it starts (`nesting`).
    if let Some(e) = crate::nesting::too_deep(src) {
        return Err(Box::new(e));
    }
    let mut p = Parser::new(src.as_bytes())?;
    p.block()?;
    if p.tok.kind != Tok::Eof {
        return Err(p.unexpected());
    }
    if p.lex.odd_numeral() {
        p.limits.doubt_that("numeral");
    }
    Ok(Parse {
        doubt: p.limits.doubt(),
        top: p.top,
        tokens: p.tokens,
    })
}

/// The parser's results: errors are boxed, so that the results of its many
/// small steps fit in registers.
type R<T> = Result<T, Box<SyntaxError>>;

struct Parser<'a> {
    lex: Lexer<'a>,
    tok: Token,
    limits: Limits,
    /// Blocks around the current point: 1 in the main chunk's own block.
    blocks: u32,
    /// The main chunk's statements so far, and what the current one is.
    top: Vec<Statement>,
    top_kind: Statement,
    /// The tokens read while `recording` (a main chunk's `local` statement).
    tokens: Vec<Token>,
    recording: bool,
}

/// What a suffixed expression turned out to be.
#[derive(PartialEq)]
enum Shape {
    /// A name or an indexing: assignable.
    Var,
    Call,
    /// A parenthesized expression.
    Paren,
}

impl<'a> Parser<'a> {
    fn new(src: &'a [u8]) -> R<Parser<'a>> {
        let mut lex = Lexer::new(src);
        let tok = lex.scan()?;
        let mut limits = Limits::new();
        limits.token();
        Ok(Parser {
            lex,
            tok,
            limits,
            blocks: 0,
            top: Vec::with_capacity(16),
            top_kind: Statement::Other,
            tokens: Vec::with_capacity(64),
            recording: false,
        })
    }

    fn advance(&mut self) -> R<()> {
        if self.recording {
            self.tokens.push(self.tok);
        }
        self.tok = self.lex.scan()?;
        self.limits.token();
        Ok(())
    }

    #[cold]
    fn error(&self, message: &'static str) -> Box<SyntaxError> {
        Box::new(SyntaxError {
            pos: self.tok.end,
            near: self.lex.text(&self.tok),
            message,
        })
    }

    fn unexpected(&self) -> Box<SyntaxError> {
        self.error("syntax error")
    }

    fn accept(&mut self, s: Sym) -> R<bool> {
        if self.tok.sym == s {
            self.advance()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn expect(&mut self, s: Sym) -> R<()> {
        if self.accept(s)? {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn name(&mut self) -> R<()> {
        if self.tok.kind == Tok::Name {
            self.advance()
        } else {
            Err(self.unexpected())
        }
    }

    fn block_ends(&self) -> bool {
        self.tok.kind == Tok::Eof
            || matches!(
                self.tok.sym,
                Sym::End | Sym::Else | Sym::Elseif | Sym::Until
            )
    }

    /// A block: one more level of nesting.
    fn block(&mut self) -> R<()> {
        self.blocks += 1;
        self.limits.enter();
        self.statements()?;
        self.limits.leave(1);
        self.blocks -= 1;
        Ok(())
    }

    /// Statements up to a block end; `return`/`break` (and one `;`) must be last.
    fn statements(&mut self) -> R<()> {
        loop {
            if self.block_ends() {
                return Ok(());
            }
            self.limits.statement();
            if self.accept(Sym::Semi)? {
                continue;
            }
            let top = self.blocks == 1;
            if self.tok.is(Sym::Return) || self.tok.is(Sym::Break) {
                let ret = self.tok.is(Sym::Return);
                if !ret {
                    self.limits.on_break();
                }
                self.advance()?;
                if ret && self.tok.starts_expr() {
                    self.exprlist()?;
                }
                self.accept(Sym::Semi)?;
                if !self.block_ends() {
                    return Err(self.unexpected());
                }
                if top {
                    self.top.push(Statement::Other);
                }
                return Ok(());
            }
            if top {
                self.top_kind = Statement::Other;
            }
            self.statement()?;
            if top {
                self.top.push(self.top_kind);
            }
        }
    }

    /// Notes what the current statement is, when it is the main chunk's.
    fn top_is(&mut self, kind: Statement) {
        if self.blocks == 1 {
            self.top_kind = kind;
        }
    }

    fn statement(&mut self) -> R<()> {
        let t = &self.tok;
        if t.kind == Tok::Keyword {
            let word = t.sym;
            if !word.starts_statement() {
                return Err(self.unexpected());
            }
            self.advance()?;
            return match word {
                Sym::Do => {
                    self.block()?;
                    self.expect(Sym::End)
                }
                Sym::While => {
                    self.expr()?;
                    self.expect(Sym::Do)?;
                    self.loop_block()?;
                    self.expect(Sym::End)
                }
                Sym::Repeat => {
                    self.loop_block()?;
                    self.expect(Sym::Until)?;
                    self.expr()
                }
                Sym::If => {
                    self.expr()?;
                    self.expect(Sym::Then)?;
                    self.block()?;
                    while self.accept(Sym::Elseif)? {
                        self.expr()?;
                        self.expect(Sym::Then)?;
                        self.block()?;
                    }
                    if self.accept(Sym::Else)? {
                        self.block()?;
                    }
                    self.expect(Sym::End)
                }
                Sym::For => self.for_statement(),
                Sym::Function => {
                    let (start, stop) = (self.tok.start, self.tok.stop);
                    self.name()?;
                    let mut plain = true;
                    while self.accept(Sym::Dot)? {
                        self.name()?;
                        plain = false;
                    }
                    let method = self.accept(Sym::Colon)?;
                    if method {
                        self.name()?;
                        plain = false;
                    }
                    if plain {
                        self.top_is(Statement::Function(start, stop));
                    }
                    self.funcbody(method)
                }
                Sym::Local => {
                    if self.accept(Sym::Function)? {
                        let (start, stop) = (self.tok.start, self.tok.stop);
                        self.name()?;
                        self.top_is(Statement::LocalFunction(start, stop));
                        self.limits.locals(1, 1);
                        return self.funcbody(false);
                    }
                    let first = self.tokens.len();
                    self.recording = self.blocks == 1;
                    let n = self.namelist()?;
                    if self.accept(Sym::Assign)? {
                        self.exprlist()?;
                    }
                    if self.recording {
                        self.recording = false;
                        self.top_kind = Statement::Local(first, self.tokens.len());
                    }
                    self.limits.locals(n, n);
                    Ok(())
                }
                _ => {
                    // goto: the compiler's to judge.
                    self.limits.doubt_that("goto");
                    self.name()
                }
            };
        }
        if self.accept(Sym::Labels)? {
            self.limits.doubt_that("label");
            self.name()?;
            return self.expect(Sym::Labels);
        }
        // An expression statement: a call or the start of an assignment.
        let shape = self.suffixed()?;
        if self.tok.is(Sym::Assign) || self.tok.is(Sym::Comma) {
            if shape != Shape::Var {
                return Err(self.unexpected_after(shape));
            }
            let mut targets = 0;
            while self.accept(Sym::Comma)? {
                // Each further target is one more level for PUC.
                self.limits.enter();
                targets += 1;
                if self.suffixed()? != Shape::Var {
                    return Err(self.unexpected());
                }
            }
            self.expect(Sym::Assign)?;
            self.exprlist()?;
            self.limits.leave(targets);
            return Ok(());
        }
        match shape {
            Shape::Call => Ok(()),
            _ => Err(self.error("parse error")),
        }
    }

    /// A loop's body.
    fn loop_block(&mut self) -> R<()> {
        self.limits.enter_loop();
        self.block()?;
        self.limits.leave_loop();
        Ok(())
    }

    /// A statement that is a parenthesized expression or a call, followed
    /// by `=` or `,`: the statement is reduced first (a call is fine there,
    /// so the `=` is then unexpected).
    fn unexpected_after(&self, shape: Shape) -> Box<SyntaxError> {
        match shape {
            Shape::Call => self.unexpected(),
            _ => self.error("parse error"),
        }
    }

    fn for_statement(&mut self) -> R<()> {
        self.name()?;
        let mut names = 1;
        if self.accept(Sym::Assign)? {
            self.expr()?;
            self.expect(Sym::Comma)?;
            self.expr()?;
            if self.accept(Sym::Comma)? {
                self.expr()?;
            }
        } else {
            while self.accept(Sym::Comma)? {
                self.name()?;
                names += 1;
            }
            self.expect(Sym::In)?;
            self.exprlist()?;
        }
        self.expect(Sym::Do)?;
        // Three hidden locals hold the loop's state.
        self.limits.locals(3 + names, names);
        self.loop_block()?;
        self.expect(Sym::End)
    }

    /// Names separated by commas; returns how many.
    fn namelist(&mut self) -> R<u32> {
        self.name()?;
        let mut n = 1;
        while self.accept(Sym::Comma)? {
            self.name()?;
            n += 1;
        }
        Ok(n)
    }

    /// Parameters and body; a method also has `self`.
    fn funcbody(&mut self, method: bool) -> R<()> {
        self.limits.enter_function();
        let mut params = u32::from(method);
        self.expect(Sym::LParen)?;
        if !self.accept(Sym::RParen)? {
            if self.accept(Sym::Dots)? {
                self.limits.vararg();
            } else {
                self.name()?;
                params += 1;
                while self.accept(Sym::Comma)? {
                    if self.accept(Sym::Dots)? {
                        self.limits.vararg();
                        break;
                    }
                    self.name()?;
                    params += 1;
                }
            }
            self.expect(Sym::RParen)?;
        }
        self.limits.locals(params, params);
        self.block()?;
        self.expect(Sym::End)?;
        self.limits.leave_function();
        Ok(())
    }

    fn exprlist(&mut self) -> R<()> {
        self.expr()?;
        while self.accept(Sym::Comma)? {
            self.expr()?;
        }
        Ok(())
    }

    /// Unary operators; returns how many (each a level for PUC).
    fn unary(&mut self) -> R<u32> {
        let mut n = 0;
        while matches!(self.tok.sym, Sym::Not | Sym::Minus | Sym::Hash) {
            self.advance()?;
            self.limits.enter();
            n += 1;
        }
        Ok(n)
    }

    /// An expression: operands joined by binary operators (precedence does
    /// not change which programs parse).
    fn expr(&mut self) -> R<()> {
        self.limits.enter();
        let mut levels = 1;
        loop {
            levels += self.unary()?;
            self.operand()?;
            if !self.tok.sym.is_binary() {
                self.limits.leave(levels);
                return Ok(());
            }
            self.advance()?;
            self.limits.enter();
            levels += 1;
        }
    }

    fn operand(&mut self) -> R<()> {
        let t = &self.tok;
        match t.kind {
            Tok::Number | Tok::Str => self.advance(),
            Tok::Keyword if matches!(t.sym, Sym::Nil | Sym::True | Sym::False) => self.advance(),
            Tok::Keyword if t.sym == Sym::Function => {
                self.advance()?;
                self.funcbody(false)
            }
            Tok::Op if t.sym == Sym::Dots => {
                self.limits.on_dots();
                self.advance()
            }
            Tok::Op if t.sym == Sym::LBrace => self.table(),
            _ => self.suffixed().map(|_| ()),
        }
    }

    /// Whether the current token starts call arguments.
    fn at_args(&self) -> bool {
        matches!(self.tok.sym, Sym::LParen | Sym::LBrace) || self.tok.kind == Tok::Str
    }

    /// A name or parenthesized expression with indexings and calls.
    fn suffixed(&mut self) -> R<Shape> {
        let mut shape = if self.tok.kind == Tok::Name {
            self.advance()?;
            Shape::Var
        } else if self.accept(Sym::LParen)? {
            self.expr()?;
            self.expect(Sym::RParen)?;
            Shape::Paren
        } else {
            return Err(self.unexpected());
        };
        loop {
            if self.accept(Sym::Dot)? {
                self.name()?;
                shape = Shape::Var;
            } else if self.accept(Sym::LBracket)? {
                self.expr()?;
                self.expect(Sym::RBracket)?;
                shape = Shape::Var;
            } else if self.accept(Sym::Colon)? {
                self.name()?;
                self.args()?;
                shape = Shape::Call;
            } else if self.at_args() {
                self.args()?;
                shape = Shape::Call;
            } else {
                return Ok(shape);
            }
        }
    }

    fn args(&mut self) -> R<()> {
        if self.tok.kind == Tok::Str {
            return self.advance();
        }
        if self.tok.is(Sym::LBrace) {
            return self.table();
        }
        self.expect(Sym::LParen)?;
        if !self.accept(Sym::RParen)? {
            self.exprlist()?;
            self.expect(Sym::RParen)?;
        }
        Ok(())
    }

    /// `{}`, or fields where separators (any number of them, even
    /// repeated) follow the first field.
    fn table(&mut self) -> R<()> {
        self.expect(Sym::LBrace)?;
        if self.accept(Sym::RBrace)? {
            return Ok(());
        }
        loop {
            self.field()?;
            let mut separated = false;
            while self.accept(Sym::Comma)? || self.accept(Sym::Semi)? {
                separated = true;
            }
            if !separated || self.tok.is(Sym::RBrace) {
                return self.expect(Sym::RBrace);
            }
        }
    }

    fn field(&mut self) -> R<()> {
        if self.accept(Sym::LBracket)? {
            self.expr()?;
            self.expect(Sym::RBracket)?;
            self.expect(Sym::Assign)?;
            return self.expr();
        }
        if self.tok.kind == Tok::Name {
            // `name = value`, or an expression starting with a name.
            self.advance()?;
            if self.accept(Sym::Assign)? {
                return self.expr();
            }
            return self.expr_after_name();
        }
        self.expr()
    }

    /// The rest of an expression whose first token, a name, was read.
    fn expr_after_name(&mut self) -> R<()> {
        self.limits.enter();
        let mut levels = 1;
        self.suffixes()?;
        while self.tok.sym.is_binary() {
            self.advance()?;
            self.limits.enter();
            levels += 1 + self.unary()?;
            self.operand()?;
        }
        self.limits.leave(levels);
        Ok(())
    }

    fn suffixes(&mut self) -> R<()> {
        loop {
            if self.accept(Sym::Dot)? {
                self.name()?;
            } else if self.accept(Sym::LBracket)? {
                self.expr()?;
                self.expect(Sym::RBracket)?;
            } else if self.accept(Sym::Colon)? {
                self.name()?;
                self.args()?;
            } else if self.at_args() {
                self.args()?;
            } else {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
#[path = "gosyntax_tests.rs"]
mod tests;

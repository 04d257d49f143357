//! Karmada's verdict on a script's syntax, with Karmada's message.
//!
//! Karmada's Lua (gopher-lua) parses with an LALR grammar. It reports the
//! first token that cannot continue the program (`syntax error`), except
//! when a statement is an expression that is not a call: that statement is
//! reduced as soon as the next token cannot extend it, and fails with
//! `parse error` naming that next token. It accepts `goto` and labels
//! (`goto` is a reserved word) and has Lua 5.1's statement rules (`return`
//! and `break` end a block). This recognizer follows that grammar and the
//! scanner in `golex`; it builds nothing.

use super::golex::{Lexer, SyntaxError, Tok, Token};

/// Checks a script; `Err` holds Karmada's message.
pub fn check(src: &str) -> Result<(), SyntaxError> {
    let mut p = Parser::new(src.as_bytes())?;
    p.block()?;
    if p.tok.kind != Tok::Eof {
        return Err(p.unexpected());
    }
    Ok(())
}

struct Parser<'a> {
    lex: Lexer<'a>,
    tok: Token,
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
    fn new(src: &'a [u8]) -> Result<Parser<'a>, SyntaxError> {
        let mut lex = Lexer::new(src);
        let tok = lex.scan()?;
        Ok(Parser { lex, tok })
    }

    fn advance(&mut self) -> Result<(), SyntaxError> {
        self.tok = self.lex.scan()?;
        Ok(())
    }

    fn error(&self, message: &'static str) -> SyntaxError {
        SyntaxError {
            pos: self.tok.end,
            near: self.tok.text.clone(),
            message,
        }
    }

    fn unexpected(&self) -> SyntaxError {
        self.error("syntax error")
    }

    fn accept(&mut self, s: &str) -> Result<bool, SyntaxError> {
        if self.tok.is(s) {
            self.advance()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn expect(&mut self, s: &str) -> Result<(), SyntaxError> {
        if self.accept(s)? {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn name(&mut self) -> Result<(), SyntaxError> {
        if self.tok.kind == Tok::Name {
            self.advance()
        } else {
            Err(self.unexpected())
        }
    }

    fn block_ends(&self) -> bool {
        self.tok.kind == Tok::Eof
            || ["end", "else", "elseif", "until"]
                .iter()
                .any(|k| self.tok.is(k))
    }

    /// Statements up to a block end; `return`/`break` (and one `;`) must be last.
    fn block(&mut self) -> Result<(), SyntaxError> {
        loop {
            if self.block_ends() {
                return Ok(());
            }
            if self.accept(";")? {
                continue;
            }
            if self.tok.is("return") || self.tok.is("break") {
                let ret = self.tok.is("return");
                self.advance()?;
                if ret && self.starts_expr() {
                    self.exprlist()?;
                }
                self.accept(";")?;
                if !self.block_ends() {
                    return Err(self.unexpected());
                }
                return Ok(());
            }
            self.statement()?;
        }
    }

    fn statement(&mut self) -> Result<(), SyntaxError> {
        let t = &self.tok;
        if t.kind == Tok::Keyword {
            let word = String::from_utf8_lossy(&t.text).into_owned();
            const STATEMENTS: [&str; 8] = [
                "do", "while", "repeat", "if", "for", "function", "local", "goto",
            ];
            if !STATEMENTS.contains(&word.as_str()) {
                return Err(self.unexpected());
            }
            self.advance()?;
            return match word.as_str() {
                "do" => {
                    self.block()?;
                    self.expect("end")
                }
                "while" => {
                    self.expr()?;
                    self.expect("do")?;
                    self.block()?;
                    self.expect("end")
                }
                "repeat" => {
                    self.block()?;
                    self.expect("until")?;
                    self.expr()
                }
                "if" => {
                    self.expr()?;
                    self.expect("then")?;
                    self.block()?;
                    while self.accept("elseif")? {
                        self.expr()?;
                        self.expect("then")?;
                        self.block()?;
                    }
                    if self.accept("else")? {
                        self.block()?;
                    }
                    self.expect("end")
                }
                "for" => self.for_statement(),
                "function" => {
                    self.name()?;
                    while self.accept_dot()? {
                        self.name()?;
                    }
                    if self.accept(":")? {
                        self.name()?;
                    }
                    self.funcbody()
                }
                "local" => {
                    if self.accept("function")? {
                        self.name()?;
                        return self.funcbody();
                    }
                    self.namelist()?;
                    if self.accept("=")? {
                        self.exprlist()?;
                    }
                    Ok(())
                }
                _ => self.name(), // goto
            };
        }
        if self.accept("::")? {
            self.name()?;
            return self.expect("::");
        }
        // An expression statement: a call or the start of an assignment.
        let shape = self.suffixed()?;
        if self.tok.is("=") || self.tok.is(",") {
            if shape != Shape::Var {
                return Err(self.unexpected_after(shape));
            }
            while self.accept(",")? {
                if self.suffixed()? != Shape::Var {
                    return Err(self.unexpected());
                }
            }
            self.expect("=")?;
            return self.exprlist();
        }
        match shape {
            Shape::Call => Ok(()),
            _ => Err(self.error("parse error")),
        }
    }

    /// A statement that is a parenthesized expression or a call, followed
    /// by `=` or `,`: the statement is reduced first (a call is fine there,
    /// so the `=` is then unexpected).
    fn unexpected_after(&self, shape: Shape) -> SyntaxError {
        match shape {
            Shape::Call => self.unexpected(),
            _ => self.error("parse error"),
        }
    }

    fn accept_dot(&mut self) -> Result<bool, SyntaxError> {
        if self.tok.kind == Tok::Dot {
            self.advance()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn for_statement(&mut self) -> Result<(), SyntaxError> {
        self.name()?;
        if self.accept("=")? {
            self.expr()?;
            self.expect(",")?;
            self.expr()?;
            if self.accept(",")? {
                self.expr()?;
            }
        } else {
            while self.accept(",")? {
                self.name()?;
            }
            self.expect("in")?;
            self.exprlist()?;
        }
        self.expect("do")?;
        self.block()?;
        self.expect("end")
    }

    fn namelist(&mut self) -> Result<(), SyntaxError> {
        self.name()?;
        while self.accept(",")? {
            self.name()?;
        }
        Ok(())
    }

    fn funcbody(&mut self) -> Result<(), SyntaxError> {
        self.expect("(")?;
        if !self.accept(")")? {
            if !self.accept("...")? {
                self.name()?;
                while self.accept(",")? {
                    if self.accept("...")? {
                        break;
                    }
                    self.name()?;
                }
            }
            self.expect(")")?;
        }
        self.block()?;
        self.expect("end")
    }

    fn exprlist(&mut self) -> Result<(), SyntaxError> {
        self.expr()?;
        while self.accept(",")? {
            self.expr()?;
        }
        Ok(())
    }

    fn starts_expr(&self) -> bool {
        let t = &self.tok;
        match t.kind {
            Tok::Name | Tok::Number | Tok::Str => true,
            Tok::Keyword => ["nil", "true", "false", "function", "not"]
                .iter()
                .any(|k| t.is(k)),
            Tok::Op => ["...", "(", "{", "-", "#"].iter().any(|k| t.is(k)),
            Tok::Dot | Tok::Eof => false,
        }
    }

    fn is_binary(&self) -> bool {
        let t = &self.tok;
        match t.kind {
            Tok::Keyword => t.is("and") || t.is("or"),
            Tok::Op => [
                "+", "-", "*", "/", "%", "^", "..", "==", "~=", "<", "<=", ">", ">=",
            ]
            .iter()
            .any(|k| t.is(k)),
            _ => false,
        }
    }

    /// An expression: operands joined by binary operators (precedence does
    /// not change which programs parse).
    fn expr(&mut self) -> Result<(), SyntaxError> {
        loop {
            while self.accept("not")? || self.accept("-")? || self.accept("#")? {}
            self.operand()?;
            if !self.is_binary() {
                return Ok(());
            }
            self.advance()?;
        }
    }

    fn operand(&mut self) -> Result<(), SyntaxError> {
        let t = &self.tok;
        match t.kind {
            Tok::Number | Tok::Str => self.advance(),
            Tok::Keyword if t.is("nil") || t.is("true") || t.is("false") => self.advance(),
            Tok::Keyword if t.is("function") => {
                self.advance()?;
                self.funcbody()
            }
            Tok::Op if t.is("...") => self.advance(),
            Tok::Op if t.is("{") => self.table(),
            _ => self.suffixed().map(|_| ()),
        }
    }

    /// A name or parenthesized expression with indexings and calls.
    fn suffixed(&mut self) -> Result<Shape, SyntaxError> {
        let mut shape = if self.tok.kind == Tok::Name {
            self.advance()?;
            Shape::Var
        } else if self.accept("(")? {
            self.expr()?;
            self.expect(")")?;
            Shape::Paren
        } else {
            return Err(self.unexpected());
        };
        loop {
            if self.accept_dot()? {
                self.name()?;
                shape = Shape::Var;
            } else if self.accept("[")? {
                self.expr()?;
                self.expect("]")?;
                shape = Shape::Var;
            } else if self.accept(":")? {
                self.name()?;
                self.args()?;
                shape = Shape::Call;
            } else if self.tok.is("(") || self.tok.is("{") || self.tok.kind == Tok::Str {
                self.args()?;
                shape = Shape::Call;
            } else {
                return Ok(shape);
            }
        }
    }

    fn args(&mut self) -> Result<(), SyntaxError> {
        if self.tok.kind == Tok::Str {
            return self.advance();
        }
        if self.tok.is("{") {
            return self.table();
        }
        self.expect("(")?;
        if !self.accept(")")? {
            self.exprlist()?;
            self.expect(")")?;
        }
        Ok(())
    }

    /// `{}`, or fields where separators (any number of them, even
    /// repeated) follow the first field.
    fn table(&mut self) -> Result<(), SyntaxError> {
        self.expect("{")?;
        if self.accept("}")? {
            return Ok(());
        }
        loop {
            self.field()?;
            let mut separated = false;
            while self.accept(",")? || self.accept(";")? {
                separated = true;
            }
            if !separated || self.tok.is("}") {
                return self.expect("}");
            }
        }
    }

    fn field(&mut self) -> Result<(), SyntaxError> {
        if self.accept("[")? {
            self.expr()?;
            self.expect("]")?;
            self.expect("=")?;
            return self.expr();
        }
        if self.tok.kind == Tok::Name {
            // `name = value`, or an expression starting with a name.
            self.advance()?;
            if self.accept("=")? {
                return self.expr();
            }
            return self.expr_after_name();
        }
        self.expr()
    }

    /// The rest of an expression whose first token, a name, was read.
    fn expr_after_name(&mut self) -> Result<(), SyntaxError> {
        self.suffixes()?;
        while self.is_binary() {
            self.advance()?;
            while self.accept("not")? || self.accept("-")? || self.accept("#")? {}
            self.operand()?;
        }
        Ok(())
    }

    fn suffixes(&mut self) -> Result<(), SyntaxError> {
        loop {
            if self.accept_dot()? {
                self.name()?;
            } else if self.accept("[")? {
                self.expr()?;
                self.expect("]")?;
            } else if self.accept(":")? {
                self.name()?;
                self.args()?;
            } else if self.tok.is("(") || self.tok.is("{") || self.tok.kind == Tok::Str {
                self.args()?;
            } else {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check;

    fn message(src: &str) -> String {
        check(src).err().map(|e| e.to_string()).unwrap_or_default()
    }

    // The expected texts are what karmadactl printed for these scripts.
    #[test]
    fn errors_name_karmadas_token_line_and_column() {
        let f = |body: &str| format!("function F(obj)\n{body}\n  return true\nend\n");
        assert_eq!(
            message(&f("  local x == 1")),
            "<string> line:2(column:12) near '==':   syntax error\n"
        );
        assert_eq!(
            message(&f("  obj.spec")),
            "<string> line:3(column:8) near 'return':   parse error\n"
        );
        assert_eq!(
            message(&f("  x += 1")),
            "<string> line:2(column:5) near '+':   parse error\n"
        );
        assert_eq!(
            message("function F(obj)\n  print(1,"),
            "<string> at EOF:   syntax error\n"
        );
        assert_eq!(
            message(&f("  local x = 1 .")),
            "<string> line:2(column:15) near '':   syntax error\n"
        );
        assert_eq!(
            message(&f("  local x = 1 010")),
            "<string> line:2(column:17) near '10':   syntax error\n"
        );
        // `0x1p4` is `0x1` then a statement `p4`, which is not a call.
        assert_eq!(
            message(&f("  local x = 0x1p4")),
            "<string> line:3(column:8) near 'return':   parse error\n"
        );
        assert_eq!(
            message(&f("  do return;; end")),
            "<string> line:2(column:13) near ';':   syntax error\n"
        );
        assert_eq!(
            message(&f("  local goto = 1")),
            "<string> line:2(column:12) near 'goto':   syntax error\n"
        );
    }

    #[test]
    fn lexical_errors() {
        let f = |body: &str| format!("function F(obj)\n{body}\n  return true\nend\n");
        assert_eq!(
            message(&f("  local x = @a")),
            "<string> line:2(column:13) near '@':   Invalid token\n"
        );
        assert_eq!(
            message(&f("  local x = ~1")),
            "<string> line:2(column:13) near '~':   Invalid '~' token\n"
        );
        assert_eq!(
            message(&f("  local s = \"abc")),
            "<string> line:3(column:0) near 'abc':   unterminated string\n"
        );
        assert_eq!(
            message(&f("  local s = [=x]")),
            "<string> line:2(column:15) near 'x':   invalid multiline string\n"
        );
        assert_eq!(
            message("function F(obj)\n  --[[ abc\n  return true\nend\n"),
            "<string> at EOF:   invalid multiline comment\n"
        );
    }

    #[test]
    fn accepts_what_karmada_accepts() {
        for src in [
            "for i = 1, 3 do\n  if i == 2 then goto continue end\n  ::continue::\nend",
            "local t = {1,,2;;3,}",
            ";;; local x = 1;",
            "local s = [[a [[b]]",
            "local x = f\n(g or h)()",
            "do return end",
            "local v = 0x1F + .5 + 5. + 1e3",
        ] {
            assert_eq!(message(src), "", "{src}");
        }
    }
}

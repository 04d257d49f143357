//! The tokens of Karmada's Lua front end (gopher-lua) as `golex` reads
//! them and `gosyntax` tells them apart, and its syntax errors.

/// A position: line and byte column, or the end of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos {
    At { line: usize, column: usize },
    Eof,
}

/// Token kinds the grammar distinguishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    Name,
    Number,
    Str,
    /// A reserved word; `Token::sym` says which.
    Keyword,
    /// An operator or punctuation; `Token::sym` says which (except `.`).
    Op,
    Dot,
    Eof,
}

/// Which reserved word or operator a token is (`None` for the others).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sym {
    None,
    And,
    Break,
    Do,
    Else,
    Elseif,
    End,
    False,
    For,
    Function,
    If,
    In,
    Local,
    Nil,
    Not,
    Or,
    Return,
    Repeat,
    Then,
    True,
    Until,
    While,
    Goto,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Caret,
    Hash,
    Eq,
    Ne,
    Le,
    Ge,
    Lt,
    Gt,
    Assign,
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Semi,
    Colon,
    Labels,
    Comma,
    Concat,
    Dots,
}

impl Sym {
    /// Whether the reserved word starts a statement.
    pub fn starts_statement(self) -> bool {
        use Sym::*;
        matches!(
            self,
            Do | While | Repeat | If | For | Function | Local | Goto
        )
    }

    /// Whether the token is a binary operator.
    pub fn is_binary(self) -> bool {
        use Sym::*;
        matches!(
            self,
            And | Or
                | Plus
                | Minus
                | Star
                | Slash
                | Percent
                | Caret
                | Concat
                | Eq
                | Ne
                | Lt
                | Le
                | Gt
                | Ge
        )
    }
}

/// One token: its kind, where its text starts and stops in the script,
/// and the scanner position after it.
#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: Tok,
    pub sym: Sym,
    /// Byte offsets of the token's source text.
    pub start: usize,
    pub stop: usize,
    pub end: Pos,
}

impl Token {
    /// Whether the token can start an expression.
    pub fn starts_expr(&self) -> bool {
        use Sym::*;
        matches!(self.kind, Tok::Name | Tok::Number | Tok::Str)
            || matches!(
                self.sym,
                Nil | True | False | Function | Not | Dots | LParen | LBrace | Minus | Hash
            )
    }

    /// Whether the token is the keyword or operator `s`.
    pub fn is(&self, s: Sym) -> bool {
        self.sym == s
    }
}

/// A syntax error as Karmada prints it (with its trailing newline).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub pos: Pos,
    pub near: Vec<u8>,
    pub message: &'static str,
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.pos {
            Pos::Eof => writeln!(f, "<string> at EOF:   {}", self.message),
            Pos::At { line, column } => writeln!(
                f,
                "<string> line:{line}(column:{column}) near '{}':   {}",
                String::from_utf8_lossy(&self.near),
                self.message
            ),
        }
    }
}

pub(crate) fn keyword(word: &[u8]) -> Sym {
    use Sym::*;
    match word {
        b"and" => And,
        b"break" => Break,
        b"do" => Do,
        b"else" => Else,
        b"elseif" => Elseif,
        b"end" => End,
        b"false" => False,
        b"for" => For,
        b"function" => Function,
        b"if" => If,
        b"in" => In,
        b"local" => Local,
        b"nil" => Nil,
        b"not" => Not,
        b"or" => Or,
        b"return" => Return,
        b"repeat" => Repeat,
        b"then" => Then,
        b"true" => True,
        b"until" => Until,
        b"while" => While,
        b"goto" => Goto,
        _ => None,
    }
}

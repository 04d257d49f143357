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
    /// An operator or punctuation; `Token::sym` says which.
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
    /// `.` (a `Tok::Dot`).
    Dot,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// The reserved word a word is, or `Sym::None`. A word is compared as one
/// integer (reserved words are 2 to 8 bytes long).
/// `rest` is the script from the word on (so that eight bytes can be read
/// at once), `len` the word's length.
pub(crate) fn keyword(rest: &[u8], len: usize) -> Sym {
    use Sym::*;
    if !(2..=8).contains(&len) {
        return None;
    }
    // (`None` here is `Sym::None`.)
    let word = rest
        .get(..8)
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
        .map_or_else(
            || {
                rest.iter()
                    .take(len)
                    .rev()
                    .fold(0, |k, &b| (k << 8) | u64::from(b))
            },
            |w| u64::from_le_bytes(w) & (u64::MAX >> (64 - 8 * len)),
        );
    match word {
        K_AND => And,
        K_BREAK => Break,
        K_DO => Do,
        K_ELSE => Else,
        K_ELSEIF => Elseif,
        K_END => End,
        K_FALSE => False,
        K_FOR => For,
        K_FUNCTION => Function,
        K_IF => If,
        K_IN => In,
        K_LOCAL => Local,
        K_NIL => Nil,
        K_NOT => Not,
        K_OR => Or,
        K_RETURN => Return,
        K_REPEAT => Repeat,
        K_THEN => Then,
        K_TRUE => True,
        K_UNTIL => Until,
        K_WHILE => While,
        K_GOTO => Goto,
        _ => None,
    }
}

/// The reserved words, packed.
const K_AND: u64 = packed(b"and");
const K_BREAK: u64 = packed(b"break");
const K_DO: u64 = packed(b"do");
const K_ELSE: u64 = packed(b"else");
const K_ELSEIF: u64 = packed(b"elseif");
const K_END: u64 = packed(b"end");
const K_FALSE: u64 = packed(b"false");
const K_FOR: u64 = packed(b"for");
const K_FUNCTION: u64 = packed(b"function");
const K_IF: u64 = packed(b"if");
const K_IN: u64 = packed(b"in");
const K_LOCAL: u64 = packed(b"local");
const K_NIL: u64 = packed(b"nil");
const K_NOT: u64 = packed(b"not");
const K_OR: u64 = packed(b"or");
const K_RETURN: u64 = packed(b"return");
const K_REPEAT: u64 = packed(b"repeat");
const K_THEN: u64 = packed(b"then");
const K_TRUE: u64 = packed(b"true");
const K_UNTIL: u64 = packed(b"until");
const K_WHILE: u64 = packed(b"while");
const K_GOTO: u64 = packed(b"goto");

/// A word of at most 8 bytes as one integer.
const fn packed(word: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    let mut i = 0;
    while i < word.len() {
        bytes[i] = word[i];
        i += 1;
    }
    u64::from_le_bytes(bytes)
}

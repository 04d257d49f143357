//! A scanner with the token boundaries, positions and errors of Karmada's
//! Lua front end (gopher-lua), so that syntax errors name the same token,
//! line and column as Karmada.
//!
//! Its quirks, all observable in Karmada's messages:
//! - a position is the line and 1-based byte column of the last character
//!   read, so an error points at the end of the token it names; a newline
//!   read inside a token moves it to column 0 of the next line; reading the
//!   end of the input makes the position "EOF";
//! - a token's text is the decoded string for string literals, the empty
//!   text for `.`, and a number without its first leading zero (`010` is
//!   `10`);
//! - numbers stop at the first character that cannot continue them
//!   (`0x1p4` is `0x1` then `p4`); an exponent takes the next character
//!   whatever it is;
//! - only space and tab (and newlines between tokens) are white space.

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
    /// A reserved word; the text says which.
    Keyword,
    /// An operator or punctuation; the text says which (except `.`).
    Op,
    Dot,
    Eof,
}

/// One token: its kind, its text as Karmada reports it, and the scanner
/// position after it.
#[derive(Clone, Debug)]
pub struct Token {
    pub kind: Tok,
    pub text: Vec<u8>,
    pub end: Pos,
}

impl Token {
    /// Whether the token is the keyword or operator `s`.
    pub fn is(&self, s: &str) -> bool {
        matches!(self.kind, Tok::Keyword | Tok::Op) && self.text == s.as_bytes()
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

const KEYWORDS: [&str; 22] = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "if", "in", "local",
    "nil", "not", "or", "return", "repeat", "then", "true", "until", "while", "goto",
];

/// The scanner over a script's bytes.
pub struct Lexer<'a> {
    src: &'a [u8],
    at: usize,
    pos: Pos,
    line: usize,
    column: usize,
}

/// A character read, or the end of the input.
const END: i32 = -1;

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8]) -> Lexer<'a> {
        Lexer {
            src,
            at: 0,
            pos: Pos::At { line: 1, column: 0 },
            line: 1,
            column: 0,
        }
    }

    fn peek(&self) -> i32 {
        self.src.get(self.at).map_or(END, |&b| b as i32)
    }

    /// Reads one character; a `\r`, `\n`, `\r\n` or `\n\r` newline reads as `\n`.
    fn next(&mut self) -> i32 {
        let Some(&b) = self.src.get(self.at) else {
            self.pos = Pos::Eof;
            return END;
        };
        self.at += 1;
        match b {
            b'\n' | b'\r' => {
                self.line += 1;
                self.column = 0;
                let other = if b == b'\n' { b'\r' } else { b'\n' };
                if self.src.get(self.at) == Some(&other) {
                    self.at += 1;
                }
                self.sync();
                b'\n' as i32
            }
            _ => {
                self.column += 1;
                self.sync();
                b as i32
            }
        }
    }

    fn sync(&mut self) {
        if self.pos != Pos::Eof {
            self.pos = Pos::At {
                line: self.line,
                column: self.column,
            };
        }
    }

    fn error(&self, near: Vec<u8>, message: &'static str) -> SyntaxError {
        SyntaxError {
            pos: self.pos,
            near,
            message,
        }
    }

    /// The next token.
    pub fn scan(&mut self) -> Result<Token, SyntaxError> {
        loop {
            let mut ch = self.next();
            while ch == b' ' as i32 || ch == b'\t' as i32 || ch == b'\n' as i32 {
                ch = self.next();
            }
            let mut text = Vec::new();
            let kind = match ch {
                END => Tok::Eof,
                c if is_ident_start(c) => {
                    text.push(c as u8);
                    while is_ident_start(self.peek()) || is_decimal(self.peek()) {
                        text.push(self.next() as u8);
                    }
                    if KEYWORDS.iter().any(|k| k.as_bytes() == text) {
                        Tok::Keyword
                    } else {
                        Tok::Name
                    }
                }
                c if is_decimal(c) => {
                    self.number(c, &mut text)?;
                    Tok::Number
                }
                c => {
                    let c = c as u8;
                    match c {
                        b'-' if self.peek() == b'-' as i32 => {
                            let c = self.next();
                            self.comment(c)?;
                            continue;
                        }
                        b'"' | b'\'' => {
                            self.string(c as i32, &mut text)?;
                            Tok::Str
                        }
                        b'[' if matches!(self.peek(), 0x5b | 0x3d) => {
                            let c = self.next();
                            self.long_string(c, &mut text)?;
                            Tok::Str
                        }
                        b'=' | b'<' | b'>' | b'~' => {
                            text.push(c);
                            if self.peek() == b'=' as i32 {
                                self.next();
                                text.push(b'=');
                            } else if c == b'~' {
                                return Err(self.error(text, "Invalid '~' token"));
                            }
                            Tok::Op
                        }
                        b'.' => {
                            let c2 = self.peek();
                            if is_decimal(c2) {
                                self.number(b'.' as i32, &mut text)?;
                                Tok::Number
                            } else if c2 == b'.' as i32 {
                                self.next();
                                text.extend_from_slice(b"..");
                                if self.peek() == b'.' as i32 {
                                    self.next();
                                    text.push(b'.');
                                }
                                Tok::Op
                            } else {
                                Tok::Dot
                            }
                        }
                        b':' => {
                            text.push(b':');
                            if self.peek() == b':' as i32 {
                                self.next();
                                text.push(b':');
                            }
                            Tok::Op
                        }
                        b'-' | b'[' | b'+' | b'*' | b'/' | b'%' | b'^' | b'#' | b'(' | b')'
                        | b'{' | b'}' | b']' | b';' | b',' => {
                            text.push(c);
                            Tok::Op
                        }
                        _ => return Err(self.error(vec![c], "Invalid token")),
                    }
                }
            };
            return Ok(Token {
                kind,
                text,
                end: self.pos,
            });
        }
    }

    fn decimals(&mut self, first: i32, text: &mut Vec<u8>) {
        text.push(first as u8);
        while is_decimal(self.peek()) {
            text.push(self.next() as u8);
        }
    }

    fn number(&mut self, mut ch: i32, text: &mut Vec<u8>) -> Result<(), SyntaxError> {
        if ch == b'0' as i32 {
            let p = self.peek();
            if p == b'x' as i32 || p == b'X' as i32 {
                text.push(b'0');
                text.push(self.next() as u8);
                let start = text.len();
                while self.peek() >= 0 && (self.peek() as u8).is_ascii_hexdigit() {
                    text.push(self.next() as u8);
                }
                if text.len() == start {
                    return Err(self.error(text.clone(), "illegal hexadecimal number"));
                }
                return Ok(());
            } else if is_decimal(p) {
                ch = self.next();
            }
        }
        self.decimals(ch, text);
        if self.peek() == b'.' as i32 {
            let c = self.next();
            self.decimals(c, text);
        }
        let p = self.peek();
        if p == b'e' as i32 || p == b'E' as i32 {
            text.push(self.next() as u8);
            let p = self.peek();
            if p == b'-' as i32 || p == b'+' as i32 {
                text.push(self.next() as u8);
            }
            let c = self.next();
            self.decimals(c, text);
        }
        Ok(())
    }

    fn string(&mut self, quote: i32, text: &mut Vec<u8>) -> Result<(), SyntaxError> {
        let mut ch = self.next();
        while ch != quote {
            if ch == b'\n' as i32 || ch == END {
                return Err(self.error(text.clone(), "unterminated string"));
            }
            if ch == b'\\' as i32 {
                self.escape(text);
            } else {
                text.push(ch as u8);
            }
            ch = self.next();
        }
        Ok(())
    }

    fn escape(&mut self, text: &mut Vec<u8>) {
        let ch = self.next();
        let byte = match ch {
            0x61 => 0x07,
            0x62 => 0x08,
            0x66 => 0x0c,
            0x6e => b'\n',
            0x72 => b'\r',
            0x74 => b'\t',
            0x76 => 0x0b,
            c if is_decimal(c) => {
                let mut v = (c - b'0' as i32) as u32;
                for _ in 0..2 {
                    if !is_decimal(self.peek()) {
                        break;
                    }
                    v = v * 10 + (self.next() - b'0' as i32) as u32;
                }
                v as u8
            }
            c => c as u8,
        };
        text.push(byte);
    }

    /// Counts `=` from `ch` on; returns the count and the first other character.
    fn separators(&mut self, mut ch: i32) -> (usize, i32) {
        let mut n = 0;
        while ch == b'=' as i32 {
            n += 1;
            ch = self.next();
        }
        (n, ch)
    }

    /// A long bracket whose first `[` was read; `ch` is the character after it.
    fn long_string(&mut self, ch: i32, text: &mut Vec<u8>) -> Result<(), SyntaxError> {
        let (level, ch) = self.separators(ch);
        if ch != b'[' as i32 {
            let near = match ch {
                END => "\u{fffd}".as_bytes().to_vec(),
                c => char::from(c as u8).to_string().into_bytes(),
            };
            return Err(self.error(near, "invalid multiline string"));
        }
        let mut ch = self.next();
        if ch == b'\n' as i32 {
            ch = self.next();
        }
        loop {
            if ch == END {
                return Err(self.error(text.clone(), "unterminated multiline string"));
            }
            if ch == b']' as i32 {
                let c = self.next();
                let (n, c) = self.separators(c);
                if n == level && c == b']' as i32 {
                    return Ok(());
                }
                text.push(b']');
                text.extend(std::iter::repeat_n(b'=', n));
                ch = c;
                continue;
            }
            text.push(ch as u8);
            ch = self.next();
        }
    }

    /// A comment; `ch` is its second `-`.
    fn comment(&mut self, mut ch: i32) -> Result<(), SyntaxError> {
        if self.peek() == b'[' as i32 {
            ch = self.next();
            if matches!(self.peek(), 0x5b | 0x3d) {
                let c = self.next();
                let mut body = Vec::new();
                return self
                    .long_string(c, &mut body)
                    .map_err(|_| self.error(Vec::new(), "invalid multiline comment"));
            }
        }
        while ch != b'\n' as i32 && ch != END {
            ch = self.next();
        }
        Ok(())
    }
}

fn is_ident_start(c: i32) -> bool {
    c == b'_' as i32 || (c >= 0 && (c as u8).is_ascii_alphabetic())
}

fn is_decimal(c: i32) -> bool {
    (b'0' as i32..=b'9' as i32).contains(&c)
}

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
//!
//! Tokens carry no text: only an error needs one, and `Lexer::text` reads
//! it again from the token's start (most tokens are then never copied).

use crate::gotoken::keyword;
pub use crate::gotoken::{Pos, Sym, SyntaxError, Tok, Token};

/// Where a token's text goes while it is read: kept for an error message
/// or for `Lexer::text`, skipped otherwise.
trait Text {
    fn push(&mut self, b: u8);
    fn extend(&mut self, s: &[u8]);
    fn copy(&self) -> Vec<u8>;
}

impl Text for Vec<u8> {
    fn push(&mut self, b: u8) {
        Vec::push(self, b);
    }
    fn extend(&mut self, s: &[u8]) {
        self.extend_from_slice(s);
    }
    fn copy(&self) -> Vec<u8> {
        self.clone()
    }
}

/// Text not kept (the scan that only finds tokens).
struct Skip;

impl Text for Skip {
    fn push(&mut self, _: u8) {}
    fn extend(&mut self, _: &[u8]) {}
    fn copy(&self) -> Vec<u8> {
        Vec::new()
    }
}

/// The scanner over a script's bytes.
pub struct Lexer<'a> {
    src: &'a [u8],
    at: usize,
    /// Whether the end of the input was read: the position is then `Eof`.
    eof: bool,
    line: usize,
    column: usize,
    /// Where the token (or comment) being read starts.
    token_start: usize,
    /// Whether a numeral ended where PUC Lua's scanner would not end it.
    odd_numeral: bool,
}

/// A character read, or the end of the input.
const END: i32 = -1;

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8]) -> Lexer<'a> {
        Lexer {
            src,
            at: 0,
            eof: false,
            line: 1,
            column: 0,
            token_start: 0,
            odd_numeral: false,
        }
    }

    /// A scanner reading `src` from byte `at` (a token's start).
    pub fn starting_at(src: &'a [u8], at: usize) -> Lexer<'a> {
        let mut lex = Lexer::new(src);
        lex.at = at;
        lex
    }

    /// The script's bytes.
    pub fn source(&self) -> &'a [u8] {
        self.src
    }

    /// Whether some numeral ends where PUC Lua's scanner reads on (`1x`,
    /// `1..x`, `1e)`): PUC reads another token sequence there.
    pub fn odd_numeral(&self) -> bool {
        self.odd_numeral
    }

    #[inline]
    fn peek(&self) -> i32 {
        self.src.get(self.at).map_or(END, |&b| b as i32)
    }

    /// Reads one character; a `\r`, `\n`, `\r\n` or `\n\r` newline reads as `\n`.
    #[inline]
    fn next(&mut self) -> i32 {
        let Some(&b) = self.src.get(self.at) else {
            self.eof = true;
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
                b'\n' as i32
            }
            _ => {
                self.column += 1;
                b as i32
            }
        }
    }

    /// Takes the bytes up to (not including) the first one `stop` accepts,
    /// none of them a newline: a column each.
    #[inline]
    fn run(&mut self, stop: impl Fn(u8) -> bool) -> &'a [u8] {
        let rest = &self.src[self.at..];
        let n = rest.iter().position(|&b| stop(b)).unwrap_or(rest.len());
        self.at += n;
        self.column += n;
        &rest[..n]
    }

    /// The position of the last character read.
    #[inline]
    fn pos(&self) -> Pos {
        match self.eof {
            true => Pos::Eof,
            false => Pos::At {
                line: self.line,
                column: self.column,
            },
        }
    }

    fn error(&self, near: Vec<u8>, message: &'static str) -> SyntaxError {
        SyntaxError {
            pos: self.pos(),
            near,
            message,
        }
    }

    /// The next token.
    #[inline(always)]
    pub fn scan(&mut self) -> Result<Token, Box<SyntaxError>> {
        match self.scan_with(&mut Skip) {
            Ok(t) => Ok(t),
            Err(e) => Err(self.with_text(e)),
        }
    }

    /// A scanning error with its text: the token read again, keeping it.
    #[cold]
    fn with_text(&self, e: SyntaxError) -> Box<SyntaxError> {
        Box::new(SyntaxError {
            near: self
                .replay(self.token_start)
                .err()
                .map_or(e.near, |r| r.near),
            ..e
        })
    }

    /// The text Karmada shows for `tok`, a token this scanner returned.
    pub fn text(&self, tok: &Token) -> Vec<u8> {
        match tok.kind {
            Tok::Number | Tok::Str => self.replay(tok.start).unwrap_or_default(),
            Tok::Dot | Tok::Eof => Vec::new(),
            Tok::Name | Tok::Keyword | Tok::Op => self.src[tok.start..tok.stop].to_vec(),
        }
    }

    /// Scans the token at `start` again, keeping its text.
    fn replay(&self, start: usize) -> Result<Vec<u8>, SyntaxError> {
        let mut again = Lexer::starting_at(self.src, start);
        let mut text = Vec::new();
        again.scan_with(&mut text)?;
        Ok(text)
    }

    #[inline(always)]
    fn scan_with(&mut self, text: &mut impl Text) -> Result<Token, SyntaxError> {
        loop {
            let ch = loop {
                // Spaces and tabs in one step, then newlines through `next`.
                self.run(|b| b != b' ' && b != b'\t');
                let ch = self.next();
                if ch != b'\n' as i32 {
                    break ch;
                }
            };
            // Where the token starts (the first character was just read).
            let start = self.at.saturating_sub(1);
            self.token_start = start;
            let (kind, sym) = match ch {
                END => (Tok::Eof, Sym::None),
                c if is_ident_start(c) => {
                    // Identifier characters are one byte each, no newline.
                    self.run(|b| !IDENTIFIER[b as usize]);
                    let sym = keyword(&self.src[start..], self.at - start);
                    let kind = if sym == Sym::None {
                        Tok::Name
                    } else {
                        Tok::Keyword
                    };
                    (kind, sym)
                }
                c if is_decimal(c) => {
                    self.number(c, text)?;
                    (Tok::Number, Sym::None)
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
                            self.string(c as i32, text)?;
                            (Tok::Str, Sym::None)
                        }
                        b'[' if matches!(self.peek(), 0x5b | 0x3d) => {
                            let c = self.next();
                            self.long_string(c, text)?;
                            (Tok::Str, Sym::None)
                        }
                        b'=' | b'<' | b'>' | b'~' => {
                            let eq = self.peek() == b'=' as i32;
                            if eq {
                                self.next();
                            } else if c == b'~' {
                                return Err(self.error(b"~".to_vec(), "Invalid '~' token"));
                            }
                            let sym = match (c, eq) {
                                (b'=', false) => Sym::Assign,
                                (b'=', true) => Sym::Eq,
                                (b'<', false) => Sym::Lt,
                                (b'<', true) => Sym::Le,
                                (b'>', false) => Sym::Gt,
                                (b'>', true) => Sym::Ge,
                                _ => Sym::Ne,
                            };
                            (Tok::Op, sym)
                        }
                        b'.' => {
                            let c2 = self.peek();
                            if is_decimal(c2) {
                                self.number(b'.' as i32, text)?;
                                (Tok::Number, Sym::None)
                            } else if c2 == b'.' as i32 {
                                self.next();
                                if self.peek() == b'.' as i32 {
                                    self.next();
                                    (Tok::Op, Sym::Dots)
                                } else {
                                    (Tok::Op, Sym::Concat)
                                }
                            } else {
                                (Tok::Dot, Sym::Dot)
                            }
                        }
                        b':' => {
                            if self.peek() == b':' as i32 {
                                self.next();
                                (Tok::Op, Sym::Labels)
                            } else {
                                (Tok::Op, Sym::Colon)
                            }
                        }
                        _ => {
                            let sym = match c {
                                b'-' => Sym::Minus,
                                b'[' => Sym::LBracket,
                                b'+' => Sym::Plus,
                                b'*' => Sym::Star,
                                b'/' => Sym::Slash,
                                b'%' => Sym::Percent,
                                b'^' => Sym::Caret,
                                b'#' => Sym::Hash,
                                b'(' => Sym::LParen,
                                b')' => Sym::RParen,
                                b'{' => Sym::LBrace,
                                b'}' => Sym::RBrace,
                                b']' => Sym::RBracket,
                                b';' => Sym::Semi,
                                b',' => Sym::Comma,
                                _ => return Err(self.error(vec![c], "Invalid token")),
                            };
                            (Tok::Op, sym)
                        }
                    }
                }
            };
            return Ok(Token {
                kind,
                sym,
                start,
                stop: self.at,
                end: self.pos(),
            });
        }
    }

    fn decimals(&mut self, first: i32, text: &mut impl Text) {
        text.push(first as u8);
        text.extend(self.run(|b| !b.is_ascii_digit()));
    }

    fn number(&mut self, mut ch: i32, text: &mut impl Text) -> Result<(), SyntaxError> {
        let start = self.at - 1;
        if ch == b'0' as i32 {
            let p = self.peek();
            if p == b'x' as i32 || p == b'X' as i32 {
                text.push(b'0');
                text.push(self.next() as u8);
                let digits = self.run(|b| !b.is_ascii_hexdigit());
                if digits.is_empty() {
                    return Err(self.error(text.copy(), "illegal hexadecimal number"));
                }
                text.extend(digits);
                self.check_numeral(start);
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
        self.check_numeral(start);
        Ok(())
    }

    /// Notes a numeral (from `start` to here) that PUC Lua's scanner
    /// would read to another end: digits and dots, an exponent letter and
    /// its sign, then letters, digits and `_`.
    fn check_numeral(&mut self, start: usize) {
        let s = self.src;
        let mut i = start;
        while i < s.len() && (s[i].is_ascii_digit() || s[i] == b'.') {
            i += 1;
        }
        if i < s.len() && (s[i] == b'e' || s[i] == b'E') {
            i += 1;
            if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
                i += 1;
            }
        }
        while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'_') {
            i += 1;
        }
        if i != self.at {
            self.odd_numeral = true;
        }
    }

    fn string(&mut self, quote: i32, text: &mut impl Text) -> Result<(), SyntaxError> {
        let q = quote as u8;
        loop {
            text.extend(self.run(|b| b == q || b == b'\\' || b == b'\n' || b == b'\r'));
            let ch = self.next();
            if ch == quote {
                return Ok(());
            }
            if ch == b'\n' as i32 || ch == END {
                return Err(self.error(text.copy(), "unterminated string"));
            }
            // A backslash.
            self.escape(text);
        }
    }

    fn escape(&mut self, text: &mut impl Text) {
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
    fn long_string(&mut self, ch: i32, text: &mut impl Text) -> Result<(), SyntaxError> {
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
                return Err(self.error(text.copy(), "unterminated multiline string"));
            }
            if ch == b']' as i32 {
                let c = self.next();
                let (n, c) = self.separators(c);
                if n == level && c == b']' as i32 {
                    return Ok(());
                }
                text.push(b']');
                for _ in 0..n {
                    text.push(b'=');
                }
                ch = c;
                continue;
            }
            text.push(ch as u8);
            text.extend(self.run(|b| b == b']' || b == b'\n' || b == b'\r'));
            ch = self.next();
        }
    }

    /// A comment; `ch` is its second `-`.
    fn comment(&mut self, mut ch: i32) -> Result<(), SyntaxError> {
        if self.peek() == b'[' as i32 {
            ch = self.next();
            if matches!(self.peek(), 0x5b | 0x3d) {
                let c = self.next();
                return self
                    .long_string(c, &mut Skip)
                    .map_err(|_| self.error(Vec::new(), "invalid multiline comment"));
            }
        }
        while ch != b'\n' as i32 && ch != END {
            // The rest of the line in one step, then its line break
            // through `next`.
            let rest = &self.src[self.at..];
            let n = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
            self.at += n;
            self.column += n;
            ch = self.next();
        }
        Ok(())
    }
}

/// The bytes that continue an identifier.
static IDENTIFIER: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c == b'_' || c.is_ascii_alphanumeric();
        b += 1;
    }
    t
};

fn is_ident_start(c: i32) -> bool {
    c == b'_' as i32 || (c >= 0 && (c as u8).is_ascii_alphabetic())
}

fn is_decimal(c: i32) -> bool {
    (b'0' as i32..=b'9' as i32).contains(&c)
}

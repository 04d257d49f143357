//! What a chunk's top level does, when the parse alone can tell.
//!
//! `--check` runs each rule script's top level in a fresh environment
//! (globals read through to the state's, writes kept) to see which global
//! functions it defines. Most top levels only define functions and locals
//! made of constants; for them the answer is read from the parse instead:
//! - `function NAME body` (a plain name, not a local's) stores a function
//!   in the environment; a name defined again keeps its first place, as the
//!   environment's iteration order is first insertion (`ltable.c`);
//! - `local function NAME body` defines a local;
//! - `local NAMES [= VALUES]` cannot fail when each value is a literal
//!   (`-` before a number included), a table of such values under names,
//!   string keys or integer keys, a variable read, a field of a library
//!   table (`string`, `table`, `math`, `os`) or `require` of a preloaded
//!   module. The last two read the shared state, and `require` changes it
//!   (`package.loaded`): such a top level is `shared`.
//!
//! Anything else (another statement, a call, an operator) is left to
//! running the chunk.

use crate::golex::{Lexer, Sym, Tok, Token};

/// One statement of a main chunk, as `gosyntax` saw it (byte ranges).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Statement {
    /// `function NAME body`, NAME a plain name: NAME's range.
    Function(usize, usize),
    /// `local function NAME body`: NAME's range.
    LocalFunction(usize, usize),
    /// `local NAMES [= VALUES]`: the range of its tokens after `local` in
    /// `Parse::tokens`.
    Local(usize, usize),
    Other,
}

/// What running a top level does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopLevel {
    /// The global functions it defines, in the environment's iteration
    /// order (first definition first).
    pub functions: Vec<String>,
    /// Whether it reads the shared state or changes it (`require`): the
    /// summary then holds only in a pristine state, and running it would
    /// change what a later script sees.
    pub shared: bool,
}

/// Library tables a pristine state has under these global names.
const LIBRARIES: [&[u8]; 4] = [b"string", b"table", b"math", b"os"];

/// Modules `require` finds in a pristine state (`package.loaded`, or
/// `package.preload` for `kube`).
const MODULES: [&[u8]; 6] = [b"kube", b"string", b"table", b"math", b"os", b"_G"];

/// The summary of the top level made of `top`, the statements of `src`
/// (`tokens`: their `local` statements' tokens); `None` when it takes
/// running the chunk.
pub fn summarize(src: &str, top: &[Statement], tokens: &[Token]) -> Option<TopLevel> {
    let src = src.as_bytes();
    let lex = Lexer::new(src);
    let mut scope = Scope {
        locals: Vec::with_capacity(16),
        functions: Vec::with_capacity(8),
    };
    let mut shared = false;
    for s in top {
        match *s {
            Statement::Function(a, b) => {
                let name = &src[a..b];
                // A local's name assigns the local.
                if !scope.locals.contains(&name) && !scope.functions.contains(&name) {
                    scope.functions.push(name);
                }
            }
            Statement::LocalFunction(a, b) => scope.locals.push(&src[a..b]),
            Statement::Local(a, b) => {
                let mut values = Values {
                    lex: &lex,
                    tokens: tokens.get(a..b)?,
                    i: 0,
                    scope: &scope,
                    shared: false,
                };
                let names = values.local()?;
                shared |= values.shared;
                scope.locals.extend(names);
            }
            Statement::Other => return None,
        }
    }
    Some(TopLevel {
        functions: scope
            .functions
            .iter()
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .collect(),
        shared,
    })
}

/// The names a top level has defined so far.
struct Scope<'a> {
    locals: Vec<&'a [u8]>,
    functions: Vec<&'a [u8]>,
}

impl Scope<'_> {
    /// Whether `name` reads something other than the pristine global.
    fn shadows(&self, name: &[u8]) -> bool {
        self.locals.contains(&name) || self.functions.contains(&name)
    }
}

/// A reader of one `local` statement's tokens.
struct Values<'s, 'a> {
    lex: &'s Lexer<'a>,
    tokens: &'s [Token],
    i: usize,
    scope: &'s Scope<'a>,
    shared: bool,
}

impl<'a> Values<'_, 'a> {
    fn peek(&self, k: usize) -> Option<&Token> {
        self.tokens.get(self.i + k)
    }

    fn at(&self, s: Sym) -> bool {
        self.peek(0).is_some_and(|t| t.sym == s)
    }

    fn text(&self, t: &Token) -> Vec<u8> {
        self.lex.text(t)
    }

    /// `NAMES [= VALUES]`: the names, when every value is safe.
    fn local(&mut self) -> Option<Vec<&'a [u8]>> {
        let src = self.lex.source();
        let mut names = Vec::new();
        loop {
            let t = self.peek(0)?;
            names.push(&src[t.start..t.stop]);
            self.i += 1;
            if !self.at(Sym::Comma) {
                break;
            }
            self.i += 1;
        }
        if self.i == self.tokens.len() {
            return Some(names);
        }
        if !self.at(Sym::Assign) {
            return None;
        }
        self.i += 1;
        loop {
            self.value()?;
            if self.i == self.tokens.len() {
                return Some(names);
            }
            if !self.at(Sym::Comma) {
                return None;
            }
            self.i += 1;
        }
    }

    /// One value that cannot fail; `None` for anything else.
    fn value(&mut self) -> Option<()> {
        let t = *self.peek(0)?;
        self.i += 1;
        match (t.kind, t.sym) {
            (Tok::Number | Tok::Str, _) | (Tok::Keyword, Sym::Nil | Sym::True | Sym::False) => {}
            (Tok::Op, Sym::Minus) if self.peek(0).is_some_and(|t| t.kind == Tok::Number) => {
                self.i += 1
            }
            (Tok::Op, Sym::LBrace) => self.table()?,
            (Tok::Name, _) => {
                let name = &self.lex.source()[t.start..t.stop];
                if name == b"require" && !self.scope.shadows(name) {
                    self.require()?;
                } else if self.peek(0).is_some_and(|t| t.kind == Tok::Dot) {
                    if !LIBRARIES.contains(&name) || self.scope.shadows(name) {
                        return None;
                    }
                    self.shared = true;
                    self.i += 1;
                    if self.peek(0)?.kind != Tok::Name {
                        return None;
                    }
                    self.i += 1;
                }
            }
            _ => return None,
        }
        // Nothing may follow the value but a separator or the end.
        match self.peek(0) {
            None => Some(()),
            Some(t) if matches!(t.sym, Sym::Comma | Sym::Semi | Sym::RBrace) => Some(()),
            Some(_) => None,
        }
    }

    /// `require` of a preloaded module, with its argument: a string, in
    /// parentheses or not.
    fn require(&mut self) -> Option<()> {
        let paren = self.at(Sym::LParen);
        if paren {
            self.i += 1;
        }
        let t = *self.peek(0)?;
        if t.kind != Tok::Str || !MODULES.contains(&self.text(&t).as_slice()) {
            return None;
        }
        self.i += 1;
        if paren {
            if !self.at(Sym::RParen) {
                return None;
            }
            self.i += 1;
        }
        self.shared = true;
        Some(())
    }

    /// A table constructor whose `{` was read.
    fn table(&mut self) -> Option<()> {
        loop {
            if self.at(Sym::RBrace) {
                self.i += 1;
                return Some(());
            }
            if matches!(self.peek(0)?.sym, Sym::Comma | Sym::Semi) {
                self.i += 1;
                continue;
            }
            let t = *self.peek(0)?;
            if t.sym == Sym::LBracket {
                // A key that cannot be nil or NaN.
                let key = *self.peek(1)?;
                let src = &self.lex.source()[key.start..key.stop];
                let integer = key.kind == Tok::Number
                    && src.len() <= 15
                    && src.iter().all(u8::is_ascii_digit);
                if !(key.kind == Tok::Str || integer) || self.peek(2)?.sym != Sym::RBracket {
                    return None;
                }
                self.i += 3;
                if !self.at(Sym::Assign) {
                    return None;
                }
                self.i += 1;
            } else if t.kind == Tok::Name && self.peek(1)?.sym == Sym::Assign {
                self.i += 2;
            }
            self.value()?;
        }
    }
}

#[cfg(test)]
#[path = "toplevel_tests.rs"]
mod tests;

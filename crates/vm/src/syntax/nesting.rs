//! How deeply a script nests, measured on its tokens before any recursive
//! parser sees it.
//!
//! The parsers that read scripts (`gosyntax`, the VM's compiler, the
//! linter's syntax tree) descend recursively: each level of nesting costs
//! stack. A script nesting thousands of levels (a hostile or generated
//! one) would overflow the stack and abort the process. This scan counts,
//! in one pass and without recursion, the levels every parser must
//! descend: blocks (`function`, `if`, `do`, `repeat`), brackets (`(`,
//! `{`, `[`), runs of unary operators and chains of the right-associative
//! `..` and `^`. Each of these is at least one of the VM compiler's "C
//! levels", of which it allows 200 (`chunk has too many syntax levels`):
//! a script past [`NESTING_LIMIT`] is one Karmada's Lua VM in kinterp
//! would refuse anyway, so refusing it earlier changes no verdict.
//!
//! Left-associative chains (`a + b + c ...`, `x and y and z ...`) cost the
//! VM's compiler nothing but build a tree as deep as the chain is long;
//! the scan reports the longest (see [`CHAIN_LIMIT`]) for the readers
//! that build such trees (the linter).

use crate::golex::{Lexer, Sym, SyntaxError, Tok, Token};

/// Nesting levels a script may use; past them it is refused with
/// `chunk has too many syntax levels` before it is parsed. The VM's
/// compiler (PUC Lua 5.1, `LUAI_MAXCCALLS`) refuses past 200 levels, which
/// this bound leaves to it, with its own message and line.
pub const NESTING_LIMIT: usize = 1000;

/// The message of a script past [`NESTING_LIMIT`] (the VM compiler's).
pub const TOO_DEEP: &str = "chunk has too many syntax levels";

/// Binary operators one expression may chain for the linter, which reads
/// a chain as a tree as deep as the chain is long. Past it the linter
/// declines the script (the VM runs it).
pub const CHAIN_LIMIT: usize = 100_000;

/// Karmada's syntax error for a script nested past [`NESTING_LIMIT`], at
/// the token where the limit is crossed; `None` for any other script.
pub fn too_deep(src: &str) -> Option<SyntaxError> {
    let tok = scan(src.as_bytes()).too_deep?;
    Some(SyntaxError {
        pos: tok.end,
        near: Lexer::new(src.as_bytes()).text(&tok),
        message: TOO_DEEP,
    })
}

/// What the scan found: the first token past each limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scan {
    /// The first token at which the nesting exceeds [`NESTING_LIMIT`].
    pub too_deep: Option<Token>,
    /// The first token at which an operator chain exceeds [`CHAIN_LIMIT`].
    pub too_long: Option<Token>,
    /// The deepest nesting seen (up to the first past the limit).
    pub deepest: usize,
    /// The longest chain of left-associative operators seen.
    pub longest: usize,
}

/// The running counts of one bracket or block level.
#[derive(Clone, Copy, Default)]
struct Run {
    /// Unary operators since the last operand.
    unary: usize,
    /// `..` and `^` in the current expression.
    right: usize,
    /// Other binary operators in the current expression.
    left: usize,
}

/// Scans `src`. A scanning error ends the scan quietly: the parser that
/// follows reports it.
pub fn scan(src: &[u8]) -> Scan {
    let mut lex = Lexer::new(src);
    let mut out = Scan::default();
    // The runs of the enclosing levels; its length is the level count of
    // blocks and brackets.
    let mut outer: Vec<Run> = Vec::new();
    let mut run = Run::default();
    // Whether the previous token ends an operand (a binary operator may
    // follow it; a name after it starts a new statement).
    let mut after_operand = false;
    while let Ok(tok) = lex.scan() {
        use Sym::*;
        if tok.kind == Tok::Eof {
            break;
        }
        let mut operand = false;
        match (tok.kind, tok.sym) {
            (Tok::Keyword, Function | If | Do | Repeat) | (Tok::Op, LParen | LBrace | LBracket) => {
                outer.push(run);
                run = Run::default();
            }
            (Tok::Keyword, End | Until) | (Tok::Op, RParen | RBrace | RBracket) => {
                run = outer.pop().unwrap_or_default();
                operand = true;
            }
            (_, Not | Hash) => run.unary += 1,
            (_, Minus) if !after_operand => run.unary += 1,
            (_, Concat | Caret) => {
                run.unary = 0;
                run.right += 1;
            }
            (_, s) if s.is_binary() => {
                run.unary = 0;
                run.left += 1;
            }
            (Tok::Name | Tok::Number, _) | (_, Nil | True | False | Dots) => {
                if after_operand {
                    run = Run::default();
                }
                operand = true;
            }
            // A string after an operand is a call's argument (`f "x"`).
            (Tok::Str, _) => operand = true,
            // `.name` and `:name` continue an operand.
            (Tok::Dot, _) | (_, Colon) => {}
            // Statement and expression boundaries: `,`, `=`, `;`, `then`,
            // `return`, `local`, ...
            _ => run = Run::default(),
        }
        after_operand = operand;
        let depth = outer.len() + run.unary + run.right;
        out.deepest = out.deepest.max(depth);
        out.longest = out.longest.max(run.left);
        if depth > NESTING_LIMIT {
            out.too_deep = Some(tok);
            break;
        }
        if run.left > CHAIN_LIMIT && out.too_long.is_none() {
            out.too_long = Some(tok);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deep(src: &str) -> Option<usize> {
        scan(src.as_bytes()).too_deep.map(|t| t.start)
    }

    #[test]
    fn counts_every_kind_of_nesting() {
        let n = NESTING_LIMIT;
        for (open, close) in [
            ("(", ")"),
            ("{", "}"),
            ("a[", "]"),
            ("function() ", " end"),
            ("if x then ", " end"),
            ("while x do ", " end"),
            ("for i = 1, 2 do ", " end"),
            ("do ", " end"),
            ("repeat ", " until x"),
            ("not ", ""),
            ("- ", ""),
            ("#", ""),
            ("a .. ", ""),
            ("a ^ ", ""),
        ] {
            let at = |k: usize| format!("x = {}a{}", open.repeat(k), close.repeat(k));
            // (`function(` counts its parameters' bracket too, briefly.)
            assert_eq!(deep(&at(n - 1)), None, "{open}");
            let past = at(n + 1);
            let first = deep(&past).unwrap_or_else(|| panic!("{open} not counted"));
            // The token that crosses the limit is in the last opener.
            let last = 4 + (n - 1) * open.len();
            assert!(
                (last..last + 2 * open.len()).contains(&first),
                "{open}: {first}"
            );
        }
    }

    #[test]
    fn nesting_ends_where_its_brackets_close() {
        let flat = "x = (((a))) ".repeat(2 * NESTING_LIMIT);
        assert_eq!(
            (
                scan(flat.as_bytes()).deepest,
                scan(flat.as_bytes()).too_deep
            ),
            (3, None)
        );
        let chain = format!("x = {}", vec!["a .. b"; 100].join("\ny = "));
        assert_eq!(scan(chain.as_bytes()).deepest, 1);
        // A call's string argument continues the chain.
        let calls = format!("x = {}", vec!["f 's'"; NESTING_LIMIT + 2].join(" .. "));
        assert!(scan(calls.as_bytes()).too_deep.is_some());
    }

    #[test]
    fn left_chains_are_measured_not_refused() {
        let ok = format!("x = {}", vec!["1"; CHAIN_LIMIT + 1].join(" + "));
        let s = scan(ok.as_bytes());
        assert_eq!((s.too_long, s.longest, s.deepest), (None, CHAIN_LIMIT, 0));
        let long = format!("x = {}", vec!["a"; CHAIN_LIMIT + 2].join(" and "));
        let s = scan(long.as_bytes());
        assert_eq!(s.too_deep, None);
        assert!(s.too_long.is_some());
        // Statements end a chain.
        let many = "x = a + b\n".repeat(CHAIN_LIMIT + 2);
        assert_eq!(scan(many.as_bytes()).longest, 1);
    }
}

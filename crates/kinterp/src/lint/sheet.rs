//! One script's fact sheet: what check, lint, coverage and the language
//! server learn from a script's text, each computed on first use and kept
//! for the sheet's life. Karmada's verdict on its syntax (gopher's grammar,
//! `gosyntax`), the summary of its top level (`toplevel`), lint's syntax
//! verdict, full_moon's syntax tree and the walk over it (`walk`), the
//! names the editor's hover reads, and the lines coverage counts.

use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};

use full_moon::ast::{AstResult, LuaVersion};

use super::Finding;
use super::names::ScriptNames;
use super::walk::{self, Facts};
use crate::lua::golex::SyntaxError;
use crate::lua::gosyntax::{self, Parse};
use crate::lua::nesting::{self, Scan};
use crate::lua::toplevel::{self, TopLevel};

/// The facts of one script's text, computed lazily and memoized.
pub struct ScriptFacts<'t> {
    text: &'t str,
    scan: OnceCell<Scan>,
    gopher: OnceCell<Result<Parse, SyntaxError>>,
    top: OnceCell<Option<TopLevel>>,
    verdict: OnceCell<Option<Finding>>,
    tree: OnceCell<AstResult>,
    names: OnceCell<Option<ScriptNames>>,
    coverable: OnceCell<BTreeSet<usize>>,
}

impl<'t> ScriptFacts<'t> {
    /// The sheet of `text`; nothing is computed yet.
    pub fn new(text: &'t str) -> ScriptFacts<'t> {
        ScriptFacts {
            text,
            scan: OnceCell::new(),
            gopher: OnceCell::new(),
            top: OnceCell::new(),
            verdict: OnceCell::new(),
            tree: OnceCell::new(),
            names: OnceCell::new(),
            coverable: OnceCell::new(),
        }
    }

    /// The script's text.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// How deep the script nests and how long its operator chains are.
    pub fn scan(&self) -> &Scan {
        self.scan
            .get_or_init(|| nesting::scan(self.text.as_bytes()))
    }

    /// Karmada's verdict on the syntax: gopher's grammar, with its message.
    pub fn gopher(&self) -> &Result<Parse, SyntaxError> {
        self.gopher.get_or_init(|| gosyntax::parse(self.text))
    }

    /// The summary of the top level: the global functions it defines, when
    /// the parse alone can tell (`None`: running it would).
    pub fn top_level(&self) -> Option<&TopLevel> {
        self.top
            .get_or_init(|| match self.gopher() {
                Ok(parse) if parse.doubt.is_none() => {
                    toplevel::summarize(self.text, &parse.top, &parse.tokens)
                }
                _ => None,
            })
            .as_ref()
    }

    /// Lint's `lua-syntax` verdict: gopher's grammar, then the VM's
    /// compiler for what only compiling finds.
    pub(crate) fn verdict(&self) -> Option<&Finding> {
        self.verdict
            .get_or_init(|| super::rules::lua_syntax::verdict(self))
            .as_ref()
    }

    /// full_moon's syntax tree (and its errors). Deeply nested scripts
    /// need a deep stack to build, walk and drop it (`script::check`).
    pub fn tree(&self) -> &AstResult {
        self.tree.get_or_init(|| {
            full_moon::parse_fallible(&super::for_full_moon(self.text), LuaVersion::lua52())
        })
    }

    /// One walk over the tree; `None` when full_moon cannot read the
    /// script.
    pub(crate) fn walk(&self) -> Option<Facts<'_>> {
        let tree = self.tree();
        tree.errors()
            .is_empty()
            .then(|| walk::walk(tree.ast().nodes()))
    }

    /// The names the script defines and those it reads that nothing
    /// defines (the editor's hover); `None` when it does not parse.
    pub fn names(&self) -> Option<&ScriptNames> {
        self.names
            .get_or_init(|| self.walk().map(|facts| ScriptNames::of(&facts)))
            .as_ref()
    }

    /// The lines coverage counts: those with a token other than a closer
    /// (`end`, `else`, `}`, ...). Read by full_moon's lexer, which takes
    /// any text.
    pub fn coverable_lines(&self) -> &BTreeSet<usize> {
        self.coverable.get_or_init(|| coverable(self.text))
    }
}

fn coverable(script: &str) -> BTreeSet<usize> {
    use full_moon::tokenizer::{Lexer, LexerResult, TokenType};
    let script = super::for_full_moon(script);
    let tokens = match Lexer::new(&script, LuaVersion::lua52()).collect() {
        LexerResult::Ok(t) | LexerResult::Recovered(t, _) => t,
        LexerResult::Fatal(_) => return BTreeSet::new(),
    };
    let mut by_line: BTreeMap<usize, bool> = BTreeMap::new();
    for t in tokens {
        if t.token_type().is_trivia() || matches!(t.token_type(), TokenType::Eof) {
            continue;
        }
        let text = t.to_string();
        let inert = matches!(
            text.as_str(),
            "end" | "else" | "}" | ")" | "]" | "," | ";" | "do" | "then" | "repeat"
        );
        let line = t.start_position().line();
        let e = by_line.entry(line).or_insert(false);
        *e |= !inert;
    }
    by_line
        .into_iter()
        .filter(|(_, code)| *code)
        .map(|(l, _)| l)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_sheet_answers_every_reader() {
        let script = "local n = 1\nfunction GetReplicas(obj)\n  return undefinedName\nend\n";
        let sheet = ScriptFacts::new(script);
        assert!(sheet.gopher().is_ok());
        assert_eq!(
            sheet.top_level().map(|t| t.functions.clone()),
            Some(vec!["GetReplicas".to_string()])
        );
        assert!(sheet.verdict().is_none());
        let names = sheet.names().unwrap();
        assert_eq!(names.undefined.len(), 1);
        assert_eq!(names.undefined[0].0, "undefinedName");
        // Memoized: the same answer, not a second computation.
        assert!(std::ptr::eq(sheet.names().unwrap(), names));
        assert_eq!(*sheet.coverable_lines(), BTreeSet::from([1, 2, 3]));
    }

    #[test]
    fn a_script_gopher_refuses_has_no_summary_nor_names_from_a_bad_tree() {
        let sheet = ScriptFacts::new("function F(\n");
        assert!(sheet.gopher().is_err());
        assert!(sheet.top_level().is_none());
        assert!(sheet.verdict().is_some());
        assert!(sheet.names().is_none());
    }
}

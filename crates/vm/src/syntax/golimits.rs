//! Whether the VM's compiler (the patched PUC Lua 5.1) is sure to accept a
//! script that gopher-lua's grammar accepted, told from that same parse.
//!
//! Given the patches (`third_party/lua-src/PATCHES.md`), the two front ends
//! accept the same programs except for what only compiling finds: `goto`
//! and labels (gopher's compile errors, produced by the patched parser),
//! `...` outside a vararg function, `break` outside a loop, a numeral PUC's
//! scanner reads to another end (`golex` notes it), and PUC's limits. The
//! parser reports each of these here; a limit counts with a conservative
//! bound and a wide margin:
//! - local variables of one function (PUC: 200 active): every local ever
//!   declared in the function, the numeric and generic `for`'s three hidden
//!   ones and a vararg function's `arg` included;
//! - registers (PUC: 250): those locals plus the tokens of the current
//!   statement (no value needs more than one register per token);
//! - upvalues of one function (PUC: 60): the named locals its enclosing
//!   functions had declared when it starts;
//! - nesting (PUC: 200 levels of blocks, subexpressions and assignment
//!   targets): one level per block, expression, operator and target;
//! - code size, jump distances and constants (PUC: 131071 instructions,
//!   262143 constants): the tokens of the whole script, at most two
//!   instructions each.

/// Bounds, well inside PUC's limits (see the module comment).
const MAX_LOCALS: u32 = 150;
const MAX_REGISTERS: u32 = 200;
const MAX_UPVALUES: u32 = 50;
const MAX_LEVELS: u32 = 100;
const MAX_TOKENS: u32 = 30_000;

/// The counts of one function being parsed.
#[derive(Clone, Copy, Default)]
struct Frame {
    /// Locals declared so far, hidden ones included.
    locals: u32,
    /// Named locals declared so far (an inner function may capture them).
    named: u32,
    /// Named locals of the enclosing functions when this one started.
    outer: u32,
    vararg: bool,
    /// Loops around the current point of this function.
    loops: u32,
    /// Tokens of the current statement.
    statement: u32,
}

/// What the parse tells about compiling the script.
pub struct Limits {
    /// The function being parsed, and the ones around it.
    current: Frame,
    enclosing: Vec<Frame>,
    levels: u32,
    tokens: u32,
    doubt: Option<&'static str>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits::new()
    }
}

impl Limits {
    pub fn new() -> Limits {
        Limits {
            // The main chunk.
            current: Frame::default(),
            enclosing: Vec::with_capacity(8),
            levels: 0,
            tokens: 0,
            doubt: None,
        }
    }

    /// `None` when the compiler is sure to accept the script; otherwise
    /// the first reason it might not.
    pub fn doubt(&self) -> Option<&'static str> {
        self.doubt
    }

    /// Notes a reason the compiler might reject the script.
    pub fn doubt_that(&mut self, why: &'static str) {
        self.doubt.get_or_insert(why);
    }

    #[inline]
    fn frame(&mut self) -> &mut Frame {
        &mut self.current
    }

    /// A token was read.
    #[inline]
    pub fn token(&mut self) {
        self.tokens += 1;
        self.current.statement += 1;
        if self.current.locals + self.current.statement > MAX_REGISTERS || self.tokens > MAX_TOKENS
        {
            self.too_many_tokens();
        }
    }

    #[cold]
    fn too_many_tokens(&mut self) {
        if self.current.locals + self.current.statement > MAX_REGISTERS {
            self.doubt_that("registers");
        }
        if self.tokens > MAX_TOKENS {
            self.doubt_that("script size");
        }
    }

    /// A statement starts: the registers of the previous one are free.
    pub fn statement(&mut self) {
        self.frame().statement = 0;
    }

    /// `n` locals are declared, `named` of them with a name.
    pub fn locals(&mut self, n: u32, named: u32) {
        let f = self.frame();
        f.locals += n;
        f.named += named;
        if f.locals > MAX_LOCALS {
            self.doubt_that("local variables");
        }
    }

    /// A function body starts (before its parameters).
    pub fn enter_function(&mut self) {
        let outer = self.current.outer + self.current.named;
        let parent = std::mem::replace(
            &mut self.current,
            Frame {
                outer,
                ..Frame::default()
            },
        );
        self.enclosing.push(parent);
        if outer > MAX_UPVALUES {
            self.doubt_that("upvalues");
        }
    }

    /// The function being parsed takes `...` (PUC also gives it `arg`).
    pub fn vararg(&mut self) {
        self.frame().vararg = true;
        self.locals(1, 1);
    }

    pub fn leave_function(&mut self) {
        // The main chunk's frame is never left.
        if let Some(parent) = self.enclosing.pop() {
            self.current = parent;
        }
    }

    /// One more level of nesting.
    pub fn enter(&mut self) {
        self.levels += 1;
        if self.levels > MAX_LEVELS {
            self.doubt_that("nesting");
        }
    }

    /// `n` levels end.
    pub fn leave(&mut self, n: u32) {
        self.levels = self.levels.saturating_sub(n);
    }

    pub fn enter_loop(&mut self) {
        self.frame().loops += 1;
    }

    pub fn leave_loop(&mut self) {
        let f = self.frame();
        f.loops = f.loops.saturating_sub(1);
    }

    /// A `break`: PUC rejects it outside a loop.
    pub fn on_break(&mut self) {
        if self.frame().loops == 0 {
            self.doubt_that("break outside a loop");
        }
    }

    /// A `...` expression: PUC's compile error outside a vararg function
    /// (the main chunk is left to the compiler).
    pub fn on_dots(&mut self) {
        if self.enclosing.is_empty() || !self.current.vararg {
            self.doubt_that("vararg expression");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_counted_per_function() {
        let mut l = Limits::new();
        l.enter_function();
        l.locals(MAX_LOCALS, MAX_LOCALS);
        l.leave_function();
        // A sibling function starts counting again.
        l.enter_function();
        l.locals(MAX_LOCALS, 0);
        assert_eq!(l.doubt(), None);
        l.locals(1, 0);
        assert_eq!(l.doubt(), Some("local variables"));
    }

    #[test]
    fn upvalues_count_enclosing_named_locals() {
        let mut l = Limits::new();
        l.locals(30, 30);
        l.enter_function();
        l.locals(20, 20);
        l.locals(40, 0);
        l.enter_function();
        assert_eq!(l.doubt(), None);
        l.leave_function();
        l.locals(1, 1);
        l.enter_function();
        assert_eq!(l.doubt(), Some("upvalues"));
    }

    #[test]
    fn statements_free_their_registers() {
        let mut l = Limits::new();
        l.locals(100, 100);
        for _ in 0..100 {
            l.token();
        }
        l.statement();
        for _ in 0..100 {
            l.token();
        }
        assert_eq!(l.doubt(), None);
        l.token();
        assert_eq!(l.doubt(), Some("registers"));
    }

    #[test]
    fn long_scripts_are_left_to_the_compiler() {
        let mut l = Limits::new();
        for i in 0..MAX_TOKENS {
            if i % 10 == 0 {
                l.statement();
            }
            l.token();
        }
        assert_eq!(l.doubt(), None);
        l.token();
        assert_eq!(l.doubt(), Some("script size"));
    }

    #[test]
    fn the_first_doubt_is_kept() {
        let mut l = Limits::new();
        l.on_break();
        l.enter_loop();
        l.on_dots();
        assert_eq!(l.doubt(), Some("break outside a loop"));
    }
}

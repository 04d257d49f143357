//! Lua patterns as gopher-lua matches them (`string.find`, `match`,
//! `gmatch`), quirks included: no `%f` frontier (`%f` is a literal `f`), `^`
//! anchors `gmatch` to its first position, `$` is an anchor only as the last
//! character of the whole pattern, an unknown or truncated `%` class never
//! matches, and malformed patterns give gopher's messages
//! (`unexpected EOS at 2`, `unfinished capture at EOS`, `invalid ')' at 0`).
//!
//! The pattern is compiled into a small program (classes, jumps, splits,
//! capture saves) run by a backtracking matcher with an explicit stack, so a
//! long subject cannot overflow the native stack.

/// A pattern error: gopher's message, with its position when it has one.
#[derive(Debug, PartialEq)]
pub struct PatternError(pub String);

/// A byte class.
#[derive(Clone, Debug)]
enum Class {
    Any,
    Byte(i32),
    /// `%x`: the letter after `%`, or -1 when the pattern ended there.
    Named(i32),
    Set {
        negated: bool,
        items: Vec<Class>,
    },
    Range(Box<Class>, Box<Class>),
}

impl Class {
    fn matches(&self, c: i32) -> bool {
        match self {
            Class::Any => true,
            Class::Byte(b) => *b == c,
            Class::Named(n) => named(*n, c),
            Class::Set { negated, items } => items.iter().any(|i| i.matches(c)) != *negated,
            Class::Range(lo, hi) => match (&**lo, &**hi) {
                (Class::Byte(lo), Class::Byte(hi)) => *lo <= c && c <= *hi,
                _ => false,
            },
        }
    }
}

fn named(n: i32, c: i32) -> bool {
    let in_range = |lo: u8, hi: u8| (lo as i32..=hi as i32).contains(&c);
    let hit = match u8::try_from(n).map(|b| b.to_ascii_lowercase()) {
        Ok(b'a') => in_range(b'A', b'Z') || in_range(b'a', b'z'),
        Ok(b'c') => in_range(0, 0x1f) || c == 0x7f,
        Ok(b'd') => in_range(b'0', b'9'),
        Ok(b'l') => in_range(b'a', b'z'),
        Ok(b'p') => {
            in_range(0x21, 0x2f)
                || in_range(0x3a, 0x40)
                || in_range(0x5b, 0x60)
                || in_range(0x7b, 0x7e)
        }
        Ok(b's') => matches!(c, 0x20 | 0x0c | 0x0a | 0x0d | 0x09 | 0x0b),
        Ok(b'u') => in_range(b'A', b'Z'),
        Ok(b'w') => in_range(b'0', b'9') || in_range(b'A', b'Z') || in_range(b'a', b'z'),
        Ok(b'x') => in_range(b'0', b'9') || in_range(b'a', b'f') || in_range(b'A', b'F'),
        Ok(b'z') => c == 0,
        // Anything else is itself, never negated.
        _ => return c == n,
    };
    if (b'A' as i32..=b'Z' as i32).contains(&n) {
        !hit
    } else {
        hit
    }
}

const EOS: i32 = -1;

/// gopher's pattern reader: `pos` is the index of the last byte read (0
/// before the first), `EOS` once the end was read; peeking does not move it.
struct Reader<'a> {
    src: &'a [u8],
    pos: i64,
    started: bool,
}

impl Reader<'_> {
    fn next_pos(&self) -> i64 {
        if self.pos == EOS as i64 || self.pos >= self.src.len() as i64 - 1 {
            EOS as i64
        } else if !self.started {
            0
        } else {
            self.pos + 1
        }
    }

    fn next(&mut self) -> i32 {
        if !self.started {
            self.started = true;
            if self.src.is_empty() {
                self.pos = EOS as i64;
            }
        } else {
            self.pos = self.next_pos();
        }
        if self.pos == EOS as i64 {
            EOS
        } else {
            self.src[self.pos as usize] as i32
        }
    }

    fn peek(&mut self) -> i32 {
        let at_end = self.pos == EOS as i64;
        let c = self.next();
        if !at_end {
            if self.pos == EOS as i64 {
                self.pos = self.src.len() as i64 - 1;
            } else {
                self.pos -= 1;
                if self.pos < 0 {
                    self.pos = 0;
                    self.started = false;
                }
            }
        }
        c
    }

    fn error(&self, msg: &str) -> PatternError {
        if self.pos == EOS as i64 {
            PatternError(format!("{msg} at EOS"))
        } else {
            PatternError(format!("{msg} at {}", self.pos))
        }
    }
}

/// One parsed element of a sequence.
enum Item {
    One(Class),
    Repeat(u8, Class),
    PosCapture,
    Capture(Vec<Item>),
    Balance(i32, i32),
    BackRef(i32),
}

fn class(r: &mut Reader, in_set: bool) -> Result<Class, PatternError> {
    Ok(match r.next() {
        EOS => return Err(r.error("unexpected EOS")),
        0x25 => Class::Named(r.next()),
        0x2e if !in_set => Class::Any,
        0x5b if !in_set => set(r)?,
        c => Class::Byte(c),
    })
}

fn set(r: &mut Reader) -> Result<Class, PatternError> {
    let mut negated = false;
    if r.peek() == b'^' as i32 {
        negated = true;
        r.next();
    }
    let mut items: Vec<Class> = Vec::new();
    let mut range = false;
    loop {
        let c = r.peek();
        if c == EOS {
            return Err(r.error("unexpected EOS"));
        }
        if !items.is_empty() && c == b']' as i32 {
            r.next();
            break;
        }
        if !items.is_empty() && c == b'-' as i32 {
            r.next();
            range = true;
            continue;
        }
        items.push(class(r, true)?);
        if range {
            let hi = items.pop().expect("two items");
            let lo = items.pop().expect("two items");
            items.push(Class::Range(Box::new(lo), Box::new(hi)));
            range = false;
        }
    }
    if range {
        items.push(Class::Byte(b'-' as i32));
    }
    Ok(Class::Set { negated, items })
}

/// Reads a sequence up to the end (top level) or a `)` (inside a capture,
/// left unread). Returns the items and, at top level, whether `$` ended it.
fn sequence(r: &mut Reader, top: bool) -> Result<(Vec<Item>, bool), PatternError> {
    let mut items = Vec::new();
    let mut tail = false;
    loop {
        let c = r.peek();
        match u8::try_from(c) {
            Err(_) => {
                r.next();
                return Ok((items, tail));
            }
            Ok(b'%') => {
                let saved = (r.pos, r.started);
                r.next();
                match u8::try_from(r.peek()) {
                    Ok(b'0') => return Err(r.error("invalid capture index")),
                    Ok(d @ b'1'..=b'9') => {
                        r.next();
                        items.push(Item::BackRef((d - b'0') as i32));
                    }
                    Ok(b'b') => {
                        r.next();
                        let open = r.next();
                        let close = r.next();
                        items.push(Item::Balance(open, close));
                    }
                    _ => {
                        (r.pos, r.started) = saved;
                        items.push(Item::One(class(r, false)?));
                    }
                }
            }
            Ok(b'.' | b'[' | b']') => items.push(Item::One(class(r, false)?)),
            Ok(b')') => {
                if top {
                    return Err(r.error("invalid ')'"));
                }
                return Ok((items, false));
            }
            Ok(b'(') => {
                r.next();
                if r.peek() == b')' as i32 {
                    r.next();
                    items.push(Item::PosCapture);
                } else {
                    let (inner, _) = sequence(r, false)?;
                    if r.peek() != b')' as i32 {
                        return Err(r.error("unfinished capture"));
                    }
                    r.next();
                    items.push(Item::Capture(inner));
                }
            }
            Ok(op @ (b'*' | b'+' | b'-' | b'?')) => {
                r.next();
                match items.pop() {
                    Some(Item::One(cl)) => items.push(Item::Repeat(op, cl)),
                    other => {
                        items.extend(other);
                        items.push(Item::One(Class::Byte(c)));
                    }
                }
            }
            Ok(b'$') => {
                let np = r.next_pos();
                if top && (np == r.src.len() as i64 - 1 || np == EOS as i64) {
                    tail = true;
                } else {
                    items.push(Item::One(Class::Byte(c)));
                }
                r.next();
            }
            Ok(_) => {
                r.next();
                items.push(Item::One(Class::Byte(c)));
            }
        }
    }
}

enum Op {
    Class(Class),
    Match,
    TailMatch,
    Jump(usize),
    /// Try the first target, backtrack to the second.
    Split(usize, usize),
    Save(usize),
    SavePos(usize),
    Balance(i32, i32),
    BackRef(usize),
}

fn emit(items: Vec<Item>, prog: &mut Vec<Op>, slots: &mut usize) {
    for item in items {
        let at = prog.len();
        match item {
            Item::One(cl) => prog.push(Op::Class(cl)),
            Item::Repeat(b'*', cl) => {
                prog.extend([Op::Split(at + 1, at + 3), Op::Class(cl), Op::Jump(at)]);
            }
            Item::Repeat(b'+', cl) => prog.extend([Op::Class(cl), Op::Split(at, at + 2)]),
            Item::Repeat(b'-', cl) => {
                prog.extend([Op::Split(at + 3, at + 1), Op::Class(cl), Op::Jump(at)]);
            }
            Item::Repeat(_, cl) => prog.extend([Op::Split(at + 1, at + 2), Op::Class(cl)]),
            Item::PosCapture => {
                prog.push(Op::SavePos(*slots));
                *slots += 2;
            }
            Item::Capture(inner) => {
                let open = *slots;
                *slots += 2;
                prog.push(Op::Save(open));
                emit(inner, prog, slots);
                prog.push(Op::Save(open + 1));
            }
            Item::Balance(o, c) => prog.push(Op::Balance(o, c)),
            Item::BackRef(n) => prog.push(Op::BackRef(n as usize * 2)),
        }
    }
}

/// A compiled pattern.
pub struct Pattern {
    prog: Vec<Op>,
    anchored: bool,
}

impl Pattern {
    pub fn compile(p: &[u8]) -> Result<Pattern, PatternError> {
        let mut r = Reader {
            src: p,
            pos: 0,
            started: false,
        };
        let anchored = r.peek() == b'^' as i32;
        if anchored {
            r.next();
        }
        let (items, tail) = sequence(&mut r, true)?;
        let mut prog = vec![Op::Save(0)];
        emit(items, &mut prog, &mut 2);
        if tail {
            prog.extend([Op::Save(1), Op::TailMatch]);
        }
        prog.extend([Op::Save(1), Op::Match]);
        Ok(Pattern { prog, anchored })
    }
}

/// One capture of a match.
#[derive(Debug, PartialEq)]
pub enum Capture {
    /// A byte range of the subject.
    Span(usize, usize),
    /// `()`: a 1-based position.
    Position(usize),
}

/// A match: the whole match's byte range and the captures.
#[derive(Debug, PartialEq)]
pub struct Match {
    pub start: usize,
    pub end: usize,
    pub captures: Vec<Capture>,
}

/// A capture slot: a subject position, flagged when it is a `()` position.
#[derive(Clone, Copy, Default)]
struct Slot {
    at: usize,
    pos: bool,
}

enum Undo {
    Resume(usize, usize),
    Restore(usize, Slot),
}

fn run(p: &Pattern, s: &[u8], start: usize) -> Result<Option<Vec<Slot>>, PatternError> {
    let mut slots: Vec<Slot> = Vec::new();
    let mut undo: Vec<Undo> = Vec::new();
    let (mut pc, mut sp) = (0usize, start);
    loop {
        let ok = match &p.prog[pc] {
            Op::Class(cl) => {
                let hit = sp < s.len() && cl.matches(s[sp] as i32);
                if hit {
                    pc += 1;
                    sp += 1;
                }
                hit
            }
            Op::Match => return Ok(Some(slots)),
            Op::TailMatch => {
                if sp >= s.len() {
                    return Ok(Some(slots));
                }
                false
            }
            Op::Jump(t) => {
                pc = *t;
                true
            }
            Op::Split(a, b) => {
                undo.push(Undo::Resume(*b, sp));
                pc = *a;
                true
            }
            Op::Save(i) => {
                if slots.len() <= *i {
                    slots.resize(*i + 1, Slot::default());
                }
                undo.push(Undo::Restore(*i, slots[*i]));
                slots[*i] = Slot { at: sp, pos: false };
                pc += 1;
                true
            }
            Op::SavePos(i) => {
                if slots.len() <= *i + 1 {
                    slots.resize(*i + 2, Slot::default());
                }
                let v = Slot {
                    at: sp + 1,
                    pos: true,
                };
                slots[*i] = v;
                slots[*i + 1] = v;
                pc += 1;
                true
            }
            Op::Balance(open, close) => {
                let mut hit = false;
                if sp < s.len() && s[sp] as i32 == *open {
                    let mut depth = 1;
                    let mut i = sp + 1;
                    while i < s.len() {
                        if s[i] as i32 == *close {
                            depth -= 1;
                        }
                        if depth == 0 {
                            sp = i + 1;
                            pc += 1;
                            hit = true;
                            break;
                        }
                        if s[i] as i32 == *open {
                            depth += 1;
                        }
                        i += 1;
                    }
                }
                hit
            }
            Op::BackRef(i) => {
                if *i + 1 >= slots.len() {
                    return Err(PatternError("invalid capture index".into()));
                }
                let (a, b) = (slots[*i].at, slots[*i + 1].at);
                let text = s.get(a..b).unwrap_or(&[]);
                let hit = s.get(sp..sp + text.len()) == Some(text);
                if hit {
                    sp += text.len();
                    pc += 1;
                }
                hit
            }
        };
        if !ok {
            loop {
                match undo.pop() {
                    None => return Ok(None),
                    Some(Undo::Restore(i, v)) => slots[i] = v,
                    Some(Undo::Resume(t, at)) => {
                        (pc, sp) = (t, at);
                        break;
                    }
                }
            }
        }
    }
}

/// gopher's search: tries every start from `offset` to the end of `s`
/// inclusive (only `offset` when anchored), continuing after each match
/// (one byte further after an empty one), up to `limit` matches.
pub fn find_all(
    p: &Pattern,
    s: &[u8],
    offset: usize,
    limit: Option<usize>,
) -> Result<Vec<Match>, PatternError> {
    let mut out = Vec::new();
    let mut sp = offset;
    while sp <= s.len() {
        let found = run(p, s, sp)?;
        sp += 1;
        if let Some(slots) = found {
            let end = slots[1].at;
            sp = sp.max(end);
            let captures = slots[2..]
                .chunks(2)
                .map(|c| match c {
                    [a, _] if a.pos => Capture::Position(a.at),
                    [a, b] => Capture::Span(a.at, b.at),
                    [a] => Capture::Span(a.at, a.at),
                    _ => unreachable!("chunks of at most 2"),
                })
                .collect();
            out.push(Match {
                start: slots[0].at,
                end,
                captures,
            });
        }
        if Some(out.len()) == limit || p.anchored {
            break;
        }
    }
    Ok(out)
}

#[cfg(test)]
#[path = "gopattern_tests.rs"]
mod tests;

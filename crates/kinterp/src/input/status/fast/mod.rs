//! A single-pass reader for the common shape of a JSON status file: a
//! stream or list of items whose fields are spelled exactly, appear once
//! and have the right type, with plain strings (no escapes) and
//! non-negative integers. It writes the normalized items straight onto
//! the output tape, with no decoded value or scratch tape in between.
//! On anything else, it declines and the file is read the usual way:
//! it never decides an error or an unusual case itself.

use super::{FIELDS, Normalizer, Passing};
use crate::input::tape::Node;

/// Nesting deeper than this is left to the full reader (which has its
/// own limit and error for it).
const MAX_DEPTH: usize = 100;

/// Output extents past this are left to the full reader, which reports
/// them as too large.
const MAX_EXTENT: usize = (u32::MAX / 2) as usize;

/// The reason the fast reader gave up; the caller reads the file again.
pub(super) struct Declined;

type Step<T = ()> = Result<T, Declined>;

/// Reads the JSON stream `text` (starting with `{` or `[`) into `n`'s
/// items. On `Declined`, `n` holds a partial result and must be restarted.
/// `release`, if given, is handed an address in `text` now and then: the
/// text before it will not be read again, but for the strings kept to
/// predict the next items' (a mapped file's pages read again are only
/// mapped again).
pub(super) fn read(text: &str, n: &mut Normalizer, release: Option<&dyn Fn(*const u8)>) -> Step {
    let mut r = Reader {
        text,
        b: text.as_bytes(),
        pos: 0,
        seen: Vec::new(),
        next: 0,
        passing: release.map(|release| Passing::new(release, text)),
    };
    loop {
        r.ws();
        let Some(&c) = r.b.get(r.pos) else {
            return Ok(());
        };
        n.begin();
        match c {
            b'{' => r.item(n)?,
            b'[' if n.unroll => {
                // Its items are written one by one, with no decoded
                // document freed beside them: a list read element by
                // element (see `Normalizer::finish`).
                n.listed = true;
                r.pos += 1;
                r.ws();
                if r.eat(b']') {
                    continue;
                }
                loop {
                    r.ws();
                    if r.peek() != Some(b'{') {
                        return Err(Declined);
                    }
                    r.item(n)?;
                    r.ws();
                    if r.eat(b']') {
                        break;
                    }
                    r.expect(b',')?;
                }
            }
            _ => return Err(Declined),
        }
    }
}

struct Reader<'t> {
    text: &'t str,
    b: &'t [u8],
    pos: usize,
    /// Told the reader's place after each item (see `read`): the
    /// strings of the last items, which the next ones are compared with,
    /// stay in place.
    passing: Option<Passing<'t>>,
    /// The strings of the last items, in the order read (up to
    /// `PREDICTED`), with their nodes: items alike repeat them in the
    /// same order, and a string found where expected is neither scanned
    /// nor looked up again.
    seen: Vec<Seen<'t>>,
    /// Which of `seen` the next string of this item is expected to be.
    next: usize,
}

/// A string as read: its text with quotes, without, its node on the
/// output tape, and which of `FIELDS` it names (`NOT_A_FIELD` if none).
#[derive(Clone, Copy)]
struct Seen<'t> {
    quoted: &'t [u8],
    text: &'t str,
    node: Node,
    field: usize,
}

const NOT_A_FIELD: usize = FIELDS.len();

/// How many strings of an item are remembered.
const PREDICTED: usize = 64;

/// One item's scalar fields as read (`applied` only when true).
#[derive(Default)]
struct Scalars<'t> {
    cluster: Option<Node>,
    applied: Option<bool>,
    message: Option<Seen<'t>>,
    health: Option<Seen<'t>>,
    status: bool,
}

impl<'t> Reader<'t> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// JSON whitespace only.
    fn ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.peek() {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.pos += usize::from(hit);
        hit
    }

    fn expect(&mut self, c: u8) -> Step {
        if self.eat(c) { Ok(()) } else { Err(Declined) }
    }

    /// A string (as `string`) and its node on the output tape: the one
    /// expected here if it is that string.
    #[inline(always)]
    fn token(&mut self, n: &mut Normalizer) -> Step<Seen<'t>> {
        let k = self.next;
        self.next += 1;
        if let Some(&seen) = self.seen.get(k) {
            let q = seen.quoted;
            if let Some(here) = self.b.get(self.pos..self.pos + q.len())
                && same(here, q)
            {
                self.pos += q.len();
                return Ok(seen);
            }
        }
        let from = self.pos;
        let s = self.string()?;
        let seen = Seen {
            quoted: &self.b[from..self.pos],
            text: s,
            node: n.out.share(s, &mut n.shared),
            field: FIELDS.iter().position(|f| *f == s).unwrap_or(NOT_A_FIELD),
        };
        if k < self.seen.len() {
            self.seen[k] = seen;
        } else if k < PREDICTED {
            self.seen.push(seen);
        }
        Ok(seen)
    }

    /// A string without escapes or control characters, at the cursor.
    fn string(&mut self) -> Step<&'t str> {
        self.expect(b'"')?;
        let start = self.pos;
        let mut end = start;
        // Eight bytes at a time while there are eight: the first byte
        // that is a quote, a backslash or a control character.
        while let Some(word) = self.b.get(end..end + 8) {
            let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
            let hits = special(word);
            if hits != 0 {
                end += (hits.trailing_zeros() / 8) as usize;
                return self.close_string(start, end);
            }
            end += 8;
        }
        while let Some(&c) = self.b.get(end) {
            if c == b'"' || c == b'\\' || c < 0x20 {
                return self.close_string(start, end);
            }
            end += 1;
        }
        Err(Declined)
    }

    /// The string from `start` to the special byte at `end`: declined
    /// unless that byte is its closing quote.
    fn close_string(&mut self, start: usize, end: usize) -> Step<&'t str> {
        if self.b[end] != b'"' {
            return Err(Declined);
        }
        self.pos = end + 1;
        Ok(&self.text[start..end])
    }

    /// After a container's element: true at its closing `close`, false
    /// past the comma before the next element.
    #[inline(always)]
    fn end_or_comma(&mut self, close: u8) -> Step<bool> {
        self.ws();
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                Ok(false)
            }
            Some(c) if c == close => {
                self.pos += 1;
                Ok(true)
            }
            _ => Err(Declined),
        }
    }

    /// The colon after a key, and the whitespace around it.
    #[inline(always)]
    fn colon(&mut self) -> Step {
        if self.b.get(self.pos..self.pos + 2) == Some(b": ") {
            self.pos += 2;
        } else {
            self.ws();
            self.expect(b':')?;
        }
        self.ws();
        Ok(())
    }

    /// `true` or `false`.
    fn boolean(&mut self) -> Step<bool> {
        let rest = &self.b[self.pos..];
        if rest.starts_with(b"true") {
            self.pos += 4;
            Ok(true)
        } else if rest.starts_with(b"false") {
            self.pos += 5;
            Ok(false)
        } else {
            Err(Declined)
        }
    }

    /// One item (an object, at the cursor) onto the output, normalized:
    /// `clusterName` first, then `status`, `applied`, `appliedMessage`
    /// and `health` when set.
    fn item(&mut self, n: &mut Normalizer) -> Step {
        self.expect(b'{')?;
        self.next = 0;
        let at = n.out.open(true);
        n.out.push_leaf(n.keys[0]);
        let cluster_at = n.out.extent().0;
        n.out.push_leaf(n.empty);
        let mut f = Scalars::default();
        let mut len = 1;
        self.ws();
        if !self.eat(b'}') {
            loop {
                self.ws();
                let key = self.token(n)?.field;
                self.colon()?;
                // In `FIELDS` order.
                match key {
                    0 if f.cluster.is_none() => f.cluster = Some(self.token(n)?.node),
                    1 if !f.status && self.peek() != Some(b'n') => {
                        f.status = true;
                        n.out.push_leaf(n.keys[1]);
                        self.value(n, 1)?;
                        len += 1;
                    }
                    2 if f.applied.is_none() => f.applied = Some(self.boolean()?),
                    3 if f.message.is_none() => f.message = Some(self.token(n)?),
                    4 if f.health.is_none() => f.health = Some(self.token(n)?),
                    // Another spelling, a repeat, an unknown field, a null.
                    _ => return Err(Declined),
                }
                if self.end_or_comma(b'}')? {
                    break;
                }
            }
        }
        let out = &mut n.out;
        if let Some(node) = f.cluster {
            out.set_node(cluster_at, node);
        }
        if f.applied == Some(true) {
            out.push_leaf(n.keys[2]);
            out.push_leaf(Node::Bool(true));
            len += 1;
        }
        for (key, value) in [(n.keys[3], f.message), (n.keys[4], f.health)] {
            if let Some(v) = value.filter(|v| !v.text.is_empty()) {
                out.push_leaf(key);
                out.push_leaf(v.node);
                len += 1;
            }
        }
        out.close(at, len);
        n.items += 1;
        let (nodes, strings) = out.extent();
        if nodes >= MAX_EXTENT || strings >= MAX_EXTENT {
            return Err(Declined);
        }
        // After each item, in a stream or in a list alike.
        if let Some(passing) = &mut self.passing {
            passing.at(self.pos);
        }
        Ok(())
    }

    /// Any value (at the cursor) copied onto the output as decoded.
    fn value(&mut self, n: &mut Normalizer, depth: usize) -> Step {
        if depth > MAX_DEPTH {
            return Err(Declined);
        }
        match self.peek().ok_or(Declined)? {
            b'"' => {
                let node = self.token(n)?.node;
                n.out.push_leaf(node);
            }
            b'{' => {
                self.pos += 1;
                let at = n.out.open(true);
                let mut len = 0;
                self.ws();
                if !self.eat(b'}') {
                    loop {
                        self.ws();
                        let node = self.token(n)?.node;
                        n.out.push_leaf(node);
                        self.colon()?;
                        self.child(n, depth + 1)?;
                        len += 1;
                        if self.end_or_comma(b'}')? {
                            break;
                        }
                    }
                }
                n.out.close(at, len);
            }
            b'[' => {
                self.pos += 1;
                let at = n.out.open(false);
                let mut len = 0;
                self.ws();
                if !self.eat(b']') {
                    loop {
                        self.ws();
                        self.child(n, depth + 1)?;
                        len += 1;
                        if self.end_or_comma(b']')? {
                            break;
                        }
                    }
                }
                n.out.close(at, len);
            }
            b't' | b'f' => {
                let b = self.boolean()?;
                n.out.push_leaf(Node::Bool(b));
            }
            b'n' if self.b[self.pos..].starts_with(b"null") => {
                self.pos += 4;
                n.out.push_leaf(Node::Null);
            }
            b'0'..=b'9' => {
                let v = self.integer()?;
                n.out.push_leaf(Node::Uint(v));
            }
            _ => return Err(Declined),
        }
        Ok(())
    }

    /// `value` for a container's child: numbers and strings without a
    /// call.
    #[inline(always)]
    fn child(&mut self, n: &mut Normalizer, depth: usize) -> Step {
        match self.peek() {
            Some(b'0'..=b'9') => {
                let v = self.integer()?;
                n.out.push_leaf(Node::Uint(v));
                Ok(())
            }
            Some(b'"') => {
                let node = self.token(n)?.node;
                n.out.push_leaf(node);
                Ok(())
            }
            _ => self.value(n, depth),
        }
    }

    /// A non-negative integer without a fraction or exponent that fits
    /// in 64 bits (others are read as the full reader reads them).
    #[inline(always)]
    fn integer(&mut self) -> Step<u64> {
        let start = self.pos;
        // One digit, then a delimiter: the most common number.
        if let Some(&[d @ b'0'..=b'9', b',' | b'}' | b']' | b' ' | b'\n']) =
            self.b.get(start..start + 2)
        {
            self.pos += 1;
            return Ok(u64::from(d - b'0'));
        }
        let mut v: u64 = 0;
        while let Some(c @ b'0'..=b'9') = self.peek() {
            v = v
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(c - b'0')))
                .ok_or(Declined)?;
            self.pos += 1;
        }
        let leading_zero = self.b[start] == b'0' && self.pos - start > 1;
        if leading_zero || matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
            return Err(Declined);
        }
        Ok(v)
    }
}

/// Each byte of `word` (little-endian) that is a quote, a backslash or
/// below 0x20 has its high bit set in the result; bytes above the first
/// such byte may be marked wrongly, so only the lowest mark counts.
fn special(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x;
    let quote = word ^ (ONES * u64::from(b'"'));
    let backslash = word ^ (ONES * u64::from(b'\\'));
    let control = word.wrapping_sub(ONES * 0x20) & !word;
    (zero_byte(quote) | zero_byte(backslash) | control) & HIGH
}

/// Whether `a` and `b`, of the same length, hold the same bytes: eight
/// at a time, as short strings are compared here most.
fn same(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n < 8 || b.len() != n {
        return a == b;
    }
    let word = |s: &[u8], i: usize| u64::from_le_bytes(s[i..i + 8].try_into().unwrap_or_default());
    let mut i = 0;
    while i + 8 < n {
        if word(a, i) != word(b, i) {
            return false;
        }
        i += 8;
    }
    word(a, n - 8) == word(b, n - 8)
}

#[cfg(test)]
mod tests;

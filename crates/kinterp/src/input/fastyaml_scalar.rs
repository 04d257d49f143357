//! Scalars for the YAML fast path: typing plain text (`yaml11`), quoted
//! scalars on one line, and one-line flow collections.

use serde_json::{Map, Value};

use kinterp_go::yaml11::{self, Scalar};

/// "Not certain": the fast path gives up and the full reader decides.
#[derive(Debug)]
pub(crate) struct Bail;

pub(crate) type R<T> = Result<T, Bail>;

/// Longest key (in bytes, up to its `:`) we accept; libyaml drops a simple
/// key candidate after 1024 characters.
pub(crate) const MAX_KEY_LEN: usize = 1000;

/// `src[a..b]`, or a bail if the range is not on character boundaries.
pub(crate) fn slice(src: &str, a: usize, b: usize) -> R<&str> {
    src.get(a..b).ok_or(Bail)
}

/// The first offset at or after `i` (before `end`) that is not a space.
pub(crate) fn skip_spaces(b: &[u8], i: usize, end: usize) -> usize {
    let Some(s) = b.get(i..end.min(b.len())) else {
        return i;
    };
    // Eight spaces at a time (indentation), then one by one.
    const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
    let mut n = 0;
    while let Some(word) = s.get(n..n + 8).and_then(|w| <[u8; 8]>::try_from(w).ok()) {
        if u64::from_le_bytes(word) != SPACES {
            break;
        }
        n += 8;
    }
    i + n
        + s[n..]
            .iter()
            .position(|&c| c != b' ')
            .unwrap_or(s.len() - n)
}

/// The offset of the first `\n` in `s`: eight bytes at a time (lines are
/// short: a word test beats a call to a vectorized search).
pub(crate) fn newline(s: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const BREAKS: u64 = u64::from_le_bytes([b'\n'; 8]);
    let mut n = 0;
    while let Some(word) = s.get(n..n + 8).and_then(|w| <[u8; 8]>::try_from(w).ok()) {
        // Zero bytes of `x` are newlines; the lowest flagged byte is exact.
        let x = u64::from_le_bytes(word) ^ BREAKS;
        let zeros = x.wrapping_sub(ONES) & !x & HIGHS;
        if zeros != 0 {
            return Some(n + (zeros.trailing_zeros() / 8) as usize);
        }
        n += 8;
    }
    s[n..].iter().position(|&c| c == b'\n').map(|p| n + p)
}

/// Checks that only spaces and maybe a comment (`#` after a space) remain.
pub(crate) fn rest_is_comment(b: &[u8], i: usize, end: usize) -> R<()> {
    let j = skip_spaces(b, i, end);
    if j >= end || (b.get(j) == Some(&b'#') && j > i) {
        Ok(())
    } else {
        Err(Bail)
    }
}

/// Whether a block-context plain scalar may start at `i`: no indicator
/// character, except `-`, `?` or `:` glued to the next character (`-1`,
/// `--flag`, `:x`).
pub(crate) fn plain_start_ok(b: &[u8], i: usize, end: usize) -> bool {
    match b.get(i) {
        None => false,
        Some(b'-' | b'?' | b':') => i + 1 < end && !matches!(b.get(i + 1), Some(b' ' | b'\t')),
        Some(c) => !is_indicator(*c) && !matches!(c, b' ' | b'\t'),
    }
}

fn is_indicator(c: u8) -> bool {
    matches!(
        c,
        b'-' | b'?'
            | b':'
            | b','
            | b'['
            | b']'
            | b'{'
            | b'}'
            | b'#'
            | b'&'
            | b'*'
            | b'!'
            | b'|'
            | b'>'
            | b'\''
            | b'"'
            | b'%'
            | b'@'
            | b'`'
    )
}

/// Where a block-context plain scalar on one line stopped.
pub(crate) enum Stop {
    /// At the end of the line.
    Eol,
    /// At a `: ` (or `:` ending the line) whose colon is at this offset.
    Colon(usize),
    /// At a ` #` comment.
    Comment,
}

/// Scans a block-context plain scalar from `start` on its line; returns the
/// end of its text (trailing spaces dropped) and what stopped it.
pub(crate) fn scan_plain(b: &[u8], start: usize, end: usize) -> R<(usize, Stop)> {
    let mut i = start;
    let stop = loop {
        let Some(&c) = b.get(i).filter(|_| i < end) else {
            break Stop::Eol;
        };
        match c {
            b'\t' => return Err(Bail),
            b':' => match b.get(i + 1).filter(|_| i + 1 < end) {
                None | Some(b' ') => break Stop::Colon(i),
                Some(b'\t') => return Err(Bail),
                Some(_) => {}
            },
            b'#' if i > start && b.get(i - 1) == Some(&b' ') => break Stop::Comment,
            _ => {}
        }
        i += 1;
    };
    let mut text_end = i;
    while text_end > start && b.get(text_end - 1) == Some(&b' ') {
        text_end -= 1;
    }
    Ok((text_end, stop))
}

/// Types an untagged plain scalar as Go's YAML 1.1 reader does, then as
/// its JSON form reads back (`yaml11`). Values the full reader rejects
/// (infinities, NaN) and merge keys bail.
pub(crate) fn plain_value(s: &str) -> R<Value> {
    match yaml11::resolve(s) {
        Scalar::Merge => Err(Bail),
        typed => yaml11::to_json(typed, s).map_err(|_| Bail),
    }
}

/// A quoted scalar read one line at a time.
pub(crate) struct Quoted {
    pub(crate) text: String,
    double: bool,
}

/// Where the part of a quoted scalar on one line stopped.
pub(crate) enum Part {
    /// At the closing quote; the offset is just after it.
    Closed(usize),
    /// At the end of the line; `escaped` if the line ended in a backslash
    /// (the break is then dropped instead of folded).
    Open { escaped: bool },
}

impl Quoted {
    pub(crate) fn new(double: bool) -> Self {
        Quoted {
            text: String::new(),
            double,
        }
    }

    /// Reads from `i` up to the closing quote or the end of the line
    /// (`end`). At a line end, unescaped trailing blanks are dropped.
    pub(crate) fn part(&mut self, src: &str, mut i: usize, end: usize) -> R<Part> {
        let b = src.as_bytes();
        let quote = if self.double { b'"' } else { b'\'' };
        let mut run = i;
        while i < end {
            match b.get(i) {
                Some(&c) if c == quote => {
                    if !self.double && i + 1 < end && b.get(i + 1) == Some(&b'\'') {
                        // `''` is one quote
                        self.text.push_str(slice(src, run, i + 1)?);
                        i += 2;
                        run = i;
                        continue;
                    }
                    self.text.push_str(slice(src, run, i)?);
                    return Ok(Part::Closed(i + 1));
                }
                Some(b'\\') if self.double => {
                    self.text.push_str(slice(src, run, i)?);
                    if i + 1 == end {
                        return Ok(Part::Open { escaped: true });
                    }
                    i = escape(src, i + 1, end, &mut self.text)?;
                    run = i;
                }
                Some(_) => i += 1,
                None => return Err(Bail),
            }
        }
        let line = slice(src, run, end)?;
        self.text.push_str(line.trim_end_matches([' ', '\t']));
        Ok(Part::Open { escaped: false })
    }
}

/// A double- or single-quoted scalar that opens at `start` and closes on
/// the same line; returns its text and the offset after the closing quote.
pub(crate) fn quoted_line(src: &str, start: usize, end: usize) -> R<(String, usize)> {
    let mut q = Quoted::new(src.as_bytes().get(start) == Some(&b'"'));
    match q.part(src, start + 1, end)? {
        Part::Closed(after) => Ok((q.text, after)),
        Part::Open { .. } => Err(Bail),
    }
}

/// Decodes the escape after a backslash at `i`; returns the offset after it.
fn escape(src: &str, i: usize, end: usize, out: &mut String) -> R<usize> {
    let c = match src.as_bytes().get(i).filter(|_| i < end) {
        Some(b'\\') => '\\',
        Some(b'"') => '"',
        Some(b'/') => '/',
        Some(b' ') => ' ',
        Some(b'n') => '\n',
        Some(b't' | b'\t') => '\t',
        Some(b'r') => '\r',
        Some(b'0') => '\0',
        Some(b'a') => '\u{7}',
        Some(b'b') => '\u{8}',
        Some(b'e') => '\u{1b}',
        Some(b'f') => '\u{c}',
        Some(b'v') => '\u{b}',
        Some(b'N') => '\u{85}',
        Some(b'_') => '\u{a0}',
        Some(b'L') => '\u{2028}',
        Some(b'P') => '\u{2029}',
        Some(b'x') => return hex_escape(src, i + 1, 2, end, out),
        Some(b'u') => return hex_escape(src, i + 1, 4, end, out),
        Some(b'U') => return hex_escape(src, i + 1, 8, end, out),
        _ => return Err(Bail),
    };
    out.push(c);
    Ok(i + 1)
}

fn hex_escape(src: &str, i: usize, len: usize, end: usize, out: &mut String) -> R<usize> {
    if i + len > end {
        return Err(Bail);
    }
    let digits = slice(src, i, i + len)?;
    if !digits.bytes().all(|c| c.is_ascii_hexdigit()) {
        return Err(Bail);
    }
    let code = u32::from_str_radix(digits, 16).map_err(|_| Bail)?;
    out.push(char::from_u32(code).ok_or(Bail)?);
    Ok(i + len)
}

/// Reads a flow sequence or mapping opening at `start` and closing on the
/// same line, nested at most `depth` more levels. Comments, keys that are
/// not scalars and any `:` in a plain scalar bail. Returns the value and
/// the offset after it.
pub(crate) fn flow(src: &str, start: usize, end: usize, depth: usize) -> R<(Value, usize)> {
    let depth = depth.checked_sub(1).ok_or(Bail)?;
    let b = src.as_bytes();
    let is_map = b.get(start) == Some(&b'{');
    let close = if is_map { b'}' } else { b']' };
    let mut i = skip_spaces(b, start + 1, end);
    let mut items = Vec::new();
    let mut map = Map::new();
    loop {
        if b.get(i).filter(|_| i < end) == Some(&close) {
            let value = if is_map {
                Value::Object(map)
            } else {
                Value::Array(items)
            };
            return Ok((value, i + 1));
        }
        if is_map {
            let (key, after) = flow_key(src, i, end)?;
            let (value, next) = flow_node(src, skip_spaces(b, after, end), end, depth)?;
            if map.insert(key, value).is_some() {
                return Err(Bail);
            }
            i = next;
        } else {
            let (value, next) = flow_node(src, i, end, depth)?;
            items.push(value);
            i = next;
        }
        i = skip_spaces(b, i, end);
        match b.get(i).filter(|_| i < end) {
            Some(b',') => i = skip_spaces(b, i + 1, end),
            Some(c) if *c == close => {}
            _ => return Err(Bail),
        }
    }
}

/// A flow mapping key and the offset just after its `:`.
fn flow_key(src: &str, i: usize, end: usize) -> R<(String, usize)> {
    let b = src.as_bytes();
    let (key, after) = match b.get(i) {
        Some(b'"' | b'\'') => quoted_line(src, i, end)?,
        _ => {
            let text_end = flow_plain_end(b, i, end, true)?;
            match plain_value(slice(src, i, text_end)?)? {
                Value::String(s) => (s, text_end),
                _ => return Err(Bail),
            }
        }
    };
    if key == "<<" {
        return Err(Bail);
    }
    let colon = skip_spaces(b, after, end);
    if b.get(colon).filter(|_| colon < end) != Some(&b':') {
        return Err(Bail);
    }
    Ok((key, colon + 1))
}

/// A flow value: a nested flow collection, a quoted scalar, or a plain
/// scalar typed by `plain_value`.
fn flow_node(src: &str, i: usize, end: usize, depth: usize) -> R<(Value, usize)> {
    let b = src.as_bytes();
    match b.get(i).filter(|_| i < end) {
        Some(b'[' | b'{') => flow(src, i, end, depth),
        Some(b'"' | b'\'') => quoted_line(src, i, end).map(|(s, e)| (Value::String(s), e)),
        _ => {
            let text_end = flow_plain_end(b, i, end, false)?;
            Ok((plain_value(slice(src, i, text_end)?)?, text_end))
        }
    }
}

/// The end (trailing spaces dropped) of a flow-context plain scalar at `i`.
/// A key ends at `: `; a colon before a space or flow indicator, a `#` or
/// a tab bails.
fn flow_plain_end(b: &[u8], i: usize, end: usize, key: bool) -> R<usize> {
    let glued =
        |j: usize| j < end && !matches!(b.get(j), Some(b' ' | b',' | b'[' | b']' | b'{' | b'}'));
    match b.get(i).filter(|_| i < end) {
        Some(b'-') if glued(i + 1) => {}
        Some(c) if !is_indicator(*c) && *c != b' ' => {}
        _ => return Err(Bail),
    }
    let mut j = i;
    while j < end {
        match b.get(j) {
            Some(b',' | b'[' | b']' | b'{' | b'}') => break,
            // A colon glued to ordinary text (`app:1`) is part of the scalar.
            Some(b':') => match b.get(j + 1).filter(|_| j + 1 < end) {
                Some(b' ') if key => break,
                None | Some(b' ' | b'\t' | b',' | b'?' | b'[' | b']' | b'{' | b'}') => {
                    return Err(Bail);
                }
                Some(_) => j += 1,
            },
            // Go's reader ends a flow scalar at `?`, then fails: the full
            // reader reports it.
            Some(b'#' | b'\t' | b'"' | b'\'' | b'?') | None => return Err(Bail),
            Some(_) => j += 1,
        }
    }
    while j > i && b.get(j - 1) == Some(&b' ') {
        j -= 1;
    }
    Ok(j)
}

//! A quick reader for the block-style YAML of Kubernetes manifests, so that
//! common inputs skip libyaml; anything unusual is left to the full reader.

use std::cell::Cell;

use serde_json::{Map, Value};

use super::fastyaml_scalar::{
    Bail, MAX_KEY_LEN, Part, Quoted, R, Stop, flow, newline, plain_start_ok, plain_value,
    quoted_line, rest_is_comment, scan_plain, skip_spaces, slice,
};
use super::yaml::DocSink;

/// Deepest nesting we read; the full reader stops at 128.
const MAX_DEPTH: usize = 100;

/// Parses `text` as a YAML stream of block-style documents and returns its
/// non-empty documents, or `None` when any part is outside the subset this
/// reader knows to give exactly the full reader's result.
pub(crate) fn parse(text: &str) -> Option<Vec<Value>> {
    let mut docs = Vec::new();
    match parse_each(text, &mut docs) {
        Ok(true) => Some(docs),
        _ => None,
    }
}

/// Hands each document of `text` to `sink` as soon as it is read; `false`
/// when the reader declines (some documents may have been handed over).
pub(crate) fn parse_each(
    text: &str,
    sink: &mut dyn DocSink,
) -> Result<bool, crate::diag::Diagnostic> {
    if !clean_chars(text) {
        return Ok(false);
    }
    let mut p = Parser {
        src: text,
        b: text.as_bytes(),
        pos: 0,
        depth: 0,
        last_line: Cell::new((usize::MAX, 0, 0)),
    };
    p.stream(sink)
}

/// A mapping's entries as they are read: a small map takes them one by
/// one; past `SMALL_MAP` they are listed and the map is built in bulk (a
/// sort, linear for keys in order, instead of a tree search per key). A
/// duplicate key declines either way, as the full reader warns about it.
#[derive(Default)]
struct Entries {
    map: Map<String, Value>,
    list: Vec<(String, Value)>,
}

/// Entries a map takes one by one.
const SMALL_MAP: usize = 16;

impl Entries {
    fn push(&mut self, key: String, value: Value) -> R<()> {
        if self.list.is_empty() && self.map.len() < SMALL_MAP {
            return match self.map.insert(key, value) {
                Some(_) => Err(Bail),
                None => Ok(()),
            };
        }
        if self.list.is_empty() {
            self.list.extend(std::mem::take(&mut self.map));
        }
        self.list.push((key, value));
        Ok(())
    }

    fn finish(mut self) -> R<Map<String, Value>> {
        if self.list.is_empty() {
            return Ok(self.map);
        }
        self.list.sort_by(|a, b| a.0.cmp(&b.0));
        if self.list.windows(2).any(|w| w[0].0 == w[1].0) {
            return Err(Bail);
        }
        Ok(self.list.into_iter().collect())
    }
}

/// Characters libyaml accepts without surprises: no control characters, no
/// carriage returns or Unicode line breaks, no byte order mark.
fn clean_chars(text: &str) -> bool {
    // Branch-free over plain ASCII text so that the loop vectorizes.
    let odd = |c: u8| (c < 0x20 && c != b'\n' && c != b'\t') || c >= 0x7f;
    if !text.bytes().fold(false, |seen, c| seen | odd(c)) {
        return true;
    }
    text.chars().all(|c| match c {
        '\n' | '\t' | ' '..='~' | '\u{a0}'..='\u{2027}' | '\u{202a}'..='\u{d7ff}' => true,
        '\u{e000}'..='\u{fffd}' => c != '\u{feff}',
        c => c >= '\u{10000}',
    })
}

/// One line, or the rest of a line after `- ` (then `indent` is the column
/// where the rest starts). Offsets are into the text; `end` is the line
/// break (or the end of the text) and `next` the start of the next line.
#[derive(Clone, Copy)]
struct Line {
    indent: usize,
    start: usize,
    end: usize,
    next: usize,
}

/// What follows, skipping blank and comment lines.
enum Peek {
    Content(Line),
    /// A `---` line: the document ends here.
    Marker(Line),
    End,
}

struct Parser<'a> {
    src: &'a str,
    b: &'a [u8],
    /// Start of the first line not yet consumed.
    pos: usize,
    depth: usize,
    /// `bounds` of the line looked at last: (start, end, next).
    last_line: Cell<(usize, usize, usize)>,
}

impl Parser<'_> {
    fn stream(&mut self, sink: &mut dyn DocSink) -> Result<bool, crate::diag::Diagnostic> {
        loop {
            match self.document(sink) {
                Ok(Some(Some(doc))) => {
                    sink.doc(doc)?;
                    sink.passed(self.pos);
                }
                Ok(Some(None)) => {}
                Ok(None) => return Ok(true),
                Err(Bail) => return Ok(false),
            }
        }
    }

    /// The next document: `None` at the end, `Some(None)` for a list
    /// whose elements went to `sink` one by one as they were read (when
    /// it takes them so: a long list is then never held whole).
    fn document(&mut self, sink: &mut dyn DocSink) -> R<Option<Option<Value>>> {
        loop {
            match self.peek()? {
                Peek::End => return Ok(None),
                Peek::Marker(l) => self.pos = l.next,
                Peek::Content(l) => {
                    let doc = if self.is_dash(l) && sink.takes_elements() {
                        sink.list();
                        self.depth += 1;
                        self.sequence_each(l, &mut |v, at| {
                            sink.element(v);
                            sink.passed(at);
                        })?;
                        self.depth -= 1;
                        None
                    } else {
                        Some(self.block(l, None)?)
                    };
                    if let Peek::Content(_) = self.peek()? {
                        return Err(Bail);
                    }
                    return Ok(Some(doc));
                }
            }
        }
    }

    /// The line starting at `pos`: (end, next). The last answer is kept, as
    /// a line is often looked at again (continuation check, then `peek`).
    fn bounds(&self, pos: usize) -> (usize, usize) {
        let (at, end, next) = self.last_line.get();
        if at == pos {
            return (end, next);
        }
        let tail = self.b.get(pos..).unwrap_or_default();
        let (end, next) = match newline(tail) {
            Some(n) => (pos + n, pos + n + 1),
            None => (self.b.len(), self.b.len()),
        };
        self.last_line.set((pos, end, next));
        (end, next)
    }

    fn peek(&self) -> R<Peek> {
        let mut pos = self.pos;
        while pos < self.b.len() {
            let (end, next) = self.bounds(pos);
            let line = self.b.get(pos..end).unwrap_or_default();
            if line.starts_with(b"---") {
                // A clean document marker, or something we leave alone.
                if line.len() == 3 || line.get(3) == Some(&b' ') {
                    rest_is_comment(self.b, pos + 3, end)?;
                    return Ok(Peek::Marker(Line {
                        indent: 0,
                        start: pos,
                        end,
                        next,
                    }));
                }
                return Err(Bail);
            }
            if line.starts_with(b"...") {
                return Err(Bail);
            }
            let indent = skip_spaces(self.b, pos, end) - pos;
            match line.get(indent) {
                None | Some(b'#') => pos = next,
                Some(b'\t') => return Err(Bail),
                Some(_) => {
                    let start = pos + indent;
                    return Ok(Peek::Content(Line {
                        indent,
                        start,
                        end,
                        next,
                    }));
                }
            }
        }
        Ok(Peek::End)
    }

    /// Whether `l` starts with a block sequence entry (`-` then space or end).
    fn is_dash(&self, l: Line) -> bool {
        self.b.get(l.start) == Some(&b'-')
            && (l.start + 1 == l.end || self.b.get(l.start + 1) == Some(&b' '))
    }

    /// A block sequence or mapping whose first line (or line rest) is `l`;
    /// `key` is its first key when the caller has read it already.
    fn block(&mut self, l: Line, key: Option<(String, usize)>) -> R<Value> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Bail);
        }
        let value = match key {
            Some(key) => self.mapping(l, key),
            None if self.is_dash(l) => self.sequence(l),
            None => {
                let key = self.key(l)?.ok_or(Bail)?;
                self.mapping(l, key)
            }
        };
        self.depth -= 1;
        value
    }

    /// A block sequence at column `first.indent`.
    fn sequence(&mut self, first: Line) -> R<Value> {
        let mut items = Vec::new();
        self.sequence_each(first, &mut |item, _| items.push(item))?;
        Ok(Value::Array(items))
    }

    /// The elements of a block sequence at column `first.indent`, each
    /// given to `take` as soon as it is read.
    fn sequence_each(&mut self, first: Line, take: &mut dyn FnMut(Value, usize)) -> R<()> {
        let col = first.indent;
        let mut l = first;
        loop {
            let vstart = skip_spaces(self.b, l.start + 1, l.end);
            let item = if vstart >= l.end || self.b.get(vstart) == Some(&b'#') {
                self.pos = l.next;
                self.nested(col, false)?
            } else {
                let rest = Line {
                    indent: col + (vstart - l.start),
                    start: vstart,
                    ..l
                };
                if self.is_dash(rest) {
                    self.block(rest, None)?
                } else if let Some(key) = self.key(rest)? {
                    self.block(rest, Some(key))?
                } else {
                    self.inline(rest, col)?
                }
            };
            take(item, self.pos);
            match self.peek()? {
                Peek::Content(n) if n.indent == col && self.is_dash(n) => l = n,
                Peek::Content(n) if n.indent > col => return Err(Bail),
                _ => return Ok(()),
            }
        }
    }

    /// A block mapping at column `first.indent`; `key` is the first line's
    /// key and the offset after its colon.
    fn mapping(&mut self, first: Line, key: (String, usize)) -> R<Value> {
        let col = first.indent;
        let mut entries = Entries::default();
        let (mut l, mut key) = (first, key);
        loop {
            let (name, after) = key;
            let vstart = skip_spaces(self.b, after, l.end);
            let value = if vstart >= l.end || self.b.get(vstart) == Some(&b'#') {
                self.pos = l.next;
                self.nested(col, true)?
            } else {
                self.inline(Line { start: vstart, ..l }, col)?
            };
            entries.push(name, value)?;
            match self.peek()? {
                Peek::Content(n) if n.indent == col => {
                    key = self.key(n)?.ok_or(Bail)?;
                    l = n;
                }
                Peek::Content(n) if n.indent > col => return Err(Bail),
                _ => return Ok(Value::Object(entries.finish()?)),
            }
        }
    }

    /// The value of a `key:` or `-` with nothing after it on the line: a
    /// deeper collection, a sequence at the key's own column (only for
    /// mapping values), or null.
    fn nested(&mut self, col: usize, indentless: bool) -> R<Value> {
        match self.peek()? {
            Peek::Content(n) if n.indent > col => self.block(n, None),
            Peek::Content(n) if indentless && n.indent == col && self.is_dash(n) => {
                self.block(n, None)
            }
            _ => Ok(Value::Null),
        }
    }

    /// The key at the start of `l`, with the offset after its `:`, or
    /// `None` when `l` is not a `key: ...` line. Keys must read as strings.
    fn key(&self, l: Line) -> R<Option<(String, usize)>> {
        let (name, after) = match self.b.get(l.start) {
            Some(b'"' | b'\'') => match quoted_line(self.src, l.start, l.end) {
                Ok(key) => key,
                Err(Bail) => return Ok(None), // maybe a multi-line value
            },
            _ => {
                if !plain_start_ok(self.b, l.start, l.end) {
                    return Ok(None);
                }
                let (text_end, stop) = scan_plain(self.b, l.start, l.end)?;
                let Stop::Colon(colon) = stop else {
                    return Ok(None);
                };
                if colon - l.start > MAX_KEY_LEN {
                    return Err(Bail);
                }
                return match plain_value(slice(self.src, l.start, text_end)?)? {
                    Value::String(s) if s != "<<" => Ok(Some((s, colon + 1))),
                    _ => Err(Bail),
                };
            }
        };
        let colon = skip_spaces(self.b, after, l.end);
        if colon >= l.end || self.b.get(colon) != Some(&b':') {
            return Ok(None);
        }
        match self.b.get(colon + 1) {
            _ if colon + 1 == l.end => {}
            Some(b' ') => {}
            _ => return Err(Bail),
        }
        if colon - l.start > MAX_KEY_LEN {
            return Err(Bail);
        }
        Ok(Some((name, colon + 1)))
    }

    /// A value that starts at `l.start` on the line of its key or dash;
    /// `parent` is the column of the enclosing collection, which the lines
    /// of a multi-line scalar must be indented past.
    fn inline(&mut self, l: Line, parent: usize) -> R<Value> {
        let (value, last, after) = match self.b.get(l.start) {
            Some(b'"' | b'\'') => self.quoted(l)?,
            Some(b'[' | b'{') => {
                let (value, after) = flow(
                    self.src,
                    l.start,
                    l.end,
                    MAX_DEPTH.saturating_sub(self.depth),
                )?;
                (value, l, after)
            }
            Some(b'|') => return self.literal(l, parent).map(Value::String),
            _ => return self.plain(l, parent),
        };
        rest_is_comment(self.b, after, last.end)?;
        self.pos = last.next;
        Ok(value)
    }

    /// The next line of a multi-line scalar after `pos`: the number of blank
    /// lines skipped and the line (with `indent` past `parent`), or `None`
    /// at the end of the text or a less indented line.
    fn continuation(&self, mut pos: usize, parent: usize) -> R<(usize, Option<Line>)> {
        let mut blanks = 0;
        while pos < self.b.len() {
            let (end, next) = self.bounds(pos);
            let indent = skip_spaces(self.b, pos, end) - pos;
            match self.b.get(pos + indent).filter(|_| pos + indent < end) {
                None => blanks += 1,
                Some(b'\t') => return Err(Bail),
                Some(_) if indent <= parent => return Ok((blanks, None)),
                Some(_) => {
                    let start = pos + indent;
                    return Ok((
                        blanks,
                        Some(Line {
                            indent,
                            start,
                            end,
                            next,
                        }),
                    ));
                }
            }
            pos = next;
        }
        Ok((blanks, None))
    }

    /// A quoted scalar, maybe over several lines (folded as libyaml does);
    /// returns it with its last line and the offset after its closing quote.
    fn quoted(&self, l: Line) -> R<(Value, Line, usize)> {
        let mut q = Quoted::new(self.b.get(l.start) == Some(&b'"'));
        let mut line = l;
        let mut part = q.part(self.src, l.start + 1, l.end)?;
        loop {
            let escaped = match part {
                Part::Closed(after) => return Ok((Value::String(q.text), line, after)),
                Part::Open { escaped } => escaped,
            };
            // libyaml does not check the indentation of quoted lines; we
            // only keep them off column 0 (document markers).
            let (blanks, next) = self.continuation(line.next, 0)?;
            line = next.ok_or(Bail)?;
            if blanks == 0 && !escaped {
                q.text.push(' ');
            }
            q.text.extend(std::iter::repeat_n('\n', blanks));
            part = q.part(self.src, line.start, line.end)?;
        }
    }

    /// A plain scalar, maybe continued on deeper lines (folded as libyaml
    /// does), typed as Go's YAML 1.1 reader types plain scalars.
    fn plain(&mut self, l: Line, parent: usize) -> R<Value> {
        if !plain_start_ok(self.b, l.start, l.end) {
            return Err(Bail);
        }
        let (text_end, mut stop) = scan_plain(self.b, l.start, l.end)?;
        let first = slice(self.src, l.start, text_end)?;
        self.pos = l.next;
        let mut folded: Option<String> = None;
        loop {
            match stop {
                Stop::Colon(_) => return Err(Bail), // `a: b: c` is an error in YAML
                Stop::Comment => break,
                Stop::Eol => {}
            }
            let (blanks, Some(line)) = self.continuation(self.pos, parent)? else {
                break;
            };
            if self.b.get(line.start) == Some(&b'#') {
                break; // a comment ends the scalar
            }
            let (end, how) = scan_plain(self.b, line.start, line.end)?;
            let text = folded.get_or_insert_with(|| first.to_owned());
            if blanks == 0 {
                text.push(' ');
            }
            text.extend(std::iter::repeat_n('\n', blanks));
            text.push_str(slice(self.src, line.start, end)?);
            stop = how;
            self.pos = line.next;
        }
        plain_value(folded.as_deref().unwrap_or(first))
    }

    /// A literal block scalar (`|`, `|-`, `|+`) whose header is at `l.start`;
    /// its lines must be indented deeper than `parent`.
    fn literal(&mut self, l: Line, parent: usize) -> R<String> {
        let mut i = l.start + 1;
        let chomp = self.b.get(i).filter(|_| i < l.end).copied();
        if matches!(chomp, Some(b'-' | b'+')) {
            i += 1;
        }
        if i < l.end && self.b.get(i) != Some(&b' ') {
            return Err(Bail); // indentation indicators, `|#`, ...
        }
        rest_is_comment(self.b, i, l.end)?;
        let len = self.b.len();
        let mut pos = l.next;
        // The first non-blank line sets the indentation; blank lines before
        // it must not be longer (libyaml would then end the scalar early).
        // Room for a script-sized block up front (it is trimmed to size at
        // the end, in place): no growing copy after copy.
        let mut out = String::with_capacity((len - pos).min(16 << 10));
        let mut widest_blank = 0;
        let indent = loop {
            if pos >= len {
                return Err(Bail);
            }
            let (end, next) = self.bounds(pos);
            let spaces = skip_spaces(self.b, pos, end) - pos;
            if pos + spaces == end {
                if end == len {
                    return Err(Bail);
                }
                widest_blank = widest_blank.max(spaces);
                out.push('\n');
                pos = next;
                continue;
            }
            if self.b.get(pos + spaces) == Some(&b'\t') || spaces <= parent || widest_blank > spaces
            {
                return Err(Bail);
            }
            break spaces;
        };
        let mut breaks = 0;
        while pos < len {
            let (end, next) = self.bounds(pos);
            let has_break = end < len;
            let spaces = skip_spaces(self.b, pos, end) - pos;
            if pos + spaces.min(indent) == end {
                breaks += usize::from(has_break);
            } else if spaces < indent {
                if self.b.get(pos + spaces) == Some(&b'\t') {
                    return Err(Bail); // libyaml: a tab where indentation is expected
                }
                break; // a less indented line ends the scalar
            } else {
                // (Mostly one line break or none: no iterator machinery.)
                for _ in 0..breaks {
                    out.push('\n');
                }
                out.push_str(slice(self.src, pos + indent, end)?);
                breaks = usize::from(has_break);
            }
            pos = next;
        }
        match chomp {
            Some(b'-') => {}
            Some(b'+') => out.extend(std::iter::repeat_n('\n', breaks)),
            _ => out.extend(std::iter::repeat_n('\n', breaks.min(1))),
        }
        self.pos = pos;
        out.shrink_to_fit();
        Ok(out)
    }
}

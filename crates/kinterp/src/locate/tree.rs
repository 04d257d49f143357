//! The node tree of a file with positions, built from libyaml's events as
//! the value reader pulls them (`input::libyaml::Watch`), so that one parse
//! gives both.
//!
//! libyaml marks bytes, 0-based lines and columns counted in characters,
//! and puts an event where its node's properties (`&anchor`, `!tag`)
//! begin and a block scalar at its `|` or `>`. kinterp's positions are
//! 1-based, count characters (a byte order mark is no column), and place a
//! node at its content: a block scalar at its first non-blank content line,
//! at the content's indentation. `Cursor` turns byte offsets into those.

use super::{Document, Node, NodeValue, Style, YamlError};
use crate::diag::Position;
use crate::input::yaml::{Ev, Mark, ScalarStyle, Watch};

/// Byte offsets to kinterp's positions, walking the text forward (events
/// come in file order, so the walk is linear in the text).
struct Cursor<'t> {
    text: &'t str,
    /// Where the cursor is: a byte offset, and its 1-based line, 0-based
    /// column in characters and character offset.
    byte: usize,
    line: usize,
    column: usize,
    chars: usize,
    /// Whether the text starts with a byte order mark.
    bom: bool,
}

impl<'t> Cursor<'t> {
    fn new(text: &'t str) -> Cursor<'t> {
        Cursor {
            text,
            byte: 0,
            line: 1,
            column: 0,
            chars: 0,
            bom: text.starts_with('\u{feff}'),
        }
    }

    /// Moves to byte `to` (clamped to the text, on a character boundary).
    fn seek(&mut self, to: usize) {
        let mut to = to.min(self.text.len());
        while !self.text.is_char_boundary(to) {
            to -= 1;
        }
        if to < self.byte {
            // Back (rare: a few characters): undo the walk from `to`.
            let bytes = self.text.as_bytes();
            let back = &self.text[to..self.byte];
            self.chars -= back.chars().count();
            self.line -= back
                .char_indices()
                .filter(|&(i, c)| c == '\n' || (c == '\r' && bytes.get(to + i + 1) != Some(&b'\n')))
                .count();
            let line_start = self.text[..to].rfind(['\n', '\r']).map_or(0, |i| i + 1);
            self.column = self.text[line_start..to].chars().count();
            self.byte = to;
            return;
        }
        let bytes = self.text.as_bytes();
        for (i, c) in self.text[self.byte..to].char_indices() {
            self.chars += 1;
            let at = self.byte + i;
            let lone_cr = c == '\r' && bytes.get(at + 1) != Some(&b'\n');
            if c == '\n' || lone_cr {
                self.line += 1;
                self.column = 0;
            } else {
                self.column += 1;
            }
        }
        self.byte = to;
    }

    /// The position and character offset of byte `at`.
    fn at(&mut self, at: usize) -> (Position, usize) {
        self.seek(at);
        let bom = usize::from(self.bom && self.line == 1 && self.byte > 0);
        (Position::new(self.line, self.column - bom + 1), self.chars)
    }
}

/// A partly built node.
enum Open {
    Mapping(Node, Vec<(Node, Node)>, Option<Node>),
    Sequence(Node, Vec<Node>),
}

/// Builds the documents of a text from its events.
pub(crate) struct Tree<'t> {
    cursor: Cursor<'t>,
    pub documents: Vec<Document>,
    stack: Vec<Open>,
    current: Option<Document>,
    error: Option<YamlError>,
}

impl<'t> Tree<'t> {
    pub fn new(text: &'t str) -> Tree<'t> {
        Tree {
            cursor: Cursor::new(text),
            documents: Vec::new(),
            stack: Vec::new(),
            current: None,
            error: None,
        }
    }

    /// The documents read (the one open at an error included) and the
    /// syntax error that ended the reading.
    pub fn finish(mut self) -> (Vec<Document>, Option<YamlError>) {
        self.documents.extend(self.current.take());
        (self.documents, self.error)
    }

    fn node(&mut self, at: usize, end: usize, value: NodeValue) -> Node {
        let (start, offset) = self.cursor.at(at);
        let (end, _) = self.cursor.at(end);
        Node {
            start,
            end,
            offset,
            value,
        }
    }

    /// Whether the block sequence whose first `-` is at byte `at` is a
    /// mapping value as indented as its key.
    fn indentless(&mut self, at: usize) -> bool {
        let Some(Open::Mapping(_, _, Some(key))) = self.stack.last() else {
            return false;
        };
        let column = key.start.column;
        self.cursor.text[at..].starts_with('-') && self.cursor.at(at).0.column == column
    }

    fn done(&mut self, node: Node) {
        match self.stack.last_mut() {
            Some(Open::Mapping(_, entries, key)) => match key.take() {
                Some(k) => entries.push((k, node)),
                None => *key = Some(node),
            },
            Some(Open::Sequence(_, items)) => items.push(node),
            None => {
                if let Some(d) = self.current.as_mut() {
                    d.root = Some(node);
                }
            }
        }
    }
}

impl Watch for Tree<'_> {
    fn event(&mut self, ev: &Ev, start: Mark, mut end: Mark) {
        let text = self.cursor.text;
        let node = match ev {
            Ev::DocStart => {
                let (start, _) = self.cursor.at(start.index);
                self.current = Some(Document { start, root: None });
                None
            }
            Ev::DocEnd => {
                self.documents.extend(self.current.take());
                None
            }
            Ev::Scalar {
                value,
                style,
                anchor,
                tag,
            } => {
                let mut at = start.index;
                let style = match style {
                    ScalarStyle::Plain => Style::Plain,
                    ScalarStyle::SingleQuoted => Style::SingleQuoted,
                    ScalarStyle::DoubleQuoted => Style::DoubleQuoted,
                    ScalarStyle::Literal => Style::Literal,
                    ScalarStyle::Folded => Style::Folded,
                };
                if matches!(style, Style::Literal | Style::Folded) {
                    if anchor.is_some() || tag.is_some() {
                        at = past_properties(text, at);
                    }
                    at = block_content(text, at, value);
                } else if value.is_empty() && at == end.index && at > 0 {
                    // An empty value sits on its mapping's `:`.
                    if text.as_bytes()[at - 1] == b':' {
                        at -= 1;
                        end.index = at;
                    }
                }
                let value = NodeValue::Scalar {
                    text: value.clone(),
                    style,
                };
                Some(self.node(at, end.index.max(at), value))
            }
            Ev::Alias(_) => Some(self.node(start.index, end.index, NodeValue::Alias)),
            Ev::MapStart { flow, .. } | Ev::SeqStart { flow, .. } => {
                let mut at = start.index;
                if matches!(ev, Ev::SeqStart { .. }) && !flow && self.indentless(at) {
                    // A sequence as indented as its key starts at its
                    // first item.
                    at = past_blanks(text.as_bytes(), at + 1);
                }
                let node = self.node(at, end.index, NodeValue::Alias);
                self.stack.push(match ev {
                    Ev::MapStart { .. } => Open::Mapping(node, Vec::new(), None),
                    _ => Open::Sequence(node, Vec::new()),
                });
                None
            }
            Ev::MapEnd | Ev::SeqEnd => {
                let (end, _) = self.cursor.at(end.index);
                match self.stack.pop() {
                    Some(Open::Mapping(mut node, entries, _)) => {
                        node.end = end;
                        node.value = NodeValue::Mapping(entries);
                        Some(node)
                    }
                    Some(Open::Sequence(mut node, items)) => {
                        node.end = end;
                        node.value = NodeValue::Sequence(items);
                        Some(node)
                    }
                    None => None,
                }
            }
            Ev::StreamStart | Ev::StreamEnd => None,
        };
        if let Some(node) = node {
            self.done(node);
        }
    }

    fn error(&mut self, message: &str, (line, column): (usize, usize)) {
        self.error = Some(YamlError {
            position: Position::new(line, column),
            message: message.to_string(),
        });
    }
}

/// The byte after a node's properties (`&anchor`, `!tag`) and the blanks
/// and comments that follow them, from `at`, where the first one starts.
fn past_properties(text: &str, mut at: usize) -> usize {
    let bytes = text.as_bytes();
    for _ in 0..2 {
        if !matches!(bytes.get(at), Some(b'&' | b'!')) {
            break;
        }
        if bytes.get(at + 1) == Some(&b'<') {
            // A verbatim tag, `!<...>`.
            at += memchr::memchr(b'>', &bytes[at..]).map_or(bytes.len() - at, |i| i + 1);
        } else {
            while at < bytes.len()
                && !matches!(
                    bytes[at],
                    b' ' | b'\t' | b'\r' | b'\n' | b',' | b'[' | b']' | b'{' | b'}'
                )
            {
                at += 1;
            }
        }
        at = past_blanks(bytes, at);
    }
    at
}

/// The byte after the blanks, line breaks and comments at `at`.
fn past_blanks(bytes: &[u8], mut at: usize) -> usize {
    loop {
        match bytes.get(at) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => at += 1,
            Some(b'#') => {
                at += memchr::memchr(b'\n', &bytes[at..]).unwrap_or(bytes.len() - at);
            }
            _ => return at,
        }
    }
}

/// Where a block scalar's content starts, from its `|` or `>` at `at`:
/// the first content line that is not blank (the value's leading line
/// breaks are the blank lines before it), at the content's indentation
/// (that line's spaces less those the value keeps).
fn block_content(text: &str, at: usize, value: &str) -> usize {
    let bytes = text.as_bytes();
    let mut line = next_line(bytes, at);
    for _ in 0..value.bytes().take_while(|b| *b == b'\n').count() {
        line = next_line(bytes, line);
    }
    let spaces = bytes[line..].iter().take_while(|b| **b == b' ').count();
    let kept = value
        .trim_start_matches('\n')
        .bytes()
        .take_while(|b| *b == b' ')
        .count();
    line + spaces.saturating_sub(kept)
}

/// The start of the line after the one holding byte `at`.
fn next_line(bytes: &[u8], at: usize) -> usize {
    let mut i = at;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => return i + 1,
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => return i + 2,
            b'\r' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

//! Mapping positions inside a `luaScript` value to positions in the file.
//!
//! A literal block (`|`) keeps every line: script line N is the N-th line
//! of the block, shifted by the block's indentation, so the mapping is two
//! additions. Other styles fold or escape, so the mapping is found by
//! decoding the scalar again, character by character, noting where each
//! character came from; when that decoding does not reproduce the parser's
//! value (an exotic escape or layout), every position maps to the node's
//! start.

use super::{Node, Style};
use crate::diag::Position;

/// How the positions of one script map to the file.
#[derive(Debug, Clone, PartialEq)]
pub enum ScriptMap {
    /// A literal block: script line `n` is file line `first_line + n - 1`,
    /// and its column `c` is file column `indent + c`.
    Block { first_line: usize, indent: usize },
    /// The file position of each character of the script, plus the char
    /// index at which each script line starts.
    Chars {
        positions: Vec<Position>,
        line_starts: Vec<usize>,
    },
    /// Everything maps to one position (the node's start).
    Coarse(Position),
}

impl ScriptMap {
    pub(super) fn new(node: &Node, text: &str, style: Style, chars: &[char]) -> ScriptMap {
        let coarse = ScriptMap::Coarse(node.start);
        let decoded = match style {
            Style::Literal => {
                let (first_line, indent) = block_layout(node, text);
                return ScriptMap::Block { first_line, indent };
            }
            Style::Folded => folded(node, text, chars),
            Style::DoubleQuoted | Style::SingleQuoted | Style::Plain => flow(node, style, chars),
        };
        let Some(decoded) = decoded else {
            return coarse;
        };
        let got: String = decoded.iter().map(|(c, _)| *c).collect();
        if got.trim_end_matches('\n') != text.trim_end_matches('\n') {
            return coarse;
        }
        let mut line_starts = vec![0];
        line_starts.extend(
            decoded
                .iter()
                .enumerate()
                .filter(|(_, (c, _))| *c == '\n')
                .map(|(i, _)| i + 1),
        );
        ScriptMap::Chars {
            positions: decoded.into_iter().map(|(_, p)| p).collect(),
            line_starts,
        }
    }

    /// The file position of a script position (1-based).
    pub fn to_file(&self, script: Position) -> Position {
        let line = script.line.max(1);
        let col = script.column.max(1);
        match self {
            ScriptMap::Block { first_line, indent } => {
                Position::new(first_line + line - 1, indent + col)
            }
            ScriptMap::Coarse(p) => *p,
            ScriptMap::Chars {
                positions,
                line_starts,
            } => {
                let Some(last) = positions.last() else {
                    return Position::new(1, 1);
                };
                let start = line_starts
                    .get(line - 1)
                    .or(line_starts.last())
                    .copied()
                    .unwrap_or(0);
                let end = line_starts.get(line).copied().unwrap_or(positions.len());
                let i = (start + col - 1).min(end.saturating_sub(1)).max(start);
                positions.get(i).copied().unwrap_or(*last)
            }
        }
    }

    /// The indentation of the content in the file (0 when not a block).
    pub fn indent(&self) -> usize {
        match self {
            ScriptMap::Block { indent, .. } => *indent,
            _ => 0,
        }
    }
}

/// Splits `chars` from `from` into file lines: (start index, line text).
fn lines_from(chars: &[char], from: usize) -> impl Iterator<Item = (usize, &[char])> {
    let mut i = from;
    std::iter::from_fn(move || {
        if i >= chars.len() {
            return None;
        }
        let start = i;
        while i < chars.len() && chars[i] != '\n' {
            i += 1;
        }
        let mut line = &chars[start..i];
        if let Some(('\r', rest)) = line.split_last() {
            line = rest;
        }
        i += 1;
        Some((start, line))
    })
}

fn leading_spaces(line: &[char]) -> usize {
    line.iter().take_while(|c| **c == ' ').count()
}

fn is_blank(line: &[char]) -> bool {
    line.iter().all(|c| *c == ' ' || *c == '\t')
}

/// The first content line (1-based) and the content indentation of a
/// block scalar. The parser puts the node's start at its first non-blank
/// content line, at the content's indentation; the value's leading line
/// breaks are the blank lines before it.
fn block_layout(node: &Node, text: &str) -> (usize, usize) {
    let leading = text.chars().take_while(|c| *c == '\n').count();
    (
        node.start.line.saturating_sub(leading).max(1),
        node.start.column - 1,
    )
}

/// Decodes a folded block, noting each character's file position.
fn folded(node: &Node, text: &str, chars: &[char]) -> Option<Vec<(char, Position)>> {
    let (first_line, indent) = block_layout(node, text);
    let mut content: Vec<(usize, &[char])> = (first_line..node.start.line)
        .map(|n| (n, &[][..]))
        .collect();
    let line_start = node.offset.checked_sub(indent)?;
    for (n, (_, line)) in lines_from(chars, line_start).enumerate() {
        if !is_blank(line) && leading_spaces(line) < indent {
            break;
        }
        content.push((node.start.line + n, line.get(indent..).unwrap_or(&[])));
    }
    while content.last().is_some_and(|(_, l)| l.is_empty()) {
        content.pop();
    }
    let mut out = Vec::new();
    let mut empties = 0;
    let mut prev: Option<(bool, Position)> = None; // (spaced, end of line)
    for (line_no, line) in content {
        if line.is_empty() {
            empties += 1;
            continue;
        }
        let spaced = line[0] == ' ' || line[0] == '\t';
        match prev {
            None => out.extend((0..empties).map(|_| ('\n', Position::new(line_no, 1)))),
            Some((prev_spaced, end)) => {
                let breaks = if !spaced && !prev_spaced {
                    empties
                } else {
                    empties + 1
                };
                if breaks == 0 {
                    out.push((' ', end));
                }
                out.extend((0..breaks).map(|_| ('\n', end)));
            }
        }
        empties = 0;
        for (i, c) in line.iter().enumerate() {
            out.push((*c, Position::new(line_no, indent + i + 1)));
        }
        prev = Some((spaced, Position::new(line_no, indent + line.len() + 1)));
    }
    Some(out)
}

/// Decodes a plain or quoted scalar, noting each character's position.
fn flow(node: &Node, style: Style, chars: &[char]) -> Option<Vec<(char, Position)>> {
    let mut out = Vec::new();
    let mut pending: Vec<(char, Position)> = Vec::new();
    let (mut line, mut col) = (node.start.line, node.start.column);
    let mut i = node.offset;
    let quoted = style != Style::Plain;
    if quoted {
        i += 1;
        col += 1;
    }
    let at = |line, col| Position::new(line, col);
    while i < chars.len() {
        let c = chars[i];
        let here = at(line, col);
        match c {
            '"' if style == Style::DoubleQuoted => break,
            '\'' if style == Style::SingleQuoted => {
                if chars.get(i + 1) != Some(&'\'') {
                    break;
                }
                out.append(&mut pending);
                out.push(('\'', here));
                i += 2;
                col += 2;
            }
            '\\' if style == Style::DoubleQuoted => {
                out.append(&mut pending);
                let esc = *chars.get(i + 1)?;
                if esc == '\n' || esc == '\r' {
                    i += if esc == '\r' { 3 } else { 2 };
                    line += 1;
                    col = 1;
                    while matches!(chars.get(i), Some(' ' | '\t')) {
                        i += 1;
                        col += 1;
                    }
                    continue;
                }
                let (decoded, len) = unescape(esc, &chars[i + 2..])?;
                out.push((decoded, here));
                i += 2 + len;
                col += 2 + len;
            }
            ' ' | '\t' => {
                pending.push((c, here));
                i += 1;
                col += 1;
            }
            '\r' | '\n' => {
                pending.clear();
                let mut empties = 0;
                loop {
                    if chars.get(i) == Some(&'\r') {
                        i += 1;
                    }
                    if chars.get(i) != Some(&'\n') {
                        break;
                    }
                    i += 1;
                    line += 1;
                    col = 1;
                    while matches!(chars.get(i), Some(' ' | '\t')) {
                        i += 1;
                        col += 1;
                    }
                    if matches!(chars.get(i), Some('\n' | '\r')) {
                        empties += 1;
                    } else {
                        break;
                    }
                }
                if !quoted && (i >= chars.len() || chars[i] == '#') {
                    break;
                }
                if empties == 0 {
                    out.push((' ', here));
                }
                out.extend((0..empties).map(|_| ('\n', here)));
            }
            _ => {
                if !quoted && (line, col) >= (node.end.line, node.end.column) {
                    break;
                }
                out.append(&mut pending);
                out.push((c, here));
                i += 1;
                col += 1;
            }
        }
    }
    Some(out)
}

/// One double-quoted escape after the backslash: the character and how
/// many characters past `esc` it used.
fn unescape(esc: char, rest: &[char]) -> Option<(char, usize)> {
    let hex = |n: usize| {
        let digits: String = rest.get(..n)?.iter().collect();
        char::from_u32(u32::from_str_radix(&digits, 16).ok()?)
    };
    Some(match esc {
        'x' => (hex(2)?, 2),
        'u' => (hex(4)?, 4),
        'U' => (hex(8)?, 8),
        _ => (
            match esc {
                '0' => '\0',
                'a' => '\u{7}',
                'b' => '\u{8}',
                't' | '\t' => '\t',
                'n' => '\n',
                'v' => '\u{b}',
                'f' => '\u{c}',
                'r' => '\r',
                'e' => '\u{1b}',
                'N' => '\u{85}',
                '_' => '\u{a0}',
                'L' => '\u{2028}',
                'P' => '\u{2029}',
                ' ' | '"' | '/' | '\\' => esc,
                _ => return None,
            },
            0,
        ),
    })
}

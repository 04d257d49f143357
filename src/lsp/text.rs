//! Positions in an open document: the editor counts columns in UTF-16 or
//! UTF-8 code units (whichever was negotiated), kinterp's diagnostics count
//! characters; this module converts between them and applies edits.

use lsp_types::{Position as LspPosition, Range, TextDocumentContentChangeEvent};

use kinterp::diag::Position;

/// How the editor counts columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// UTF-16 code units: the protocol's default.
    #[default]
    Utf16,
    Utf8,
    Utf32,
}

impl Encoding {
    fn units(self, c: char) -> usize {
        match self {
            Encoding::Utf16 => c.len_utf16(),
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf32 => 1,
        }
    }
}

/// The text of line `line` (0-based), without its line break; empty past
/// the end.
pub fn line_text(text: &str, line: usize) -> &str {
    let start = match line_start(text, line) {
        Some(s) => s,
        None => return "",
    };
    let rest = &text[start..];
    let end = rest.find('\n').unwrap_or(rest.len());
    rest[..end].strip_suffix('\r').unwrap_or(&rest[..end])
}

/// The byte offset where line `line` (0-based) starts.
fn line_start(text: &str, line: usize) -> Option<usize> {
    if line == 0 {
        return Some(0);
    }
    text.match_indices('\n').nth(line - 1).map(|(i, _)| i + 1)
}

/// The byte offset of an editor position; positions past a line's end or
/// the text's end are clamped to them, as the protocol asks.
pub fn offset(text: &str, pos: LspPosition, enc: Encoding) -> usize {
    let Some(start) = line_start(text, pos.line as usize) else {
        return text.len();
    };
    let line = line_text(text, pos.line as usize);
    let mut units = 0;
    for (i, c) in line.char_indices() {
        if units >= pos.character as usize {
            return start + i;
        }
        units += enc.units(c);
    }
    start + line.len()
}

/// The editor position of a byte offset (clamped to a char boundary).
pub fn position_at(text: &str, offset: usize, enc: Encoding) -> LspPosition {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_begin = before.rfind('\n').map_or(0, |i| i + 1);
    let character = text[line_begin..offset]
        .chars()
        .map(|c| enc.units(c))
        .sum::<usize>();
    LspPosition::new(line as u32, character as u32)
}

/// The editor position of a kinterp position (1-based line, 1-based column
/// in characters; column 0 means the line's first non-blank character).
pub fn to_lsp(text: &str, pos: Position, enc: Encoding) -> LspPosition {
    let line = pos.line.saturating_sub(1);
    let content = line_text(text, line);
    let column = if pos.column == 0 {
        content.chars().take_while(|c| c.is_whitespace()).count()
    } else {
        pos.column - 1
    };
    let character = content
        .chars()
        .take(column)
        .map(|c| enc.units(c))
        .sum::<usize>();
    LspPosition::new(line as u32, character as u32)
}

/// The kinterp position (1-based line, 1-based character column) of an
/// editor position.
pub fn from_lsp(text: &str, pos: LspPosition, enc: Encoding) -> Position {
    let line = line_text(text, pos.line as usize);
    let mut units = 0;
    let mut column = 0;
    for c in line.chars() {
        if units >= pos.character as usize {
            break;
        }
        units += enc.units(c);
        column += 1;
    }
    Position::new(pos.line as usize + 1, column + 1)
}

/// The range a diagnostic at `pos` underlines: the word (or symbol) that
/// starts there, else one character; with column 0, the line's content.
pub fn range_at(text: &str, pos: Position, enc: Encoding) -> Range {
    let start = to_lsp(text, pos, enc);
    let line = line_text(text, pos.line.saturating_sub(1));
    let from = if pos.column == 0 {
        line.chars().take_while(|c| c.is_whitespace()).count()
    } else {
        pos.column - 1
    };
    let rest: Vec<char> = line.chars().skip(from).collect();
    let len = if pos.column == 0 {
        rest.len() - rest.iter().rev().take_while(|c| c.is_whitespace()).count()
    } else {
        match rest.first() {
            None => 0,
            Some(c) if is_word(*c) => rest.iter().take_while(|c| is_word(**c)).count(),
            Some(_) => 1,
        }
    };
    let units: usize = rest.iter().take(len).map(|c| enc.units(*c)).sum();
    Range::new(
        start,
        LspPosition::new(start.line, start.character + units as u32),
    )
}

/// Letters, digits and `_`: what Lua names are made of.
pub fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Applies one change from `textDocument/didChange` (a whole new text, or
/// a range replaced).
pub fn apply_change(text: &mut String, change: &TextDocumentContentChangeEvent, enc: Encoding) {
    match change.range {
        None => *text = change.text.clone(),
        Some(range) => {
            let start = offset(text, range.start, enc);
            let end = offset(text, range.end, enc).max(start);
            text.replace_range(start..end, &change.text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(range: Option<Range>, text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.to_string(),
        }
    }

    #[test]
    fn utf16_columns_count_surrogate_pairs() {
        let text = "a: 1\nb: \"é😀x\"\n";
        // 'x' is the 8th char of line 2; in UTF-16 the emoji takes two units.
        let x = text.find('x').unwrap();
        assert_eq!(
            position_at(text, x, Encoding::Utf16),
            LspPosition::new(1, 7)
        );
        assert_eq!(
            position_at(text, x, Encoding::Utf8),
            LspPosition::new(1, 10)
        );
        assert_eq!(
            position_at(text, x, Encoding::Utf32),
            LspPosition::new(1, 6)
        );
        assert_eq!(offset(text, LspPosition::new(1, 7), Encoding::Utf16), x);
        assert_eq!(
            to_lsp(text, Position::new(2, 7), Encoding::Utf16),
            LspPosition::new(1, 7)
        );
        assert_eq!(
            from_lsp(text, LspPosition::new(1, 7), Encoding::Utf16),
            Position::new(2, 7)
        );
    }

    #[test]
    fn positions_past_the_end_are_clamped() {
        let text = "ab\ncd";
        assert_eq!(offset(text, LspPosition::new(0, 99), Encoding::Utf16), 2);
        assert_eq!(offset(text, LspPosition::new(9, 0), Encoding::Utf16), 5);
        assert_eq!(line_text(text, 7), "");
    }

    #[test]
    fn ranges_cover_the_word_or_the_line() {
        let text = "x:\n    local y = = 1  \n";
        let r = range_at(text, Position::new(2, 11), Encoding::Utf16);
        assert_eq!(
            (r.start, r.end),
            (LspPosition::new(1, 10), LspPosition::new(1, 11))
        );
        let r = range_at(text, Position::new(2, 5), Encoding::Utf16);
        assert_eq!(
            (r.start, r.end),
            (LspPosition::new(1, 4), LspPosition::new(1, 9))
        );
        let r = range_at(text, Position::new(2, 0), Encoding::Utf16);
        assert_eq!(
            (r.start, r.end),
            (LspPosition::new(1, 4), LspPosition::new(1, 17))
        );
    }

    #[test]
    fn incremental_and_full_changes() {
        let mut text = "local x = = 1\nreturn x\n".to_string();
        let r = Range::new(LspPosition::new(0, 8), LspPosition::new(0, 10));
        apply_change(&mut text, &change(Some(r), ""), Encoding::Utf16);
        assert_eq!(text, "local x = 1\nreturn x\n");
        let r = Range::new(LspPosition::new(2, 0), LspPosition::new(2, 0));
        apply_change(&mut text, &change(Some(r), "-- end\n"), Encoding::Utf16);
        assert_eq!(text, "local x = 1\nreturn x\n-- end\n");
        apply_change(&mut text, &change(None, "new"), Encoding::Utf16);
        assert_eq!(text, "new");
    }
}

//! Low-level output for the YAML emitter: column tracking, indentation,
//! indicators and the four scalar writers with go-yaml v2's line folding.

use super::yaml_style::{Style, is_break, is_printable};

/// Lines are folded once the column passes this width.
const BEST_WIDTH: usize = 80;
/// Indentation step.
pub(super) const BEST_INDENT: i32 = 2;

/// Output buffer plus the emitter state the writers consult.
pub(super) struct Writer {
    pub out: String,
    /// Current column, in characters.
    column: usize,
    /// The last thing written was whitespace (or nothing yet on the line).
    pub whitespace: bool,
    /// Only indentation has been written on the current line so far.
    pub indention: bool,
    /// Current block indent; -1 before the root node.
    pub indent: i32,
}

impl Writer {
    /// A writer appending to `out` (empty, or ending with a line break).
    pub(super) fn new(out: String) -> Self {
        Writer {
            out,
            column: 0,
            whitespace: true,
            indention: true,
            indent: -1,
        }
    }

    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }

    /// Moves to the current indent, starting a new line unless only
    /// indentation has been written so far and it is not past the indent.
    pub(super) fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    pub(super) fn write_indicator(
        &mut self,
        indicator: &str,
        need_whitespace: bool,
        is_whitespace: bool,
        is_indention: bool,
    ) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        indicator.chars().for_each(|c| self.put(c));
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
    }

    /// Pushes a new indent level and returns the previous one.
    pub(super) fn increase_indent(&mut self, flow: bool, indentless: bool) -> i32 {
        let previous = self.indent;
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
        previous
    }

    /// Writes `value` in `style`; folding at spaces only when `allow_breaks`.
    pub(super) fn write_scalar(&mut self, value: &str, style: Style, allow_breaks: bool) {
        if style == Style::Plain && value.bytes().all(|b| b > b' ' && b < 0x7f) {
            // Printable ASCII without spaces or breaks: nothing to fold,
            // every character written as it is (what `write_plain` does).
            if !self.whitespace {
                self.put(' ');
            }
            self.out.push_str(value);
            self.column += value.len();
            self.whitespace = false;
            self.indention = false;
            return;
        }
        let chars: Vec<char> = value.chars().collect();
        match style {
            Style::Plain => self.write_plain(&chars, allow_breaks),
            Style::SingleQuoted => self.write_single_quoted(&chars, allow_breaks),
            Style::DoubleQuoted => self.write_double_quoted(&chars, allow_breaks),
            Style::Literal => self.write_literal(&chars),
        }
    }

    fn can_fold(&self, allow_breaks: bool, spaces: bool) -> bool {
        allow_breaks && !spaces && self.column > BEST_WIDTH
    }

    fn write_plain(&mut self, v: &[char], allow_breaks: bool) {
        if !self.whitespace {
            self.put(' ');
        }
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in v.iter().enumerate() {
            if c == ' ' {
                if self.can_fold(allow_breaks, spaces) && v.get(i + 1) != Some(&' ') {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.whitespace = false;
        self.indention = false;
    }

    fn write_single_quoted(&mut self, v: &[char], allow_breaks: bool) {
        self.write_indicator("'", true, false, false);
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in v.iter().enumerate() {
            if c == ' ' {
                let inner = i > 0 && i + 1 < v.len();
                if self.can_fold(allow_breaks, spaces) && inner && v[i + 1] != ' ' {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                if c == '\'' {
                    self.put('\'');
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.write_indicator("'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_double_quoted(&mut self, v: &[char], allow_breaks: bool) {
        // go-yaml checks for a byte order mark at the start of the value
        // rather than at each position, so such a value is escaped entirely.
        let bom_start = v.first() == Some(&'\u{feff}');
        self.write_indicator("\"", true, false, false);
        let mut spaces = false;
        for (i, &c) in v.iter().enumerate() {
            if !is_printable(c) || bom_start || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                self.write_escape(c);
                spaces = false;
            } else if c == ' ' {
                if self.can_fold(allow_breaks, spaces) && i > 0 && i + 1 < v.len() {
                    self.write_indent();
                    if v[i + 1] == ' ' {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    /// The part of an escape after the backslash.
    fn write_escape(&mut self, c: char) {
        let short = match c {
            '\0' => Some('0'),
            '\u{07}' => Some('a'),
            '\u{08}' => Some('b'),
            '\t' => Some('t'),
            '\n' => Some('n'),
            '\u{0b}' => Some('v'),
            '\u{0c}' => Some('f'),
            '\r' => Some('r'),
            '\u{1b}' => Some('e'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            '\u{85}' => Some('N'),
            '\u{a0}' => Some('_'),
            '\u{2028}' => Some('L'),
            '\u{2029}' => Some('P'),
            _ => None,
        };
        if let Some(s) = short {
            self.put(s);
            return;
        }
        let u = c as u32;
        let (letter, width) = match u {
            0..=0xFF => ('x', 2),
            0x100..=0xFFFF => ('u', 4),
            _ => ('U', 8),
        };
        self.put(letter);
        for c in format!("{u:0width$X}").chars() {
            self.put(c);
        }
    }

    fn write_literal(&mut self, v: &[char]) {
        self.write_indicator("|", true, false, false);
        if matches!(v.first(), Some(&c) if c == ' ' || is_break(c)) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        let chomp = match v {
            [] => Some("-"),
            [.., last] if !is_break(*last) => Some("-"),
            [_] => Some("+"),
            [.., before, _] if is_break(*before) => Some("+"),
            _ => None,
        };
        if let Some(chomp) = chomp {
            self.write_indicator(chomp, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for &c in v {
            if is_break(c) {
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `value` as a top-level scalar in `style` (indent 2 for folds).
    fn scalar(value: &str, style: Style) -> String {
        let mut w = Writer::new(String::new());
        let previous = w.increase_indent(true, false);
        w.write_scalar(value, style, true);
        w.indent = previous;
        w.write_indent();
        w.out
    }

    #[test]
    fn quoting_and_escapes() {
        assert_eq!(scalar("it's", Style::SingleQuoted), "'it''s'\n");
        assert_eq!(scalar("'", Style::SingleQuoted), "''''\n");
        assert_eq!(scalar("a\tb", Style::DoubleQuoted), "\"a\\tb\"\n");
        assert_eq!(scalar("a\r\nb", Style::DoubleQuoted), "\"a\\r\\nb\"\n");
        assert_eq!(
            scalar("\0\x01\x02", Style::DoubleQuoted),
            "\"\\0\\x01\\x02\"\n"
        );
        assert_eq!(scalar("q\"b\\", Style::DoubleQuoted), "\"q\\\"b\\\\\"\n");
    }

    #[test]
    fn unicode_escapes_use_uppercase_hex() {
        assert_eq!(
            scalar("\u{7f}\u{9f}", Style::DoubleQuoted),
            "\"\\x7F\\x9F\"\n"
        );
        assert_eq!(scalar("\u{fffe}", Style::DoubleQuoted), "\"\\uFFFE\"\n");
        assert_eq!(scalar("😀", Style::DoubleQuoted), "\"\\U0001F600\"\n");
        assert_eq!(
            scalar(
                "\u{85}\u{2028}\u{2029}\u{1b}\u{7}\u{8}\u{b}\u{c}",
                Style::DoubleQuoted
            ),
            "\"\\N\\L\\P\\e\\a\\b\\v\\f\"\n"
        );
        assert_eq!(
            scalar("é\u{a0}x\t", Style::DoubleQuoted),
            "\"é\u{a0}x\\t\"\n"
        );
    }

    #[test]
    fn leading_bom_escapes_everything() {
        assert_eq!(
            scalar("\u{feff}a b", Style::DoubleQuoted),
            "\"\\uFEFF\\x61\\x20\\x62\"\n"
        );
    }

    #[test]
    fn literal_chomping_and_indicator() {
        assert_eq!(scalar("a\nb", Style::Literal), "|-\n  a\n  b\n");
        assert_eq!(scalar("a\nb\n", Style::Literal), "|\n  a\n  b\n");
        assert_eq!(scalar("a\nb\n\n", Style::Literal), "|+\n  a\n  b\n\n");
        assert_eq!(scalar("\n", Style::Literal), "|2+\n\n");
        assert_eq!(scalar(" a\nb", Style::Literal), "|2-\n   a\n  b\n");
        assert_eq!(scalar("\na", Style::Literal), "|2-\n\n  a\n");
        assert_eq!(scalar("a\n\nb", Style::Literal), "|-\n  a\n\n  b\n");
    }
}

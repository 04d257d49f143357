//! Scalar style choice for the YAML emitter: go-yaml v2's scalar analysis and
//! the plain / single-quoted / double-quoted / literal decision built on it.

use super::yaml_resolve::needs_double_quotes;

/// How a scalar is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
}

/// What go-yaml's scalar analysis allows for one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Analysis {
    /// The value holds a line break (`\n`, `\r`, U+0085, U+2028, U+2029).
    pub multiline: bool,
    pub block_plain_allowed: bool,
    pub single_quoted_allowed: bool,
    pub block_allowed: bool,
}

/// YAML line breaks as libyaml sees them.
pub(super) fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// Characters go-yaml writes unescaped: LF, printable ASCII, and the BMP
/// from U+00A0 except surrogates, U+FEFF, U+FFFE and U+FFFF. Tab, CR, DEL,
/// C1 controls and everything beyond the BMP are not printable.
pub(super) fn is_printable(c: char) -> bool {
    let u = c as u32;
    u == 0x0A
        || (0x20..=0x7E).contains(&u)
        || (0xA0..=0xD7FF).contains(&u)
        || ((0xE000..=0xFFFD).contains(&u) && u != 0xFEFF)
}

fn is_blank(c: Option<char>) -> bool {
    matches!(c, Some(' ' | '\t'))
}

/// Whether `value` is a word the full analysis below allows everything:
/// ASCII letters, digits and `-_./`, starting with a letter, digit or `_`
/// (no indicator, space, break or unprintable character anywhere).
fn is_word(value: &str) -> bool {
    let b = value.as_bytes();
    matches!(b.first(), Some(c) if c.is_ascii_alphanumeric() || *c == b'_')
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.' | b'/'))
}

/// go-yaml v2's `yaml_emitter_analyze_scalar` (unicode output enabled).
pub(super) fn analyze(value: &str) -> Analysis {
    if is_word(value) {
        return Analysis {
            multiline: false,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: true,
        };
    }
    analyze_chars(value)
}

/// The analysis character by character.
fn analyze_chars(value: &str) -> Analysis {
    if value.is_empty() {
        return Analysis {
            multiline: false,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: false,
        };
    }
    let mut block_indicators = value.starts_with("---") || value.starts_with("...");
    let (mut line_breaks, mut special) = (false, false);
    let (mut leading_space, mut leading_break) = (false, false);
    let (mut trailing_space, mut trailing_break) = (false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    let mut preceded_by_whitespace = true;
    let mut chars = value.chars().peekable();
    let mut first = true;
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let is_last = next.is_none();
        let followed_by_whitespace = is_last || is_blank(next);
        if first {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => block_indicators = true,
                '?' | ':' | '-' if followed_by_whitespace => block_indicators = true,
                _ => {}
            }
        } else {
            match c {
                ':' if followed_by_whitespace => block_indicators = true,
                '#' if preceded_by_whitespace => block_indicators = true,
                _ => {}
            }
        }
        if !is_printable(c) {
            special = true;
        }
        if c == ' ' {
            leading_space |= first;
            trailing_space |= is_last;
            break_space |= previous_break;
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            line_breaks = true;
            leading_break |= first;
            trailing_break |= is_last;
            space_break |= previous_space;
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = is_blank(Some(c)) || is_break(c) || c == '\0';
        first = false;
    }
    let mut a = Analysis {
        multiline: line_breaks,
        block_plain_allowed: true,
        single_quoted_allowed: true,
        block_allowed: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break || line_breaks {
        a.block_plain_allowed = false;
    }
    if trailing_space {
        a.block_allowed = false;
    }
    if break_space {
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
    }
    if space_break || special {
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
        a.block_allowed = false;
    }
    if block_indicators {
        a.block_plain_allowed = false;
    }
    a
}

/// The style go-yaml's encoder asks for a string: literal when it holds a
/// newline, double quotes when plain text would read back as another type.
pub(super) fn requested_string_style(s: &str) -> Style {
    if s.contains('\n') {
        Style::Literal
    } else if needs_double_quotes(s) {
        Style::DoubleQuoted
    } else {
        Style::Plain
    }
}

/// go-yaml v2's `yaml_emitter_select_scalar_style` for block context.
pub(super) fn select_style(requested: Style, a: &Analysis, simple_key: bool, empty: bool) -> Style {
    let mut style = requested;
    if simple_key && a.multiline {
        style = Style::DoubleQuoted;
    }
    if style == Style::Plain && (!a.block_plain_allowed || (empty && simple_key)) {
        style = Style::SingleQuoted;
    }
    if style == Style::SingleQuoted && !a.single_quoted_allowed {
        style = Style::DoubleQuoted;
    }
    if style == Style::Literal && (!a.block_allowed || simple_key) {
        style = Style::DoubleQuoted;
    }
    style
}

/// Final style of a string value (`simple_key`: written as `key:`).
pub(super) fn string_style(s: &str, simple_key: bool) -> Style {
    select_style(
        requested_string_style(s),
        &analyze(s),
        simple_key,
        s.is_empty(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn style(s: &str) -> Style {
        string_style(s, false)
    }

    #[test]
    fn ordinary_text_is_plain() {
        for s in [
            "hello", "a b", "x:y", "a#b", "-x", "?x", ":x", "x]", "a,b", "it's", "é", "<<",
        ] {
            assert_eq!(style(s), Style::Plain, "{s:?}");
        }
    }

    #[test]
    fn indicators_force_single_quotes() {
        for s in [
            " lead", "trail ", "  ", "a: b", "a #b", "key:", "#x", ",x", "[x", "]x", "{x", "}x",
            "&x", "*star", "!x", "|x", ">x", "'x", "\"x", "%x", "@at", "`x", "- x", "? x", ": x",
            "-", "?", ":", "---", "...", "---x", "...x",
        ] {
            assert_eq!(style(s), Style::SingleQuoted, "{s:?}");
        }
    }

    #[test]
    fn non_printables_force_double_quotes() {
        for s in [
            "\t",
            "a\tb",
            "a\r\nb",
            "\0\x01\x02",
            "a\u{7f}",
            "\u{85}",
            "\u{feff}x",
            "😀",
        ] {
            assert_eq!(style(s), Style::DoubleQuoted, "{s:?}");
        }
    }

    #[test]
    fn newlines_use_literal_unless_forbidden() {
        assert_eq!(style("a\nb"), Style::Literal);
        assert_eq!(style("a\n b"), Style::Literal);
        assert_eq!(style("\n"), Style::Literal);
        assert_eq!(style("a \nb"), Style::DoubleQuoted);
        assert_eq!(style("a\nb "), Style::DoubleQuoted);
        assert_eq!(style("a\tb\nc"), Style::DoubleQuoted);
        assert_eq!(string_style("a\nb", true), Style::DoubleQuoted);
    }

    #[test]
    fn line_separator_without_newline_is_single_quoted() {
        assert_eq!(style("a\u{2028}b"), Style::SingleQuoted);
        assert_eq!(style("a \u{2028}b"), Style::DoubleQuoted);
    }

    #[test]
    fn resolvable_text_is_double_quoted() {
        for s in ["", "true", "3", "1:20", "2001-12-14", ".inf", "0x1F", "~"] {
            assert_eq!(style(s), Style::DoubleQuoted, "{s:?}");
        }
    }

    #[test]
    fn words_analyze_as_the_full_analysis() {
        let mut cases: Vec<String> = [
            "label-1",
            "value-10",
            "a",
            "_x",
            "9",
            "x.y/z",
            "a-",
            "a.",
            "a/",
            "A_b-c.d/e",
            "-a",
            ".a",
            "/a",
            "---",
            "...",
            "a:b",
            "a#b",
            "a b",
            "",
            "é",
            "a\tb",
            "a\nb",
            "a~",
            "a:",
            "-",
            "é-1",
        ]
        .map(String::from)
        .to_vec();
        // Every two-character string over printable ASCII and a few others.
        let alphabet: Vec<char> = (' '..='~').chain(['\t', '\n', 'é', '\u{85}']).collect();
        for &a in &alphabet {
            for &b in &alphabet {
                cases.push(format!("{a}{b}"));
                cases.push(format!("x{a}{b}"));
            }
        }
        for s in &cases {
            assert_eq!(analyze(s), analyze_chars(s), "{s:?}");
        }
        assert!(is_word("label-1") && is_word("x.y/z") && is_word("_"));
        assert!(!is_word("-a") && !is_word("") && !is_word("a b") && !is_word("é"));
    }

    #[test]
    fn printable_ranges() {
        assert!(is_printable('\u{a0}'));
        assert!(is_printable('\u{fffd}'));
        assert!(!is_printable('\u{9f}'));
        assert!(!is_printable('\u{fffe}'));
        assert!(!is_printable('\u{10000}'));
    }
}

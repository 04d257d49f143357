//! Untrusted text made visible: names, keys and messages that come from
//! files, scripts or file names are shown with their control characters
//! escaped, so that they cannot move the cursor, recolour the terminal,
//! ring its bell, or start a line a CI system reads as a command (GitHub
//! Actions' `::error ...`).
//!
//! Escapes: `\r`, `\n`, `\t`, `\e` (escape), `\xNN` for the other C0
//! controls and DEL, `\u{NNNN}` for the C1 controls and the
//! bidirectional overrides (which reorder how a line reads).

use std::borrow::Cow;

fn escaped(c: char, keep: &[char]) -> Option<String> {
    if keep.contains(&c) {
        return None;
    }
    match c {
        '\r' => Some("\\r".into()),
        '\n' => Some("\\n".into()),
        '\t' => Some("\\t".into()),
        '\x1b' => Some("\\e".into()),
        c if (c as u32) < 0x20 || c == '\x7f' => Some(format!("\\x{:02x}", c as u32)),
        '\u{80}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
            Some(format!("\\u{{{:x}}}", c as u32))
        }
        _ => None,
    }
}

fn escape<'a>(s: &'a str, keep: &[char]) -> Cow<'a, str> {
    if !s.chars().any(|c| escaped(c, keep).is_some()) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match escaped(c, keep) {
            Some(e) => out.push_str(&e),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// One line's worth of untrusted text (a name, a key, a file name): every
/// control character escaped, tabs kept.
pub fn line(s: &str) -> Cow<'_, str> {
    escape(s, &['\t'])
}

/// Untrusted text that may span lines (a script's error with its
/// traceback): line feeds and tabs kept, and vertical tabs and form feeds
/// (white space Karmada's syntax errors quote as they are, and no
/// terminal or CI log reads as more than white space); every other control
/// escaped.
pub fn text(s: &str) -> Cow<'_, str> {
    escape(s, &['\n', '\t', '\x0b', '\x0c'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_become_visible() {
        assert!(matches!(line("plain name ü"), Cow::Borrowed(_)));
        assert_eq!(
            line("bad\r\n::error file=evil.yaml::X\x1b[31m\x07\0\x7f\u{85}\u{202e}"),
            "bad\\r\\n::error file=evil.yaml::X\\e[31m\\x07\\x00\\x7f\\u{85}\\u{202e}"
        );
        assert_eq!(line("a\tb"), "a\tb");
        assert_eq!(text("near 'a\x0cb\x0bc'"), "near 'a\x0cb\x0bc'");
        assert_eq!(
            text("boom\r\nstack traceback:\n\t[G]: ?\x1b]0;x\x07"),
            "boom\\r\nstack traceback:\n\t[G]: ?\\e]0;x\\x07"
        );
    }
}

//! Go's view of byte strings as UTF-8: rune decoding (an invalid byte is one
//! U+FFFD rune), rune counts, and `strconv.Quote`-style quoting.

/// The replacement rune Go yields for every invalid byte.
pub const RUNE_ERROR: u32 = 0xFFFD;

/// Decodes the first rune of `b` like Go's `utf8.DecodeRune`: an invalid or
/// truncated sequence gives `(RUNE_ERROR, 1)`. `b` must not be empty.
pub fn decode(b: &[u8]) -> (u32, usize) {
    let b0 = b[0];
    if b0 < 0x80 {
        return (u32::from(b0), 1);
    }
    // (length, range of the second byte, payload bits of the first byte)
    let (n, lo, hi, init) = match b0 {
        0xC2..=0xDF => (2, 0x80, 0xBF, b0 & 0x1F),
        0xE0 => (3, 0xA0, 0xBF, b0 & 0x0F),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80, 0xBF, b0 & 0x0F),
        0xED => (3, 0x80, 0x9F, b0 & 0x0F),
        0xF0 => (4, 0x90, 0xBF, b0 & 0x07),
        0xF1..=0xF3 => (4, 0x80, 0xBF, b0 & 0x07),
        0xF4 => (4, 0x80, 0x8F, b0 & 0x07),
        _ => return (RUNE_ERROR, 1),
    };
    if b.len() < n || !(lo..=hi).contains(&b[1]) {
        return (RUNE_ERROR, 1);
    }
    let mut r = u32::from(init);
    for (i, &c) in b[1..n].iter().enumerate() {
        if i > 0 && c & 0xC0 != 0x80 {
            return (RUNE_ERROR, 1);
        }
        r = (r << 6) | u32::from(c & 0x3F);
    }
    (r, n)
}

/// `b` as text the way Go converts bytes to runes (`encoding/json` writing
/// a result string): every byte that does not start a valid sequence is
/// one U+FFFD (Rust's `from_utf8_lossy` gives one for a whole truncated
/// sequence). Valid text is copied at once.
pub fn lossy(b: &[u8]) -> String {
    if let Ok(s) = std::str::from_utf8(b) {
        return s.to_owned();
    }
    let mut out = Vec::with_capacity(b.len() + 8);
    for (at, r, w) in runes(b) {
        if r == RUNE_ERROR && w == 1 {
            out.extend_from_slice("\u{FFFD}".as_bytes());
        } else {
            out.extend_from_slice(&b[at..at + w]);
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Iterates `(byte offset, rune, width)` over `b` the way Go's `range` does.
pub fn runes(b: &[u8]) -> impl Iterator<Item = (usize, u32, usize)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        if i >= b.len() {
            return None;
        }
        let (r, w) = decode(&b[i..]);
        let at = i;
        i += w;
        Some((at, r, w))
    })
}

/// The number of runes in `b`, counting each invalid byte as one.
pub fn rune_count(b: &[u8]) -> usize {
    runes(b).count()
}

/// Appends the UTF-8 encoding of `r`; invalid runes (surrogates, values past
/// U+10FFFF) are written as U+FFFD, as Go does.
pub fn push_rune(out: &mut Vec<u8>, r: u32) {
    let c = char::from_u32(r).unwrap_or('\u{FFFD}');
    let mut buf = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}

/// Go's `strconv.IsPrint`, approximated without Unicode tables: ASCII
/// graphics and space, and every other assigned-looking rune that is not a
/// control, format, separator, private-use or non-character code point.
pub fn is_print(r: u32) -> bool {
    if r < 0x80 {
        return (0x20..0x7F).contains(&r);
    }
    let Some(c) = char::from_u32(r) else {
        return false;
    };
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    !matches!(r,
        0x00A0 | 0x00AD | 0x034F | 0x061C | 0x06DD | 0x070F | 0x180E | 0xFEFF
        | 0x0600..=0x0605 | 0x0890..=0x0891 | 0x08E2
        | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180D | 0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164
        | 0xFE00..=0xFE0F | 0xFFA0 | 0xFFF0..=0xFFFB
        | 0xFDD0..=0xFDEF | 0xE000..=0xF8FF | 0xF0000..=0x10FFFF
        | 0x110BD | 0x110CD | 0x13430..=0x1343F | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF)
        && (r & 0xFFFE) != 0xFFFE
}

const LOWER_HEX: &[u8; 16] = b"0123456789abcdef";

fn push_hex(out: &mut Vec<u8>, v: u32, digits: usize) {
    for k in (0..digits).rev() {
        out.push(LOWER_HEX[((v >> (4 * k)) & 0xF) as usize]);
    }
}

/// Go's `strconv.Quote` (or `QuoteToASCII` when `ascii_only`): double
/// quotes, Go escapes, `\xHH` for every invalid byte.
pub fn quote(s: &[u8], ascii_only: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 2);
    out.push(b'"');
    for (at, r, w) in runes(s) {
        if w == 1 && r == RUNE_ERROR {
            out.extend_from_slice(b"\\x");
            push_hex(&mut out, u32::from(s[at]), 2);
            continue;
        }
        if r == u32::from(b'"') || r == u32::from(b'\\') {
            out.push(b'\\');
            out.push(r as u8);
            continue;
        }
        let printable = if ascii_only {
            r < 0x80 && is_print(r)
        } else {
            is_print(r)
        };
        if printable {
            push_rune(&mut out, r);
            continue;
        }
        match r {
            0x07 => out.extend_from_slice(b"\\a"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            0x0A => out.extend_from_slice(b"\\n"),
            0x0D => out.extend_from_slice(b"\\r"),
            0x09 => out.extend_from_slice(b"\\t"),
            0x0B => out.extend_from_slice(b"\\v"),
            _ if r < 0x20 || r == 0x7F => {
                out.extend_from_slice(b"\\x");
                push_hex(&mut out, r, 2);
            }
            _ if r < 0x10000 => {
                out.extend_from_slice(b"\\u");
                push_hex(&mut out, r, 4);
            }
            _ => {
                out.extend_from_slice(b"\\U");
                push_hex(&mut out, r, 8);
            }
        }
    }
    out.push(b'"');
    out
}

/// Go's `strconv.CanBackquote`: valid UTF-8 with no control character other
/// than tab, no backquote and no byte order mark.
pub fn can_backquote(s: &[u8]) -> bool {
    runes(s).all(|(_, r, w)| {
        if w > 1 {
            return r != 0xFEFF;
        }
        if r == RUNE_ERROR {
            return false;
        }
        !((r < 0x20 && r != 0x09) || r == 0x60 || r == 0x7F)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_like_go() {
        assert_eq!(decode("é".as_bytes()), (0xE9, 2));
        assert_eq!(decode(b"\xff"), (RUNE_ERROR, 1));
        assert_eq!(decode(b"\xC3"), (RUNE_ERROR, 1));
        assert_eq!(decode(b"\xED\xA0\x80"), (RUNE_ERROR, 1)); // surrogate
        assert_eq!(decode(b"\xE0\x80\x80"), (RUNE_ERROR, 1)); // overlong
        assert_eq!(decode("😀".as_bytes()), (0x1F600, 4));
        assert_eq!(rune_count(b"a\xffh\xC3\xA9"), 4);
    }

    #[test]
    fn quotes_like_go() {
        assert_eq!(quote(b"a\nb\"c\0", false), b"\"a\\nb\\\"c\\x00\"");
        assert_eq!(
            quote("é\u{7f}\u{200b}\u{1F600}\\".as_bytes(), false),
            "\"é\\x7f\\u200b😀\\\\\"".as_bytes()
        );
        assert_eq!(quote("é😀".as_bytes(), true), b"\"\\u00e9\\U0001f600\"");
        assert_eq!(quote(b"\xff\t", false), b"\"\\xff\\t\"");
        assert_eq!(quote("\u{a0}".as_bytes(), false), b"\"\\u00a0\"");
    }

    #[test]
    fn backquote_rules() {
        assert!(can_backquote(b"a\tb"));
        assert!(!can_backquote(b"a`b"));
        assert!(!can_backquote(b"a\nb"));
        assert!(!can_backquote(b"\xff"));
    }
}

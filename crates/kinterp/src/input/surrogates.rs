//! Lone UTF-16 surrogates in JSON string escapes (`"\ud800"`): Go's JSON
//! reader makes each one U+FFFD, serde_json refuses the text.

/// `text` with every `\uXXXX` escape of a lone surrogate (inside a JSON
/// string) written `\ufffd`; `None` when it has none.
pub(crate) fn replace_lone(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut lone: Vec<usize> = Vec::new();
    let (mut i, mut in_string) = (0, false);
    while i < b.len() {
        match b[i] {
            b'"' => in_string = !in_string,
            b'\\' if in_string => {
                if let Some(u) = escape(b, i) {
                    if (0xD800..0xDC00).contains(&u) {
                        match escape(b, i + 6) {
                            Some(low) if (0xDC00..0xE000).contains(&low) => {
                                i += 12;
                                continue;
                            }
                            _ => lone.push(i),
                        }
                    } else if (0xDC00..0xE000).contains(&u) {
                        lone.push(i);
                    }
                    i += 6;
                    continue;
                }
                i += 2;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    if lone.is_empty() {
        return None;
    }
    let mut out = text.as_bytes().to_vec();
    for at in lone {
        out[at + 2..at + 6].copy_from_slice(b"fffd");
    }
    String::from_utf8(out).ok()
}

/// The code unit of a `\uXXXX` escape starting at `at`.
fn escape(b: &[u8], at: usize) -> Option<u32> {
    let hex = b.get(at..at + 6)?;
    if hex[0] != b'\\' || hex[1] != b'u' {
        return None;
    }
    u32::from_str_radix(std::str::from_utf8(&hex[2..]).ok()?, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::replace_lone;

    #[test]
    fn lone_surrogates_become_replacement_escapes() {
        assert_eq!(
            replace_lone(r#"{"a":"x\ud800y"}"#).as_deref(),
            Some(r#"{"a":"x\ufffdy"}"#)
        );
        assert_eq!(
            replace_lone(r#"["\udc00"]"#).as_deref(),
            Some(r#"["\ufffd"]"#)
        );
        assert_eq!(replace_lone(r#"["\ud83d\ude00", "\\ud800"]"#), None);
        assert_eq!(
            replace_lone(r#"["\ud800\u0041"]"#).as_deref(),
            Some(r#"["\ufffd\u0041"]"#)
        );
    }
}

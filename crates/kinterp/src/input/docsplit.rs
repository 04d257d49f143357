//! karmadactl's split of a YAML stream into documents, ahead of the YAML
//! reader: it cuts the text at every line starting with `---` (a line
//! with anything but a comment after those dashes is an error), and reads
//! one document from each piece, so that what follows a `...` line up to
//! the next `---` line is never read, and a `%YAML` or `%TAG` directive,
//! cut from the document after it, is a piece without a document.

use std::borrow::Cow;

use crate::diag::Diagnostic;

/// `text` as karmadactl's reader sees it: an error for a `---` line with
/// content after it (`--- {a: 1}`), and the lines after a `...` line up to
/// the next `---` line blanked (their bytes made spaces, so that offsets,
/// lines and columns stay those of the file). Usually the text as it is.
pub(crate) fn go_documents<'t>(name: &str, text: &'t str) -> Result<Cow<'t, str>, Diagnostic> {
    // The lines worth a look start with `---`, `...` or `%`: found by
    // a vectorized substring search (a line-by-line walk, or `str`'s
    // search, cost 7% of reading a long stream of small documents).
    let mut starts: Vec<usize> = Vec::new();
    if text.starts_with(['-', '.', '%']) {
        starts.push(0);
    }
    for pattern in [&b"\n---"[..], b"\n...", b"\n%"] {
        starts.extend(memchr::memmem::find_iter(text.as_bytes(), pattern).map(|i| i + 1));
    }
    if starts.is_empty() {
        return Ok(Cow::Borrowed(text));
    }
    starts.sort_unstable();
    let line_number = |at: usize| {
        text.as_bytes()[..at]
            .iter()
            .filter(|&&c| c == b'\n')
            .count()
            + 1
    };
    let mut ignored: Vec<(usize, usize)> = Vec::new();
    let mut dead_from: Option<usize> = None;
    for start in starts {
        let end =
            memchr::memchr(b'\n', &text.as_bytes()[start..]).map_or(text.len(), |i| start + i + 1);
        let line = &text[start..end];
        if let Some(rest) = line.strip_prefix("---") {
            let rest = rest.trim_matches(|c: char| c.is_ascii_whitespace());
            if !rest.is_empty() && !rest.starts_with('#') {
                return Err(
                    Diagnostic::input(format!("invalid Yaml document separator: {rest}"))
                        .in_file(name)
                        .at_line(line_number(start), 1),
                );
            }
            if let Some(from) = dead_from.take() {
                ignored.push((from, start));
            }
        } else if dead_from.is_none() && line.starts_with('%') {
            // A directive ends its piece (the next `---` cuts there): a
            // piece of directives without a document.
            return Err(
                Diagnostic::input("invalid YAML: did not find expected <document start>")
                    .in_file(name)
                    .at_line(line_number(start), 1),
            );
        } else if dead_from.is_none() && is_document_end(line) {
            dead_from = Some(end);
        }
    }
    if let Some(from) = dead_from {
        ignored.push((from, text.len()));
    }
    ignored.retain(|(from, to)| text[*from..*to].bytes().any(|b| !b.is_ascii_whitespace()));
    if ignored.is_empty() {
        return Ok(Cow::Borrowed(text));
    }
    let mut bytes = text.as_bytes().to_vec();
    for (from, to) in ignored {
        for b in &mut bytes[from..to] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    }
    // Only whole characters were replaced, each byte by an ASCII space.
    Ok(Cow::Owned(String::from_utf8(bytes).unwrap_or_default()))
}

/// A `...` line: the document end marker, alone or before blanks.
fn is_document_end(line: &str) -> bool {
    line.strip_prefix("...")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r', '\n']))
}

#[cfg(test)]
mod tests {
    use super::go_documents;

    #[test]
    fn plain_streams_are_taken_as_they_are() {
        let text = "a: 1\n---\nb: 2\n--- # two\n...\n";
        assert!(matches!(
            go_documents("f", text),
            Ok(std::borrow::Cow::Borrowed(_))
        ));
    }

    #[test]
    fn content_after_the_separator_is_an_error() {
        let err = go_documents("f.yaml", "a: 1\n--- {b: 2}\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "f.yaml:2:1: invalid Yaml document separator: {b: 2}"
        );
    }

    #[test]
    fn a_directive_is_a_piece_without_a_document() {
        let err = go_documents("f.yaml", "%YAML 1.1\n---\na: 1\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "f.yaml:1:1: invalid YAML: did not find expected <document start>"
        );
    }

    #[test]
    fn what_follows_a_document_end_is_not_read() {
        let text = "a: 1\n...\nb: [\n---\nc: 3\n";
        let seen = go_documents("f", text).unwrap();
        assert_eq!(seen, "a: 1\n...\n    \n---\nc: 3\n");
    }
}

//! JUnit XML reports of test runs, as CI systems (GitHub Actions, GitLab,
//! Jenkins) read them: one testcase per case, failures with their diffs.

use kinterp::testrun::{Case, CaseResult};

/// Escapes text for XML attributes and content. Characters XML 1.0 does
/// not allow in a document at all, even as references (the C0 controls
/// but tab, line feed and carriage return; U+FFFE and U+FFFF), are written
/// as visible text instead (`\x01`, `\u{fffe}`), so every XML parser
/// reads the report.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02x}", c as u32)),
            '\u{fffe}' | '\u{ffff}' => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The whole report.
pub fn report(cases: &[&Case], results: &[CaseResult]) -> String {
    let failures = results.iter().filter(|r| !r.passed()).count();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<testsuites name=\"kinterp\" tests=\"{}\" failures=\"{failures}\" errors=\"0\">\n",
        cases.len()
    ));
    out.push_str(&format!(
        "  <testsuite name=\"kinterp test\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"0\">\n",
        cases.len()
    ));
    for (case, result) in cases.iter().zip(results) {
        let name = format!("{}: {}", case.operation_name(), case.name);
        out.push_str(&format!(
            "    <testcase classname=\"{}\" name=\"{}\"",
            escape(&case.file),
            escape(&name)
        ));
        if result.passed() {
            out.push_str("/>\n");
        } else {
            {
                let text = super::report::failure_text(case, result, false);
                let first = text.lines().next().unwrap_or("failed");
                out.push_str(">\n");
                out.push_str(&format!(
                    "      <failure message=\"{}\" type=\"mismatch\">{}</failure>\n",
                    escape(first),
                    escape(&text)
                ));
                out.push_str("    </testcase>\n");
            }
        }
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn what_xml_forbids_is_written_visibly() {
        let name = "a\u{1}b\0c\u{1b}[31md\u{fffe}e\u{ffff}<&>\"'\t\n\u{85}";
        let escaped = escape(name);
        assert_eq!(
            escaped,
            "a\\x01b\\x00c\\x1b[31md\\u{fffe}e\\u{ffff}&lt;&amp;&gt;&quot;&apos;\t\n\u{85}"
        );
        let doc = format!("<?xml version=\"1.0\"?><t name=\"{escaped}\">{escaped}</t>");
        let parsed = roxmltree::Document::parse(&doc).expect("well-formed XML 1.0");
        let root = parsed.root_element();
        assert_eq!(
            root.text(),
            Some("a\\x01b\\x00c\\x1b[31md\\u{fffe}e\\u{ffff}<&>\"'\t\n\u{85}")
        );
    }
}

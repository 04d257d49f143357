//! JUnit XML reports of test runs, as CI systems (GitHub Actions, GitLab,
//! Jenkins) read them: one testcase per case, failures with their diffs.

use kinterp::testrun::{Case, CaseResult};

/// Escapes text for XML attributes and content.
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
            c if (c as u32) < 0x20 => out.push_str(&format!("&#x{:X};", c as u32)),
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

//! `kinterp interpret --edit`: edit a customization's scripts in an editor,
//! validate the result and write it back only when it is valid.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::GlobalArgs;
use super::interpret::InterpretArgs;
use kinterp::check::{self, RuleResult, Verdict};
use kinterp::diag::Diagnostic;
use kinterp::input::parse_documents;
use kinterp::ops::Operation;
use kinterp::ric::{self, Document};
use kinterp_go::yaml::to_yaml;

const HEADER: &str = "# Please edit the customization below. Each rule's Lua script is the block
# under its `luaScript: |`. Lines beginning with '#|' are documentation and are
# not saved. An empty file cancels the edit. If the edit is not valid, this file
# is reopened with the problems listed here.
#
";

/// Each rule's contract (`kinterp::contract`), wrapped for comment lines,
/// shown with `--show-doc`.
fn rule_doc(op: Operation) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in kinterp::contract::contract(op).summary().split(' ') {
        let last = lines.last_mut().expect("one line");
        if !last.is_empty() && last.len() + 1 + word.len() > 80 {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

fn editor_command() -> String {
    ["KUBE_EDITOR", "EDITOR", "VISUAL"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.trim().is_empty())
        .unwrap_or_else(|| "vi".to_string())
}

/// The buffer shown in the editor: every document re-rendered with its
/// scripts as literal blocks, documentation comments when asked.
fn render(docs: &[serde_json::Value], show_doc: bool) -> String {
    let mut out = String::new();
    for (i, doc) in docs.iter().enumerate() {
        if i > 0 {
            out.push_str("---\n");
        }
        let text = to_yaml(doc);
        for line in text.lines() {
            if show_doc {
                let trimmed = line.trim_start();
                let indent = &line[..line.len() - trimmed.len()];
                if let Some(op) = Operation::ALL
                    .iter()
                    .find(|op| trimmed == format!("{}:", op.rule_field()))
                {
                    for d in rule_doc(*op) {
                        out.push_str(&format!("{indent}#| {d}\n"));
                    }
                }
            }
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Removes the header and documentation comments kinterp added.
fn strip_added(text: &str) -> String {
    let mut lines = text.lines().peekable();
    while lines
        .peek()
        .is_some_and(|l| l.starts_with('#') && !l.starts_with("#|"))
    {
        lines.next();
    }
    let mut out = String::new();
    for l in lines {
        if l.trim_start().starts_with("#|") {
            continue;
        }
        out.push_str(l);
        out.push('\n');
    }
    out
}

/// The problems that make an edited text invalid; empty when valid.
fn problems(name: &str, text: &str) -> Vec<String> {
    let values = match parse_documents(name, text) {
        Ok(v) => v,
        Err(e) => return vec![e.to_string()],
    };
    if values.is_empty() {
        return vec!["the file holds no document".into()];
    }
    let mut out = Vec::new();
    for v in &values {
        match ric::decode(name, v) {
            Err(e) => out.push(format!("unable to decode: {e}")),
            Ok(doc @ Document::Customization(_)) => {
                let entry = check::check_document(&doc, None);
                match entry.verdict {
                    Verdict::Rules(rules) => {
                        for (op, r) in rules {
                            if let RuleResult::Error(e) = r {
                                out.push(format!("{}: {}: {}", entry.source, op.name(), e.message));
                            }
                        }
                    }
                    Verdict::NoTargetKind => {
                        out.push(format!("{}: target.kind no set", entry.source))
                    }
                    Verdict::NoTargetApiVersion => {
                        out.push(format!("{}: target.apiVersion no set", entry.source))
                    }
                    Verdict::NotCustomization(_) => {}
                }
            }
            Ok(Document::Other { .. }) => {}
        }
    }
    out
}

fn temp_path() -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    std::env::temp_dir().join(format!("kinterp-edit-{}-{nanos}.yaml", std::process::id()))
}

fn open_editor(path: &Path) -> Result<String, Diagnostic> {
    let editor = editor_command();
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!("{editor} \"$1\""))
        .arg("sh")
        .arg(path)
        .status()
        .map_err(|e| Diagnostic::usage(format!("cannot start the editor {editor:?}: {e}")))?;
    if !status.success() {
        return Err(Diagnostic::runtime(format!(
            "the editor {editor:?} exited with {status}; the file was not changed"
        )));
    }
    std::fs::read_to_string(path).map_err(|e| {
        Diagnostic::input(format!(
            "{}: cannot read the edited file: {e}",
            path.display()
        ))
    })
}

fn is_blank(text: &str) -> bool {
    text.lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
}

/// Runs the edit loop.
pub fn run(_global: &GlobalArgs, args: &InterpretArgs) -> Result<i32, Diagnostic> {
    let [file] = args.filename.as_slice() else {
        return Err(Diagnostic::usage("--edit takes exactly one -f file"));
    };
    let path = Path::new(file);
    if file == "-" || !path.is_file() {
        return Err(Diagnostic::usage(format!(
            "--edit needs a file to write back, got {file:?}"
        )));
    }
    let original = std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::input(format!("{file}: cannot read: {e}")))?;
    let docs = parse_documents(file, &original)?;
    if !docs
        .iter()
        .any(|d| matches!(ric::decode(file, d), Ok(Document::Customization(_))))
    {
        return Err(Diagnostic::input(format!(
            "{file}: holds no ResourceInterpreterCustomization to edit"
        )));
    }
    let body = render(&docs, args.show_doc);
    let tmp = temp_path();
    let mut shown = format!("{HEADER}{body}");
    let mut first = true;
    loop {
        std::fs::write(&tmp, &shown)
            .map_err(|e| Diagnostic::input(format!("{}: cannot write: {e}", tmp.display())))?;
        let edited = open_editor(&tmp)?;
        let unchanged = edited == shown;
        if first && (unchanged || is_blank(&edited)) {
            let _ = std::fs::remove_file(&tmp);
            println!("Edit cancelled, no changes made.");
            return Ok(0);
        }
        if !first && (unchanged || is_blank(&edited)) {
            let kept = std::fs::canonicalize(&tmp).unwrap_or(tmp.clone());
            return Err(Diagnostic::runtime(format!(
                "Edit cancelled, no valid changes were saved.\nA copy of your changes has been stored to {:?}",
                kept.display().to_string()
            )));
        }
        let content = strip_added(&edited);
        let found = problems(file, &content);
        if found.is_empty() {
            std::fs::write(path, &content)
                .map_err(|e| Diagnostic::input(format!("{file}: cannot write: {e}")))?;
            let _ = std::fs::remove_file(&tmp);
            println!("{file} edited");
            return Ok(0);
        }
        first = false;
        let mut header = String::from(HEADER);
        header.push_str("# The edited file is not valid:\n");
        for p in &found {
            for l in p.lines() {
                header.push_str(&format!("# * {l}\n"));
            }
        }
        header.push_str("#\n");
        shown = format!("{header}{content}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_docs_are_the_contracts_wrapped() {
        for op in Operation::ALL {
            let lines = rule_doc(op);
            assert!(lines.iter().all(|l| l.len() <= 80), "{lines:?}");
            assert_eq!(lines.join(" "), kinterp::contract::contract(op).summary());
        }
        assert!(
            rule_doc(Operation::InterpretReplica)[0]
                .starts_with("GetReplicas(obj) returns the replica count")
        );
    }

    #[test]
    fn added_lines_are_stripped() {
        let text = format!("{HEADER}a: 1\n  #| doc\nb: |\n  x\n");
        assert_eq!(strip_added(&text), "a: 1\nb: |\n  x\n");
    }
}

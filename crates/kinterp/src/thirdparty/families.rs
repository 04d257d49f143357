//! The bundled families: kinds whose customizations share most of their
//! scripts (Flux's sources and reconcilers, Kyverno's two policy kinds,
//! Kubeflow's training jobs) are written once, as a template in
//! `src/thirdparty/families/<family>.tmpl`, plus per-kind parameters in
//! `src/thirdparty/families/<family>.params`. The committed YAML files are
//! what this module renders from them; the test below fails when one is
//! stale and rewrites them all under `KINTERP_BLESS=1`.
//!
//! Template syntax, line-based:
//! - `{{name}}` anywhere in a line: the scalar parameter `name`;
//! - a line holding only `{{>name}}`: the block parameter `name`, each of its
//!   lines indented like the placeholder (an absent block adds nothing);
//! - lines `{{#if name}}` and `{{/if}}`: the lines between them are kept
//!   only when the parameter `name` is given.
//!
//! The parameters file is YAML: a list of `{path, params}` where `path` is
//! the output below `src/thirdparty/` and `params` maps names to text.

use std::collections::BTreeMap;

/// One rendered member of a family.
#[derive(Debug, serde::Deserialize)]
pub(crate) struct Member {
    /// Output path below `src/thirdparty/`.
    pub path: String,
    /// Parameter name to value (scalars and blocks alike).
    pub params: BTreeMap<String, String>,
}

/// Renders `template` with one member's parameters. `Err` names the first
/// template line that cannot be rendered.
pub(crate) fn render(template: &str, params: &BTreeMap<String, String>) -> Result<String, String> {
    let mut out = String::new();
    // One entry per open `{{#if}}`: whether its lines are kept.
    let mut keep: Vec<bool> = Vec::new();
    for (n, line) in template.lines().enumerate() {
        let at = || format!("template line {}", n + 1);
        let trimmed = line.trim();
        if let Some(name) = directive(trimmed, "{{#if ") {
            keep.push(params.contains_key(name));
            continue;
        }
        if trimmed == "{{/if}}" {
            keep.pop()
                .ok_or_else(|| format!("{}: {{{{/if}}}} without {{{{#if}}}}", at()))?;
            continue;
        }
        if keep.contains(&false) {
            continue;
        }
        if let Some(name) = directive(trimmed, "{{>") {
            let indent = &line[..line.len() - line.trim_start().len()];
            if let Some(block) = params.get(name) {
                let block = block.strip_suffix('\n').unwrap_or(block);
                for part in block.split('\n') {
                    if !part.is_empty() {
                        out.push_str(indent);
                        out.push_str(part);
                    }
                    out.push('\n');
                }
            }
            continue;
        }
        out.push_str(&substitute(line, params).map_err(|e| format!("{}: {e}", at()))?);
        out.push('\n');
    }
    if !keep.is_empty() {
        return Err("an {{#if}} is never closed".into());
    }
    Ok(out)
}

/// The name in `{{#if name}}` or `{{>name}}`.
fn directive<'a>(trimmed: &'a str, open: &str) -> Option<&'a str> {
    trimmed.strip_prefix(open)?.strip_suffix("}}")
}

/// Replaces every `{{name}}` of one line with its scalar parameter.
fn substitute(line: &str, params: &BTreeMap<String, String>) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let tail = &rest[start + 2..];
        let end = tail.find("}}").ok_or("an unclosed {{")?;
        let name = &tail[..end];
        let value = params
            .get(name)
            .ok_or_else(|| format!("no parameter {name:?}"))?;
        if value.contains('\n') {
            return Err(format!("{name:?} is a block, used inline"));
        }
        out.push_str(value);
        rest = &tail[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/thirdparty")
    }

    /// Every family's members, rendered: (path below src/thirdparty, text).
    fn rendered() -> Vec<(String, String)> {
        let dir = root().join("families");
        let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("src/thirdparty/families")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "tmpl"))
            .collect();
        names.sort();
        assert!(!names.is_empty(), "no template in {}", dir.display());
        let mut out = Vec::new();
        for tmpl in names {
            let template = std::fs::read_to_string(&tmpl).unwrap();
            let params_path = tmpl.with_extension("params");
            let params_text = std::fs::read_to_string(&params_path)
                .unwrap_or_else(|e| panic!("{}: {e}", params_path.display()));
            let members: Vec<Member> = serde_yaml::from_str(&params_text)
                .unwrap_or_else(|e| panic!("{}: {e}", params_path.display()));
            assert!(
                members.len() >= 2,
                "{}: a family of one",
                params_path.display()
            );
            for m in members {
                let text = render(&template, &m.params)
                    .unwrap_or_else(|e| panic!("{} for {}: {e}", tmpl.display(), m.path));
                out.push((m.path, text));
            }
        }
        out
    }

    /// The committed YAML of every family member is what its template and
    /// parameters render. `KINTERP_BLESS=1` rewrites the stale ones.
    #[test]
    fn committed_family_files_are_rendered_from_their_templates() {
        let bless = std::env::var_os("KINTERP_BLESS").is_some_and(|v| v == "1");
        let mut stale = Vec::new();
        for (path, text) in rendered() {
            let file = root().join(&path);
            if std::fs::read_to_string(&file).ok().as_deref() == Some(text.as_str()) {
                continue;
            }
            if bless {
                std::fs::write(&file, &text).unwrap();
            } else {
                stale.push(path);
            }
        }
        assert!(
            stale.is_empty(),
            "stale generated customizations (edit src/thirdparty/families/*.tmpl or *.params, \
             then regenerate with `KINTERP_BLESS=1 cargo test committed_family_files`): {stale:?}"
        );
    }

    /// Each rendered member is a bundled file for the kind its path names.
    #[test]
    fn family_members_are_bundled() {
        for (path, _) in rendered() {
            assert!(
                super::super::BUNDLED.iter().any(|b| b.path == path),
                "{path} is not bundled"
            );
        }
    }

    fn params(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn renders_scalars_blocks_and_conditionals() {
        let template = "kind: {{kind}}\n  {{>body}}\n{{#if extra}}\nx: {{extra}}\n{{/if}}\nend\n";
        let p = params(&[("kind", "A"), ("body", "a: 1\n\nb: 2\n")]);
        assert_eq!(
            render(template, &p).unwrap(),
            "kind: A\n  a: 1\n\n  b: 2\nend\n"
        );
        let p = params(&[("kind", "B"), ("extra", "y")]);
        assert_eq!(render(template, &p).unwrap(), "kind: B\nx: y\nend\n");
        // A block ending in a blank line keeps it.
        let p = params(&[("kind", "C"), ("body", "a\n\n")]);
        assert_eq!(render(template, &p).unwrap(), "kind: C\n  a\n\nend\n");
    }

    #[test]
    fn template_errors_name_the_line() {
        let p = params(&[("kind", "A\nB")]);
        assert_eq!(
            render("x\nkind: {{kind}}\n", &p).unwrap_err(),
            "template line 2: \"kind\" is a block, used inline"
        );
        assert_eq!(
            render("{{nope}}\n", &p).unwrap_err(),
            "template line 1: no parameter \"nope\""
        );
        assert_eq!(
            render("{{/if}}\n", &p).unwrap_err(),
            "template line 1: {{/if}} without {{#if}}"
        );
        assert_eq!(
            render("{{#if kind}}\n", &p).unwrap_err(),
            "an {{#if}} is never closed"
        );
        assert_eq!(
            render("a {{b\n", &p).unwrap_err(),
            "template line 1: an unclosed {{"
        );
    }
}

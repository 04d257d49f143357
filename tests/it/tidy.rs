//! Rules of the source tree that the compiler does not hold, checked over
//! every Rust file of the project (as rust-analyzer's tidy tests do).

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The project's own Rust sources: the binary's, the workspace crates'
/// and the tests'.
fn sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "crates", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.sort();
    assert!(files.len() > 100, "the source tree was not found");
    files
}

/// The `unsafe fn`s of `text` (with their 1-based lines) whose doc
/// comment has no `# Safety` section.
fn undocumented_unsafe_fns(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut missing = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        if code.starts_with("//") || !is_unsafe_fn(code) {
            continue;
        }
        let mut documented = false;
        for above in lines[..i].iter().rev().map(|l| l.trim_start()) {
            if above.starts_with("#[") {
                continue;
            }
            if !above.starts_with("///") {
                break;
            }
            documented |= above.trim_start_matches('/').trim() == "# Safety";
        }
        if !documented {
            missing.push((i + 1, code.to_string()));
        }
    }
    missing
}

/// A line declaring an `unsafe fn` (any visibility, `extern "C"` or not);
/// not a function-pointer type in a signature.
fn is_unsafe_fn(code: &str) -> bool {
    let code = code
        .trim_start_matches("pub(crate) ")
        .trim_start_matches("pub(super) ")
        .trim_start_matches("pub ");
    code.starts_with("unsafe fn ") || code.starts_with("unsafe extern \"C\" fn ")
}

#[test]
fn the_scanner_finds_an_unsafe_fn_without_a_safety_section() {
    let text = "/// Reads.\nunsafe fn a() {}\n\n/// Reads.\n///\n/// # Safety\n///\n/// `p` is valid.\n#[inline]\npub unsafe fn b() {}\npub(crate) unsafe extern \"C\" fn c() {}\n";
    assert_eq!(
        undocumented_unsafe_fns(text),
        [
            (2, "unsafe fn a() {}".to_string()),
            (11, "pub(crate) unsafe extern \"C\" fn c() {}".to_string())
        ]
    );
}

/// Every `unsafe fn` says in a `# Safety` section what its caller must
/// uphold.
#[test]
fn every_unsafe_fn_documents_its_safety_contract() {
    let mut missing = Vec::new();
    for file in sources() {
        let text = std::fs::read_to_string(&file).expect("read");
        for (line, code) in undocumented_unsafe_fns(&text) {
            missing.push(format!("{}:{line}: {code}", file.display()));
        }
    }
    assert!(
        missing.is_empty(),
        "unsafe fns without a `# Safety` section:\n{}",
        missing.join("\n")
    );
}

/// No source file grows past 600 lines: a file that long holds more than
/// one concern (split it by concern, its tests into a file of their own).
#[test]
fn no_source_file_is_over_600_lines() {
    let long: Vec<String> = sources()
        .into_iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(&file)
                .expect("read")
                .lines()
                .count();
            (lines > 600).then(|| format!("{}: {lines} lines", file.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over 600 lines:\n{}",
        long.join("\n")
    );
}

/// The paths into the project tree that `text` names (`src/...`,
/// `crates/...`, `tests/...`, ...), with their 1-based lines. A path that
/// is part of a URL or of another path, that holds a placeholder written
/// in capitals (`TARGET`), or that names a build or fuzzing output, is
/// not one.
fn tree_paths(text: &str) -> Vec<(usize, String)> {
    const ROOTS: [&str; 9] = [
        "src/",
        "crates/",
        "tests/",
        "benches/",
        "testdata/",
        "fuzz/",
        "third_party/",
        "docs/",
        "completions/",
    ];
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let bytes = line.as_bytes();
        let mut at = 0;
        while at < line.len() {
            let rest = &line[at..];
            let Some(root) = ROOTS.iter().find(|r| rest.starts_with(**r)) else {
                at += rest.chars().next().map_or(1, char::len_utf8);
                continue;
            };
            let before = at.checked_sub(1).map(|b| bytes[b]);
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || "_./-".contains(c)))
                .unwrap_or(rest.len());
            let path = rest[..len].trim_end_matches(['.', ',']);
            at += len.max(root.len());
            let inside_other =
                before.is_some_and(|b| b.is_ascii_alphanumeric() || b"/._-".contains(&b));
            let placeholder = path
                .split(['/', '.'])
                .any(|part| part.len() > 1 && part.bytes().all(|b| b.is_ascii_uppercase()));
            // Build and fuzzing outputs exist only once made (fuzz's
            // .gitignore): a fresh clone has none.
            let generated = path
                .split('/')
                .any(|part| ["target", "corpus", "artifacts", "coverage"].contains(&part));
            if !inside_other && !placeholder && !generated && path.len() > root.len() {
                found.push((i + 1, path.to_string()));
            }
        }
    }
    found
}

#[test]
fn the_path_scanner_finds_tree_paths_only() {
    let text = "see `src/main.rs`, crates/vm/src/lib.rs.\nhttps://crates.io/crates/mlua-sys and fuzz/artifacts/TARGET/ and a/src/x.rs\nfuzz/target and fuzz/corpus/lint\n";
    assert_eq!(
        tree_paths(text),
        [
            (1, "src/main.rs".to_string()),
            (1, "crates/vm/src/lib.rs".to_string())
        ]
    );
}

/// Every path into the tree that the documentation names exists: a file
/// that moved leaves no reader following a dead reference.
#[test]
fn every_path_the_docs_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs: Vec<PathBuf> = ["README.md", "fuzz/README.md"]
        .iter()
        .map(|p| root.join(p))
        .collect();
    for dir in ["docs", "third_party/lua-src", "testdata", "benches"] {
        if let Ok(entries) = std::fs::read_dir(root.join(dir)) {
            docs.extend(
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "md")),
            );
        }
    }
    docs.sort();
    assert!(docs.len() > 10, "the documentation was not found");
    let mut dead = Vec::new();
    for doc in &docs {
        let text = std::fs::read_to_string(doc).expect("read");
        for (line, path) in tree_paths(&text) {
            if !root.join(&path).exists() {
                let name = doc.strip_prefix(root).unwrap_or(doc);
                dead.push(format!("{}:{line}: {path}", name.display()));
            }
        }
    }
    assert!(
        dead.is_empty(),
        "paths the documentation names that do not exist:\n{}",
        dead.join("\n")
    );
}

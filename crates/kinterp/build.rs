//! Embeds the bundled third-party customizations: every
//! `src/thirdparty/<group>/<version>/<Kind>.yaml` becomes a table entry.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "yaml") {
            out.push(p);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("src/thirdparty");
    println!("cargo:rerun-if-changed=src/thirdparty");
    let mut files = Vec::new();
    collect(&root, &mut files);
    let mut code = String::from("&[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = f.strip_prefix(&root).unwrap();
        let parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if parts.len() != 3 {
            continue;
        }
        let kind = parts[2].trim_end_matches(".yaml");
        writeln!(
            code,
            "    Bundled {{ api_version: \"{}/{}\", kind: \"{}\", path: \"{}\", text: include_str!({:?}) }},",
            parts[0],
            parts[1],
            kind,
            rel.display(),
            f.display().to_string()
        )
        .unwrap();
    }
    code.push_str("]\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("bundled.rs");
    std::fs::write(out, code).unwrap();
}

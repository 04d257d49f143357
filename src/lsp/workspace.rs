//! The CustomResourceDefinitions the editor's workspace holds: read from
//! the workspace folders when the session starts and from open documents
//! as they change, then handed to each customization whose target they
//! describe (completion and hover read the target's `openAPIV3Schema`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::layout::Layout;
use kinterp::crd::{self, Crd};

/// Bounds of the workspace scan: the editor waits for it.
const MAX_FILES: usize = 5000;
const MAX_DEPTH: usize = 8;
const MAX_BYTES: u64 = 4 << 20;

/// The CRDs known to the session.
#[derive(Debug, Default)]
pub struct Crds {
    /// From files of the workspace folders.
    files: Vec<Crd>,
    /// From open documents, by URI text (they win over the files).
    docs: HashMap<String, Vec<Crd>>,
}

impl Crds {
    /// Reads the CRDs under `roots`: regular `.yaml`, `.yml` and `.json`
    /// files, skipping hidden folders, `target` and `node_modules`.
    pub fn scan(roots: &[PathBuf]) -> Crds {
        let mut files = Vec::new();
        let mut seen = 0;
        for root in roots {
            scan_dir(root, 0, &mut seen, &mut files);
        }
        Crds {
            files,
            docs: HashMap::new(),
        }
    }

    /// Notes the CRDs of an open document's text; `true` when they changed.
    pub fn update(&mut self, key: &str, text: &str) -> bool {
        let found = crd::read(text);
        let before = self.docs.get(key).map_or(&[][..], Vec::as_slice);
        if before == found.as_slice() {
            return false;
        }
        if found.is_empty() {
            self.docs.remove(key);
        } else {
            self.docs.insert(key.to_string(), found);
        }
        true
    }

    /// Gives each customization of `layout` its target's schema.
    pub fn attach(&self, layout: &mut Layout) {
        for c in &mut layout.customizations {
            c.target_schema = match (&c.target_api_version, &c.target_kind) {
                (Some(v), Some(k)) => self.find(v, k).cloned(),
                _ => None,
            };
        }
    }

    fn find(&self, api_version: &str, kind: &str) -> Option<&serde_json::Value> {
        let mut open: Vec<&String> = self.docs.keys().collect();
        open.sort();
        open.into_iter()
            .find_map(|k| crd::find(&self.docs[k], api_version, kind))
            .or_else(|| crd::find(&self.files, api_version, kind))
    }
}

fn scan_dir(dir: &Path, depth: usize, seen: &mut usize, out: &mut Vec<Crd>) {
    if depth > MAX_DEPTH {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        if *seen >= MAX_FILES {
            return;
        }
        *seen += 1;
        let name = e.file_name();
        let name = name.to_string_lossy();
        // The entry itself, not a link's target: no loops, no devices.
        let Ok(kind) = e.file_type() else { continue };
        if kind.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "node_modules" {
                scan_dir(&e.path(), depth + 1, seen, out);
            }
            continue;
        }
        let ext = Path::new(name.as_ref())
            .extension()
            .and_then(|x| x.to_str())
            .unwrap_or_default();
        if !kind.is_file() || !matches!(ext, "yaml" | "yml" | "json") {
            continue;
        }
        if e.metadata().is_ok_and(|m| m.len() <= MAX_BYTES) {
            if let Ok(text) = std::fs::read_to_string(e.path()) {
                out.extend(crd::read(&text));
            }
        }
    }
}

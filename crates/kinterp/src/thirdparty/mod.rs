//! Bundled customizations for popular third-party kinds, embedded at build
//! time from `src/thirdparty/<group>/<version>/<Kind>.yaml`, parsed lazily.

#[cfg(test)]
mod families;

use std::sync::OnceLock;

use crate::input::parse_documents;
use crate::ric::{Customization, CustomizationSet, Document, decode};

/// The Karmada release, and the commit, whose bundled customizations
/// these reproduce: every case of that tree's `testdata/` passes against
/// them (the tree is the same from v1.18.0 to this commit).
pub const KARMADA: &str = "v1.19.0-rc.0 (f8fdd02)";

/// One embedded customization file.
#[derive(Debug)]
pub struct Bundled {
    /// `group/version` of the target.
    pub api_version: &'static str,
    /// Target kind.
    pub kind: &'static str,
    /// Path below `src/thirdparty/`.
    pub path: &'static str,
    /// The YAML text.
    pub text: &'static str,
}

/// Every bundled file, sorted by path.
pub static BUNDLED: &[Bundled] = include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

static PARSED: OnceLock<Vec<OnceLock<CustomizationSet>>> = OnceLock::new();

impl Bundled {
    /// Parses the file's customizations (bundled files are tested to parse).
    pub fn parse(&self) -> Vec<Customization> {
        let name = format!("bundled:{}", self.path);
        parse_documents(&name, self.text)
            .unwrap_or_default()
            .iter()
            .filter_map(|d| match decode(&name, d) {
                Ok(Document::Customization(c)) => Some(c),
                _ => None,
            })
            .collect()
    }
}

/// The bundled customizations for one target, parsed on first use.
pub fn customizations_for(api_version: &str, kind: &str) -> Option<&'static CustomizationSet> {
    let idx = BUNDLED
        .iter()
        .position(|b| b.api_version == api_version && b.kind == kind)?;
    let cells = PARSED.get_or_init(|| BUNDLED.iter().map(|_| OnceLock::new()).collect());
    Some(cells[idx].get_or_init(|| CustomizationSet::new(BUNDLED[idx].parse())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::Operation;

    #[test]
    fn every_bundled_file_parses_and_matches_its_path() {
        for b in BUNDLED {
            let items = b.parse();
            assert!(!items.is_empty(), "{} holds no customization", b.path);
            for c in &items {
                assert_eq!(
                    (c.api_version.as_str(), c.kind.as_str()),
                    (b.api_version, b.kind),
                    "{}",
                    b.path
                );
                assert!(
                    Operation::ALL.iter().any(|op| c.script(*op).is_some()),
                    "{}",
                    b.path
                );
            }
        }
    }
}

//! How deep a value may nest: Go's readers stop at 10 000 levels.
//!
//! encoding/json refuses a document nested deeper than 10 000 arrays and
//! objects (`exceeded max depth`), and so does the JSON form of a YAML
//! document (sigs.k8s.io/yaml converts through it); go-yaml v2's scanner
//! refuses more than 10 000 open flow collections, or 10 000 levels of
//! block indentation (`exceeded max depth of 10000`). kinterp's readers
//! keep the same bounds, and every pass over a value (conversion to Lua
//! and back, printers) must stand that depth.

/// The deepest nesting of arrays and objects a JSON document (or the JSON
/// form of a YAML one) may have: encoding/json's bound.
pub const MAX_DEPTH: usize = 10_000;

/// go-yaml v2's bound on open flow collections and on block indentation
/// levels, each counted alone.
pub const YAML_MAX_DEPTH: usize = 10_000;

/// encoding/json's message when a document nests deeper than [`MAX_DEPTH`].
pub const JSON_TOO_DEEP: &str = "exceeded max depth";

/// go-yaml v2's message past [`YAML_MAX_DEPTH`].
pub const YAML_TOO_DEEP: &str = "exceeded max depth of 10000";

//! Karmada's empty-table fix: every empty Lua table encodes as `[]`; paths
//! where the reference objects hold `{}` or `[]` get them back, others go.

use serde_json::Value;
use std::collections::HashSet;

/// Index-free key paths of the empty objects and empty arrays of references.
/// A path is stored as its keys one after another, each preceded by its
/// length (four bytes), so that it is built without a copy of every key.
#[derive(Default, Debug)]
pub struct EmptyPaths {
    structs: HashSet<Vec<u8>>,
    slices: HashSet<Vec<u8>>,
    /// A reference nests 10 000 levels or more: Go cannot marshal it back
    /// (its MarshalJSON output goes through one more level of checking).
    too_deep: bool,
}

/// Appends `key` to `path` (see [`EmptyPaths`]).
fn push_key(path: &mut Vec<u8>, key: &str) {
    path.extend_from_slice(&(key.len() as u32).to_le_bytes());
    path.extend_from_slice(key.as_bytes());
}

impl EmptyPaths {
    /// Collects the empty containers of every reference object.
    pub fn from_references(refs: &[&Value]) -> Self {
        let mut paths = EmptyPaths::default();
        for r in refs {
            let mut path = Vec::new();
            paths.collect(r, &mut path, 1);
        }
        paths
    }

    /// Karmada's error for a result `value` when a reference is too deep
    /// to marshal (an empty result is settled before the references are
    /// read).
    pub fn refuses(&self, value: &Value) -> Result<(), String> {
        match self.too_deep && !is_empty_array(value) {
            true => Err(format!(
                "convert empty object back to empty slice failed: json marshal reference failed: \
                 json: error calling MarshalJSON for type *unstructured.Unstructured: {}",
                kinterp_go::depth::JSON_TOO_DEEP
            )),
            false => Ok(()),
        }
    }

    /// `level`: how deep `v` sits (the root is 1).
    fn collect(&mut self, v: &Value, path: &mut Vec<u8>, level: usize) {
        if level >= kinterp_go::depth::MAX_DEPTH && (v.is_object() || v.is_array()) {
            self.too_deep = true;
        }
        match v {
            Value::Object(m) if m.is_empty() && !path.is_empty() => {
                self.structs.insert(path.clone());
            }
            Value::Array(a) if a.is_empty() && !path.is_empty() => {
                self.slices.insert(path.clone());
            }
            Value::Object(m) => {
                for (k, item) in m {
                    let len = path.len();
                    push_key(path, k);
                    self.collect(item, path, level + 1);
                    path.truncate(len);
                }
            }
            Value::Array(a) => {
                for item in a {
                    self.collect(item, path, level + 1);
                }
            }
            _ => {}
        }
    }
}

fn is_empty_array(v: &Value) -> bool {
    matches!(v, Value::Array(a) if a.is_empty())
}

/// What the root target is: a struct turns a root `[]` into `{}`, a slice
/// keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Struct,
    Slice,
}

/// Applies the fix in place.
pub fn fix(value: &mut Value, target: Target, refs: &EmptyPaths) {
    if is_empty_array(value) {
        if target == Target::Struct {
            *value = Value::Object(Default::default());
        }
        return;
    }
    let mut path = Vec::new();
    walk(value, &mut path, refs);
}

enum Decision {
    Struct,
    Keep,
    Delete,
}

fn decide(path: &[u8], refs: &EmptyPaths) -> Decision {
    if refs.structs.contains(path) {
        Decision::Struct
    } else if refs.slices.contains(path) {
        Decision::Keep
    } else {
        Decision::Delete
    }
}

fn walk(value: &mut Value, path: &mut Vec<u8>, refs: &EmptyPaths) {
    match value {
        Value::Object(map) => {
            let mut delete = Vec::new();
            for (k, item) in map.iter_mut() {
                let len = path.len();
                push_key(path, k);
                if is_empty_array(item) {
                    match decide(path, refs) {
                        Decision::Struct => *item = Value::Object(Default::default()),
                        Decision::Keep => {}
                        Decision::Delete => delete.push(k.clone()),
                    }
                } else {
                    walk(item, path, refs);
                }
                path.truncate(len);
            }
            for k in delete {
                map.remove(&k);
            }
        }
        Value::Array(items) => {
            let mut delete = Vec::new();
            for (i, item) in items.iter_mut().enumerate() {
                if is_empty_array(item) {
                    match decide(path, refs) {
                        Decision::Struct => *item = Value::Object(Default::default()),
                        Decision::Keep => {}
                        Decision::Delete => delete.push(i),
                    }
                } else {
                    walk(item, path, refs);
                }
            }
            // Karmada deletes by index one at a time while the array shifts;
            // ascending order gives its most frequent outcome.
            for i in delete {
                if i < items.len() {
                    items.remove(i);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(mut v: Value, target: Target, refs: &[Value]) -> Value {
        let refs: Vec<&Value> = refs.iter().collect();
        fix(&mut v, target, &EmptyPaths::from_references(&refs));
        v
    }

    #[test]
    fn root_empty_table() {
        assert_eq!(run(json!([]), Target::Struct, &[]), json!({}));
        assert_eq!(run(json!([]), Target::Slice, &[]), json!([]));
    }

    #[test]
    fn restores_reference_shapes_and_drops_others() {
        let reference = json!({"metadata": {"annotations": {}}, "spec": {"args": [], "c": [{"resources": {}}]}});
        let result = json!({"metadata": {"annotations": []}, "spec": {"args": [], "c": [{"resources": []}, {"resources": []}], "new": []}});
        assert_eq!(
            run(result, Target::Struct, &[reference]),
            json!({"metadata": {"annotations": {}}, "spec": {"args": [], "c": [{"resources": {}}, {"resources": {}}]}})
        );
    }

    #[test]
    fn containers_emptied_by_deletion_stay() {
        assert_eq!(
            run(json!({"e": {"x": []}}), Target::Struct, &[]),
            json!({"e": {}})
        );
        assert_eq!(
            run(json!({"m": [[]]}), Target::Struct, &[]),
            json!({"m": []})
        );
    }

    #[test]
    fn array_deletion_shifts() {
        assert_eq!(
            run(json!({"b": [[], []]}), Target::Struct, &[]),
            json!({"b": [[]]})
        );
        assert_eq!(
            run(json!({"b": [[], [], [], []]}), Target::Struct, &[]),
            json!({"b": [[], []]})
        );
        assert_eq!(
            run(json!({"b": [1, [], 2]}), Target::Struct, &[]),
            json!({"b": [1, 2]})
        );
    }

    #[test]
    fn paths_are_compared_key_by_key() {
        // `ab`/`c` and `a`/`bc` read the same when keys are just joined.
        let reference = json!({"ab": {"c": {}}, "名前": {"é": []}});
        assert_eq!(
            run(
                json!({"a": {"bc": []}, "ab": {"c": []}}),
                Target::Struct,
                std::slice::from_ref(&reference)
            ),
            json!({"a": {}, "ab": {"c": {}}})
        );
        assert_eq!(
            run(
                json!({"名前": {"é": [], "e": []}}),
                Target::Struct,
                &[reference]
            ),
            json!({"名前": {"é": []}})
        );
    }

    #[test]
    fn struct_wins_over_slice() {
        let a = json!({"x": {}});
        let b = json!({"x": []});
        assert_eq!(
            run(json!({"x": []}), Target::Struct, &[a, b]),
            json!({"x": {}})
        );
    }
}

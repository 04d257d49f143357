//! Karmada's resource arithmetic for pod requirements: which resource names
//! count, the per-pod counters, and the resource list they print as.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::quantity::{Format, Quantity};

/// Whether `s` is a DNS-1123 subdomain (lower-case labels joined by dots,
/// at most 253 characters).
fn is_dns1123_subdomain(s: &str) -> bool {
    let label_ok = |l: &str| {
        let b = l.as_bytes();
        let alnum = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
        !b.is_empty()
            && alnum(&b[0])
            && alnum(&b[b.len() - 1])
            && b.iter().all(|c| alnum(c) || *c == b'-')
    };
    s.len() <= 253 && s.split('.').all(label_ok)
}

/// Whether `s` is a Kubernetes qualified name: an optional DNS-subdomain
/// prefix and `/`, then 1–63 characters of `[A-Za-z0-9_.-]` starting and
/// ending with an alphanumeric.
fn is_qualified_name(s: &str) -> bool {
    let parts: Vec<&str> = s.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() || !is_dns1123_subdomain(prefix) {
                return false;
            }
            *name
        }
        _ => return false,
    };
    let b = name.as_bytes();
    !b.is_empty()
        && b.len() <= 63
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

/// An extended resource: has a `/`, is not in a `kubernetes.io/` domain,
/// does not start with `requests.`, and `requests.<name>` is qualified.
fn is_extended_resource_name(name: &str) -> bool {
    name.contains('/')
        && !name.contains("kubernetes.io/")
        && !name.starts_with("requests.")
        && is_qualified_name(&format!("requests.{name}"))
}

/// Whether a resource other than cpu, memory, ephemeral-storage and pods
/// is counted: extended, hugepages, `kubernetes.io/`-prefixed or
/// attachable-volumes resources.
pub fn is_scalar_resource_name(name: &str) -> bool {
    is_extended_resource_name(name)
        || name.starts_with("hugepages-")
        || name.contains("kubernetes.io/")
        || name.starts_with("attachable-volumes-")
}

/// The integer view of a quantity: millicores for `cpu`, whole units
/// otherwise. A value that overflows an i64 counts as 0 (Kubernetes
/// produces an unusable number there).
fn amount(name: &str, v: &Value) -> i64 {
    let Ok(q) = Quantity::from_json(v) else {
        return 0;
    };
    let r = if name == "cpu" {
        q.checked_milli_value()
    } else {
        q.checked_value()
    };
    r.unwrap_or(0)
}

/// Karmada's `util.Resource`: the counters of one pod's request. Sums wrap
/// like Go's int64 arithmetic.
#[derive(Debug, Default)]
pub struct Resource {
    milli_cpu: i64,
    memory: i64,
    ephemeral_storage: i64,
    pods: i64,
    scalars: BTreeMap<String, i64>,
}

impl Resource {
    fn counter(&mut self, name: &str) -> Option<&mut i64> {
        match name {
            "cpu" => Some(&mut self.milli_cpu),
            "memory" => Some(&mut self.memory),
            "ephemeral-storage" => Some(&mut self.ephemeral_storage),
            "pods" => Some(&mut self.pods),
            _ if is_scalar_resource_name(name) => {
                Some(self.scalars.entry(name.to_string()).or_insert(0))
            }
            _ => None,
        }
    }

    /// Adds a resource list (name -> quantity JSON).
    pub fn add(&mut self, list: &Map<String, Value>) {
        for (name, v) in list {
            let a = amount(name, v);
            if let Some(c) = self.counter(name) {
                *c = c.wrapping_add(a);
            }
        }
    }

    /// Raises each counter to the list's value where that is larger.
    pub fn set_max(&mut self, list: &Map<String, Value>) {
        for (name, v) in list {
            let a = amount(name, v);
            if let Some(c) = self.counter(name) {
                *c = (*c).max(a);
            }
        }
    }

    /// The counters above zero as canonical quantity strings: cpu from
    /// millicores (decimalSI), memory, ephemeral-storage and hugepages-*
    /// as binarySI, pods and other scalars as decimalSI.
    pub fn to_list(&self) -> Map<String, Value> {
        let mut out = Map::new();
        let mut put = |name: &str, v: i64, scale: i32, format: Format| {
            if v > 0 {
                let q = Quantity::new_scaled(v, scale, format);
                out.insert(name.to_string(), Value::String(q.to_string()));
            }
        };
        put("cpu", self.milli_cpu, -3, Format::DecimalSI);
        put("memory", self.memory, 0, Format::BinarySI);
        put(
            "ephemeral-storage",
            self.ephemeral_storage,
            0,
            Format::BinarySI,
        );
        put("pods", self.pods, 0, Format::DecimalSI);
        for (name, v) in &self.scalars {
            let format = if name.starts_with("hugepages-") {
                Format::BinarySI
            } else {
                Format::DecimalSI
            };
            put(name, *v, 0, format);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resource_name_classes() {
        for name in [
            "nvidia.com/gpu",
            "example.com/foo",
            "hugepages-2Mi",
            "kubernetes.io/bar",
            "attachable-volumes-aws-ebs",
            "a/b",
        ] {
            assert!(is_scalar_resource_name(name), "{name}");
        }
        for name in [
            "foo",
            "gpu",
            "storage",
            "requests.a/b",
            "requests.foo",
            "Bad.Domain/x",
            "a/b/c",
            "/x",
            "example.com/",
            "example.com/-x",
        ] {
            assert!(!is_scalar_resource_name(name), "{name}");
        }
        let long = format!("example.com/{}", "x".repeat(64));
        assert!(!is_scalar_resource_name(&long));
    }
}

//! AggregateStatus for Service and Ingress: the members'
//! load-balancer ingress entries, deduplicated and sorted.

use super::super::Kind;
use super::{Item, Types, replaced};
use crate::gotypes;
use crate::gotypes::view::{int, str};
use serde_json::Value;
use std::cmp::Ordering;

/// The new status when it changed (`None`: return the input unchanged).
pub fn aggregate(types: &Types, o: &Value, items: &[Item]) -> Option<Value> {
    let kind = types.kind;
    if kind == Kind::Service && str(&o["spec"]["type"]) != "LoadBalancer" {
        return None;
    }
    let entries: Vec<&Value> = items
        .iter()
        .filter_map(|i| i.status.as_ref())
        .filter_map(|s| s["loadBalancer"]["ingress"].as_array())
        .flatten()
        .collect();
    let mut new = gotypes::zero(types.status);
    new["loadBalancer"]["ingress"] = Value::Array(merge(kind, &entries));
    replaced(&o["status"], new)
}

/// An optional string field: `None` when unset.
fn opt(v: &Value) -> Option<&str> {
    v.as_str()
}

/// Groups entries by address, unions their ports, and sorts (6.6).
fn merge(kind: Kind, entries: &[&Value]) -> Vec<Value> {
    let with_mode = kind == Kind::Service;
    let (entry_type, port_type) = if with_mode {
        ("LoadBalancerIngress", "PortStatus")
    } else {
        ("IngressLoadBalancerIngress", "IngressPortStatus")
    };
    let key = |e: &Value| {
        let mode = if with_mode {
            opt(&e["ipMode"]).map(String::from)
        } else {
            None
        };
        (
            str(&e["hostname"]).to_string(),
            str(&e["ip"]).to_string(),
            mode,
        )
    };
    let mut groups: Vec<(Value, Vec<Value>)> = Vec::new();
    for e in entries {
        let k = key(e);
        let at = match groups.iter().position(|(g, _)| key(g) == k) {
            Some(at) => at,
            None => {
                let mut g = gotypes::zero(entry_type);
                g["hostname"] = e["hostname"].clone();
                g["ip"] = e["ip"].clone();
                if with_mode {
                    g["ipMode"] = e["ipMode"].clone();
                }
                groups.push((g, Vec::new()));
                groups.len() - 1
            }
        };
        let ports = &mut groups[at].1;
        for p in e["ports"].as_array().into_iter().flatten() {
            let mut port = gotypes::zero(port_type);
            for f in ["port", "protocol", "error"] {
                port[f] = p[f].clone();
            }
            if !ports.contains(&port) {
                ports.push(port);
            }
        }
    }
    let mut out: Vec<Value> = groups
        .into_iter()
        .map(|(mut g, mut ports)| {
            ports.sort_by(port_order);
            g["ports"] = if ports.is_empty() {
                Value::Null
            } else {
                Value::Array(ports)
            };
            g
        })
        .collect();
    out.sort_by(entry_order);
    out
}

/// Unset sorts first (`None < Some`).
fn port_order(a: &Value, b: &Value) -> Ordering {
    int(&a["port"])
        .cmp(&int(&b["port"]))
        .then_with(|| str(&a["protocol"]).cmp(str(&b["protocol"])))
        .then_with(|| opt(&a["error"]).cmp(&opt(&b["error"])))
}

/// Hostnames first, then by hostname, IP (as text), and set ipModes first.
fn entry_order(a: &Value, b: &Value) -> Ordering {
    let (ha, hb) = (str(&a["hostname"]), str(&b["hostname"]));
    ha.is_empty()
        .cmp(&hb.is_empty())
        .then_with(|| ha.cmp(hb))
        .then_with(|| str(&a["ip"]).cmp(str(&b["ip"])))
        .then_with(|| match (opt(&a["ipMode"]), opt(&b["ipMode"])) {
            (Some(x), Some(y)) => x.cmp(y),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        })
}

#[cfg(test)]
mod tests {
    use super::super::run_kind as run;
    use super::*;
    use serde_json::json;

    fn items(list: Value) -> Vec<Value> {
        list.as_array().unwrap().clone()
    }

    #[test]
    fn ingress_empty_result_vs_absent() {
        let ing = json!({"kind": "Ingress", "status": {"loadBalancer": {"ingress": []}}});
        assert_eq!(run(Kind::Ingress, &ing, Some(&[])).unwrap(), ing);
        let bare = json!({"kind": "Ingress"});
        assert_eq!(
            run(Kind::Ingress, &bare, Some(&[])).unwrap(),
            json!({"kind": "Ingress", "metadata": {}, "spec": {}, "status": {"loadBalancer": {}}})
        );
    }

    #[test]
    fn ports_union_and_order() {
        let svc = json!({"kind": "Service", "spec": {"type": "LoadBalancer"}});
        let list = items(json!([
            {"status": {"loadBalancer": {"ingress": [{"ip": "1.1.1.1", "ports": [{"port": 80, "protocol": "TCP", "error": "e"}, {"port": 80, "protocol": "TCP"}]}]}}},
            {"status": {"loadBalancer": {"ingress": [{"ip": "1.1.1.1", "ports": [{"port": 53, "protocol": "UDP"}, {"port": 80, "protocol": "TCP"}]}, {"ip": "9.9.9.9"}, {"hostname": "z"}]}}}
        ]));
        let out = run(Kind::Service, &svc, Some(&list)).unwrap();
        assert_eq!(
            out["status"]["loadBalancer"]["ingress"],
            json!([
                {"hostname": "z"},
                {"ip": "1.1.1.1", "ports": [
                    {"port": 53, "protocol": "UDP"},
                    {"port": 80, "protocol": "TCP"},
                    {"port": 80, "protocol": "TCP", "error": "e"}]},
                {"ip": "9.9.9.9"}
            ])
        );
        let entry_with_empty_ports = json!({"kind": "Service", "spec": {"type": "LoadBalancer"},
            "status": {"loadBalancer": {"ingress": [{"ip": "9.9.9.9", "ports": []}]}}});
        let list = items(json!([{"status": {"loadBalancer": {"ingress": [{"ip": "9.9.9.9"}]}}}]));
        let out = run(Kind::Service, &entry_with_empty_ports, Some(&list)).unwrap();
        assert_eq!(
            out["status"],
            json!({"loadBalancer": {"ingress": [{"ip": "9.9.9.9"}]}})
        );
        assert_eq!(out["spec"], json!({"type": "LoadBalancer"}));
    }
}

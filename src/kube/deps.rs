//! Dependencies of a pod template (`kube.getPodDependencies`): ConfigMaps,
//! Secrets, ServiceAccount and PVCs, in Karmada's order.

use serde_json::Value;

/// The DependentObjectReference list (JSON objects) of a PodTemplateSpec in
/// `namespace`; `Ok(None)` where Karmada returns nil.
pub fn pod_dependencies(template: &Value, namespace: &str) -> Result<Option<Vec<Value>>, String> {
    let _ = (template, namespace);
    todo!()
}

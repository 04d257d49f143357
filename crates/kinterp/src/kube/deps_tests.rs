//! Tests of `pod_dependencies`: the ConfigMaps, Secrets, ServiceAccounts and
//! PersistentVolumeClaims a pod template refers to, and the volume-source
//! rules.

use serde_json::{Value, json};

use super::*;

/// The result as `kind:namespace/name` strings (`<none>` for no namespace).
fn deps(spec: Value, ns: &str) -> Option<Vec<String>> {
    pod_dependencies(
        &json!({"metadata": {"namespace": "ignored"}, "spec": spec}),
        ns,
    )
    .unwrap()
    .map(|list| {
        list.iter()
            .map(|r| {
                assert_eq!(r["apiVersion"], "v1");
                let ns = r
                    .get("namespace")
                    .and_then(Value::as_str)
                    .unwrap_or("<none>");
                format!(
                    "{}:{}/{}",
                    r["kind"].as_str().unwrap(),
                    ns,
                    r["name"].as_str().unwrap()
                )
            })
            .collect()
    })
}

fn list(items: &[&str]) -> Option<Vec<String>> {
    Some(items.iter().map(|s| s.to_string()).collect())
}

#[test]
fn service_accounts() {
    assert_eq!(deps(json!({"serviceAccountName": "default"}), "ns"), None);
    assert_eq!(
        deps(json!({"serviceAccountName": "robot"}), "ns"),
        list(&["ServiceAccount:ns/robot"])
    );
    assert_eq!(deps(json!({"serviceAccount": "old"}), "ns"), None);
    assert_eq!(
        deps(json!({"serviceAccountName": "robot"}), "default"),
        list(&["ServiceAccount:default/robot"])
    );
    assert_eq!(
        deps(json!({"serviceAccountName": "robot"}), ""),
        list(&["ServiceAccount:<none>/robot"])
    );
    assert_eq!(
        deps(json!({"serviceAccountName": "robot"}), "7"),
        list(&["ServiceAccount:7/robot"])
    );
    let r = pod_dependencies(&json!({"spec": {"serviceAccountName": "robot"}}), "").unwrap();
    assert_eq!(
        r,
        Some(vec![
            json!({"apiVersion": "v1", "kind": "ServiceAccount", "name": "robot"})
        ])
    );
}

#[test]
fn image_pull_secrets_deduplicated() {
    assert_eq!(
        deps(
            json!({"imagePullSecrets": [{"name": "reg"}, {"name": "reg"}, {"name": ""}]}),
            "ns"
        ),
        list(&["Secret:ns/reg"])
    );
}

#[test]
fn containers_of_every_kind() {
    let spec = json!({
        "initContainers": [{"name": "i", "env": [{"name": "A", "valueFrom": {"configMapKeyRef": {"name": "cm1", "key": "k"}}}]}],
        "containers": [{"name": "a", "envFrom": [{"secretRef": {"name": "s1"}}]}],
        "ephemeralContainers": [{"name": "e", "env": [{"name": "B", "valueFrom": {"secretKeyRef": {"name": "s2", "key": "k"}}}]}],
    });
    assert_eq!(
        deps(spec, "ns"),
        list(&["ConfigMap:ns/cm1", "Secret:ns/s1", "Secret:ns/s2"])
    );
}

#[test]
fn volumes() {
    let spec = json!({"volumes": [
        {"name": "a", "configMap": {"name": "cm"}},
        {"name": "b", "secret": {"secretName": "sec"}},
        {"name": "c", "persistentVolumeClaim": {"claimName": "data"}},
        {"name": "d", "projected": {"sources": [{"configMap": {"name": "pcm"}}, {"secret": {"name": "psec"}}]}},
        {"name": "e", "csi": {"driver": "x", "nodePublishSecretRef": {"name": "csisec"}}},
    ]});
    assert_eq!(
        deps(spec, "ns"),
        list(&[
            "ConfigMap:ns/cm",
            "ConfigMap:ns/pcm",
            "Secret:ns/csisec",
            "Secret:ns/psec",
            "Secret:ns/sec",
            "PersistentVolumeClaim:ns/data",
        ])
    );
}

#[test]
fn every_secret_volume_source() {
    let vols: Vec<Value> = [
        json!({"azureFile": {"secretName": "s01", "shareName": "x"}}),
        json!({"cephfs": {"monitors": ["m"], "secretRef": {"name": "s02"}}}),
        json!({"cinder": {"volumeID": "v", "secretRef": {"name": "s03"}}}),
        json!({"flexVolume": {"driver": "d", "secretRef": {"name": "s04"}}}),
        json!({"rbd": {"image": "i", "secretRef": {"name": "s05"}}}),
        json!({"scaleIO": {"gateway": "g", "secretRef": {"name": "s06"}}}),
        json!({"iscsi": {"iqn": "q", "lun": 1, "secretRef": {"name": "s07"}}}),
        json!({"storageos": {"volumeName": "v", "secretRef": {"name": "s08"}}}),
    ]
    .into_iter()
    .collect();
    let got = deps(json!({ "volumes": vols }), "ns").unwrap();
    let want: Vec<String> = (1..=8).map(|i| format!("Secret:ns/s{i:02}")).collect();
    assert_eq!(got, want);
}

#[test]
fn one_source_per_volume_and_group() {
    // Both secret and configMap (malformed): each group looks on its own.
    assert_eq!(
        deps(
            json!({"volumes": [{"name": "v", "secret": {"secretName": "s"}, "configMap": {"name": "c"}}]}),
            "ns"
        ),
        list(&["ConfigMap:ns/c", "Secret:ns/s"])
    );
    // Projected comes before secret, so only the projected names count.
    assert_eq!(
        deps(
            json!({"volumes": [{"name": "v", "secret": {"secretName": "s"},
                                 "projected": {"sources": [{"secret": {"name": "p"}}]}}]}),
            "ns"
        ),
        list(&["Secret:ns/p"])
    );
    // A present cephfs without a secret hides the later secret source.
    assert_eq!(
        deps(
            json!({"volumes": [{"name": "v", "cephfs": {"monitors": ["m"]}, "secret": {"secretName": "s"}}]}),
            "ns"
        ),
        None
    );
    // Projected (even without configMap sources) hides configMap.
    assert_eq!(
        deps(
            json!({"volumes": [{"name": "v", "configMap": {"name": "c"},
                                 "projected": {"sources": [{"secret": {"name": "p"}}]}}]}),
            "ns"
        ),
        list(&["Secret:ns/p"])
    );
    // Ephemeral volumes are no claims.
    assert_eq!(
        deps(
            json!({"volumes": [{"name": "v", "ephemeral": {"volumeClaimTemplate": {}}}]}),
            "ns"
        ),
        None
    );
}

#[test]
fn nothing_found_is_nil() {
    assert_eq!(
        deps(
            json!({"containers": [{"name": "a", "env": [{"name": "X", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}}]}]}),
            "ns"
        ),
        None
    );
    assert_eq!(
        deps(
            json!({"containers": [{"name": "a", "image": "nginx"}]}),
            "ns"
        ),
        None
    );
    assert_eq!(pod_dependencies(&json!({}), "ns").unwrap(), None);
}

#[test]
fn deployment_example() {
    let spec = json!({"serviceAccountName": "sa1", "volumes": [{"name": "v", "configMap": {"name": "cm1"}}],
                      "containers": [{"name": "a", "image": "nginx"}]});
    assert_eq!(
        pod_dependencies(&json!({ "spec": spec }), "default").unwrap(),
        Some(vec![
            json!({"apiVersion": "v1", "kind": "ConfigMap", "name": "cm1", "namespace": "default"}),
            json!({"apiVersion": "v1", "kind": "ServiceAccount", "name": "sa1", "namespace": "default"}),
        ])
    );
}

#[test]
fn decoding_errors() {
    assert_eq!(
        pod_dependencies(&json!({"spec": {"volumes": "x"}}), "ns").unwrap_err(),
        "json unmarshal obj failed: json: cannot unmarshal string into Go struct field PodTemplateSpec.spec.volumes of type []v1.Volume"
    );
    assert_eq!(
        pod_dependencies(&json!({"spec": {"serviceAccountName": 7}}), "ns").unwrap_err(),
        "json unmarshal obj failed: json: cannot unmarshal number into Go struct field PodTemplateSpec.spec.serviceAccountName of type string"
    );
}

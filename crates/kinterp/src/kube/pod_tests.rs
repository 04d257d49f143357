//! Tests of `accurate_pod_requirements`: the worked examples of
//! the `kube` module's requirement helpers and the native InterpretReplica
//! (node claim, summed requests), and decoding errors.

use serde_json::{Value, json};

use super::*;

fn c(name: &str, resources: Value) -> Value {
    json!({"name": name, "image": "x", "resources": resources})
}

fn req(v: Value) -> Value {
    json!({"requests": v})
}

fn run(spec: Value) -> Option<Value> {
    accurate_pod_requirements(&json!({"metadata": {"labels": {"app": "a"}}, "spec": spec})).unwrap()
}

fn rr(v: Value) -> Option<Value> {
    Some(json!({ "resourceRequest": v }))
}

#[test]
fn worked_examples() {
    let cases: Vec<(Value, Option<Value>)> = vec![
        (
            json!({"containers": [c("a", req(json!({"cpu": "100m", "memory": "64Mi"}))),
                                  c("b", req(json!({"cpu": "200m", "memory": "64Mi"})))]}),
            rr(json!({"cpu": "300m", "memory": "128Mi"})),
        ),
        (
            json!({"containers": [c("a", json!({"limits": {"cpu": "1", "memory": "1Gi"}}))]}),
            rr(json!({"cpu": "1", "memory": "1Gi"})),
        ),
        (
            json!({"containers": [c("a", json!({"limits": {"cpu": "2", "memory": "2Gi"}, "requests": {"cpu": "500m"}}))]}),
            rr(json!({"cpu": "500m", "memory": "2Gi"})),
        ),
        (
            json!({"initContainers": [c("i", req(json!({"cpu": "3"})))],
                   "containers": [c("a", req(json!({"cpu": "1", "memory": "1Gi"}))), c("b", req(json!({"cpu": "1"})))]}),
            rr(json!({"cpu": "3", "memory": "1Gi"})),
        ),
        (
            json!({"initContainers": [c("i", req(json!({"cpu": "1", "memory": "2Gi"})))],
                   "containers": [c("a", req(json!({"cpu": "1", "memory": "1Gi"}))), c("b", req(json!({"cpu": "1"})))]}),
            rr(json!({"cpu": "2", "memory": "2Gi"})),
        ),
        (
            json!({"initContainers": [{"name": "i", "restartPolicy": "Always", "resources": {"requests": {"cpu": "1"}}}],
                   "containers": [c("a", req(json!({"cpu": "1"})))]}),
            rr(json!({"cpu": "1"})),
        ),
        (
            json!({"overhead": {"cpu": "250m", "memory": "100Mi"},
                   "containers": [c("a", req(json!({"cpu": "1", "memory": "1Gi"})))]}),
            rr(json!({"cpu": "1250m", "memory": "1124Mi"})),
        ),
        (
            json!({"overhead": {"cpu": "1"}, "containers": [{"name": "a"}]}),
            rr(json!({"cpu": "1"})),
        ),
        (
            json!({"containers": [c("a", req(json!({"foo": "1", "requests.a/b": "1", "nvidia.com/gpu": "2",
                                                    "hugepages-1Gi": "2Gi", "example.com/x": "1500m"})))]}),
            rr(json!({"example.com/x": "2", "hugepages-1Gi": "2Gi", "nvidia.com/gpu": "2"})),
        ),
        (
            json!({"containers": [c("a", req(json!({"cpu": "0", "memory": "-1Gi", "nvidia.com/gpu": "0"})))]}),
            None,
        ),
        (
            json!({"nodeSelector": {"zone": "a"}, "containers": [{"name": "a"}]}),
            Some(json!({"nodeClaim": {"nodeSelector": {"zone": "a"}}})),
        ),
        // nodeSelector = {} and tolerations = {} are deleted before decoding.
        (json!({"containers": [{"name": "a"}]}), None),
        (
            json!({"affinity": {"nodeAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
                {"weight": 1, "preference": {"matchExpressions": [{"key": "k", "operator": "Exists"}]}}]}},
                   "containers": [{"name": "a"}]}),
            None,
        ),
        (
            json!({"priorityClassName": "high", "containers": [c("a", req(json!({"cpu": "1"})))]}),
            rr(json!({"cpu": "1"})),
        ),
        (
            json!({"containers": [c("a", req(json!({"pods": "2"}))), c("b", req(json!({"pods": "1"})))]}),
            rr(json!({"pods": "3"})),
        ),
        (
            json!({"containers": [c("a", req(json!({"cpu": 0.25, "memory": 1073741824.0})))]}),
            rr(json!({"cpu": "250m", "memory": "1Gi"})),
        ),
        (
            json!({"containers": [c("a", req(json!({"ephemeral-storage": "1G"}))),
                                  c("b", json!({"limits": {"ephemeral-storage": "500M"}}))]}),
            rr(json!({"ephemeral-storage": "1500000000"})),
        ),
    ];
    for (i, (spec, want)) in cases.into_iter().enumerate() {
        assert_eq!(run(spec.clone()), want, "case {i}: {spec}");
    }
    assert_eq!(accurate_pod_requirements(&json!({})).unwrap(), None);
}

#[test]
fn full_example() {
    let spec = json!({
        "initContainers": [c("i", json!({"requests": {"cpu": "2", "nvidia.com/gpu": "1"}, "limits": {"memory": "3Gi"}}))],
        "containers": [
            c("a", req(json!({"cpu": "250m", "memory": "1G", "ephemeral-storage": "1Gi",
                               "example.com/foo": "500m", "hugepages-2Mi": "4Mi"}))),
            c("b", req(json!({"cpu": "500m", "memory": "1.5Gi", "kubernetes.io/bar": "2",
                               "attachable-volumes-aws-ebs": "1", "pods": "1"}))),
        ],
        "overhead": {"cpu": "10m", "memory": "1Mi"},
    });
    assert_eq!(
        run(spec),
        rr(
            json!({"cpu": "2010m", "memory": "3073Mi", "ephemeral-storage": "1Gi",
                  "example.com/foo": "1", "hugepages-2Mi": "4Mi", "kubernetes.io/bar": "2",
                  "attachable-volumes-aws-ebs": "1", "nvidia.com/gpu": "1", "pods": "1"})
        )
    );
}

#[test]
fn native_worked_example() {
    let spec = json!({
        "containers": [
            c("a", req(json!({"cpu": "100m", "memory": "128Mi"}))),
            c("b", json!({"limits": {"cpu": "1", "memory": "1G", "nvidia.com/gpu": "1"}})),
        ],
        "initContainers": [c("init", req(json!({"cpu": "2", "memory": "10Mi", "ephemeral-storage": "1Gi"})))],
        "overhead": {"cpu": "250m", "pods": "1"},
    });
    assert_eq!(
        run(spec),
        rr(
            json!({"cpu": "2250m", "memory": "1134217728", "ephemeral-storage": "1Gi",
                  "nvidia.com/gpu": "1", "pods": "1"})
        )
    );
}

#[test]
fn deployment_example() {
    let spec = json!({
        "nodeSelector": {"zone": "a"},
        "containers": [c("a", json!({"requests": {"cpu": "250m", "memory": "512Mi"},
                                     "limits": {"cpu": "500m", "memory": "1Gi"}}))],
    });
    assert_eq!(
        run(spec),
        Some(json!({"nodeClaim": {"nodeSelector": {"zone": "a"}},
                    "resourceRequest": {"cpu": "250m", "memory": "512Mi"}}))
    );
}

#[test]
fn canonical_formats_per_resource() {
    let one = |name: &str, v: Value| {
        run(json!({"containers": [c("a", req(json!({ name: v })))]}))
            .and_then(|r| r["resourceRequest"].get(name).cloned())
    };
    for (v, want) in [
        ("1G", "1000000000"),
        ("1.5G", "1500000000"),
        ("1e3", "1k"),
        ("2000", "2000"),
        ("2048", "2Ki"),
        ("1000Ki", "1000Ki"),
        ("1.5Gi", "1536Mi"),
        ("100m", "1"),
    ] {
        assert_eq!(one("memory", json!(v)), Some(json!(want)), "memory {v}");
    }
    for (v, want) in [
        ("1.5G", "1500M"),
        ("1024Gi", "1099511627776"),
        ("1000", "1k"),
        ("2.5e-3", "3m"),
        ("1n", "1m"),
        ("0.0001", "1m"),
    ] {
        assert_eq!(one("cpu", json!(v)), Some(json!(want)), "cpu {v}");
    }
    assert_eq!(one("example.com/foo", json!("500m")), Some(json!("1")));
    assert_eq!(one("hugepages-2Mi", json!("2048")), Some(json!("2Ki")));
    assert_eq!(one("example.com/foo", json!("2048")), Some(json!("2048")));
    // Overflowing values count as not above zero.
    assert_eq!(one("cpu", json!("1E")), None);
    assert_eq!(one("cpu", json!("1Ei")), None);
}

#[test]
fn node_claim_shape() {
    let spec = json!({
        "nodeSelector": {"disk": "ssd"},
        "tolerations": [
            {"key": "k1", "operator": "Equal", "value": "v1", "effect": "NoSchedule", "bogus": 1},
            {"operator": "Exists", "tolerationSeconds": 30.0, "key": ""},
        ],
        "affinity": {
            "nodeAffinity": {
                "requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                    {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["a", "b"]}]}]},
                "preferredDuringSchedulingIgnoredDuringExecution": [
                    {"weight": 1, "preference": {"matchFields": [{"key": "x", "operator": "Exists"}]}}],
            },
            "podAffinity": {"anything": true},
        },
        "containers": [c("a", req(json!({"cpu": "2010m", "memory": "3073Mi", "nvidia.com/gpu": "1"})))],
    });
    assert_eq!(
        run(spec),
        Some(json!({
            "resourceRequest": {"cpu": "2010m", "memory": "3073Mi", "nvidia.com/gpu": "1"},
            "nodeClaim": {
                "nodeSelector": {"disk": "ssd"},
                "tolerations": [
                    {"key": "k1", "operator": "Equal", "value": "v1", "effect": "NoSchedule"},
                    {"operator": "Exists", "tolerationSeconds": 30},
                ],
                "hardNodeAffinity": {"nodeSelectorTerms": [{"matchExpressions": [
                    {"key": "zone", "operator": "In", "values": ["a", "b"]}]}]},
            },
        }))
    );
}

#[test]
fn empty_parts_when_not_cleaned() {
    // Native callers do not delete empty maps: `nodeSelector: {}` still
    // makes a claim, and an empty required affinity has null terms.
    assert_eq!(
        run(json!({"nodeSelector": {}})),
        Some(json!({"nodeClaim": {}}))
    );
    assert_eq!(
        run(
            json!({"affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {}}}})
        ),
        Some(json!({"nodeClaim": {"hardNodeAffinity": {"nodeSelectorTerms": null}}}))
    );
    assert_eq!(run(json!({"tolerations": []})), None);
    assert_eq!(
        run(json!({"tolerations": [{"key": "", "operator": "Exists"}],
                   "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution":
                       {"nodeSelectorTerms": [{"matchExpressions": [{"operator": "Exists"}]}]}}}})),
        Some(json!({"nodeClaim": {
            "tolerations": [{"operator": "Exists"}],
            "hardNodeAffinity": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "", "operator": "Exists"}]}]},
        }}))
    );
}

#[test]
fn null_elements_decode_as_zero_values() {
    assert_eq!(
        run(json!({"nodeSelector": {"a": null}, "tolerations": [null]})),
        Some(json!({"nodeClaim": {"nodeSelector": {"a": ""}, "tolerations": [{}]}}))
    );
}

#[test]
fn field_names_match_case_insensitively() {
    let t = json!({"Spec": {"Containers": [{"Resources": {"Requests": {"cpu": "1"}}}]}});
    assert_eq!(
        accurate_pod_requirements(&t).unwrap(),
        rr(json!({"cpu": "1"}))
    );
}

const REGEX_ERR: &str = "json unmarshal obj failed: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

#[test]
fn decoding_errors() {
    let err = |t: Value| accurate_pod_requirements(&t).unwrap_err();
    assert_eq!(
        err(json!({"spec": {"containers": "x"}})),
        "json unmarshal obj failed: json: cannot unmarshal string into Go struct field PodTemplateSpec.spec.containers of type []v1.Container"
    );
    assert_eq!(
        err(json!({"spec": {"containers": [{"resources": {"requests": {"cpu": "abc"}}}]}})),
        REGEX_ERR
    );
    assert_eq!(err(json!({"spec": {"overhead": {"cpu": true}}})), REGEX_ERR);
    assert_eq!(
        err(json!({"spec": {"containers": [{"resources": {"limits": {"cpu": "1K"}}}]}})),
        "json unmarshal obj failed: unable to parse quantity's suffix"
    );
    assert_eq!(
        err(json!({"spec": {"priority": 2.5}})),
        "json unmarshal obj failed: json: cannot unmarshal number 2.5 into Go struct field PodTemplateSpec.spec.priority of type int32"
    );
    assert_eq!(
        err(json!({"spec": {"priority": 3e9}})),
        "json unmarshal obj failed: json: cannot unmarshal number 3000000000 into Go struct field PodTemplateSpec.spec.priority of type int32"
    );
    assert_eq!(
        err(json!({"spec": {"nodeSelector": {"zone": 1}}})),
        "json unmarshal obj failed: json: cannot unmarshal number into Go struct field PodTemplateSpec.spec.nodeSelector.zone of type string"
    );
    assert_eq!(
        err(json!({"spec": {"tolerations": [{"tolerationSeconds": "30"}]}})),
        "json unmarshal obj failed: json: cannot unmarshal string into Go struct field PodTemplateSpec.spec.tolerations.0.tolerationSeconds of type int64"
    );
    assert_eq!(
        err(json!({"spec": {"containers": [{"name": 5}]}})),
        "json unmarshal obj failed: json: cannot unmarshal number into Go struct field PodTemplateSpec.spec.containers.0.name of type string"
    );
    assert_eq!(
        err(json!([1])),
        "json unmarshal obj failed: json: cannot unmarshal array into Go value of type v1.PodTemplateSpec"
    );
    // A type error wins over a quantity error, before or after it (as
    // recorded from karmadactl, in either table order).
    assert_eq!(
        err(json!({"spec": {"affinity": "x", "overhead": {"cpu": "x"}}})),
        "json unmarshal obj failed: json: cannot unmarshal string into Go struct field PodTemplateSpec.spec.affinity of type v1.Affinity"
    );
    assert_eq!(
        err(json!({"spec": {"overhead": {"cpu": "x"}, "nodeName": 5}})),
        "json unmarshal obj failed: json: cannot unmarshal number into Go struct field PodTemplateSpec.spec.nodeName of type string"
    );
    // The first type error in document order is reported.
    assert_eq!(
        err(json!({"spec": {"affinity": "x", "tolerations": {}}})),
        "json unmarshal obj failed: json: cannot unmarshal string into Go struct field PodTemplateSpec.spec.affinity of type v1.Affinity"
    );
    // Dependencies decode the same template.
    assert_eq!(
        crate::kube::deps::pod_dependencies(&json!({"spec": {"overhead": {"cpu": "x"}}}), "ns")
            .unwrap_err(),
        REGEX_ERR
    );
}

/// Fields outside the requirements (ports, probes, times, capabilities) are
/// decoded too, as Karmada decodes the whole PodTemplateSpec. Expected texts
/// recorded from karmadactl.
#[test]
fn every_field_is_type_checked() {
    let err = |t: Value| accurate_pod_requirements(&t).unwrap_err();
    assert_eq!(
        err(json!({"spec": {"restartPolicy": 5, "containers": [{"name": "a", "ports": "x"}]}})),
        "json unmarshal obj failed: json: cannot unmarshal string into Go struct field PodTemplateSpec.spec.containers.0.ports of type []v1.ContainerPort"
    );
    assert_eq!(
        err(json!({"spec": {"restartPolicy": 5}})),
        "json unmarshal obj failed: json: cannot unmarshal number into Go struct field PodTemplateSpec.spec.restartPolicy of type v1.RestartPolicy"
    );
    assert_eq!(
        err(json!({"metadata": {"creationTimestamp": "bad"}})),
        "json unmarshal obj failed: parsing time \"bad\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"bad\" as \"2006\""
    );
    assert_eq!(
        err(json!({"metadata": {"creationTimestamp": 5}})),
        "json unmarshal obj failed: json: cannot unmarshal number into Go value of type string"
    );
    let probe = json!({"name": "a", "livenessProbe": {"httpGet": {"port": true}}});
    assert_eq!(
        err(json!({"spec": {"containers": [probe]}})),
        "json unmarshal obj failed: json: cannot unmarshal bool into Go value of type int32"
    );
    assert_eq!(
        err(json!({"spec": {"securityContext": "x", "hostAliases": [{"ip": 5}]}})),
        "json unmarshal obj failed: json: cannot unmarshal number into Go struct field PodTemplateSpec.spec.hostAliases.0.ip of type string"
    );
    // A list element: Go leaves out "Go struct field" when the path ends
    // in an index.
    let caps = json!({"name": "a", "securityContext": {"capabilities": {"add": [5]}}});
    assert_eq!(
        err(json!({"spec": {"containers": [caps]}})),
        "json unmarshal obj failed: json: cannot unmarshal number into PodTemplateSpec.spec.containers.0.securityContext.capabilities.add.0 of type v1.Capability"
    );
    assert_eq!(
        err(json!({"spec": {"containers": [{"name": "a", "args": [5]}]}})),
        "json unmarshal obj failed: json: cannot unmarshal number into PodTemplateSpec.spec.containers.0.args.0 of type string"
    );
}

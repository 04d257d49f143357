use super::*;
use crate::gotypes::view::equal;
use serde_json::json;

#[test]
fn converter_rules() {
    let d = decode(
        "DeploymentSpec",
        &json!({"replicas": 3000000000_i64, "paused": true}),
        Mode::CONVERT,
    )
    .unwrap();
    assert_eq!(d["replicas"], json!(-1294967296));
    assert_eq!(d["selector"], Value::Null);
    assert_eq!(d["minReadySeconds"], json!(0));
    assert_eq!(d["template"]["spec"]["containers"], Value::Null);
    let d = decode("DeploymentSpec", &json!({"replicas": 2.0}), Mode::CONVERT).unwrap();
    assert_eq!(d["replicas"], json!(2));
    let e = decode("DeploymentSpec", &json!({"replicas": "3"}), Mode::CONVERT).unwrap_err();
    assert_eq!(e, "unrecognized type: int32");
    let e = decode("DeploymentSpec", &json!({"replicas": 1.5}), Mode::CONVERT).unwrap_err();
    assert_eq!(e, "cannot convert float64 to int32");
    let e = decode("PodSpec", &json!({"containers": "x"}), Mode::CONVERT).unwrap_err();
    assert_eq!(e, "cannot restore slice from string");
    let e = decode("PodSpec", &json!({"nodeName": 5}), Mode::CONVERT).unwrap_err();
    assert_eq!(e, "cannot convert int64 to string");
}

#[test]
fn json_rules() {
    let e = decode("JobStatus", &json!({"active": "x"}), Mode::JSON).unwrap_err();
    assert_eq!(
        e,
        "json: cannot unmarshal string into Go struct field JobStatus.active of type int32"
    );
    let e = decode("WrappedDeploymentStatus", &json!([]), Mode::JSON).unwrap_err();
    assert_eq!(
        e,
        "json: cannot unmarshal array into Go value of type native.WrappedDeploymentStatus"
    );
    let e = decode("JobStatus", &json!({"active": 1.5}), Mode::JSON).unwrap_err();
    assert_eq!(
        e,
        "json: cannot unmarshal number 1.5 into Go struct field JobStatus.active of type int32"
    );
    let d = decode("JobStatus", &json!({"Active": 2, "unknown": 1}), Mode::JSON).unwrap();
    assert_eq!(d["active"], json!(2));
}

#[test]
fn equality() {
    let a = decode(
        "ServiceStatus",
        &json!({"loadBalancer": {"ingress": []}}),
        Mode::CONVERT,
    )
    .unwrap();
    let b = decode("ServiceStatus", &json!({}), Mode::CONVERT).unwrap();
    assert!(!equal(&a, &b, false));
    assert!(equal(&a, &b, true));
}

#[test]
fn normalization_examples() {
    let cases = [
        (json!("1024Mi"), "1Gi"),
        (json!("1.5Gi"), "1536Mi"),
        (json!("3000Ki"), "3000Ki"),
        (json!("0.5Gi"), "512Mi"),
        (json!("1000m"), "1"),
        (json!("0.5"), "500m"),
        (json!("1.5k"), "1500"),
        (json!("2000"), "2k"),
        (json!("1000k"), "1M"),
        (json!("1e3"), "1e3"),
        (json!("1.5e3"), "1500"),
        (json!("12E3"), "12E3"),
        (json!("+5"), "+5"),
        (json!("010"), "010"),
        (json!("-3Ki"), "-3Ki"),
        (json!("100Mi"), "100Mi"),
        (json!("0Mi"), "0"),
        (json!(" 7 "), "7"),
        (json!(1000), "1k"),
        (json!(0.5), "500m"),
    ];
    for (input, want) in cases {
        assert_eq!(
            crate::kube::normalized_json(&input).unwrap(),
            want,
            "{input}"
        );
    }
    assert_eq!(
        crate::kube::normalized_json(&json!("1.2.3"))
            .unwrap_err()
            .to_string(),
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    );
}

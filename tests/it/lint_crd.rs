//! `kinterp lint --crd FILE`: the target's CRD lets `optional-field` judge
//! the fields of a custom resource below its top level.

use crate::builder::Test;
use crate::output;

const RIC: &str = "testdata/crd/widget-ric.yaml";
const CRD: &str = "testdata/crd/widget-crd.yaml";

fn rules_and_lines(json: &str) -> Vec<(String, u64, String)> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn the_crd_tells_optional_fields() {
    let (code, out, _) = output(Test::new().args(["lint", "-o", "json", RIC]));
    assert_eq!((code, rules_and_lines(&out)), (0, vec![]));
    let (code, out, err) = output(Test::new().args(["lint", "-o", "json", "--crd", CRD, RIC]));
    assert_eq!(code, 0, "{err}");
    // `template` is required and `replicas` defaulted: only what the
    // schema leaves optional is reported.
    assert_eq!(
        rules_and_lines(&out),
        [
            (
                "optional-field".to_string(),
                13,
                "`obj.spec.template.spec` may be nil (the CRD neither requires nor defaults it), and this indexes into it".to_string()
            ),
            (
                "optional-field".to_string(),
                14,
                "`obj.spec.autoscale` may be nil (the CRD neither requires nor defaults it), and this indexes into it".to_string()
            ),
        ]
    );
    // A CRD of another group changes nothing.
    let other = std::fs::read_to_string(CRD)
        .unwrap()
        .replace("group: example.io", "group: other.io");
    let dir = crate::editor::scratch("lint-crd");
    let path = dir.join("other-crd.yaml");
    std::fs::write(&path, other).unwrap();
    let (_, out, _) =
        output(Test::new().args(["lint", "-o", "json", "--crd", path.to_str().unwrap(), RIC]));
    assert_eq!(rules_and_lines(&out), vec![]);
}

#[test]
fn a_file_without_a_crd_is_an_input_error() {
    let (code, out, err) = output(Test::new().args(["lint", "--crd", RIC, RIC]));
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: testdata/crd/widget-ric.yaml: holds no CustomResourceDefinition\n"
    );
    let (code, _, err) = output(Test::new().args(["lint", "--crd", "testdata/crd/none.yaml", RIC]));
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: testdata/crd/none.yaml: cannot read the CRD file: "),
        "{err}"
    );
}

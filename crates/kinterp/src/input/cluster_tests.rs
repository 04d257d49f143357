use super::*;

fn web() -> ObjectRef {
    ObjectRef {
        api_version: "apps/v1".into(),
        kind: "Deployment".into(),
        namespace: "shop".into(),
        name: "web".into(),
    }
}

fn manifest(name: &str) -> Value {
    json!({"apiVersion": "apps/v1", "kind": "Deployment",
           "metadata": {"name": name, "namespace": "shop"}})
}

fn work(cluster: &str, applied: Option<(&str, &str)>, statuses: Value) -> Value {
    let conditions: Vec<Value> = applied
        .into_iter()
        .map(|(s, m)| json!({"type": "Applied", "status": s, "message": m}))
        .collect();
    json!({"apiVersion": "work.karmada.io/v1alpha1", "kind": "Work",
           "metadata": {"name": "web-1", "namespace": format!("karmada-es-{cluster}")},
           "spec": {"workload": {"manifests": [manifest("other"), manifest("web")]}},
           "status": {"conditions": conditions, "manifestStatuses": statuses}})
}

fn id(ordinal: u64, name: &str) -> Value {
    json!({"ordinal": ordinal, "group": "apps", "version": "v1", "kind": "Deployment",
           "resource": "deployments", "namespace": "shop", "name": name})
}

#[test]
fn an_applied_work_gives_its_manifests_status_by_identifier_and_ordinal() {
    let statuses = json!([
        {"identifier": id(0, "other"), "status": {"x": 0}, "health": "Unhealthy"},
        // The right name at the wrong ordinal is not the object's.
        {"identifier": id(0, "web"), "status": {"x": 1}, "health": "Unhealthy"},
        {"identifier": id(1, "web"), "status": {"x": 2}, "health": "Healthy"},
    ]);
    let w = work("m1", Some(("True", "ok")), statuses);
    assert_eq!(
        work_item(&w, &web()).unwrap(),
        Some(
            json!({"clusterName": "m1", "applied": true, "status": {"x": 2}, "health": "Healthy"})
        )
    );
}

#[test]
fn a_work_not_applied_or_not_collected_is_unknown() {
    let collected_none = work("m2", Some(("True", "")), json!([]));
    assert_eq!(
        work_item(&collected_none, &web()).unwrap(),
        Some(json!({"clusterName": "m2", "applied": true, "health": "Unknown"}))
    );
    for (status, message) in [("False", "quota"), ("Unknown", "pending")] {
        let w = work("m3", Some((status, message)), json!([]));
        assert_eq!(
            work_item(&w, &web()).unwrap(),
            Some(json!({"clusterName": "m3", "appliedMessage": message, "health": "Unknown"}))
        );
    }
    let no_condition = work("m4", None, json!([]));
    assert_eq!(
        work_item(&no_condition, &web()).unwrap(),
        Some(json!({"clusterName": "m4", "health": "Unknown"}))
    );
}

#[test]
fn works_errors_and_deleted_works() {
    let mut deleted = work("m1", Some(("True", "")), json!([]));
    deleted["metadata"]["deletionTimestamp"] = json!("2026-11-20T08:14:05Z");
    assert_eq!(work_item(&deleted, &web()).unwrap(), None);
    let other = ObjectRef {
        name: "api".into(),
        ..web()
    };
    let err = work_item(&work("m1", None, json!([])), &other).unwrap_err();
    assert_eq!(
        err,
        "fail to get status items: Work karmada-es-m1/web-1 holds no manifest of apps/v1 Deployment shop/api (Karmada: no such manifest exist)"
    );
    let mut elsewhere = work("m1", None, json!([]));
    elsewhere["metadata"]["namespace"] = json!("shop");
    assert!(
        work_item(&elsewhere, &web())
            .unwrap_err()
            .contains("is not in a member cluster's execution namespace (karmada-es-<cluster>)")
    );
}

#[test]
fn works_items_are_ordered_by_cluster() {
    let works = [
        work("b", None, json!([])),
        work("c", None, json!([])),
        work("a", None, json!([])),
    ];
    let clusters: Vec<Value> = works_items(&works, &web())
        .unwrap()
        .into_iter()
        .map(|i| i["clusterName"].clone())
        .collect();
    assert_eq!(clusters, [json!("a"), json!("b"), json!("c")]);
}

#[test]
fn lists_and_typed_lists() {
    let list = json!({"apiVersion": "v1", "kind": "List", "items": [manifest("a")]});
    assert_eq!(list_items(&list), Some(vec![manifest("a")]));
    // A typed list's items without apiVersion and kind get the list's.
    let typed = json!({"apiVersion": "apps/v1", "kind": "DeploymentList",
                       "items": [{"metadata": {"name": "a", "namespace": "shop"}}]});
    assert_eq!(list_items(&typed), Some(vec![manifest("a")]));
    // Not lists: no items array, or a kind that is not a list's.
    assert_eq!(list_items(&json!({"kind": "List", "items": 5})), None);
    assert_eq!(
        list_items(&json!({"kind": "Deployment", "items": []})),
        None
    );
    assert_eq!(list_items(&manifest("a")), None);
}

#[test]
fn status_shapes() {
    let w = "work.karmada.io/v1alpha2";
    assert_eq!(status_shape(w, "ResourceBinding"), StatusShape::Binding);
    assert_eq!(
        status_shape(w, "ClusterResourceBinding"),
        StatusShape::Binding
    );
    assert_eq!(
        status_shape("work.karmada.io/v1alpha1", "Work"),
        StatusShape::Work
    );
    assert_eq!(status_shape("v1", "List"), StatusShape::List);
    assert_eq!(status_shape("example.io/v1", "Work"), StatusShape::Other);
    assert_eq!(status_shape("apps/v1", "Deployment"), StatusShape::Other);
}

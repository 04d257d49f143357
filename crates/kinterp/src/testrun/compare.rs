//! Comparing a case's expected results with actual ones: `{{EXCLUDE}}`
//! masks, quantities by value in resource fields, numbers as floats.

use serde_json::Value;

use crate::kube::quantity;

/// The marker that excludes a field from comparison.
pub const EXCLUDE: &str = "{{EXCLUDE}}";

/// Result fields whose values are maps of resource quantities.
const QUANTITY_FIELDS: [&str; 2] = ["resourceRequest", "requests"];

fn same_quantity(a: &Value, b: &Value) -> bool {
    match (quantity::from_json(a), quantity::from_json(b)) {
        (Ok(x), Ok(y)) => x.cmp_value(&y).is_eq(),
        _ => false,
    }
}

/// Makes `actual` look like `expected` wherever the difference does not
/// count: excluded fields take the marker, equal quantities the expected
/// spelling. Numbers become floats on both sides first.
pub fn align(expected: &Value, actual: &Value) -> (Value, Value) {
    let expected = kinterp_go::value::with_f64_numbers(expected);
    let mut actual = kinterp_go::value::with_f64_numbers(actual);
    mask(&expected, &mut actual, false);
    (expected, actual)
}

/// `actual` with the fields `expected` excludes, and the quantities it
/// spells differently but equal, as `expected` writes them; numbers as
/// they are.
pub fn keep_masks(expected: &Value, actual: &Value) -> Value {
    let mut actual = actual.clone();
    mask(expected, &mut actual, false);
    actual
}

/// For lists whose order carries no meaning (dependencies, which Karmada
/// sorts itself): puts actual elements that equal an expected one in the
/// expected order, the rest after them in their own order.
pub fn align_unordered(expected: &Value, actual: &Value) -> (Value, Value) {
    let (expected, actual) = align(expected, actual);
    let (Value::Array(e), Value::Array(a)) = (&expected, &actual) else {
        return (expected, actual);
    };
    let mut rest: Vec<Option<Value>> = a.iter().cloned().map(Some).collect();
    let mut ordered = Vec::with_capacity(a.len());
    for ev in e {
        if let Some(slot) = rest.iter_mut().find(|x| x.as_ref() == Some(ev)) {
            ordered.push(slot.take().unwrap_or(Value::Null));
        }
    }
    ordered.extend(rest.into_iter().flatten());
    (expected.clone(), Value::Array(ordered))
}

fn mask(expected: &Value, actual: &mut Value, in_quantities: bool) {
    if expected.as_str() == Some(EXCLUDE) {
        *actual = expected.clone();
        return;
    }
    if in_quantities && same_quantity(expected, actual) {
        *actual = expected.clone();
        return;
    }
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                if let Some(av) = a.get_mut(k) {
                    mask(
                        ev,
                        av,
                        QUANTITY_FIELDS.contains(&k.as_str()) && ev.is_object()
                            || in_quantities && !ev.is_object(),
                    );
                } else if ev.as_str() == Some(EXCLUDE) {
                    a.insert(k.clone(), ev.clone());
                }
            }
        }
        (Value::Array(e), Value::Array(a)) => {
            for (ev, av) in e.iter().zip(a.iter_mut()) {
                mask(ev, av, false);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unordered_lists_match_as_multisets() {
        let (e, a) = align_unordered(
            &json!([{"n": "b"}, {"n": "a"}]),
            &json!([{"n": "a"}, {"n": "b"}]),
        );
        assert_eq!(e, a);
        let (e, a) = align_unordered(
            &json!([{"n": "b"}, {"n": "a"}]),
            &json!([{"n": "a"}, {"n": "a"}]),
        );
        assert_ne!(e, a);
    }

    #[test]
    fn exclude_masks_fields() {
        let (e, a) = align(
            &json!({"c": [{"t": "{{EXCLUDE}}", "s": 1}]}),
            &json!({"c": [{"t": "2024", "s": 1.0}]}),
        );
        assert_eq!(e, a);
    }
}

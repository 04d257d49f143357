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
    let expected = crate::value::with_f64_numbers(expected);
    let mut actual = crate::value::with_f64_numbers(actual);
    mask(&expected, &mut actual, false);
    (expected, actual)
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
                    mask(ev, av, QUANTITY_FIELDS.contains(&k.as_str()) && ev.is_object() || in_quantities && !ev.is_object());
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
    fn exclude_masks_fields() {
        let (e, a) = align(
            &json!({"c": [{"t": "{{EXCLUDE}}", "s": 1}]}),
            &json!({"c": [{"t": "2024", "s": 1.0}]}),
        );
        assert_eq!(e, a);
    }
}

//! JSON text as Go's encoding/json writes it: sorted keys, Go float
//! formatting (3 not 3.0), HTML-safe escapes. Used for `-o json` and messages.

use serde_json::Value;

/// Formats a number as Go's encoding/json does for a float64 (the one
/// home of that text is `kube::gojson`).
pub fn go_number(f: f64) -> String {
    crate::gojson::float_text(f)
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn write(out: &mut String, v: &Value) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                out.push_str(&i.to_string());
            } else if let Some(u) = n.as_u64() {
                out.push_str(&u.to_string());
            } else {
                out.push_str(&go_number(n.as_f64().unwrap_or(0.0)));
            }
        }
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, k);
                out.push(':');
                write(out, item);
            }
            out.push('}');
        }
    }
}

/// Compact JSON as Go's `json.Marshal` writes a generic value.
pub fn to_go_json(v: &Value) -> String {
    let mut out = String::new();
    write(&mut out, v);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_like_go() {
        assert_eq!(go_number(3.0), "3");
        assert_eq!(go_number(2.5), "2.5");
        assert_eq!(go_number(1e20), "100000000000000000000");
        assert_eq!(go_number(1e21), "1e+21");
        assert_eq!(go_number(1e-7), "1e-7");
        assert_eq!(go_number(1.5e-10), "1.5e-10");
        assert_eq!(go_number(0.000001), "0.000001");
        assert_eq!(go_number(1.5e300), "1.5e+300");
    }

    #[test]
    fn compact_sorted_html_safe() {
        assert_eq!(
            to_go_json(&json!({"b": [1.0, "x<y"], "a": null})),
            r#"{"a":null,"b":[1,"x\u003cy"]}"#
        );
    }
}

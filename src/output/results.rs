//! Printing an operation's named results: karmadactl's `---` / `# [i/n]`
//! YAML blocks, or one JSON object per run.

use crate::ops::Outcome;

use super::json::to_go_json;
use super::yaml::push_yaml;

/// karmadactl's YAML rendering of all results.
pub fn yaml(outcome: &Outcome) -> String {
    let n = outcome.results.len();
    let mut out = String::new();
    for (i, (name, value)) in outcome.results.iter().enumerate() {
        out.push_str("---\n");
        out.push_str(&format!("# [{}/{n}] {name}:\n", i + 1));
        push_yaml(value, &mut out);
    }
    out
}

/// One line of JSON: `{"NAME": value, ...}` in result order.
pub fn json(outcome: &Outcome) -> String {
    let mut out = String::from("{");
    for (i, (name, value)) in outcome.results.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&to_go_json(&serde_json::Value::String((*name).to_string())));
        out.push(':');
        out.push_str(&to_go_json(&crate::value::with_f64_numbers(value)));
    }
    out.push_str("}\n");
    out
}

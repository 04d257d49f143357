//! Printing an operation's named results: karmadactl's `---` / `# [i/n]`
//! YAML blocks, or one JSON object per run.

use kinterp::ops::Outcome;

use kinterp_go::json::to_go_json;
use kinterp_go::yaml::{push_yaml, write_yaml as write_yaml_document};

/// karmadactl's YAML rendering of all results.
pub fn yaml(outcome: &Outcome) -> String {
    let mut out = String::new();
    for (i, (name, value)) in outcome.results.iter().enumerate() {
        push_head(&mut out, i, outcome.results.len(), name);
        push_yaml(value, &mut out);
    }
    out
}

/// [`yaml`] written to `sink` as it is made (a big result is never held
/// whole as text).
pub fn write_yaml(outcome: &Outcome, sink: &mut dyn std::io::Write) {
    let mut out = String::new();
    for (i, (name, value)) in outcome.results.iter().enumerate() {
        push_head(&mut out, i, outcome.results.len(), name);
        write_yaml_document(value, &mut out, sink);
    }
}

/// The `---` and `# [i/n] name:` lines before result `i` of `n`.
fn push_head(out: &mut String, i: usize, n: usize, name: &str) {
    out.push_str("---\n");
    out.push_str(&format!("# [{}/{n}] {name}:\n", i + 1));
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
        out.push_str(&to_go_json(&kinterp_go::value::with_f64_numbers(value)));
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn written_results_are_the_rendered_ones() {
        let outcome = Outcome {
            results: vec![
                ("retained", json!({"b": [1, "x"], "a": {}})),
                ("status", json!({"ready": true})),
            ],
        };
        let text = yaml(&outcome);
        assert_eq!(
            text,
            "---\n# [1/2] retained:\na: {}\nb:\n- 1\n- x\n---\n# [2/2] status:\nready: true\n"
        );
        let mut sink: Vec<u8> = Vec::new();
        write_yaml(&outcome, &mut sink);
        assert_eq!(String::from_utf8(sink).unwrap(), text);
        let mut sink: Vec<u8> = Vec::new();
        use super::super::report::{Human, Report, Reporter};
        assert!(Human::default().write(&Report::Outcome(&outcome), &mut sink));
        assert_eq!(String::from_utf8(sink).unwrap(), text);
    }
}

//! A small YAML emitter that prints JSON values exactly as karmadactl does
//! (sigs.k8s.io/yaml over go-yaml v2): key order, quoting, numbers, folding.

use serde_json::{Map, Value};

use super::yaml_number::format_number;
use super::yaml_sort::sort_by_natural_key;
use super::yaml_style::{Analysis, Style, analyze, select_style, string_style};
use super::yaml_write::Writer;

/// Renders `value` as go-yaml v2 would after a JSON round trip. Every
/// document ends with a newline; top-level scalars print on one line.
pub fn to_yaml(value: &Value) -> String {
    let mut out = String::new();
    push_yaml(value, &mut out);
    out
}

/// [`to_yaml`] appended to `out`, which must be empty or end with a newline.
pub fn push_yaml(value: &Value, out: &mut String) {
    emit(value, out, None);
}

/// [`to_yaml`] written to `sink` as it is made, through `out` (empty, or
/// ending with a newline: written first): a big document is never held
/// whole. Write errors are ignored, as when printing a whole text.
pub fn write_yaml(value: &Value, out: &mut String, sink: &mut dyn std::io::Write) {
    emit(value, out, Some(sink));
    let _ = sink.write_all(out.as_bytes());
    out.clear();
}

fn emit(value: &Value, out: &mut String, sink: Option<&mut dyn std::io::Write>) {
    let mut emitter = Emitter {
        w: Writer::new(std::mem::take(out)),
        sink,
    };
    emitter.node(value, Context::default());
    // Document end: finish the last line.
    emitter.w.write_indent();
    *out = emitter.w.out;
}

/// Output held before it goes to the sink, if there is one.
const FLUSH_AT: usize = 64 << 10;

/// Where a node sits, as go-yaml's emitter tracks it.
#[derive(Clone, Copy, Default)]
struct Context {
    /// Value of a mapping entry (or a key).
    mapping: bool,
    /// A key written as `key:` (no folding, no block scalars).
    simple_key: bool,
}

struct Emitter<'a> {
    w: Writer,
    sink: Option<&'a mut dyn std::io::Write>,
}

/// Longest key, in bytes, that go-yaml writes as `key:` rather than `? key`.
const MAX_SIMPLE_KEY_LEN: usize = 128;

impl Emitter<'_> {
    fn node(&mut self, value: &Value, ctx: Context) {
        match value {
            Value::Null => self.scalar("null", Style::Plain, ctx),
            Value::Bool(b) => self.scalar(if *b { "true" } else { "false" }, Style::Plain, ctx),
            Value::Number(n) => {
                let text = format_number(n.as_f64().unwrap_or(f64::NAN));
                self.scalar(&text, Style::Plain, ctx);
            }
            Value::String(s) => {
                let style = string_style(s, ctx.simple_key);
                self.scalar(s, style, ctx);
            }
            Value::Array(items) if items.is_empty() => self.empty_flow("[", "]"),
            Value::Object(map) if map.is_empty() => self.empty_flow("{", "}"),
            Value::Array(items) => self.sequence(items, ctx),
            Value::Object(map) => self.mapping(map),
        }
    }

    /// Hands the text made so far to the sink once there is enough of it
    /// (the writer never reads back what it wrote).
    fn flush_if_full(&mut self) {
        if self.w.out.len() >= FLUSH_AT
            && let Some(sink) = self.sink.as_mut()
        {
            let _ = sink.write_all(self.w.out.as_bytes());
            self.w.out.clear();
        }
    }

    fn scalar(&mut self, text: &str, style: Style, ctx: Context) {
        let previous = self.w.increase_indent(true, false);
        self.w.write_scalar(text, style, !ctx.simple_key);
        self.w.indent = previous;
    }

    fn empty_flow(&mut self, open: &str, close: &str) {
        self.w.write_indicator(open, true, true, false);
        self.w.write_indicator(close, false, false, false);
    }

    fn sequence(&mut self, items: &[Value], ctx: Context) {
        // A sequence that is a mapping value stays at the key's column.
        let indentless = ctx.mapping && !self.w.indention;
        let previous = self.w.increase_indent(false, indentless);
        for item in items {
            self.w.write_indent();
            self.w.write_indicator("-", true, false, true);
            self.node(item, Context::default());
            self.flush_if_full();
        }
        self.w.indent = previous;
    }

    fn mapping(&mut self, map: &Map<String, Value>) {
        let previous = self.w.increase_indent(false, false);
        let mut entries: Vec<(&str, &Value)> = map.iter().map(|(k, v)| (k.as_str(), v)).collect();
        sort_by_natural_key(&mut entries, &|e: &(&str, &Value)| e.0);
        let value_ctx = Context {
            mapping: true,
            simple_key: false,
        };
        for (key, value) in entries {
            self.w.write_indent();
            let analysis = analyze(key);
            if is_simple_key(key, &analysis) {
                let ctx = Context {
                    mapping: true,
                    simple_key: true,
                };
                self.key(key, &analysis, ctx);
                self.w.write_indicator(":", false, false, false);
            } else {
                self.w.write_indicator("?", true, false, true);
                self.key(key, &analysis, value_ctx);
                self.w.write_indent();
                self.w.write_indicator(":", true, false, true);
            }
            self.node(value, value_ctx);
            self.flush_if_full();
        }
        self.w.indent = previous;
    }

    fn key(&mut self, key: &str, analysis: &Analysis, ctx: Context) {
        let requested = super::yaml_style::requested_string_style(key);
        let style = select_style(requested, analysis, ctx.simple_key, key.is_empty());
        self.scalar(key, style, ctx);
    }
}

/// go-yaml writes a key as `key:` when it is one line of at most 128 bytes.
fn is_simple_key(key: &str, analysis: &Analysis) -> bool {
    !analysis.multiline && key.len() <= MAX_SIMPLE_KEY_LEN
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn y(v: Value) -> String {
        to_yaml(&v)
    }

    #[test]
    fn written_as_made_gives_the_same_text() {
        // Big enough to be handed over in several pieces, with block
        // scalars, folded lines, quoted keys and nested sequences.
        let mut m = serde_json::Map::new();
        for i in 0..5000 {
            m.insert(
                format!("label-{i}"),
                json!({"v": format!("value {i} {}", "w ".repeat(i % 60)), "l": [i, "a\nb", {"k": "x y"}], "": {}}),
            );
        }
        let v = Value::Object(m);
        let whole = to_yaml(&v);
        assert!(whole.len() > 4 * FLUSH_AT);
        let mut sink: Vec<u8> = Vec::new();
        let mut out = String::from("head\n");
        write_yaml(&v, &mut out, &mut sink);
        assert!(out.is_empty());
        assert_eq!(String::from_utf8(sink).unwrap(), format!("head\n{whole}"));
        let mut sink: Vec<u8> = Vec::new();
        write_yaml(&json!("top"), &mut String::new(), &mut sink);
        assert_eq!(sink, b"top\n");
    }

    #[test]
    fn top_level_scalars_print_on_one_line() {
        assert_eq!(y(json!(3)), "3\n");
        assert_eq!(y(json!(true)), "true\n");
        assert_eq!(y(json!(false)), "false\n");
        assert_eq!(y(json!(null)), "null\n");
        assert_eq!(y(json!({})), "{}\n");
        assert_eq!(y(json!([])), "[]\n");
        assert_eq!(y(json!("hello")), "hello\n");
        assert_eq!(y(json!(2.5)), "2.5\n");
        assert_eq!(y(json!("true")), "\"true\"\n");
    }

    #[test]
    fn maps_are_block_style_with_values_indented() {
        let v = json!({"a": 1, "b": {"c": "x", "d": {"e": null}}});
        assert_eq!(y(v), "a: 1\nb:\n  c: x\n  d:\n    e: null\n");
    }

    #[test]
    fn sequences_in_maps_are_not_indented() {
        let v = json!({"items": [1, "two", true], "nested": {"list": ["a"]}});
        assert_eq!(
            y(v),
            "items:\n- 1\n- two\n- true\nnested:\n  list:\n  - a\n"
        );
    }

    #[test]
    fn maps_in_sequences_start_on_the_dash_line() {
        let v = json!([{"a": 1, "b": 2}, {"c": {"d": 3}, "e": [4, 5]}]);
        assert_eq!(y(v), "- a: 1\n  b: 2\n- c:\n    d: 3\n  e:\n  - 4\n  - 5\n");
    }

    #[test]
    fn nested_sequences() {
        assert_eq!(y(json!([[1, 2], [3]])), "- - 1\n  - 2\n- - 3\n");
        assert_eq!(y(json!([[[1]]])), "- - - 1\n");
        assert_eq!(y(json!({"a": [[1, 2]]})), "a:\n- - 1\n  - 2\n");
    }

    #[test]
    fn empty_containers_and_null() {
        let v = json!({"m": {}, "l": [], "z": null, "s": [{}, [], null]});
        assert_eq!(y(v), "l: []\nm: {}\ns:\n- {}\n- []\n- null\nz: null\n");
    }

    #[test]
    fn keys_use_natural_order() {
        let v = json!({"a10": 1, "a9": 2, "a12b": 3, "B": 4, "_x": 5, "~": 6, "0": 7, "a": 8});
        let want = "_x: 5\n\"~\": 6\n\"0\": 7\nB: 4\na: 8\na9: 2\na10: 1\na12b: 3\n";
        assert_eq!(y(v), want);
        let v = json!({"x1y10": 1, "x1y2": 2, "1a": 3, "10a": 4, "10": 5, "1": 6});
        assert_eq!(
            y(v),
            "\"1\": 6\n\"10\": 5\n10a: 4\n1a: 3\nx1y2: 2\nx1y10: 1\n"
        );
    }

    #[test]
    fn quoted_keys() {
        let v = json!({"n": 1, "1": "x", "": {}, "@m": {}, "a b": "c"});
        assert_eq!(y(v), "\"\": {}\n'@m': {}\n\"1\": x\na b: c\n\"n\": 1\n");
    }

    #[test]
    fn numbers_in_documents() {
        let v = json!({"i": 3, "f": 3.0, "big": 1e20, "neg": -0.0, "small": 0.00001});
        assert_eq!(y(v), "big: 1e+20\nf: 3\ni: 3\nneg: 0\nsmall: 1e-05\n");
        assert_eq!(
            y(json!([9223372036854775807u64, 18000000000000000000u64])),
            "- 9223372036854776000\n- 18000000000000000000\n"
        );
    }

    #[test]
    fn string_quoting_in_documents() {
        let v = json!([
            "yes", "1e3", "1:20", " lead", "trail ", "key:", "a #b", "it's", "a\tb", "-", "- x",
            "---", "x:y", "é", "\u{a0}x"
        ]);
        let want = "- \"yes\"\n- \"1e3\"\n- \"1:20\"\n- ' lead'\n- 'trail '\n- 'key:'\n\
            - 'a #b'\n- it's\n- \"a\\tb\"\n- '-'\n- '- x'\n- '---'\n- x:y\n- é\n- \u{a0}x\n";
        assert_eq!(y(v), want);
    }

    #[test]
    fn block_scalars_in_maps_and_sequences() {
        let v = json!({"a": "x\ny", "b": "x\n", "c": "x\n\n", "d": " x\ny", "e": "\n"});
        assert_eq!(
            y(v),
            "a: |-\n  x\n  y\nb: |\n  x\nc: |+\n  x\n\nd: |2-\n   x\n  y\ne: |2+\n\n"
        );
        assert_eq!(
            y(json!(["a\nb", {"k": "c\nd"}])),
            "- |-\n  a\n  b\n- k: |-\n    c\n    d\n"
        );
        assert_eq!(y(json!("a\nb\n")), "|\n  a\n  b\n");
        assert_eq!(y(json!({"a": "x\n", "b": 1})), "a: |\n  x\nb: 1\n");
        assert_eq!(y(json!({"a": "x\n\n", "b": 1})), "a: |+\n  x\n\nb: 1\n");
    }

    /// `n` nine-letter words separated by single spaces (10 columns each).
    fn words(n: usize) -> String {
        vec!["abcdefghi"; n].join(" ")
    }

    /// Lines of `n` words, each line prefixed by `prefix`.
    fn line(prefix: &str, n: usize) -> String {
        format!("{prefix}{}\n", words(n))
    }

    #[test]
    fn folding_spec_example() {
        let text = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod \
                    tempor incididunt ut labore et dolore magna aliqua";
        assert_eq!(
            y(json!({ "plain": text })),
            "plain: lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor\n  \
             incididunt ut labore et dolore magna aliqua\n"
        );
    }

    #[test]
    fn folding_continues_at_indent_two() {
        let want = line("k: ", 8) + &line("  ", 8) + &line("  ", 4);
        assert_eq!(y(json!({ "k": words(20) })), want);
        let want = line("- ", 8) + &line("  ", 8) + &line("  ", 4);
        assert_eq!(y(json!([words(20)])), want);
        let want = line("", 9) + &line("  ", 8) + &line("  ", 3);
        assert_eq!(y(json!(words(20))), want);
    }

    #[test]
    fn folding_continues_at_indent_four() {
        let want = line("- k: ", 8) + &line("    ", 8) + &line("    ", 4);
        assert_eq!(y(json!([{ "k": words(20) }])), want);
        let want = String::from("a:\n") + &line("  b: ", 8) + &line("    ", 8) + &line("    ", 4);
        assert_eq!(y(json!({ "a": { "b": words(20) } })), want);
    }

    #[test]
    fn folding_continues_at_indent_six() {
        let want = String::from("a:\n  b:\n")
            + &line("    c: ", 8)
            + &line("      ", 8)
            + &line("      ", 4);
        assert_eq!(y(json!({ "a": { "b": { "c": words(20) } } })), want);
    }

    #[test]
    fn folding_happens_only_past_column_80() {
        // The space after the first word sits at column 80: no break there.
        let first = "x".repeat(77);
        let text = format!("{first} abc def");
        assert_eq!(y(json!({ "k": text })), format!("k: {first} abc\n  def\n"));
        let first = "x".repeat(78);
        let text = format!("{first} abc def");
        assert_eq!(y(json!({ "k": text })), format!("k: {first}\n  abc def\n"));
    }

    #[test]
    fn long_words_are_never_split_and_space_runs_do_not_break() {
        let long = "y".repeat(100);
        assert_eq!(y(json!({ "k": long })), format!("k: {long}\n"));
        let text = format!("{}  b c", "x".repeat(90));
        assert_eq!(
            y(json!({ "k": text })),
            format!("k: {}  b\n  c\n", "x".repeat(90))
        );
    }

    #[test]
    fn folding_counts_characters_not_bytes() {
        let e = |n: usize| vec!["ééééééééé"; n].join(" ");
        let want = format!("k: {}\n  {}\n  {}\n", e(8), e(8), e(4));
        assert_eq!(y(json!({ "k": e(20) })), want);
    }

    #[test]
    fn single_quoted_values_fold() {
        let text = format!(" {}", words(20));
        let want = format!("k: ' {}\n{}  {}'\n", words(8), line("  ", 8), words(4));
        assert_eq!(y(json!({ "k": text })), want);
    }

    #[test]
    fn double_quoted_values_fold_and_escape_a_second_space() {
        let text = format!("\t{}", words(20));
        let want = format!("k: \"\\t{}\n{}  {}\"\n", words(8), line("  ", 8), words(4));
        assert_eq!(y(json!({ "k": text })), want);
        let text = format!("\t{}  tail", words(8));
        assert_eq!(
            y(json!({ "k": text })),
            format!("k: \"\\t{}\n  \\ tail\"\n", words(8))
        );
    }

    #[test]
    fn keys_are_never_folded() {
        let key = words(12); // 119 characters: still a simple key
        assert_eq!(y(json!({ key.clone(): 1 })), format!("{key}: 1\n"));
    }

    #[test]
    fn long_keys_use_the_complex_form() {
        let key = "k".repeat(129);
        assert_eq!(y(json!({ key.clone(): "v" })), format!("? {key}\n: v\n"));
        let key128 = "k".repeat(128);
        assert_eq!(y(json!({ key128.clone(): "v" })), format!("{key128}: v\n"));
        let want = format!("a:\n  ? {key}\n  : 1\n");
        assert_eq!(y(json!({ "a": { key.clone(): 1 } })), want);
        let want = format!("? {key}\n: x: 1\n  z: 2\n");
        assert_eq!(y(json!({ key.clone(): { "x": 1, "z": 2 } })), want);
        let want = format!("? {key}\n: - 1\n  - 2\n");
        assert_eq!(y(json!({ key.clone(): [1, 2] })), want);
        assert_eq!(y(json!({ key.clone(): {} })), format!("? {key}\n: {{}}\n"));
    }

    #[test]
    fn key_length_limit_counts_bytes() {
        let simple = "é".repeat(64);
        assert_eq!(y(json!({ simple.clone(): 1 })), format!("{simple}: 1\n"));
        let complex = "é".repeat(65);
        assert_eq!(
            y(json!({ complex.clone(): 1 })),
            format!("? {complex}\n: 1\n")
        );
    }

    #[test]
    fn long_keys_fold() {
        let key = words(20);
        let want = format!("? {}\n  {}\n  {}\n: v\n", words(8), words(8), words(4));
        assert_eq!(y(json!({ key: "v" })), want);
    }

    #[test]
    fn multi_line_keys_use_block_scalars() {
        assert_eq!(y(json!({ "a\nb": 1 })), "? |-\n  a\n  b\n: 1\n");
        assert_eq!(y(json!({ "a\n": 1 })), "? |\n  a\n: 1\n");
        assert_eq!(y(json!({ "a\tb\nc": 1 })), "? \"a\\tb\\nc\"\n: 1\n");
    }

    #[test]
    fn non_ascii_and_unicode_escapes_in_documents() {
        let v = json!({ "名前": "値", "emoji": "😀", "nbsp": "a\u{a0}b", "bell": "\u{7}" });
        assert_eq!(
            y(v),
            "bell: \"\\a\"\nemoji: \"\\U0001F600\"\nnbsp: a\u{a0}b\n名前: 値\n"
        );
    }
}

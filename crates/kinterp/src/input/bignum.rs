//! JSON numbers beyond float64 (`1E400`, `-1e309`, `1.8e308`): Go's
//! encoding/json reads them, as number literals, and fails only when one is
//! decoded into a float64. serde_json refuses the whole text instead, and
//! the YAML reader it then falls back on reads them as strings. This finds
//! them (with where they sit), and gives karmadactl's verdicts:
//!
//! - in an object file, reading the object fails (`unable to decode`);
//! - in a status file, reading succeeds (the items' `status` is kept as raw
//!   JSON) and running AggregateStatus fails when the items are handed to
//!   Lua (`lua Decode obj […] error: json: cannot unmarshal number …`).

/// One step of a path inside a JSON document.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Step {
    Key(String),
    Index(usize),
}

/// A number literal beyond float64 in a JSON stream.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Big {
    /// The literal's byte range in the text.
    pub(crate) at: std::ops::Range<usize>,
    /// The top-level document holding it (0 for the first).
    pub(crate) doc: usize,
    /// Where it sits in that document.
    pub(crate) path: Vec<Step>,
}

/// What the top-level documents are: `Some(n)` an array of `n` elements,
/// `None` anything else; `Null` documents are counted apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Doc {
    Object,
    Array(usize),
    Null,
    Other,
}

/// What `scan` found in a JSON stream.
#[derive(Debug)]
pub(crate) struct Scan {
    /// The numbers beyond float64, in text order.
    pub(crate) bigs: Vec<Big>,
    /// The top-level documents.
    pub(crate) docs: Vec<Doc>,
    /// The keys of the objects that are documents or elements of array
    /// documents (items, in a status file): (document, element, key,
    /// byte position).
    pub(crate) item_keys: Vec<(usize, usize, String, usize)>,
}

/// The numbers beyond float64 of a JSON stream, with its documents; `None`
/// when there is none (most texts: a look at the bytes, without a pass
/// over the structure, and only literals with an exponent or of 300 digits
/// are parsed). The text is not validated: see `substituted`.
pub(crate) fn scan(text: &str) -> Option<Scan> {
    if !maybe_big(text.as_bytes()) {
        return None;
    }
    let found = walk(text, beyond_float64);
    (!found.bigs.is_empty()).then_some(found)
}

/// The number literal at `keys` (object keys from the root) in the first
/// document of a JSON text, as written: Go's type errors name it so.
pub(crate) fn literal_at<'t>(text: &'t str, keys: &[&str]) -> Option<&'t str> {
    let found = walk(text, |_| true);
    let big = found.bigs.iter().find(|b| {
        b.doc == 0
            && b.path.len() == keys.len()
            && b.path
                .iter()
                .zip(keys)
                .all(|(s, k)| *s == Step::Key((*k).to_string()))
    })?;
    Some(&text[big.at.clone()])
}

/// One pass over a JSON stream, recording the number literals `record`
/// picks (as `Scan::bigs`).
fn walk(text: &str, record: impl Fn(&str) -> bool) -> Scan {
    enum Frame {
        Object { key: String, want_key: bool },
        Array { index: usize, len: usize },
    }
    let b = text.as_bytes();
    let (mut i, mut stack, mut bigs, mut docs) = (0, Vec::<Frame>::new(), Vec::new(), Vec::new());
    let mut item_keys = Vec::new();
    let path = |stack: &[Frame]| -> Vec<Step> {
        stack
            .iter()
            .map(|f| match f {
                Frame::Object { key, .. } => Step::Key(key.clone()),
                Frame::Array { index, .. } => Step::Index(*index),
            })
            .collect()
    };
    // A value starts (an array element is counted).
    let start_value = |stack: &mut Vec<Frame>| {
        if let Some(Frame::Array { len, index }) = stack.last_mut() {
            *len += 1;
            *index = *len - 1;
        }
    };
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | b':' => i += 1,
            b'{' | b'[' => {
                start_value(&mut stack);
                if stack.is_empty() {
                    docs.push(if c == b'{' {
                        Doc::Object
                    } else {
                        Doc::Array(0)
                    });
                }
                stack.push(match c {
                    b'{' => Frame::Object {
                        key: String::new(),
                        want_key: true,
                    },
                    _ => Frame::Array { index: 0, len: 0 },
                });
                i += 1;
            }
            b'}' | b']' => {
                if let Some(Frame::Array { len, .. }) = stack.pop() {
                    if stack.is_empty() {
                        if let Some(d) = docs.last_mut() {
                            *d = Doc::Array(len);
                        }
                    }
                }
                i += 1;
            }
            b',' => {
                if let Some(Frame::Object { want_key, .. }) = stack.last_mut() {
                    *want_key = true;
                }
                i += 1;
            }
            b'"' => {
                let start = i;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                let raw = text.get(start..i.min(b.len())).unwrap_or("");
                match stack.last_mut() {
                    Some(Frame::Object { key, want_key }) if *want_key => {
                        *key = serde_json::from_str(raw).unwrap_or_default();
                        *want_key = false;
                        let element = match stack.as_slice() {
                            [_] => Some(0),
                            [Frame::Array { index, .. }, _] => Some(*index),
                            _ => None,
                        };
                        if let (Some(e), Some(Frame::Object { key, .. })) = (element, stack.last())
                        {
                            item_keys.push((docs.len().saturating_sub(1), e, key.clone(), start));
                        }
                    }
                    _ => {
                        start_value(&mut stack);
                        if stack.is_empty() {
                            docs.push(Doc::Other);
                        }
                    }
                }
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < b.len() && matches!(b[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                start_value(&mut stack);
                if stack.is_empty() {
                    docs.push(Doc::Other);
                }
                if record(&text[start..i]) {
                    bigs.push(Big {
                        at: start..i,
                        doc: docs.len().saturating_sub(1),
                        path: path(&stack),
                    });
                }
            }
            _ => {
                let start = i;
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                if i == start {
                    break; // not JSON: the reader says so
                }
                start_value(&mut stack);
                if stack.is_empty() {
                    docs.push(if &text[start..i] == "null" {
                        Doc::Null
                    } else {
                        Doc::Other
                    });
                }
            }
        }
    }
    Scan {
        bigs,
        docs,
        item_keys,
    }
}

/// Whether a JSON number literal is beyond float64 (Go's ParseFloat fails
/// with a range error: the value rounds to infinity).
fn beyond_float64(lit: &str) -> bool {
    (lit.len() >= 300 || lit.bytes().any(|c| c == b'e' || c == b'E'))
        && lit.parse::<f64>().is_ok_and(f64::is_infinite)
}

/// `text` with each of `bigs` written `0`: what serde_json can read, with
/// the same structure.
pub(crate) fn substituted(text: &str, bigs: &[Big]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for big in bigs {
        out.push_str(&text[last..big.at.start]);
        out.push('0');
        last = big.at.end;
    }
    out.push_str(&text[last..]);
    out
}

/// Go's error for an object file that is a JSON stream holding a number
/// beyond float64 (its unstructured decoder reads every number, and that
/// one fails), or `None`.
pub(crate) fn object_error(text: &str) -> Option<String> {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if !trimmed.starts_with(['{', '[']) {
        return None;
    }
    let found = scan(trimmed)?;
    let json = substituted(trimmed, &found.bigs);
    let valid = serde_json::Deserializer::from_str(&json)
        .into_iter::<serde::de::IgnoredAny>()
        .all(|d| d.is_ok());
    let lit = &trimmed[found.bigs.first()?.at.clone()];
    valid.then(|| kinterp_go::gojson::unmarshal_value_error(&format!("number {lit}"), "float64"))
}

/// Whether `b` may hold a number beyond float64: an exponent after a digit
/// or a point, or a run of 300 digits.
fn maybe_big(b: &[u8]) -> bool {
    let mut run = 0;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'0'..=b'9' => {
                run += 1;
                if run >= 300 {
                    return true;
                }
            }
            b'e' | b'E' if i > 0 && (b[i - 1].is_ascii_digit() || b[i - 1] == b'.') => {
                return true;
            }
            _ => run = 0,
        }
    }
    false
}

/// The fields of one status item as `%#v` prints them.
pub(crate) struct ItemDump<'a> {
    pub(crate) cluster: &'a str,
    pub(crate) has_status: bool,
    pub(crate) applied: bool,
    pub(crate) message: &'a str,
    pub(crate) health: &'a str,
}

/// karmadactl's AggregateStatus error for status items one of whose
/// `status` holds a number beyond float64: Karmada hands the items to Lua
/// through encoding/json, which fails on the first such number, naming its
/// path (`.0.status.r`). `item` is the item's index, `path` the number's
/// place inside its `status`. Go prints each item's `status` as a pointer
/// (`(*runtime.RawExtension)(0xc000…)`): its address is Go's heap's, a
/// different one at every run; kinterp prints a made-up address.
pub(crate) fn lua_decode_error(
    items: &[ItemDump<'_>],
    item: usize,
    path: &[Step],
    lit: &str,
) -> String {
    let dump: Vec<String> = items
        .iter()
        .enumerate()
        .map(|(i, it)| {
            let status = match it.has_status {
                true => format!("0xc000{:06x}", 0x10000 + i * 0x30),
                false => "nil".to_string(),
            };
            format!(
                "v1alpha2.AggregatedStatusItem{{ClusterName:{:?}, Status:(*runtime.RawExtension)({status}), Applied:{}, AppliedMessage:{:?}, Health:{:?}}}",
                it.cluster, it.applied, it.message, it.health
            )
        })
        .collect();
    let mut field = format!(".{item}.status");
    for step in path {
        match step {
            Step::Key(k) => field.push_str(&format!(".{k}")),
            Step::Index(i) => field.push_str(&format!(".{i}")),
        }
    }
    // Go names a place whose last step is a map key a struct field.
    let into = match path.last() {
        Some(Step::Index(_)) => "",
        _ => "Go struct field ",
    };
    format!(
        "lua Decode obj []v1alpha2.AggregatedStatusItem{{{}}} error: json: cannot unmarshal number {lit} into {into}{field} of type float64",
        dump.join(", ")
    )
}

/// Where, among status items read from a JSON stream, the first number
/// beyond float64 inside an item's `status` sits: (item index, path inside
/// `status`, literal). Items are the stream's object documents and the
/// elements of its array documents, `null` documents skipped; `is_status`
/// says whether a key names the `status` field (Go folds case), and of
/// several such keys in one item the last one's value is the one kept.
pub(crate) fn first_in_status<'t>(
    text: &'t str,
    scan: &Scan,
    is_status: impl Fn(&str) -> bool,
) -> Option<(usize, Vec<Step>, &'t str)> {
    // The first item of each document.
    let mut first = Vec::with_capacity(scan.docs.len());
    let mut n = 0;
    for d in &scan.docs {
        first.push(n);
        n += match d {
            Doc::Object => 1,
            Doc::Array(len) => *len,
            Doc::Null | Doc::Other => 0,
        };
    }
    // The position of each item's last `status` key.
    let last_status = |doc: usize, element: usize| {
        scan.item_keys
            .iter()
            .filter(|(d, e, k, _)| *d == doc && *e == element && is_status(k))
            .map(|(.., at)| *at)
            .next_back()
    };
    scan.bigs.iter().find_map(|big| {
        let (element, rest) = match (scan.docs.get(big.doc), big.path.as_slice()) {
            (Some(Doc::Object), rest) => (0, rest),
            (Some(Doc::Array(_)), [Step::Index(i), rest @ ..]) => (*i, rest),
            _ => return None,
        };
        let [Step::Key(key), inner @ ..] = rest else {
            return None;
        };
        // Under the item's last `status` key: no such key comes between
        // it and the number.
        let last = last_status(big.doc, element)?;
        (is_status(key) && last < big.at.start).then(|| {
            (
                first[big.doc] + element,
                inner.to_vec(),
                &text[big.at.clone()],
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_numbers_beyond_float64_with_their_place() {
        let text = r#"{"a": [1, {"b": 1E400}], "c\u0041": -1e309, "d": 1.7976931348623157e308}
[{"status": {"r": 2e400}}] null"#;
        let Scan { bigs, docs, .. } = scan(text).unwrap();
        assert_eq!(docs, vec![Doc::Object, Doc::Array(1), Doc::Null]);
        let lits: Vec<&str> = bigs.iter().map(|b| &text[b.at.clone()]).collect();
        assert_eq!(lits, ["1E400", "-1e309", "2e400"]);
        assert_eq!(
            bigs[0].path,
            [Step::Key("a".into()), Step::Index(1), Step::Key("b".into())]
        );
        assert_eq!(bigs[1].path, [Step::Key("cA".into())]);
        assert_eq!(bigs[2].doc, 1);
        assert_eq!(
            substituted(text, &bigs[..1]),
            text.replacen("1E400", "0", 1)
        );
        assert!(scan(r#"{"a": 1e308, "b": "1e400", "c": 99999999999999999999}"#).is_none());
        let obj = r#"{"metadata": {"name": "a", "generation": -9223372036854775809}, "x": 1}"#;
        assert_eq!(
            literal_at(obj, &["metadata", "generation"]),
            Some("-9223372036854775809")
        );
        assert_eq!(literal_at(obj, &["metadata", "name"]), None);
    }

    #[test]
    fn the_first_number_under_an_items_last_status_key() {
        let at = |text: &str| {
            let found = scan(text).unwrap();
            first_in_status(text, &found, |k| k.eq_ignore_ascii_case("status"))
                .map(|(i, p, l)| (i, p, l.to_string()))
        };
        assert_eq!(
            at(r#"{"clusterName": "a", "x": 1e400}"#),
            None,
            "an unknown field is skipped"
        );
        assert_eq!(
            at("{\"status\": {}}\nnull\n{\"Status\": {\"r\": [1, 1e400]}}"),
            Some((
                1,
                vec![Step::Key("r".into()), Step::Index(1)],
                "1e400".into()
            ))
        );
        assert_eq!(
            at(r#"{"status": {"r": 1e400}, "status": {"r": 1}}"#),
            None,
            "an earlier duplicate is overwritten"
        );
        assert_eq!(
            at(r#"[{"status": 1}, {"status": {"b": 2e400, "a": 1e400}}]"#),
            Some((1, vec![Step::Key("b".into())], "2e400".into()))
        );
    }

    #[test]
    fn messages_read_as_karmadactls() {
        let items = [
            ItemDump {
                cluster: "a",
                has_status: true,
                applied: false,
                message: "",
                health: "",
            },
            ItemDump {
                cluster: "b",
                has_status: false,
                applied: true,
                message: "m\"x",
                health: "Healthy",
            },
        ];
        assert_eq!(
            lua_decode_error(&items, 0, &[Step::Key("r".into())], "1E400"),
            "lua Decode obj []v1alpha2.AggregatedStatusItem{v1alpha2.AggregatedStatusItem{ClusterName:\"a\", Status:(*runtime.RawExtension)(0xc000010000), Applied:false, AppliedMessage:\"\", Health:\"\"}, v1alpha2.AggregatedStatusItem{ClusterName:\"b\", Status:(*runtime.RawExtension)(nil), Applied:true, AppliedMessage:\"m\\\"x\", Health:\"Healthy\"}} error: json: cannot unmarshal number 1E400 into Go struct field .0.status.r of type float64"
        );
        assert!(
            lua_decode_error(&items[..1], 0, &[Step::Index(0)], "1e309")
                .ends_with("cannot unmarshal number 1e309 into .0.status.0 of type float64")
        );
        assert_eq!(
            object_error("{\"kind\": \"A\", \"x\": [-1E400, 2e400]}").as_deref(),
            Some("json: cannot unmarshal number -1E400 into Go value of type float64")
        );
        assert_eq!(
            object_error("{\"x\": 1e400,}"),
            None,
            "not JSON: YAML's string"
        );
        assert_eq!(object_error("x: 1e400"), None);
        assert_eq!(object_error("{\"x\": 1e300}"), None);
    }
}

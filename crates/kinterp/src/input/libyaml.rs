//! The full YAML reader: libyaml's parser (Go's YAML library is a port of
//! it, so both accept and reject the same text, with the same messages),
//! its events built into JSON values with Go's YAML 1.1 typing
//! (`yaml11`), merge keys applied, and duplicate keys resolved as Go's
//! reader does (the last one wins), each reported as a warning.

use std::collections::HashMap;
use std::mem::MaybeUninit;

use serde_json::{Map, Value};

use crate::diag::{Diagnostic, Kind, Location, Position};
use kinterp_go::yaml11::{self, Scalar};

use super::yamldepth::Nesting;
use kinterp_go::depth::JSON_TOO_DEEP;

/// A problem in the text: the message, and the 1-based line and column
/// when known.
#[derive(Debug)]
pub(crate) struct YamlError {
    pub message: String,
    pub at: Option<(usize, usize)>,
    /// Not a syntax error: the text is YAML, but its JSON form cannot be
    /// made (Go's "error converting YAML to JSON").
    pub conversion: bool,
}

impl YamlError {
    pub(super) fn new(message: impl Into<String>, at: Option<(usize, usize)>) -> YamlError {
        YamlError {
            message: message.into(),
            at,
            conversion: false,
        }
    }

    fn conversion(message: impl Into<String>) -> YamlError {
        YamlError {
            conversion: true,
            ..YamlError::new(message, None)
        }
    }
}

type R<T> = Result<T, YamlError>;

/// Reads every document of `text`, handing each non-null one to `sink`
/// as soon as it is complete; returns the warnings (duplicate keys).
pub(crate) fn parse_each(
    name: &str,
    text: &str,
    sink: &mut dyn FnMut(Value) -> Result<(), crate::diag::Diagnostic>,
) -> Result<Vec<Diagnostic>, Outcome> {
    let mut b = Builder {
        events: Events::new(text.as_bytes()),
        name,
        anchors: HashMap::new(),
        warnings: Vec::new(),
        budget: 0,
        nesting: Nesting::default(),
    };
    loop {
        let (ev, _) = b.events.next().map_err(Outcome::Yaml)?;
        match ev {
            Ev::StreamStart | Ev::DocEnd => {}
            Ev::StreamEnd => return Ok(b.warnings),
            Ev::DocStart => {
                b.anchors.clear();
                let (ev, mark) = b.events.next().map_err(Outcome::Yaml)?;
                let doc = b.node(ev, mark, 0).map_err(Outcome::Yaml)?;
                // Go converts a document to JSON once it is read whole: a
                // syntax error anywhere in it wins over its depth.
                if std::mem::take(&mut b.nesting.too_deep) {
                    return Err(Outcome::Yaml(YamlError::conversion(JSON_TOO_DEEP)));
                }
                if !doc.is_null() {
                    sink(doc).map_err(Outcome::Sink)?;
                }
            }
            _ => return Err(Outcome::Yaml(YamlError::new("unexpected event", None))),
        }
    }
}

/// Why `parse_each` stopped early.
#[derive(Debug)]
pub(crate) enum Outcome {
    Yaml(YamlError),
    Sink(Diagnostic),
}

/// One event, copied out of libyaml's.
enum Ev {
    StreamStart,
    StreamEnd,
    DocStart,
    DocEnd,
    Alias(Vec<u8>),
    Scalar {
        anchor: Option<Vec<u8>>,
        tag: Option<Vec<u8>>,
        value: String,
        plain: bool,
    },
    SeqStart {
        anchor: Option<Vec<u8>>,
        flow: bool,
    },
    SeqEnd,
    MapStart {
        anchor: Option<Vec<u8>>,
        flow: bool,
    },
    MapEnd,
}

/// A 0-based (line, column) of an event's start.
pub(super) type Mark = (usize, usize);

struct Builder<'a> {
    events: Events<'a>,
    name: &'a str,
    /// Anchors of the current document and their values (a later anchor
    /// of the same name hides an earlier one).
    anchors: HashMap<Vec<u8>, Value>,
    warnings: Vec<Diagnostic>,
    /// Nodes copied by aliases so far: bounded, against alias bombs.
    budget: usize,
    /// Flow collections and indentation levels around the current node.
    nesting: Nesting,
}

impl Builder<'_> {
    fn node(&mut self, ev: Ev, mark: Mark, depth: usize) -> R<Value> {
        match ev {
            Ev::Scalar {
                anchor,
                tag,
                value,
                plain,
            } => {
                self.flow_plain(plain, &value, mark)?;
                if tag.as_deref() == Some(BINARY_TAG) {
                    let v = go_binary(&value).ok_or_else(|| {
                        YamlError::conversion("!!binary value contains invalid base64 data")
                    })?;
                    return Ok(self.anchor(anchor, v));
                }
                let typed = scalar_type(tag.as_deref(), &value, plain)
                    .map_err(|m| YamlError::new(m, Some(one_based(mark))))?;
                let v = yaml11::to_json(typed, &value).map_err(YamlError::conversion)?;
                Ok(self.anchor(anchor, v))
            }
            Ev::Alias(name) => self.alias(&name, mark),
            Ev::SeqStart { anchor, flow } => {
                let indented = self.nesting.open(depth + 1, flow, mark)?;
                let mut items = Vec::new();
                loop {
                    let (ev, mark) = self.events.next()?;
                    if let Ev::SeqEnd = ev {
                        break;
                    }
                    items.push(self.node(ev, mark, depth + 1)?);
                }
                self.nesting.close(flow, indented);
                Ok(self.anchor(anchor, Value::Array(items)))
            }
            Ev::MapStart { anchor, flow } => {
                let indented = self.nesting.open(depth + 1, flow, mark)?;
                let map = self.mapping(depth + 1)?;
                self.nesting.close(flow, indented);
                Ok(self.anchor(anchor, Value::Object(map)))
            }
            _ => Err(YamlError::new("unexpected event", Some(one_based(mark)))),
        }
    }

    /// Go's scanner (go-yaml v2) ends a plain scalar at a `?` inside a flow
    /// collection, and the `?` then starts a key where none may be: an
    /// error libyaml (which reads `[a?b]` as one scalar) does not give.
    fn flow_plain(&self, plain: bool, value: &str, mark: Mark) -> R<()> {
        if plain && self.nesting.flow > 0 && value.contains('?') {
            return Err(YamlError::new(
                "did not find expected ',' or the end of the flow collection",
                Some(one_based(mark)),
            ));
        }
        Ok(())
    }

    /// The entries of a mapping whose start event was just read.
    fn mapping(&mut self, depth: usize) -> R<Map<String, Value>> {
        let mut map = Map::new();
        loop {
            let (ev, mark) = self.events.next()?;
            let key = match ev {
                Ev::MapEnd => return Ok(map),
                Ev::Scalar {
                    anchor,
                    tag,
                    value,
                    plain,
                } => {
                    self.flow_plain(plain, &value, mark)?;
                    let typed = scalar_type(tag.as_deref(), &value, plain)
                        .map_err(|m| YamlError::new(m, Some(one_based(mark))))?;
                    if typed == Scalar::Merge {
                        let (ev, vmark) = self.events.next()?;
                        let merged = self.node(ev, vmark, depth)?;
                        merge(&mut map, merged, vmark)?;
                        continue;
                    }
                    if anchor.is_some() {
                        let v = yaml11::to_json(typed, &value).unwrap_or(Value::Null);
                        self.anchor(anchor, v);
                    }
                    yaml11::key_text(typed, &value)
                }
                Ev::Alias(name) => value_key(&self.alias(&name, mark)?),
                Ev::SeqStart { .. } | Ev::MapStart { .. } => {
                    return Err(YamlError::conversion("a mapping key is a list or a map"));
                }
                _ => return Err(YamlError::new("unexpected event", Some(one_based(mark)))),
            };
            let (ev, vmark) = self.events.next()?;
            let value = self.node(ev, vmark, depth)?;
            let key =
                key.map_err(|m| YamlError::conversion(format!("{m}{}", go_syntax(&value))))?;
            if map.contains_key(&key) {
                let (line, column) = one_based(mark);
                let mut loc = Location::file(self.name);
                loc.position = Some(Position::new(line, column));
                self.warnings.push(
                    Diagnostic::warning(
                        Kind::Input,
                        format!("duplicate key {key:?}: the last value is used, as Karmada does"),
                    )
                    .at(loc),
                );
            }
            map.insert(key, value);
        }
    }

    fn anchor(&mut self, anchor: Option<Vec<u8>>, v: Value) -> Value {
        if let Some(name) = anchor {
            self.anchors.insert(name, v.clone());
        }
        v
    }

    fn alias(&mut self, name: &[u8], mark: Mark) -> R<Value> {
        let Some(v) = self.anchors.get(name) else {
            return Err(YamlError::new(
                format!("unknown anchor '{}'", String::from_utf8_lossy(name)),
                Some(one_based(mark)),
            ));
        };
        self.budget += nodes(v);
        if self.budget > 100 * self.events.count.max(100) {
            return Err(YamlError::new("repetition limit exceeded", None));
        }
        Ok(v.clone())
    }
}

/// Applies a merge key's value (a mapping, or a list of them, earlier ones
/// taking precedence) to `map`.
fn merge(map: &mut Map<String, Value>, merged: Value, mark: Mark) -> R<()> {
    match merged {
        Value::Object(m) => {
            map.extend(m);
            Ok(())
        }
        Value::Array(items) if items.iter().all(Value::is_object) => {
            for item in items.into_iter().rev() {
                if let Value::Object(m) = item {
                    map.extend(m);
                }
            }
            Ok(())
        }
        _ => Err(YamlError::new(
            "map merge requires map or sequence of maps as the value",
            Some(one_based(mark)),
        )),
    }
}

/// A value as Go's `%#v` shows it, for the scalars it is exact for.
fn go_syntax(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".into(),
        Value::String(s) => format!("{s:?}"),
        Value::Array(_) => "[]interface {}{...}".into(),
        Value::Object(_) => "map[interface {}]interface {}{...}".into(),
        other => other.to_string(),
    }
}

/// The key an aliased value makes.
fn value_key(v: &Value) -> Result<String, String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Null => yaml11::key_text(Scalar::Null, ""),
        _ => Err("a mapping key is a list or a map".into()),
    }
}

/// How many nodes a value spans.
fn nodes(v: &Value) -> usize {
    match v {
        Value::Array(a) => 1 + a.iter().map(nodes).sum::<usize>(),
        Value::Object(m) => 1 + m.values().map(nodes).sum::<usize>(),
        _ => 1,
    }
}

pub(super) fn one_based((line, column): Mark) -> (usize, usize) {
    (line + 1, column + 1)
}

const TAG_PREFIX: &[u8] = b"tag:yaml.org,2002:";
const BINARY_TAG: &[u8] = b"tag:yaml.org,2002:binary";

/// A `!!binary` scalar as Go's reader decodes it: standard base64 with
/// padding, line breaks ignored; the bytes make a string (bytes that are
/// not UTF-8 are U+FFFD, as Go's JSON writer makes them). `None` for text
/// that is not base64.
fn go_binary(text: &str) -> Option<Value> {
    let digits: Vec<u8> = text
        .bytes()
        .filter(|b| !matches!(b, b'\r' | b'\n'))
        .collect();
    if digits.len() % 4 != 0 {
        return None;
    }
    let sextet = |b: u8| match b {
        b'A'..=b'Z' => Some(b - b'A'),
        b'a'..=b'z' => Some(b - b'a' + 26),
        b'0'..=b'9' => Some(b - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(digits.len() / 4 * 3);
    let quads = digits.chunks(4).count();
    for (i, quad) in digits.chunks(4).enumerate() {
        let pad = quad.iter().rev().take_while(|b| **b == b'=').count();
        if pad > 2 || (pad > 0 && i + 1 != quads) {
            return None;
        }
        let mut n = 0u32;
        for &b in &quad[..4 - pad] {
            n = (n << 6) | u32::from(sextet(b)?);
        }
        n <<= 6 * pad as u32;
        out.extend_from_slice(&n.to_be_bytes()[1..4 - pad]);
    }
    Some(Value::String(crate::lua::goutf8::lossy(&out)))
}

/// A scalar's type from its tag and style, as Go's reader decides: plain
/// untagged scalars are resolved, quoted and block ones are strings, the
/// standard tags are resolved and checked, other tags leave a string.
fn scalar_type(tag: Option<&[u8]>, value: &str, plain: bool) -> Result<Scalar, String> {
    let Some(tag) = tag else {
        return Ok(if plain {
            yaml11::resolve(value)
        } else {
            Scalar::Str
        });
    };
    let Some(short) = tag.strip_prefix(TAG_PREFIX) else {
        return Ok(Scalar::Str);
    };
    let got = yaml11::resolve(value);
    let fits = match (short, got) {
        (b"str", _) => return Ok(Scalar::Str),
        (b"merge", Scalar::Merge) => return Ok(Scalar::Merge),
        (b"timestamp", _) if yaml11::is_timestamp(value) => return Ok(Scalar::Str),
        (b"timestamp", _) => false,
        (b"int", Scalar::Int(_) | Scalar::Uint(_))
        | (b"float", Scalar::Float(_))
        | (b"bool", Scalar::Bool(_))
        | (b"null", Scalar::Null) => true,
        (b"float", Scalar::Int(i)) => return Ok(Scalar::Float(i as f64)),
        (b"float", Scalar::Uint(u)) => return Ok(Scalar::Float(u as f64)),
        (b"int" | b"float" | b"bool" | b"null", _) => false,
        _ => return Ok(Scalar::Str),
    };
    if fits {
        return Ok(got);
    }
    let got_tag = match got {
        Scalar::Null => "null",
        Scalar::Bool(_) => "bool",
        Scalar::Int(_) | Scalar::Uint(_) => "int",
        Scalar::Float(_) => "float",
        Scalar::Str | Scalar::Merge => "str",
    };
    Err(format!(
        "cannot decode !!{got_tag} `{value}` as a !!{}",
        String::from_utf8_lossy(short)
    ))
}

/// libyaml's parser over one text, yielding owned events.
struct Events<'a> {
    parser: Box<MaybeUninit<unsafe_libyaml::yaml_parser_t>>,
    /// Events read so far.
    count: usize,
    /// The text libyaml reads from (it keeps a pointer into it).
    _text: std::marker::PhantomData<&'a [u8]>,
}

impl<'a> Events<'a> {
    fn new(text: &'a [u8]) -> Events<'a> {
        let mut parser = Box::new(MaybeUninit::<unsafe_libyaml::yaml_parser_t>::uninit());
        // SAFETY: the parser is boxed (libyaml keeps a pointer to it) and
        // initialized before use; the text outlives it (the borrow `'a`).
        unsafe {
            let p = parser.as_mut_ptr();
            if unsafe_libyaml::yaml_parser_initialize(p).fail {
                panic!("libyaml: out of memory");
            }
            unsafe_libyaml::yaml_parser_set_encoding(p, unsafe_libyaml::YAML_UTF8_ENCODING);
            unsafe_libyaml::yaml_parser_set_input_string(p, text.as_ptr(), text.len() as u64);
        }
        Events {
            parser,
            count: 0,
            _text: std::marker::PhantomData,
        }
    }

    fn next(&mut self) -> R<(Ev, Mark)> {
        let mut event = MaybeUninit::<unsafe_libyaml::yaml_event_t>::uninit();
        // SAFETY: the parser was initialized in `new`; an event that
        // yaml_parser_parse filled is read, then deleted once.
        unsafe {
            let p = self.parser.as_mut_ptr();
            let failed = (&*p).error != unsafe_libyaml::YAML_NO_ERROR;
            if failed || unsafe_libyaml::yaml_parser_parse(p, event.as_mut_ptr()).fail {
                return Err(parse_error(p));
            }
            let e = event.as_mut_ptr();
            let mark = (
                (*e).start_mark.line as usize,
                (*e).start_mark.column as usize,
            );
            let ev = convert(&*e);
            unsafe_libyaml::yaml_event_delete(e);
            self.count += 1;
            Ok((ev, mark))
        }
    }
}

impl Drop for Events<'_> {
    fn drop(&mut self) {
        // SAFETY: initialized in `new`, deleted once here.
        unsafe { unsafe_libyaml::yaml_parser_delete(self.parser.as_mut_ptr()) }
    }
}

/// libyaml's error, worded as serde_yaml worded it (the problem, then its
/// place), located at the problem.
///
/// # Safety
///
/// `p` points to an initialized parser.
unsafe fn parse_error(p: *const unsafe_libyaml::yaml_parser_t) -> YamlError {
    // SAFETY: the caller passes an initialized parser.
    unsafe {
        let p: &unsafe_libyaml::yaml_parser_t = &*p;
        let problem = c_text(p.problem);
        let mark = p.problem_mark;
        let (line, column) = (mark.line as usize, mark.column as usize);
        if line != 0 || column != 0 {
            YamlError::new(problem, Some((line + 1, column + 1)))
        } else {
            let offset = p.problem_offset;
            let mut msg = problem;
            if offset != 0 {
                msg.push_str(&format!(" at position {offset}"));
            }
            let context = p.context;
            if !context.is_null() {
                msg.push_str(", ");
                msg.push_str(&c_text(context));
            }
            YamlError::new(msg, Some((1, 1)))
        }
    }
}

/// A NUL-terminated C string as text (lossy), or a placeholder for null.
///
/// # Safety
///
/// `s` is null or points to a NUL-terminated string.
unsafe fn c_text(s: *const std::ffi::c_char) -> String {
    if s.is_null() {
        return "libyaml parser failed but there is no error".into();
    }
    // SAFETY: libyaml's messages are NUL-terminated static strings.
    unsafe { std::ffi::CStr::from_ptr(s) }
        .to_string_lossy()
        .into_owned()
}

/// Copies the bytes at `s` up to the NUL, or `None` for a null pointer.
///
/// # Safety
///
/// `s` is null or points to a NUL-terminated string.
unsafe fn c_bytes(s: *const u8) -> Option<Vec<u8>> {
    if s.is_null() {
        return None;
    }
    // SAFETY: anchors and tags in libyaml events are NUL-terminated.
    Some(
        unsafe { std::ffi::CStr::from_ptr(s.cast()) }
            .to_bytes()
            .to_vec(),
    )
}

/// One libyaml event as the reader's own event type.
///
/// # Safety
///
/// `e` is an event the parser produced (its union field matches its type and
/// its pointers are valid).
unsafe fn convert(e: &unsafe_libyaml::yaml_event_t) -> Ev {
    // SAFETY: each union field is read for its own event type.
    unsafe {
        match e.type_ {
            unsafe_libyaml::YAML_STREAM_START_EVENT => Ev::StreamStart,
            unsafe_libyaml::YAML_STREAM_END_EVENT => Ev::StreamEnd,
            unsafe_libyaml::YAML_DOCUMENT_START_EVENT => Ev::DocStart,
            unsafe_libyaml::YAML_DOCUMENT_END_EVENT => Ev::DocEnd,
            unsafe_libyaml::YAML_ALIAS_EVENT => {
                Ev::Alias(c_bytes(e.data.alias.anchor).unwrap_or_default())
            }
            unsafe_libyaml::YAML_SCALAR_EVENT => {
                let s = &e.data.scalar;
                let bytes = std::slice::from_raw_parts(s.value, s.length as usize);
                Ev::Scalar {
                    anchor: c_bytes(s.anchor),
                    tag: c_bytes(s.tag),
                    value: String::from_utf8_lossy(bytes).into_owned(),
                    plain: s.style == unsafe_libyaml::YAML_PLAIN_SCALAR_STYLE,
                }
            }
            unsafe_libyaml::YAML_SEQUENCE_START_EVENT => Ev::SeqStart {
                anchor: c_bytes(e.data.sequence_start.anchor),
                flow: e.data.sequence_start.style == unsafe_libyaml::YAML_FLOW_SEQUENCE_STYLE,
            },
            unsafe_libyaml::YAML_SEQUENCE_END_EVENT => Ev::SeqEnd,
            unsafe_libyaml::YAML_MAPPING_START_EVENT => Ev::MapStart {
                anchor: c_bytes(e.data.mapping_start.anchor),
                flow: e.data.mapping_start.style == unsafe_libyaml::YAML_FLOW_MAPPING_STYLE,
            },
            _ => Ev::MapEnd,
        }
    }
}

//! The full YAML reader: libyaml's parser (Go's YAML library is a port of
//! it, so both accept and reject the same text, with the same messages),
//! its events built into JSON values with Go's YAML 1.1 typing
//! (`yaml11`), merge keys applied, and duplicate keys resolved as Go's
//! reader does (the last one wins), each reported as a warning.

use serde_json::{Map, Value};
use std::collections::HashMap;

use crate::diag::{Diagnostic, Kind, Location, Position};
use kinterp_go::yaml11::{self, Scalar};

mod events;

use events::Events;
pub(crate) use events::{Ev, Mark, ScalarStyle, Watch};

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
    parse_each_watched(name, text, sink, None)
}

/// `parse_each`, showing every event libyaml reads to `watch` as well
/// (positions and values from one parse).
pub(crate) fn parse_each_watched<'a>(
    name: &'a str,
    text: &'a str,
    sink: &mut dyn FnMut(Value) -> Result<(), crate::diag::Diagnostic>,
    watch: Option<&'a mut dyn Watch>,
) -> Result<Vec<Diagnostic>, Outcome> {
    let mut events = Events::new(text.as_bytes());
    events.watch = watch;
    let watched = events.watch.is_some();
    let mut b = Builder {
        events,
        name,
        anchors: HashMap::new(),
        warnings: Vec::new(),
        budget: 0,
        nesting: Nesting::default(),
    };
    let read = b.documents(sink);
    if watched && read.is_err() {
        // The watcher sees the whole stream, up to a syntax error.
        while let Ok((ev, _)) = b.events.next() {
            if let Ev::StreamEnd = ev {
                break;
            }
        }
    }
    read.map(|()| b.warnings)
}

impl Builder<'_> {
    /// Reads every document, handing each non-null one to `sink`.
    fn documents(
        &mut self,
        sink: &mut dyn FnMut(Value) -> Result<(), crate::diag::Diagnostic>,
    ) -> Result<(), Outcome> {
        loop {
            let (ev, _) = self.events.next().map_err(Outcome::Yaml)?;
            match ev {
                Ev::StreamStart | Ev::DocEnd => {}
                Ev::StreamEnd => return Ok(()),
                Ev::DocStart => {
                    self.anchors.clear();
                    let (ev, mark) = self.events.next().map_err(Outcome::Yaml)?;
                    let doc = self.node(ev, mark, 0).map_err(Outcome::Yaml)?;
                    // Go converts a document to JSON once it is read whole:
                    // a syntax error anywhere in it wins over its depth.
                    if std::mem::take(&mut self.nesting.too_deep) {
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
}

/// Why `parse_each` stopped early.
#[derive(Debug)]
pub(crate) enum Outcome {
    Yaml(YamlError),
    Sink(Diagnostic),
}

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
                style,
            } => {
                let plain = style == ScalarStyle::Plain;
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
                    style,
                } => {
                    let plain = style == ScalarStyle::Plain;
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

pub(super) fn one_based(mark: Mark) -> (usize, usize) {
    (mark.line + 1, mark.column + 1)
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

/// Shows every event of `text` to `watch`, up to the end or the first
/// syntax error, building no values.
pub(crate) fn watch_all<'a>(text: &'a str, watch: &'a mut dyn Watch) {
    let mut events = Events::new(text.as_bytes());
    events.watch = Some(watch);
    while let Ok((ev, _)) = events.next() {
        if let Ev::StreamEnd = ev {
            return;
        }
    }
}

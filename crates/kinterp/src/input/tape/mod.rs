//! A decoded JSON forest kept flat: one node list plus one string arena.
//! Cheaper to build, hold and push into Lua than `serde_json::Value` trees.

use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::fmt;

/// One node. A container is followed by its children (an object's children
/// are key/value pairs: a `Str` key, then the value's subtree); `size`
/// counts the nodes of the whole subtree, the container included, so a
/// subtree can be skipped or copied without fixing indices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Node {
    Null,
    Bool(bool),
    /// A number as decoded (the three forms of `serde_json::Number`).
    Int(i64),
    Uint(u64),
    Float(f64),
    /// A string: its byte range in the arena.
    Str {
        start: u32,
        len: u32,
    },
    Array {
        len: u32,
        size: u32,
    },
    Object {
        len: u32,
        size: u32,
    },
}

impl Node {
    /// How many nodes the subtree of this node spans (1 for a leaf).
    #[inline]
    pub fn span(self) -> usize {
        match self {
            Node::Array { size, .. } | Node::Object { size, .. } => size as usize,
            _ => 1,
        }
    }
}

/// A node as stored: a tag and two 32-bit words, 12 bytes where the enum
/// takes 16 (a long status file is mostly nodes).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Packed {
    tag: u32,
    a: u32,
    b: u32,
}

impl Packed {
    #[inline]
    fn pack(n: Node) -> Packed {
        let wide = |tag, v: u64| Packed {
            tag,
            a: v as u32,
            b: (v >> 32) as u32,
        };
        let two = |tag, a, b| Packed { tag, a, b };
        match n {
            Node::Null => two(0, 0, 0),
            Node::Bool(b) => two(1, u32::from(b), 0),
            Node::Int(i) => wide(2, i as u64),
            Node::Uint(u) => wide(3, u),
            Node::Float(f) => wide(4, f.to_bits()),
            Node::Str { start, len } => two(5, start, len),
            Node::Array { len, size } => two(6, len, size),
            Node::Object { len, size } => two(7, len, size),
        }
    }

    #[inline]
    fn unpack(self) -> Node {
        let wide = u64::from(self.a) | (u64::from(self.b) << 32);
        match self.tag {
            0 => Node::Null,
            1 => Node::Bool(self.a != 0),
            2 => Node::Int(wide as i64),
            3 => Node::Uint(wide),
            4 => Node::Float(f64::from_bits(wide)),
            5 => Node::Str {
                start: self.a,
                len: self.b,
            },
            6 => Node::Array {
                len: self.a,
                size: self.b,
            },
            _ => Node::Object {
                len: self.a,
                size: self.b,
            },
        }
    }
}

/// Nodes and the text their strings point into; `roots` are the nodes that
/// start a top-level document.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tape {
    nodes: Vec<Packed>,
    strings: String,
    roots: Vec<u32>,
}

/// Sizes beyond u32 (4 GiB of input) are refused rather than wrapped.
const TOO_LARGE: &str = "input too large";

impl Tape {
    /// An empty forest.
    pub fn new() -> Tape {
        Tape::default()
    }

    /// Decodes a JSON stream (documents one after another, as
    /// `serde_json::StreamDeserializer` reads them), one root per document.
    pub fn parse_json_stream(text: &str) -> Result<Tape, serde_json::Error> {
        // A JSON node takes a few bytes of text at least; what is not used
        // of this is never touched. Decoded strings are never longer than
        // their JSON text.
        let mut tape = Tape::with_capacity(text.len() / 4, text.len() + 64);
        Tape::decode_json_stream(text, &mut tape, |_| {})?;
        Ok(tape)
    }

    /// Decodes a JSON stream onto `tape`, calling `each` with the tape
    /// after every document, which it may clear.
    pub(crate) fn decode_json_stream(
        text: &str,
        tape: &mut Tape,
        mut each: impl FnMut(&mut Tape),
    ) -> Result<(), serde_json::Error> {
        // serde_json's stream reader finds where each document ends in
        // one pass. (Asking the plain reader "is there more?" builds an
        // error whose line number is counted from the start of the text:
        // quadratic over a stream of many documents.) Each document is
        // built straight onto the tape, lent to `Doc` for the pass.
        let scanned = BUILDING.with_borrow_mut(|b| std::mem::replace(b, std::mem::take(tape)));
        let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Doc>();
        let result = stream.by_ref().try_for_each(|doc| {
            doc?;
            BUILDING.with_borrow_mut(&mut each);
            Ok(())
        });
        *tape = BUILDING.with_borrow_mut(|b| std::mem::replace(b, scanned));
        result
    }

    /// An empty forest with room for `nodes` nodes and `strings` bytes.
    pub(crate) fn with_capacity(nodes: usize, strings: usize) -> Tape {
        Tape {
            nodes: Vec::with_capacity(nodes),
            strings: String::with_capacity(strings),
            roots: Vec::new(),
        }
    }

    /// Forgets every node and string, keeping the room reserved.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.strings.clear();
        self.roots.clear();
    }

    /// Appends `v` as a new root.
    pub fn push_root(&mut self, v: &Value) {
        let at = self.nodes.len() as u32;
        self.roots.push(at);
        self.append_value(v);
    }

    /// The root nodes, in document order.
    pub fn roots(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.roots.iter().map(|&r| r as usize)
    }

    /// The node at `i`.
    #[inline]
    pub fn node(&self, i: usize) -> Node {
        self.nodes[i].unpack()
    }

    /// The text of a `Str` node (empty for other nodes).
    #[inline]
    pub fn str_at(&self, i: usize) -> &str {
        match self.nodes[i].unpack() {
            Node::Str { start, len } => &self.strings[start as usize..(start + len) as usize],
            _ => "",
        }
    }

    /// How many nodes the subtree at `i` spans.
    #[inline]
    pub fn size(&self, i: usize) -> usize {
        self.nodes[i].unpack().span()
    }

    /// The children of the container at `i`: for an object the key nodes
    /// (each value follows its key), for an array the elements.
    pub fn children(&self, i: usize) -> Children<'_> {
        let (len, pairs) = match self.nodes[i].unpack() {
            Node::Array { len, .. } => (len as usize, false),
            Node::Object { len, .. } => (len as usize, true),
            _ => (0, false),
        };
        Children {
            tape: self,
            next: i + 1,
            left: len,
            pairs,
        }
    }

    /// Rebuilds the subtree at `i` as a JSON value (duplicate keys: the last
    /// one wins, as when decoding into a `Value`).
    pub fn to_value(&self, i: usize) -> Value {
        match self.nodes[i].unpack() {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(b),
            Node::Int(n) => Value::Number(n.into()),
            Node::Uint(n) => Value::Number(n.into()),
            Node::Float(f) => Number::from_f64(f).map_or(Value::Null, Value::Number),
            Node::Str { .. } => Value::String(self.str_at(i).to_string()),
            Node::Array { .. } => {
                Value::Array(self.children(i).map(|c| self.to_value(c)).collect())
            }
            Node::Object { .. } => {
                let mut map = Map::new();
                for k in self.children(i) {
                    map.insert(self.str_at(k).to_string(), self.to_value(k + 1));
                }
                Value::Object(map)
            }
        }
    }

    /// Starts a container at the end; `close` fills in its length and size.
    pub(crate) fn open(&mut self, object: bool) -> usize {
        let at = self.nodes.len();
        self.push_leaf(if object {
            Node::Object { len: 0, size: 0 }
        } else {
            Node::Array { len: 0, size: 0 }
        });
        at
    }

    /// Completes the container opened at `at` with `len` children.
    pub(crate) fn close(&mut self, at: usize, len: usize) {
        let size = (self.nodes.len() - at) as u32;
        let len = len as u32;
        self.nodes[at] = Packed::pack(match self.nodes[at].unpack() {
            Node::Object { .. } => Node::Object { len, size },
            _ => Node::Array { len, size },
        });
    }

    /// Appends a string node holding `s`.
    pub(crate) fn push_str(&mut self, s: &str) {
        let start = self.strings.len() as u32;
        self.strings.push_str(s);
        self.push_leaf(Node::Str {
            start,
            len: s.len() as u32,
        });
    }

    /// Adds `s` to the string arena and returns a node for it, without
    /// appending the node (see `push_leaf`).
    pub(crate) fn intern(&mut self, s: &str) -> Node {
        let start = self.strings.len() as u32;
        self.strings.push_str(s);
        Node::Str {
            start,
            len: s.len() as u32,
        }
    }

    /// Appends a copy of `from`'s subtree at `i` (strings included).
    pub(crate) fn copy_subtree(&mut self, from: &Tape, i: usize) {
        let base = self.strings.len() as u32;
        let first = from.nodes[i..i + from.size(i)]
            .iter()
            .filter_map(|n| match n.unpack() {
                Node::Str { start, .. } => Some(start),
                _ => None,
            })
            .min();
        let Some(first) = first else {
            self.nodes
                .extend_from_slice(&from.nodes[i..i + from.size(i)]);
            return;
        };
        let last = from.nodes[i..i + from.size(i)]
            .iter()
            .filter_map(|n| match n.unpack() {
                Node::Str { start, len } => Some(start + len),
                _ => None,
            })
            .max()
            .unwrap_or(first);
        self.strings
            .push_str(&from.strings[first as usize..last as usize]);
        self.nodes.extend(
            from.nodes[i..i + from.size(i)]
                .iter()
                .map(|n| match n.unpack() {
                    Node::Str { start, len } => Packed::pack(Node::Str {
                        start: start - first + base,
                        len,
                    }),
                    _ => *n,
                }),
        );
    }

    /// Appends a leaf node.
    #[inline]
    pub(crate) fn push_leaf(&mut self, node: Node) {
        self.nodes.push(Packed::pack(node));
    }

    fn append_value(&mut self, v: &Value) {
        match v {
            Value::Null => self.push_leaf(Node::Null),
            Value::Bool(b) => self.push_leaf(Node::Bool(*b)),
            Value::Number(n) => self.push_leaf(if let Some(u) = n.as_u64() {
                Node::Uint(u)
            } else if let Some(i) = n.as_i64() {
                Node::Int(i)
            } else {
                Node::Float(n.as_f64().unwrap_or(0.0))
            }),
            Value::String(s) => self.push_str(s),
            Value::Array(items) => {
                let at = self.open(false);
                for item in items {
                    self.append_value(item);
                }
                self.close(at, items.len());
            }
            Value::Object(map) => {
                let at = self.open(true);
                for (k, item) in map {
                    self.push_str(k);
                    self.append_value(item);
                }
                self.close(at, map.len());
            }
        }
    }

    fn index(&self) -> Result<u32, serde_json::Error> {
        u32::try_from(self.nodes.len())
            .ok()
            .filter(|_| self.strings.len() < u32::MAX as usize)
            .ok_or_else(|| serde::de::Error::custom(TOO_LARGE))
    }
}

/// The children of one container; see `Tape::children`.
pub struct Children<'t> {
    tape: &'t Tape,
    next: usize,
    left: usize,
    pairs: bool,
}

impl Iterator for Children<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let at = self.next;
        self.next = if self.pairs {
            at + 1 + self.tape.size(at + 1)
        } else {
            at + self.tape.size(at)
        };
        Some(at)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Children<'_> {}

thread_local! {
    /// The tape `parse_json_stream` is building, for `Doc` to append to.
    static BUILDING: std::cell::RefCell<Tape> = std::cell::RefCell::new(Tape::new());
}

/// One top-level document of a JSON stream, appended to `BUILDING` as a
/// new root while it is decoded.
struct Doc;

impl<'de> serde::Deserialize<'de> for Doc {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Doc, D::Error> {
        BUILDING.with_borrow_mut(|tape| {
            let root = tape.index().map_err(serde::de::Error::custom)?;
            tape.roots.push(root);
            Build(tape).deserialize(d).map(|()| Doc)
        })
    }
}

/// Appends one decoded value to the tape (the same decisions as decoding a
/// `serde_json::Value`: a float that is not finite becomes null).
struct Build<'t>(&'t mut Tape);

impl<'de> DeserializeSeed<'de> for Build<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Build<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<(), E> {
        self.0.push_leaf(Node::Bool(b));
        Ok(())
    }

    fn visit_i64<E>(self, n: i64) -> Result<(), E> {
        // As serde_json::Number: non-negative integers are unsigned.
        self.0
            .push_leaf(u64::try_from(n).map_or(Node::Int(n), Node::Uint));
        Ok(())
    }

    fn visit_u64<E>(self, n: u64) -> Result<(), E> {
        self.0.push_leaf(Node::Uint(n));
        Ok(())
    }

    fn visit_f64<E>(self, f: f64) -> Result<(), E> {
        self.0.push_leaf(if f.is_finite() {
            Node::Float(f)
        } else {
            Node::Null
        });
        Ok(())
    }

    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<(), E> {
        if self.0.strings.len() + s.len() >= u32::MAX as usize {
            return Err(E::custom(TOO_LARGE));
        }
        self.0.push_str(s);
        Ok(())
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        self.0.push_leaf(Node::Null);
        Ok(())
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<(), E> {
        self.visit_unit()
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let tape = self.0;
        tape.index().map_err(serde::de::Error::custom)?;
        let at = tape.open(false);
        let mut len = 0;
        while seq.next_element_seed(Build(tape))?.is_some() {
            len += 1;
        }
        tape.close(at, len);
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let tape = self.0;
        tape.index().map_err(serde::de::Error::custom)?;
        let at = tape.open(true);
        let mut len = 0;
        while map.next_key_seed(Key(tape))?.is_some() {
            map.next_value_seed(Build(tape))?;
            len += 1;
        }
        tape.close(at, len);
        Ok(())
    }
}

/// Appends an object key as a string node.
struct Key<'t>(&'t mut Tape);

impl<'de> DeserializeSeed<'de> for Key<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string key")
    }

    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<(), E> {
        Build(self.0).visit_str(s)
    }
}

mod share;
pub(crate) use share::Shared;

#[cfg(test)]
mod tests;

//! AggregatedStatusItem lists (status files, test cases), normalized as Go's
//! struct round trip does and kept on a tape: no `Value` tree per item.

use serde_json::Value;
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::cluster::{self, ObjectRef, StatusShape};
use super::tape::{Node, Shared, Tape};
use super::yaml::{DocSink, each_document};
use crate::diag::Diagnostic;

/// Hands a mapped text back to the system behind a reader's cursor (see
/// `read_released`): now and then, what is more than `KEEP` bytes behind
/// it (text a reader looks back at stays in place; anything it reads
/// again is only mapped again).
struct Passing<'t> {
    release: &'t dyn Fn(*const u8),
    text: &'t [u8],
    /// Where the text was last handed back.
    released: usize,
}

impl<'t> Passing<'t> {
    /// Bytes kept behind the cursor, and how much is handed back at once.
    const KEEP: usize = 64 << 10;
    const EVERY: usize = 1 << 20;

    fn new(release: &'t dyn Fn(*const u8), text: &'t str) -> Passing<'t> {
        Passing {
            release,
            text: text.as_bytes(),
            released: 0,
        }
    }

    /// The reader is at byte `at` of the text.
    #[inline]
    fn at(&mut self, at: usize) {
        if at >= self.released + Self::EVERY + Self::KEEP {
            self.released = (at - Self::KEEP).min(self.text.len());
            (self.release)(self.text[self.released..].as_ptr());
        }
    }
}

/// Normalizes each document's items as soon as it is read, so that
/// neither the decoded values of a long stream nor their tape are ever
/// all held: only the normalized items are. A mapped text is handed back
/// as the reader passes it.
struct NormSink<'n> {
    scratch: Tape,
    items: Normalizer<'n>,
    passing: Option<Passing<'n>>,
}

impl DocSink for NormSink<'_> {
    fn doc(&mut self, v: Value) -> Result<(), Diagnostic> {
        self.scratch.push_root(&v);
        // Freed before its items are written: the memory is reused.
        drop(v);
        self.items.doc(&self.scratch, 0);
        self.scratch.clear();
        Ok(())
    }

    fn restart(&mut self) {
        self.items.restart();
    }

    /// A list document of a status file holds items: each is taken as it
    /// is read, and a long list is never held whole.
    fn takes_elements(&self) -> bool {
        self.items.unroll
    }

    fn list(&mut self) {
        self.items.list();
    }

    fn element(&mut self, v: Value) {
        self.scratch.push_root(&v);
        drop(v);
        self.items.element(&self.scratch, 0);
        self.scratch.clear();
    }

    fn passed(&mut self, at: usize) {
        if let Some(passing) = &mut self.passing {
            passing.at(at);
        }
    }
}

/// Normalized status items: one array node (the tape's first) whose
/// elements are objects with `clusterName`, then `status`, `applied`,
/// `appliedMessage` and `health` when set.
#[derive(Debug)]
pub struct StatusItems {
    /// Behind a lock so that items marked `spent_on_use` can be taken by
    /// their one conversion into Lua through a shared reference.
    tape: Mutex<Tape>,
    spend: bool,
}

/// The tape node holding the items.
const ROOT: usize = 0;

impl Clone for StatusItems {
    fn clone(&self) -> StatusItems {
        StatusItems {
            tape: Mutex::new(self.lock().clone()),
            spend: self.spend,
        }
    }
}

impl PartialEq for StatusItems {
    fn eq(&self, other: &StatusItems) -> bool {
        std::ptr::eq(self, other) || *self.lock() == *other.lock()
    }
}

impl StatusItems {
    /// Reads a status file: YAML or JSON documents, each an item or a list
    /// of items. `name` is used in error messages. Warnings are dropped:
    /// see `read`.
    pub fn parse(name: &str, text: &str) -> Result<StatusItems, Diagnostic> {
        Self::read(name, text).map(|(items, _)| items)
    }

    /// Reads a status file, keeping the warnings reading it raised. A file
    /// without any document holds no items, as `[]` does.
    pub fn read(name: &str, text: &str) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
        decode(name, text)
    }

    /// `read`, taking the text: it is freed once decoded.
    pub fn read_text(
        name: &str,
        text: String,
    ) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
        decode(name, &text)
    }

    /// `read_text` for a run on `object`: a Work in the file gives that
    /// object's item (see `cluster::work_item`).
    pub fn read_text_for(
        name: &str,
        text: String,
        object: Option<&ObjectRef>,
    ) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
        decode_with(name, &text, true, None, object)
    }

    /// `read` for a mapped file's text: the pages the reader has passed
    /// are given back to the system as it goes (`release` takes an
    /// address inside `text`; the pages before it are not needed again).
    pub(crate) fn read_released(
        name: &str,
        text: &str,
        release: &dyn Fn(*const u8),
        object: Option<&ObjectRef>,
    ) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
        decode_with(name, text, true, Some(release), object)
    }

    /// No items.
    pub fn empty() -> StatusItems {
        StatusItems::on(empty_tape())
    }

    fn on(tape: Tape) -> StatusItems {
        StatusItems {
            tape: Mutex::new(tape),
            spend: false,
        }
    }

    /// These items, to be converted into Lua once: that conversion takes
    /// them and frees their memory as it goes, and they are empty after
    /// it. For a program that runs one operation on a large status file
    /// (the CLI), so that the items are not held twice.
    pub fn spent_on_use(mut self) -> StatusItems {
        self.spend = true;
        self
    }

    fn lock(&self) -> MutexGuard<'_, Tape> {
        self.tape.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Calls `f` with the tape and its node holding the items.
    pub(crate) fn with_tape<R>(&self, f: impl FnOnce(&Tape, usize) -> R) -> R {
        f(&self.lock(), ROOT)
    }

    /// The tape, taken (these items become empty), if they are marked
    /// `spent_on_use`.
    pub(crate) fn take_spent(&self) -> Option<(Tape, usize)> {
        self.spend
            .then(|| (std::mem::replace(&mut *self.lock(), empty_tape()), ROOT))
    }

    /// Normalizes `items`, one item each (a list is not unrolled).
    pub fn from_values(name: &str, items: &[Value]) -> Result<StatusItems, Diagnostic> {
        let mut norm = Normalizer::new(name, false, Tape::new());
        let mut scratch = Tape::new();
        for item in items {
            scratch.push_root(item);
            norm.doc(&scratch, 0);
            scratch.clear();
        }
        norm.finish()
    }

    /// How many items there are.
    pub fn len(&self) -> usize {
        self.lock().children(ROOT).len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The items as JSON values.
    pub fn to_values(&self) -> Vec<Value> {
        let tape = self.lock();
        tape.children(ROOT).map(|i| tape.to_value(i)).collect()
    }

    /// Appends `other`'s items after these.
    pub fn extend(&mut self, other: &StatusItems) {
        let n = self.len() + other.len();
        let other = other.lock();
        let tape = self.tape.get_mut().unwrap_or_else(PoisonError::into_inner);
        for i in other.children(ROOT) {
            tape.copy_subtree(&other, i);
        }
        // The root is the first container opened on the tape and spans
        // it, so the copies land inside it.
        tape.close(ROOT, n);
    }
}

/// Decodes a status file's documents and normalizes their items; none
/// is an error. A decoding error anywhere wins over an item's error.
fn decode(name: &str, text: &str) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
    decode_with(name, text, true, None, None)
}

/// `decode`, trying the fast reader first if `fast`; that reader hands
/// `release` the text it has passed.
fn decode_with(
    name: &str,
    text: &str,
    fast: bool,
    release: Option<&dyn Fn(*const u8)>,
    object: Option<&ObjectRef>,
) -> Result<(StatusItems, Vec<Diagnostic>), Diagnostic> {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let mut items = Normalizer::new(name, true, Tape::new());
    items.object = object;
    // Reserved, not touched: the normalized items take about as many
    // nodes as the text has bytes over 8. The strings are reserved after
    // the nodes, at the heap's top, where they grow in place; little room
    // is taken for them (repeated strings are stored once), as a large
    // room would leave malloc's header for the rest of the heap far past
    // them, on a page (2 MiB with huge pages) that nothing else uses.
    items.room = Some((text.len() / 4, text.len() / 64 + 4096));
    let room = items.room;
    let fast =
        fast && trimmed.starts_with(['{', '[']) && fast::read(trimmed, &mut items, release).is_ok();
    if !fast {
        items.restart();
        items.room = room;
    }
    let json = fast
        || trimmed.starts_with(['{', '[']) && {
            // One document at a time: a stream's are small; a list is one
            // document, reserved (not touched) as for any tape.
            let mut scratch = match trimmed.starts_with('[') {
                true => Tape::with_capacity(text.len() / 4, text.len() + 64),
                false => Tape::new(),
            };
            Tape::decode_json_stream(trimmed, &mut scratch, |doc| {
                items.doc(doc, 0);
                doc.clear();
            })
            .is_ok()
        };
    let warnings = match json {
        true => Vec::new(),
        // Not JSON: YAML, or an error the YAML reader reports. Each
        // document is normalized as soon as it is read.
        false => {
            items.restart();
            // Not reserved: with huge pages, the first document would
            // touch 2 MiB of a reservation (a list, which is one document,
            // is dominated by its decoded value anyway).
            let mut sink = NormSink {
                scratch: Tape::new(),
                items,
                passing: release.map(|release| Passing::new(release, text)),
            };
            let warnings = each_document(name, text, &mut sink)?;
            items = sink.items;
            warnings
        }
    };
    Ok((items.finish()?, warnings))
}

#[path = "status_fast.rs"]
mod fast;

/// A tape holding an empty array.
fn empty_tape() -> Tape {
    let mut tape = Tape::new();
    let root = tape.open(false);
    tape.close(root, 0);
    tape
}

/// The fields of Go's AggregatedStatusItem, in its JSON field order.
const FIELDS: [&str; 5] = [
    "clusterName",
    "status",
    "applied",
    "appliedMessage",
    "health",
];

/// One item's fields as read: node indices on the input tape.
#[derive(Default)]
struct Fields {
    cluster: Option<usize>,
    status: Option<usize>,
    applied: bool,
    applied_message: Option<usize>,
    health: Option<usize>,
    /// A `kind` key's string value: the document is an object as
    /// `kubectl get` prints it, not an item.
    kind: Option<usize>,
}

/// The normalized items of the documents read so far, on a tape whose
/// first node is their array.
struct Normalizer<'n> {
    name: &'n str,
    /// Whether a document that is an array holds items (a status file)
    /// or is one (a test case's item).
    unroll: bool,
    out: Tape,
    keys: [Node; 5],
    empty: Node,
    shared: Shared,
    items: usize,
    docs: usize,
    /// Whether a list document came element by element (`list`).
    listed: bool,
    /// The first item that could not be read: later ones are not.
    error: Option<Diagnostic>,
    /// Nodes and string bytes to reserve once the first document is read
    /// (and a list's decoded value freed, so that its memory is reused).
    room: Option<(usize, usize)>,
    /// The object whose item a Work gives (see `cluster::work_item`).
    object: Option<&'n ObjectRef>,
}

impl<'n> Normalizer<'n> {
    fn new(name: &'n str, unroll: bool, mut out: Tape) -> Normalizer<'n> {
        out.clear();
        out.open(false);
        let keys = FIELDS.map(|f| out.intern(f));
        let empty = out.intern("");
        Normalizer {
            name,
            unroll,
            out,
            keys,
            empty,
            shared: Shared::default(),
            items: 0,
            docs: 0,
            listed: false,
            error: None,
            room: None,
            object: None,
        }
    }

    /// Forgets every document taken so far.
    fn restart(&mut self) {
        let out = std::mem::take(&mut self.out);
        let (room, object) = (self.room, self.object);
        *self = Normalizer::new(self.name, self.unroll, out);
        self.room = room;
        self.object = object;
    }

    /// A document starts: it is counted, and the first one reserves the
    /// room (see `room`).
    fn begin(&mut self) {
        self.docs += 1;
        if let Some((nodes, strings)) = self.room.take() {
            self.out.reserve(nodes, strings);
        }
    }

    /// Takes the items of the document at `root` of `input`.
    fn doc(&mut self, input: &Tape, root: usize) {
        self.begin();
        if self.error.is_some() {
            return;
        }
        let result = match input.node(root) {
            // karmadactl skips a `null` document of a file, JSON streams too.
            Node::Null if self.unroll => Ok(()),
            Node::Array { .. } if self.unroll => input
                .children(root)
                .try_for_each(|item| self.item(input, item)),
            _ => self.item(input, root),
        };
        self.error = result.err();
    }

    /// A document that is a list of items starts; `element` takes each.
    fn list(&mut self) {
        self.begin();
        self.listed = true;
    }

    /// Takes one item of the list begun last, as `doc` takes each item
    /// of a list document.
    fn element(&mut self, input: &Tape, item: usize) {
        if self.error.is_none() {
            self.error = self.item(input, item).err();
        }
    }

    fn item(&mut self, input: &Tape, item: usize) -> Result<(), Diagnostic> {
        let f = read_fields(self.name, input, item)?;
        if let Some(kind) = f.kind.filter(|_| self.unroll) {
            return self.object_items(input, item, input.str_at(kind), "");
        }
        self.write(input, &f)
    }

    /// The items of an object as `kubectl get` prints it: a binding's
    /// `status.aggregatedStatus`, a Work's item for the run's object, a
    /// List's items; any other kind is an error naming it. `api_version`
    /// is the one a typed list gives items that do not name theirs.
    fn object_items(
        &mut self,
        input: &Tape,
        at: usize,
        kind: &str,
        api_version: &str,
    ) -> Result<(), Diagnostic> {
        let api_version = member(input, at, "apiVersion")
            .filter(|&v| matches!(input.node(v), Node::Str { .. }))
            .map_or(api_version, |v| input.str_at(v));
        let name = self.name;
        let fail = |m: String| Diagnostic::input(m).in_file(name);
        match cluster::status_shape(api_version, kind) {
            StatusShape::Binding => {
                let Some(items) =
                    member(input, at, "status").and_then(|s| member(input, s, "aggregatedStatus"))
                else {
                    return Ok(());
                };
                if !matches!(input.node(items), Node::Array { .. }) {
                    return Err(fail(format!(
                        "fail to get status items: json: cannot unmarshal {} into Go struct field ResourceBindingStatus.status.aggregatedStatus of type []v1alpha2.AggregatedStatusItem",
                        self::kind(input.node(items))
                    )));
                }
                for item in input.children(items) {
                    let f = read_fields(name, input, item)?;
                    self.write(input, &f)?;
                }
                Ok(())
            }
            StatusShape::Work => self.works(&[input.to_value(at)]),
            StatusShape::List => {
                let Some(items) = member(input, at, "items")
                    .filter(|&i| matches!(input.node(i), Node::Array { .. }))
                else {
                    return Err(fail(cluster::not_a_status_input(api_version, kind))
                        .with_hint(cluster::STATUS_INPUTS));
                };
                let implied = cluster::implied_item_kind(kind);
                // Works in a row give their items ordered by cluster, as
                // a binding's are.
                let mut works = Vec::new();
                for (n, item) in input.children(items).enumerate() {
                    let own = member(input, item, "kind")
                        .filter(|&k| matches!(input.node(k), Node::Str { .. }))
                        .map(|k| input.str_at(k));
                    let Some(item_kind) = own.or(implied) else {
                        return Err(fail(format!(
                            "fail to get status items: item {} of the {kind} names no kind",
                            n + 1
                        ))
                        .with_hint(cluster::STATUS_INPUTS));
                    };
                    let item_api =
                        member(input, item, "apiVersion").map_or(api_version, |v| input.str_at(v));
                    if cluster::status_shape(item_api, item_kind) == StatusShape::Work {
                        works.push(input.to_value(item));
                        continue;
                    }
                    self.works(&std::mem::take(&mut works))?;
                    self.object_items(input, item, item_kind, api_version)?;
                }
                self.works(&works)
            }
            StatusShape::Other => Err(fail(cluster::not_a_status_input(api_version, kind))
                .with_hint(cluster::STATUS_INPUTS)),
        }
    }

    /// The items of `works` (in a row) for the run's object.
    fn works(&mut self, works: &[Value]) -> Result<(), Diagnostic> {
        if works.is_empty() {
            return Ok(());
        }
        let name = self.name;
        let Some(object) = self.object else {
            return Err(Diagnostic::input(
                "fail to get status items: a Work gives the status of one object, and none is given",
            )
            .in_file(name)
            .with_hint("give the object with --desired-file or --observed-file"));
        };
        let items =
            cluster::works_items(works, object).map_err(|m| Diagnostic::input(m).in_file(name))?;
        let mut scratch = Tape::new();
        for item in &items {
            scratch.clear();
            scratch.push_root(item);
            let f = read_fields(name, &scratch, 0)?;
            self.write(&scratch, &f)?;
        }
        Ok(())
    }

    /// Writes one item whose fields are read.
    fn write(&mut self, input: &Tape, f: &Fields) -> Result<(), Diagnostic> {
        write_item(self, input, f);
        self.items += 1;
        let (nodes, strings) = self.out.extent();
        if nodes >= u32::MAX as usize || strings >= u32::MAX as usize {
            return Err(Diagnostic::input("input too large").in_file(self.name));
        }
        Ok(())
    }

    /// The items, or the first error. A file without any document (empty,
    /// blank or only comments) holds no items, as for karmadactl:
    /// AggregateStatus over no member clusters is an ordinary case.
    fn finish(mut self) -> Result<StatusItems, Diagnostic> {
        if let Some(e) = self.error {
            return Err(e);
        }
        self.out.close(ROOT, self.items);
        // The room reserved and not used goes back to the allocator, to
        // be reused by the Lua tables made of the items. Not the nodes'
        // after a single (large) document: the allocator would then serve
        // the tables from that room, untouched memory, before the memory
        // the decoded document just freed (measured: +8 MiB for a list of
        // 50 000 items; -2 MiB for a stream of them). A list read element
        // by element is a stream in this respect.
        self.out.shrink_to_fit(self.docs > 1 || self.listed);
        Ok(StatusItems::on(self.out))
    }
}

/// Whether `key` names the ASCII field `field` under encoding/json's
/// folding (`unicode.ToUpper(unicode.ToLower(r))` for a character outside
/// ASCII): the few such characters that fold to an ASCII letter are the
/// long s, the Kelvin sign and the two dotted and dotless i's.
fn go_fold_eq(field: &str, key: &str) -> bool {
    let folded = key.chars().map(|c| match c {
        '\u{17F}' => 'S',
        '\u{212A}' => 'K',
        '\u{130}' | '\u{131}' => 'I',
        c => c.to_ascii_uppercase(),
    });
    folded.eq(field.chars().map(|c| c.to_ascii_uppercase()))
}

/// Applies Go's decoding rules: keys match case-insensitively (the last
/// one wins), unknown keys are ignored, null leaves a field as it was.
fn read_fields(name: &str, t: &Tape, item: usize) -> Result<Fields, Diagnostic> {
    if !matches!(t.node(item), Node::Object { .. }) {
        return Err(Diagnostic::input(format!(
            "fail to get status items: json: cannot unmarshal {} into Go value of type v1alpha2.AggregatedStatusItem",
            kind(t.node(item))
        ))
        .in_file(name));
    }
    let mut f = Fields::default();
    for k in t.children(item) {
        let key = t.str_at(k);
        // The length first: most keys of a long file are exactly a field.
        let Some(field) = FIELDS
            .iter()
            .find(|f| f.len() == key.len() && (**f == key || f.eq_ignore_ascii_case(key)))
            .or_else(|| match key.is_ascii() {
                true => None,
                false => FIELDS.iter().find(|f| go_fold_eq(f, key)),
            })
        else {
            if key == "kind" && matches!(t.node(k + 1), Node::Str { .. }) {
                f.kind = Some(k + 1);
            }
            continue;
        };
        let v = k + 1;
        let node = t.node(v);
        if node == Node::Null {
            continue;
        }
        let type_err = |want: &str| {
            Diagnostic::input(format!(
                "fail to get status items: json: cannot unmarshal {} into Go struct field AggregatedStatusItem.{field} of type {want}",
                kind(node)
            ))
            .in_file(name)
        };
        let is_str = matches!(node, Node::Str { .. });
        match *field {
            "health" if !is_str => return Err(type_err("v1alpha2.ResourceHealth")),
            "clusterName" | "appliedMessage" if !is_str => return Err(type_err("string")),
            "clusterName" => f.cluster = Some(v),
            "appliedMessage" => f.applied_message = Some(v),
            "health" => f.health = Some(v),
            "status" => f.status = Some(v),
            _ => match node {
                Node::Bool(b) => f.applied = b,
                _ => return Err(type_err("bool")),
            },
        }
    }
    Ok(f)
}

/// The value node of `key` in the object at `at` (the last one; none
/// when null).
fn member(t: &Tape, at: usize, key: &str) -> Option<usize> {
    if !matches!(t.node(at), Node::Object { .. }) {
        return None;
    }
    t.children(at)
        .filter(|&k| t.str_at(k) == key)
        .last()
        .map(|k| k + 1)
        .filter(|&v| t.node(v) != Node::Null)
}

/// Writes one normalized item: empty strings and `applied: false` are
/// left out (omitempty), `clusterName` is always there.
fn write_item(n: &mut Normalizer, from: &Tape, f: &Fields) {
    let t = &mut n.out;
    let at = t.open(true);
    let mut len = 1;
    t.push_leaf(n.keys[0]);
    match f.cluster {
        Some(i) => t.copy_subtree_sharing(from, i, &mut n.shared),
        None => t.push_leaf(n.empty),
    }
    if let Some(s) = f.status {
        t.push_leaf(n.keys[1]);
        t.copy_subtree_sharing(from, s, &mut n.shared);
        len += 1;
    }
    if f.applied {
        t.push_leaf(n.keys[2]);
        t.push_leaf(Node::Bool(true));
        len += 1;
    }
    for (key, value) in [(n.keys[3], f.applied_message), (n.keys[4], f.health)] {
        if let Some(v) = value.filter(|&v| !from.str_at(v).is_empty()) {
            t.push_leaf(key);
            t.copy_subtree_sharing(from, v, &mut n.shared);
            len += 1;
        }
    }
    t.close(at, len);
}

/// Go's word for a JSON value's kind in unmarshal errors.
fn kind(node: Node) -> &'static str {
    match node {
        Node::Null => "null",
        Node::Bool(_) => "bool",
        Node::Int(_) | Node::Uint(_) | Node::Float(_) => "number",
        Node::Str { .. } => "string",
        Node::Array { .. } => "array",
        Node::Object { .. } => "object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The offsets in `text` that reading it as the status file `name`
    /// hands to `release`, checking that it holds `count` items, the same
    /// as read without `release`.
    pub(super) fn released_points(name: &str, text: &str, count: usize) -> Vec<usize> {
        let base = text.as_ptr() as usize;
        let seen = std::cell::RefCell::new(Vec::new());
        let record = |at: *const u8| seen.borrow_mut().push(at as usize - base);
        let (items, _) = decode_with(name, text, true, Some(&record), None).unwrap();
        let (plain, _) = decode_with(name, text, true, None, None).unwrap();
        assert_eq!(items.len(), count, "{name}");
        assert_eq!(items.to_values(), plain.to_values(), "{name}");
        seen.into_inner()
    }

    /// A long YAML stream, and the same items as one YAML list, hand
    /// `release` points behind the reader to the end of the text, in
    /// order, `Passing::EVERY` bytes apart at least and keeping the last
    /// `Passing::KEEP`; the items are those read without it.
    #[test]
    fn release_is_handed_the_yaml_text_passed() {
        let item =
            "clusterName: member\nhealth: Healthy\nstatus:\n  replicas: 3\n  readyReplicas: 2\n";
        // Past two steps of `Passing::EVERY` and `KEEP`, as a stream.
        let count = ((2 << 20) + (256 << 10)) / (item.len() + 4);
        let stream = format!("---\n{item}").repeat(count);
        let indented = item.replace('\n', "\n  ");
        let list = format!("- {}\n", indented.trim_end()).repeat(count);
        for text in [stream, list] {
            let seen = released_points("s.yaml", &text, count);
            let (every, keep) = (Passing::EVERY, Passing::KEEP);
            assert!(seen.len() >= 2 && seen[0] >= every, "{seen:?}");
            assert!(seen.windows(2).all(|w| w[1] >= w[0] + every), "{seen:?}");
            // Up to the end: the last is within one step (and an item) of it.
            let last = seen[seen.len() - 1];
            assert!(last + keep <= text.len(), "{seen:?}");
            assert!(last + keep + every + 100 >= text.len(), "{seen:?}");
        }
    }

    /// The reader's place is handed back only past `EVERY` bytes beyond
    /// the last, less `KEEP`, and never past the text's end.
    #[test]
    fn passing_hands_back_behind_the_cursor() {
        let text = "x".repeat(4 << 20);
        let base = text.as_ptr() as usize;
        let seen = std::cell::RefCell::new(Vec::new());
        let record = |at: *const u8| seen.borrow_mut().push(at as usize - base);
        let mut passing = Passing::new(&record, &text);
        let (every, keep) = (Passing::EVERY, Passing::KEEP);
        for at in [
            0,
            every,
            every + keep - 1,
            every + keep,
            every + keep + 10,
            2 * every + keep,
        ] {
            passing.at(at);
        }
        assert_eq!(*seen.borrow(), [every, 2 * every]);
    }

    #[test]
    fn normalized_as_go_decodes() {
        let items = StatusItems::parse(
            "s.yaml",
            "- ClusterName: m1\n  applied: false\n  health: ''\n  status: {a: 1}\n  extra: 1\n- clusterName: m2\n  applied: true\n",
        )
        .unwrap();
        assert_eq!(
            items.to_values(),
            vec![
                json!({"clusterName": "m1", "status": {"a": 1}}),
                json!({"clusterName": "m2", "applied": true}),
            ]
        );
    }

    #[test]
    fn omitempty_and_null_cluster() {
        let items = StatusItems::parse(
            "s.json",
            r#"[{"clusterName": "m1", "applied": true, "health": "Healthy", "appliedMessage": "ok", "status": {"a": null}},
                {"status": {}}, {"clusterName": null}]"#,
        )
        .unwrap();
        assert_eq!(
            items.to_values(),
            vec![
                json!({"clusterName": "m1", "applied": true, "health": "Healthy", "appliedMessage": "ok", "status": {"a": null}}),
                json!({"clusterName": "", "status": {}}),
                json!({"clusterName": ""})
            ]
        );
    }

    #[test]
    fn json_stream_of_items_and_lists() {
        let items = StatusItems::parse(
            "s.json",
            r#"[{"clusterName":"a","health":"Healthy"}] {"status":{"x":[1,null]},"appliedMessage":"m"}"#,
        )
        .unwrap();
        assert_eq!(
            items.to_values(),
            vec![
                json!({"clusterName": "a", "health": "Healthy"}),
                json!({"clusterName": "", "status": {"x": [1, null]}, "appliedMessage": "m"}),
            ]
        );
    }

    #[test]
    fn yaml_lists_read_item_by_item_as_streams() {
        // A list document is taken element by element; the items, and the
        // first item's error, are those of the same items as a stream.
        let list = "- clusterName: a\n  status:\n    x: [1, 2]\n- clusterName: b\n  applied: true\n---\n- health: Healthy\n";
        let stream = "clusterName: a\nstatus:\n  x: [1, 2]\n---\nclusterName: b\napplied: true\n---\nhealth: Healthy\n";
        let items = StatusItems::parse("s.yaml", list).unwrap();
        assert_eq!(items, StatusItems::parse("s.yaml", stream).unwrap());
        assert_eq!(
            items.to_values(),
            vec![
                json!({"clusterName": "a", "status": {"x": [1, 2]}}),
                json!({"clusterName": "b", "applied": true}),
                json!({"clusterName": "", "health": "Healthy"}),
            ]
        );
        let bad = "- clusterName: a\n- 5\n- null\n";
        assert_eq!(
            StatusItems::parse("s.yaml", bad).unwrap_err().to_string(),
            "s.yaml: fail to get status items: json: cannot unmarshal number into Go value of type v1alpha2.AggregatedStatusItem"
        );
    }

    #[test]
    fn later_keys_win_and_null_keeps() {
        let items = StatusItems::parse(
            "s.json",
            r#"{"clusterName":"a","ClusterName":"b","clustername":null,"applied":true,"APPLIED":false}"#,
        )
        .unwrap();
        assert_eq!(items.to_values(), vec![json!({"clusterName": "b"})]);
    }

    #[test]
    fn type_errors_name_the_field() {
        let err = StatusItems::parse("s.yaml", "clusterName: 5\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "s.yaml: fail to get status items: json: cannot unmarshal number into Go struct field AggregatedStatusItem.clusterName of type string"
        );
        let err = StatusItems::parse("s.yaml", "health: [1]\n").unwrap_err();
        assert!(err.to_string().ends_with("array into Go struct field AggregatedStatusItem.health of type v1alpha2.ResourceHealth"), "{err}");
        let err = StatusItems::parse("s.json", "[1]").unwrap_err();
        assert!(
            err.to_string().ends_with(
                "cannot unmarshal number into Go value of type v1alpha2.AggregatedStatusItem"
            ),
            "{err}"
        );
    }

    #[test]
    fn a_decoding_error_after_a_bad_item_wins() {
        // Items are normalized while the file is still being decoded; the
        // first bad item is kept, but a later syntax error is reported.
        let err = StatusItems::parse("s.json", "{\"clusterName\": 5}\n{\"a\": 1\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "s.json:3: invalid JSON: EOF while parsing an object"
        );
        let err = StatusItems::parse("s.yaml", "clusterName: 5\n---\na: [1\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "s.yaml:4:1: invalid YAML: did not find expected ',' or ']'"
        );
        // Without one, the first bad item (not a later one) is.
        let err = StatusItems::parse("s.json", "{}\n{\"health\": 1}\n{\"clusterName\": 2}\n[5]\n")
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("field AggregatedStatusItem.health of type"),
            "{err}"
        );
    }

    #[test]
    fn a_file_without_documents_holds_no_items() {
        assert!(StatusItems::from_values("c.yaml", &[]).unwrap().is_empty());
        for text in ["", "# nothing\n", "  \n", "[]"] {
            assert!(
                StatusItems::parse("s.yaml", text).unwrap().is_empty(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn from_values_does_not_unroll() {
        let err = StatusItems::from_values("c.yaml", &[json!([])]).unwrap_err();
        assert!(err.to_string().contains("cannot unmarshal array"), "{err}");
        let items = StatusItems::from_values("c.yaml", &[json!({"clusterName": "x"})]).unwrap();
        assert_eq!(items.len(), 1);
    }

    #[test]
    fn bindings_give_their_aggregated_status_and_other_kinds_are_errors() {
        let plain = StatusItems::parse(
            "s.yaml",
            "clusterName: a\napplied: true\n---\nclusterName: b\n",
        )
        .unwrap();
        assert_eq!(plain.len(), 2);
        // Inside a binding, an item's `kind` is an unknown field (in a
        // status file, it makes the document an object).
        let binding = "apiVersion: work.karmada.io/v1alpha2
kind: ClusterResourceBinding
metadata: {name: x}
status:
  aggregatedStatus:
  - clusterName: a
    applied: true
    kind: ignored
  - clusterName: b
";
        let indented = binding.trim_end().replace('\n', "\n  ");
        let list = format!("apiVersion: v1\nkind: List\nitems:\n- {indented}\n");
        for text in [binding, &list] {
            assert_eq!(
                StatusItems::parse("s.yaml", text).unwrap().to_values(),
                plain.to_values(),
                "{text}"
            );
        }
        let json =
            serde_json::to_string(&crate::input::parse_documents("b.yaml", binding).unwrap()[0])
                .unwrap();
        assert_eq!(
            StatusItems::parse("s.json", &json).unwrap().to_values(),
            plain.to_values()
        );
        // No aggregatedStatus: no items.
        let bare = "apiVersion: work.karmada.io/v1alpha2\nkind: ResourceBinding\nstatus: {}\n";
        assert!(StatusItems::parse("s.yaml", bare).unwrap().is_empty());
        for (text, what) in [
            (
                "{\"apiVersion\": \"apps/v1\", \"kind\": \"Deployment\"}",
                "Deployment (apps/v1)",
            ),
            (
                "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: ConfigMap}\n",
                "ConfigMap (v1)",
            ),
            (
                "apiVersion: example.io/v1\nkind: Work\n",
                "Work (example.io/v1)",
            ),
            ("- clusterName: a\n- kind: Pod\n", "Pod"),
        ] {
            let err = StatusItems::parse("s.yaml", text).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(
                    "s.yaml: fail to get status items: found an object of kind {what}, which holds no status items"
                ),
                "{text}"
            );
            assert_eq!(err.hints, [cluster::STATUS_INPUTS]);
        }
        // A Work needs the run's object.
        let work = "apiVersion: work.karmada.io/v1alpha1\nkind: Work\nmetadata: {namespace: karmada-es-m1}\n";
        let err = StatusItems::parse("s.yaml", work).unwrap_err();
        assert!(
            err.to_string()
                .contains("a Work gives the status of one object"),
            "{err}"
        );
    }

    #[test]
    fn invalid_json_file_reports_json_error() {
        let err = StatusItems::parse("s.json", "[{\"a\": 1]").unwrap_err();
        assert!(err.to_string().starts_with("s.json:1:"), "{err}");
    }
}

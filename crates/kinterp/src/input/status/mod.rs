//! AggregatedStatusItem lists (status files, test cases), normalized as Go's
//! struct round trip does and kept on a tape: no `Value` tree per item.

use serde_json::Value;

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
/// `appliedMessage` and `health` when set. They become Lua values lent
/// ([`StatusItems::to_lua`]) or given ([`StatusItems::into_lua`]: the
/// tape is taken and freed as it is pushed): spending them is moving them.
#[derive(Clone, Debug, PartialEq)]
pub struct StatusItems {
    tape: Tape,
    /// Karmada's error handing these items to Lua (a number beyond
    /// float64 in a `status`: `bignum`), reported when they are.
    lua_error: Option<String>,
}

/// The tape node holding the items.
const ROOT: usize = 0;

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
            tape,
            lua_error: None,
        }
    }

    /// The tape and its node holding the items.
    pub(crate) fn tape(&self) -> (&Tape, usize) {
        (&self.tape, ROOT)
    }

    /// The tape, taken, and its node holding the items.
    pub(crate) fn into_tape(self) -> (Tape, usize) {
        (self.tape, ROOT)
    }

    /// The items as one Lua array (as `json_to_lua` converts them as one
    /// JSON array), lent: they can be converted again.
    pub fn to_lua(&self, lua: &mlua::Lua) -> mlua::Result<mlua::Value> {
        super::statuspush::status_items_to_lua(lua, self)
    }

    /// `to_lua`, spending the items: their memory is given back as they
    /// are pushed, so that they and their Lua tables are not held at once.
    pub fn into_lua(self, lua: &mlua::Lua) -> mlua::Result<mlua::Value> {
        super::statuspush::status_items_into_lua(lua, self)
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

    /// Karmada's error when these items are handed to Lua, if they cannot
    /// be (see `bignum`).
    pub fn lua_error(&self) -> Option<&str> {
        self.lua_error.as_deref()
    }

    /// How many items there are.
    pub fn len(&self) -> usize {
        self.tape.children(ROOT).len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The items as JSON values.
    pub fn to_values(&self) -> Vec<Value> {
        let tape = &self.tape;
        tape.children(ROOT).map(|i| tape.to_value(i)).collect()
    }

    /// Appends `other`'s items after these.
    pub fn extend(&mut self, other: &StatusItems) {
        let n = self.len() + other.len();
        let (other, tape) = (&other.tape, &mut self.tape);
        for i in other.children(ROOT) {
            tape.copy_subtree(other, i);
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
    // Numbers beyond float64 (`1E400`) do not stop Go's reader, which
    // keeps `status` as raw JSON: handing the items to Lua fails.
    let mut big = None;
    let json = json
        || trimmed.starts_with(['{', '['])
            && super::bignum::scan(trimmed).is_some_and(|found| {
                items.restart();
                items.room = room;
                let text = super::bignum::substituted(trimmed, &found.bigs);
                let read = Tape::decode_json_stream(&text, &mut Tape::new(), |doc| {
                    items.doc(doc, 0);
                    doc.clear();
                });
                big = super::bignum::first_in_status(trimmed, &found, |k| go_fold_eq("status", k))
                    .map(|(item, path, lit)| (item, path, lit.to_string()));
                read.is_ok()
            });
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
    let mut items = items.finish()?;
    if let (Some((item, path, lit)), true) = (big, json) {
        items.lua_error = Some(big_number_error(&items, item, &path, &lit));
    }
    Ok((items, warnings))
}

/// `bignum::lua_decode_error` for these items.
fn big_number_error(
    items: &StatusItems,
    item: usize,
    path: &[super::bignum::Step],
    lit: &str,
) -> String {
    let values = items.to_values();
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let fields: Vec<_> = values
        .iter()
        .map(|v| {
            let applied = v.get("applied").and_then(Value::as_bool).unwrap_or(false);
            let strings = [
                text(v, "clusterName"),
                text(v, "appliedMessage"),
                text(v, "health"),
            ];
            (strings, v.get("status").is_some(), applied)
        })
        .collect();
    let dumps: Vec<_> = fields
        .iter()
        .map(
            |([cluster, message, health], has_status, applied)| super::bignum::ItemDump {
                cluster,
                has_status: *has_status,
                applied: *applied,
                message,
                health,
            },
        )
        .collect();
    super::bignum::lua_decode_error(&dumps, item, path, lit)
}

mod fast;

/// A tape holding an empty array.
fn empty_tape() -> Tape {
    let mut tape = Tape::new();
    let root = tape.open(false);
    tape.close(root, 0);
    tape
}

mod normalize;
use normalize::*;

#[cfg(test)]
mod tests;

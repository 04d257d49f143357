//! Items normalized as Go's struct round trip leaves them, onto the tape.

use super::*;

/// The fields of Go's AggregatedStatusItem, in its JSON field order.
pub(super) const FIELDS: [&str; 5] = [
    "clusterName",
    "status",
    "applied",
    "appliedMessage",
    "health",
];

/// One item's fields as read: node indices on the input tape.
#[derive(Default)]
pub(super) struct Fields {
    pub(super) cluster: Option<usize>,
    pub(super) status: Option<usize>,
    pub(super) applied: bool,
    pub(super) applied_message: Option<usize>,
    pub(super) health: Option<usize>,
    /// A `kind` key's string value: the document is an object as
    /// `kubectl get` prints it, not an item.
    pub(super) kind: Option<usize>,
}

/// The normalized items of the documents read so far, on a tape whose
/// first node is their array.
pub(super) struct Normalizer<'n> {
    pub(super) name: &'n str,
    /// Whether a document that is an array holds items (a status file)
    /// or is one (a test case's item).
    pub(super) unroll: bool,
    pub(super) out: Tape,
    pub(super) keys: [Node; 5],
    pub(super) empty: Node,
    pub(super) shared: Shared,
    pub(super) items: usize,
    pub(super) docs: usize,
    /// Whether a list document came element by element (`list`).
    pub(super) listed: bool,
    /// The first item that could not be read: later ones are not.
    pub(super) error: Option<Diagnostic>,
    /// Nodes and string bytes to reserve once the first document is read
    /// (and a list's decoded value freed, so that its memory is reused).
    pub(super) room: Option<(usize, usize)>,
    /// The object whose item a Work gives (see `cluster::work_item`).
    pub(super) object: Option<&'n ObjectRef>,
}

impl<'n> Normalizer<'n> {
    pub(super) fn new(name: &'n str, unroll: bool, mut out: Tape) -> Normalizer<'n> {
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
    pub(super) fn restart(&mut self) {
        let out = std::mem::take(&mut self.out);
        let (room, object) = (self.room, self.object);
        *self = Normalizer::new(self.name, self.unroll, out);
        self.room = room;
        self.object = object;
    }

    /// A document starts: it is counted, and the first one reserves the
    /// room (see `room`).
    pub(super) fn begin(&mut self) {
        self.docs += 1;
        if let Some((nodes, strings)) = self.room.take() {
            self.out.reserve(nodes, strings);
        }
    }

    /// Takes the items of the document at `root` of `input`.
    pub(super) fn doc(&mut self, input: &Tape, root: usize) {
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
    pub(super) fn list(&mut self) {
        self.begin();
        self.listed = true;
    }

    /// Takes one item of the list begun last, as `doc` takes each item
    /// of a list document.
    pub(super) fn element(&mut self, input: &Tape, item: usize) {
        if self.error.is_none() {
            self.error = self.item(input, item).err();
        }
    }

    pub(super) fn item(&mut self, input: &Tape, item: usize) -> Result<(), Diagnostic> {
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
    pub(super) fn object_items(
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
    pub(super) fn works(&mut self, works: &[Value]) -> Result<(), Diagnostic> {
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
    pub(super) fn write(&mut self, input: &Tape, f: &Fields) -> Result<(), Diagnostic> {
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
    pub(super) fn finish(mut self) -> Result<StatusItems, Diagnostic> {
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
pub(super) fn go_fold_eq(field: &str, key: &str) -> bool {
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
pub(super) fn read_fields(name: &str, t: &Tape, item: usize) -> Result<Fields, Diagnostic> {
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
pub(super) fn member(t: &Tape, at: usize, key: &str) -> Option<usize> {
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
pub(super) fn write_item(n: &mut Normalizer, from: &Tape, f: &Fields) {
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
pub(super) fn kind(node: Node) -> &'static str {
    match node {
        Node::Null => "null",
        Node::Bool(_) => "bool",
        Node::Int(_) | Node::Uint(_) | Node::Float(_) => "number",
        Node::Str { .. } => "string",
        Node::Array { .. } => "array",
        Node::Object { .. } => "object",
    }
}

//! Tape helpers for long lists of similar items (status files): short
//! strings stored once, and a tape consumed front to back giving its
//! memory back as it goes.

use super::{Node, Tape};

impl Tape {
    /// Appends a copy of `from`'s subtree at `i`, its strings stored in
    /// this tape's arena: short ones that `shared` holds are stored once.
    pub(crate) fn copy_subtree_sharing(&mut self, from: &Tape, i: usize, shared: &mut Shared) {
        for k in i..i + from.size(i) {
            let node = from.nodes[k];
            match node.unpack() {
                Node::Str { .. } => {
                    let s = self.share(from.str_at(k), shared);
                    self.push_leaf(s);
                }
                _ => self.nodes.push(node),
            }
        }
    }

    /// A string node for `s`, stored in the arena unless `shared` says it
    /// already is.
    #[inline]
    pub(crate) fn share(&mut self, s: &str, shared: &mut Shared) -> Node {
        if s.len() > SHARED_LEN {
            return self.intern(s);
        }
        let slot = &mut shared.0[str_slot(s, SHARED_SLOTS)];
        let (start, len) = *slot;
        if len as usize == s.len() && &self.strings[start as usize..(start + len) as usize] == s {
            return Node::Str { start, len };
        }
        let node = self.intern(s);
        if let Node::Str { start, len } = node {
            *slot = (start, len);
        }
        node
    }

    /// Replaces the node at `at` (a leaf by a leaf).
    pub(crate) fn set_node(&mut self, at: usize, node: Node) {
        self.nodes[at] = super::Packed::pack(node);
    }

    /// How many nodes and string bytes the tape holds.
    pub(crate) fn extent(&self) -> (usize, usize) {
        (self.nodes.len(), self.strings.len())
    }

    /// Makes room for `nodes` more nodes and `strings` more string bytes.
    pub(crate) fn reserve(&mut self, nodes: usize, strings: usize) {
        self.nodes.reserve(nodes);
        self.strings.reserve(strings);
    }

    /// Gives back the room reserved for strings and not used, and that
    /// for nodes too if `nodes`.
    pub(crate) fn shrink_to_fit(&mut self, nodes: bool) {
        if nodes {
            self.nodes.shrink_to_fit();
        }
        self.strings.shrink_to_fit();
    }

    /// The text of `len` bytes at `start` of the arena (a `Str` node's).
    #[inline]
    pub(crate) fn text(&self, start: u32, len: u32) -> &str {
        &self.strings[start as usize..(start + len) as usize]
    }

    /// Gives the memory of the whole pages below node `to` back to the
    /// system, from the page holding node `from` on (where the previous
    /// call stopped): a tape read front to back (and then dropped) need
    /// not hold what it has read. The nodes before `to` must never be read
    /// again (they become zeros: nulls). Nothing happens off Linux.
    pub(crate) fn discard_nodes(&mut self, from: usize, to: usize) {
        let to = to.min(self.nodes.len());
        if from >= to {
            return;
        }
        #[cfg(target_os = "linux")]
        {
            const PAGE: usize = 4096;
            let base = self.nodes.as_mut_ptr() as usize;
            let size = std::mem::size_of::<super::Packed>();
            // The page holding node `from` is whole below `to` only now:
            // the previous call stopped short of it.
            let start = ((base + from * size) / PAGE * PAGE).max(base.next_multiple_of(PAGE));
            let end = (base + to * size) / PAGE * PAGE;
            if end > start {
                // SAFETY: the range is inside this tape's node buffer, which
                // it owns (`&mut self`); MADV_DONTNEED on private anonymous
                // memory only replaces its pages by zero pages, and nodes
                // are plain data (a zero node is a valid null).
                unsafe {
                    libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_DONTNEED);
                }
            }
        }
    }
}

/// Strings at most this long are looked for in `Shared`.
const SHARED_LEN: usize = 48;

const SHARED_SLOTS: usize = 128;

/// Where recently stored short strings are in a tape's arena (start,
/// length; a length that cannot match when empty), so that keys and
/// values repeated in every item are stored once.
pub(crate) struct Shared([(u32, u32); SHARED_SLOTS]);

impl Default for Shared {
    fn default() -> Shared {
        Shared([(0, u32::MAX); SHARED_SLOTS])
    }
}

/// A slot among `slots` (a power of two) for `s`: its length and a few of
/// its bytes, enough to tell apart the keys of one object.
#[inline]
fn str_slot(s: &str, slots: usize) -> usize {
    let b = s.as_bytes();
    let (first, last) = match b {
        [] => (0, 0),
        [f] => (*f as usize, 0),
        [f, .., l] => (*f as usize, *l as usize),
    };
    let mid = b.get(b.len() / 2).map_or(0, |&m| m as usize);
    (b.len().wrapping_mul(7) ^ first ^ last.wrapping_mul(3) ^ mid.wrapping_mul(5)) & (slots - 1)
}

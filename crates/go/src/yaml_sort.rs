//! Map key order for the YAML emitter: go-yaml v2's "natural" comparator
//! (letters by code point, digit runs by value) and a sort that tolerates it.

/// First code points of the Unicode (15.0) decimal digit runs (category
/// Nd); every run holds ten digits. Go's `unicode.IsDigit` is true for these.
const DIGIT_ZEROS: &[u32] = &[
    0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6,
    0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80,
    0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0,
    0xFF10, 0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0,
    0x11650, 0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x11F50, 0x16A60,
    0x16AC0, 0x16B50, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E4F0,
    0x1E950, 0x1FBF0,
];

/// Go's `unicode.IsDigit`.
fn is_digit(c: char) -> bool {
    let c = c as u32;
    if c < 0x80 {
        return (0x30..=0x39).contains(&c);
    }
    DIGIT_ZEROS.iter().any(|&z| (z..z + 10).contains(&c))
}

/// Go's `unicode.IsLetter` (category L). Rust's `is_alphabetic` also accepts
/// letter numbers (Nl) and some combining marks; the Nl ranges are removed
/// here, the marks are a known, negligible difference for map keys.
fn is_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    const LETTER_NUMBERS: &[(u32, u32)] = &[
        (0x16EE, 0x16F0),
        (0x2160, 0x2182),
        (0x2185, 0x2188),
        (0x3007, 0x3007),
        (0x3021, 0x3029),
        (0x3038, 0x303A),
        (0xA6E6, 0xA6EF),
        (0x10140, 0x10174),
        (0x10341, 0x10341),
        (0x1034A, 0x1034A),
        (0x103D1, 0x103D5),
        (0x12400, 0x1246E),
    ];
    let u = c as u32;
    c.is_alphabetic()
        && !LETTER_NUMBERS
            .iter()
            .any(|&(lo, hi)| (lo..=hi).contains(&u))
}

/// go-yaml v2's `keyList.Less` for two string keys.
pub(super) fn natural_less(a: &str, b: &str) -> bool {
    // Keys are nearly always ASCII: compared as bytes then, without
    // collecting characters (a sort makes n log n comparisons).
    if a.is_ascii() && b.is_ascii() {
        // The common prefix (keys of one map often share a long one) is
        // skipped byte by byte before the comparison proper.
        let (ab, bb) = (a.as_bytes(), b.as_bytes());
        let n = ab.len().min(bb.len());
        let mut same = 0;
        while same < n && ab[same] == bb[same] {
            same += 1;
        }
        return less_in(ab, bb, same);
    }
    let ar: Vec<char> = a.chars().collect();
    let br: Vec<char> = b.chars().collect();
    less_in(&ar, &br, 0)
}

/// `natural_less` over the characters of two keys (bytes for ASCII keys),
/// whose first `from` characters are equal.
fn less_in<T: Copy + Into<char>>(ar: &[T], br: &[T], from: usize) -> bool {
    let ch = |r: &[T], i: usize| -> char { r[i].into() };
    for i in from..ar.len().min(br.len()) {
        let (ac, bc) = (ch(ar, i), ch(br, i));
        if ac == bc {
            continue;
        }
        let al = is_letter(ac);
        let bl = is_letter(bc);
        if al && bl {
            return ac < bc;
        }
        if al || bl {
            return bl;
        }
        let (mut an, mut bn): (i64, i64) = (0, 0);
        if ac == '0' || bc == '0' {
            // A zero inside a number that started earlier (in `a`) counts
            // the runs as equal-valued so far.
            for &c in ar[..i].iter().rev() {
                let c: char = c.into();
                if !is_digit(c) {
                    break;
                }
                if c != '0' {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        let run = |r: &[T], mut n: i64| {
            let mut end = i;
            while end < r.len() && is_digit(ch(r, end)) {
                n = n
                    .wrapping_mul(10)
                    .wrapping_add(i64::from(ch(r, end) as u32) - i64::from(b'0'));
                end += 1;
            }
            (end, n)
        };
        let (ai, an) = run(ar, an);
        let (bi, bn) = run(br, bn);
        if an != bn {
            return an < bn;
        }
        if ai != bi {
            return ai < bi;
        }
        return ac < bc;
    }
    ar.len() < br.len()
}

/// Sorts `items` with `less`, which may be non-transitive (keys with leading
/// zeros, or digit runs of different lengths followed by letters: `k1x5`,
/// `k2x1`, `k12x3` form a cycle). Like Go's `sort.Sort`, up to 12 items use
/// insertion sort. Longer lists are merge sorted from their ascending runs:
/// a stable sort, so for keys the comparator orders consistently the result
/// is the one order there is; for the others Go's pdqsort starts from a
/// random map order, so no single result exists there. Never panics on an
/// inconsistent `less`. Map keys arrive in byte order, where ascending runs
/// are long (`key-0000001`...) or at least ten or so (`label-1`, `label-10`,
/// `label-100`...), which saves most or some merge passes.
pub(super) fn sort_keys<T: Clone>(items: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    if items.len() <= 12 {
        insertion_sort(items, less);
        return;
    }
    // Where each ascending run starts, and the end.
    let mut bounds = vec![0];
    bounds.extend((1..items.len()).filter(|&i| less(&items[i], &items[i - 1])));
    if bounds.len() == 1 {
        return;
    }
    bounds.push(items.len());
    // One buffer for every merge: it holds the left run being merged.
    let mut left = Vec::with_capacity(items.len() / 2 + 1);
    // Merges neighbouring runs pairwise until one is left.
    while bounds.len() > 2 {
        let mut next = Vec::with_capacity(bounds.len() / 2 + 2);
        let mut i = 0;
        while i + 2 < bounds.len() {
            let (start, mid, end) = (bounds[i], bounds[i + 1], bounds[i + 2]);
            merge(&mut items[start..end], mid - start, less, &mut left);
            next.push(start);
            i += 2;
        }
        if i + 1 < bounds.len() {
            next.push(bounds[i]); // an odd run waits for the next pass
        }
        next.push(items.len());
        bounds = next;
    }
}

/// Sorts `items` by their keys (`key`) in natural order, as [`sort_keys`]
/// with [`natural_less`] would for keys the comparator orders consistently.
/// ASCII keys are first sorted by an encoding of their natural order
/// ([`encode_natural`]) with plain byte comparisons; the result is kept if
/// every key is naturally less than the next, which for consistent keys
/// means it is the one sorted order. Otherwise (inconsistent keys, where
/// any order is acceptable, or keys the encoding orders differently) the
/// merge sort decides.
pub(super) fn sort_by_natural_key<T: Clone>(items: &mut [T], key: &impl Fn(&T) -> &str) {
    let less = |a: &T, b: &T| natural_less(key(a), key(b));
    let total: usize = items.iter().map(|i| key(i).len() + 4).sum();
    if items.len() <= 12
        || u32::try_from(total).is_err()
        || !items.iter().all(|i| key(i).is_ascii())
    {
        sort_keys(items, &less);
        return;
    }
    // Each key's code: its first 16 bytes as a number (zero-padded), its
    // length and, for a longer code, where `long` keeps the whole (ties of
    // the first 16 bytes are settled by the whole codes). Most keys' codes
    // fit in the number: nothing else is kept for them.
    let mut long = Vec::new();
    let mut code = Vec::new();
    let mut order: Vec<Coded> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        code.clear();
        encode_natural(key(item).as_bytes(), &mut code);
        let mut head = [0u8; 16];
        let n = code.len().min(16);
        head[..n].copy_from_slice(&code[..n]);
        let start = long.len();
        if code.len() > 16 {
            long.extend_from_slice(&code);
        }
        let (Ok(start), Ok(len)) = (u32::try_from(start), u32::try_from(code.len())) else {
            sort_keys(items, &less);
            return;
        };
        order.push(Coded {
            head: u128::from_be_bytes(head),
            index: i as u32,
            start,
            len,
        });
    }
    // Codes of distinct keys differ, so the order is fully determined
    // (the index settles nothing) and an in-place sort does.
    order.sort_unstable_by(|a, b| {
        a.head
            .cmp(&b.head)
            .then_with(|| {
                a.whole(&a.head.to_be_bytes(), &long)
                    .cmp(b.whole(&b.head.to_be_bytes(), &long))
            })
            .then(a.index.cmp(&b.index))
    });
    drop(long);
    let chain = order
        .windows(2)
        .all(|w| less(&items[w[0].index as usize], &items[w[1].index as usize]));
    if !chain {
        sort_keys(items, &less);
        return;
    }
    permute(items, order.into_iter().map(|c| c.index).collect());
}

/// A key's natural-order code, as `sort_by_natural_key` sorts it.
struct Coded {
    /// The code's first 16 bytes, zero-padded, as a big-endian number.
    head: u128,
    /// The key's index.
    index: u32,
    /// Where the whole code starts in the codes kept, if longer than 16.
    start: u32,
    len: u32,
}

impl Coded {
    /// The whole code: the start of `head` (its bytes), or in `long`.
    fn whole<'a>(&self, head: &'a [u8; 16], long: &'a [u8]) -> &'a [u8] {
        let len = self.len as usize;
        if len <= 16 {
            &head[..len]
        } else {
            &long[self.start as usize..self.start as usize + len]
        }
    }
}

/// Reorders `items` in place so that the item at `i` is the one that was
/// at `from[i]` (a permutation), following its cycles with swaps: no copy
/// of the items.
fn permute<T>(items: &mut [T], mut from: Vec<u32>) {
    const DONE: u32 = u32::MAX;
    for start in 0..items.len() {
        let mut at = start;
        while from[at] != DONE {
            let next = from[at] as usize;
            from[at] = DONE;
            if next == start {
                break;
            }
            items.swap(at, next);
            at = next;
        }
    }
}

/// The code of a byte that is neither a letter nor a digit: its rank among
/// those bytes, from 1 (all below [`DIGITS`]).
fn other_code(c: u8) -> u8 {
    let digits_below = c.saturating_sub(b'0').min(10);
    let upper_below = c.saturating_sub(b'A').min(26);
    let lower_below = c.saturating_sub(b'a').min(26);
    1 + c - digits_below - upper_below - lower_below
}

/// Marks a digit run: after every other non-letter, before every letter.
const DIGITS: u8 = 0x43;
/// Letters: `A`-`Z` then `a`-`z` from here, in code order.
const LETTERS: u8 = 0x50;

/// Appends `n` so that byte order is numeric order (one byte below 255).
fn push_count(n: usize, out: &mut Vec<u8>) {
    if n < 255 {
        out.push(n as u8);
    } else {
        out.push(255);
        out.extend_from_slice(&(n as u64).to_be_bytes());
    }
}

/// An ASCII key as bytes whose order is [`natural_less`]'s for the usual
/// keys: other characters before digit runs before letters; a digit run
/// by value (significant length, then digits), then by its number of
/// leading zeros.
fn encode_natural(key: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < key.len() {
        let c = key[i];
        if c.is_ascii_digit() {
            let start = i;
            while i < key.len() && key[i] == b'0' {
                i += 1;
            }
            let zeros = i - start;
            let sig = i;
            while i < key.len() && key[i].is_ascii_digit() {
                i += 1;
            }
            out.push(DIGITS);
            push_count(i - sig, out);
            out.extend_from_slice(&key[sig..i]);
            push_count(zeros, out);
            continue;
        }
        out.push(match c {
            b'A'..=b'Z' => LETTERS + (c - b'A'),
            b'a'..=b'z' => LETTERS + 26 + (c - b'a'),
            _ => other_code(c),
        });
        i += 1;
    }
}

fn insertion_sort<T>(items: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && less(&items[j], &items[j - 1]) {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Merges the sorted runs `items[..mid]` and `items[mid..]`, taking from
/// the left run on ties.
fn merge<T: Clone>(items: &mut [T], mid: usize, less: &impl Fn(&T, &T) -> bool, left: &mut Vec<T>) {
    // The right run stays in place: the slot written next is never past
    // the next right element to read (l + r <= mid + r).
    left.clear();
    left.extend_from_slice(&items[..mid]);
    let (mut l, mut r) = (0, mid);
    for k in 0..items.len() {
        if l == left.len() {
            break; // the rest of the right run is already in place
        }
        let take_right = r < items.len() && less(&items[r], &left[l]);
        if take_right {
            items[k] = items[r].clone();
            r += 1;
        } else {
            items[k] = left[l].clone();
            l += 1;
        }
    }
}

#[cfg(test)]
#[path = "yaml_sort_tests.rs"]
mod tests;

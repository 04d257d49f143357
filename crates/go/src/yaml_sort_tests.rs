//! Tests of the map key order: the comparator, the run merge sort and the
//! sort by natural-order codes against the halving merge sort.

use super::*;
use std::cmp::Ordering;

/// Orders keys with [`natural_less`], as an [`Ordering`] for callers that
/// need one. Only meaningful for keys the comparator orders consistently.
fn natural_cmp(a: &str, b: &str) -> Ordering {
    if natural_less(a, b) {
        Ordering::Less
    } else if natural_less(b, a) {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

fn assert_chain(keys: &[&str]) {
    for pair in keys.windows(2) {
        assert_eq!(natural_cmp(pair[0], pair[1]), Ordering::Less, "{pair:?}");
    }
}

fn sorted(keys: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = keys.iter().map(|s| s.to_string()).collect();
    sort_keys(&mut v, &|a: &String, b: &String| natural_less(a, b));
    v
}

/// The merge sort as first written (halves, both runs copied at every
/// merge): the run-based sort must give the same order for every key
/// set the comparator orders consistently.
fn copying_merge_sort(items: &mut [String]) {
    if items.len() <= 12 {
        for i in 1..items.len() {
            let mut j = i;
            while j > 0 && natural_less(&items[j], &items[j - 1]) {
                items.swap(j, j - 1);
                j -= 1;
            }
        }
        return;
    }
    let mid = items.len() / 2;
    copying_merge_sort(&mut items[..mid]);
    copying_merge_sort(&mut items[mid..]);
    let left = items[..mid].to_vec();
    let right = items[mid..].to_vec();
    let (mut l, mut r) = (0, 0);
    for slot in items.iter_mut() {
        if l == left.len() || (r < right.len() && natural_less(&right[r], &left[l])) {
            *slot = right[r].clone();
            r += 1;
        } else {
            *slot = left[l].clone();
            l += 1;
        }
    }
}

/// Whether `sorted` is a chain of the comparator: every key before
/// every later one and never after it, so no other order is sorted.
fn consistent(sorted: &[String]) -> bool {
    (0..sorted.len()).all(|i| {
        (i + 1..sorted.len())
            .all(|j| natural_less(&sorted[i], &sorted[j]) && !natural_less(&sorted[j], &sorted[i]))
    })
}

/// Sets of distinct keys from `make`: in byte order (as a map holds
/// them), shuffled and reversed.
fn key_sets(make: &dyn Fn(u64) -> String) -> Vec<Vec<String>> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut sets = Vec::new();
    for n in [0, 1, 2, 12, 13, 14, 50, 300, 777] {
        let keys: std::collections::BTreeSet<String> = (0..n).map(|_| make(next())).collect();
        let in_order: Vec<String> = keys.into_iter().collect();
        let mut shuffled = in_order.clone();
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        let mut reversed = in_order.clone();
        reversed.reverse();
        sets.extend([in_order, shuffled, reversed]);
    }
    sets
}

#[test]
fn run_merge_sorts_as_the_copying_one_for_consistent_keys() {
    let families: [&dyn Fn(u64) -> String; 6] = [
        &|v| format!("label-{}", v % 100_000),
        &|v| format!("key-{:07}", v % 10_000_000),
        &|v| format!("k{}", v % 1000),
        &|v| {
            let head = ["app", "tier", "team_", "x.y/", "é"][(v % 5) as usize];
            format!("{head}{}", (v >> 8) % 10)
        },
        &|v| format!("a{}-b{}", v % 7, (v >> 8) % 30),
        &|v| {
            let letters = b"aAzZ_-./";
            (0..1 + v % 5)
                .map(|i| letters[((v >> (i * 8)) % 8) as usize] as char)
                .collect()
        },
    ];
    let mut checked = 0;
    for make in families {
        for keys in key_sets(make) {
            let mut expected = keys.clone();
            copying_merge_sort(&mut expected);
            if !consistent(&expected) {
                continue;
            }
            checked += 1;
            let mut got = keys.clone();
            sort_keys(&mut got, &|a: &String, b: &String| natural_less(a, b));
            assert_eq!(got, expected, "{} keys", keys.len());
        }
    }
    // Nearly all sets of the families above are consistent.
    assert!(checked >= 120, "only {checked} consistent key sets");
}

#[test]
fn natural_key_sort_matches_the_merge_sort() {
    let families: [&dyn Fn(u64) -> String; 9] = [
        &|v| format!("label-{}", v % 100_000),
        // Codes longer than 16 bytes, alike in their first 16.
        &|v| format!("app.kubernetes.io/part-{}-{:02}", v % 300, (v >> 10) % 7),
        &|v| {
            format!(
                "{}x{}",
                "a".repeat((14 + v % 4) as usize),
                "0".repeat((v >> 8) as usize % 3)
            )
        },
        &|v| format!("key-{:07}", v % 10_000_000),
        &|v| format!("k{}.{:03}", v % 1000, (v >> 12) % 40),
        &|v| {
            format!(
                "{}{}",
                ["app", "tier", "Team_", "x.y/", "a~", "é"][(v % 6) as usize],
                v % 10
            )
        },
        // Digit runs of several lengths before letters: often no
        // consistent order; the encoding's order is then refused.
        &|v| format!("a{}b{}", v % 200, (v >> 8) % 3),
        &|v| format!("v{}{}", "0".repeat((v % 3) as usize), (v >> 4) % 50),
        &|v| {
            let chars = b"aAzZ_-./09:~ ";
            (0..1 + v % 6)
                .map(|i| chars[((v >> (i * 8)) % 13) as usize] as char)
                .collect()
        },
    ];
    let (mut checked, mut fast) = (0, 0);
    for make in families {
        for keys in key_sets(make) {
            let mut expected = keys.clone();
            copying_merge_sort(&mut expected);
            let mut got = keys.clone();
            sort_by_natural_key(&mut got, &|k: &String| k.as_str());
            if !consistent(&expected) {
                continue;
            }
            checked += 1;
            assert_eq!(got, expected, "{} keys", keys.len());
            // Where the encoding alone orders the keys naturally.
            let mut by_code: Vec<(Vec<u8>, &String)> = keys
                .iter()
                .map(|k| {
                    let mut code = Vec::new();
                    encode_natural(k.as_bytes(), &mut code);
                    (code, k)
                })
                .collect();
            by_code.sort();
            fast += usize::from(by_code.iter().map(|c| c.1).eq(expected.iter()));
        }
    }
    assert!(checked >= 120, "only {checked} consistent key sets");
    assert!(fast >= 100, "the encoding sorts only {fast} sets");
}

#[test]
fn natural_codes_order_characters_like_the_comparator() {
    let code = |k: &str| {
        let mut c = Vec::new();
        encode_natural(k.as_bytes(), &mut c);
        c
    };
    // Each key naturally before the next, and so are their codes.
    let chain = [
        "", " ", "!", "-", ".", "/", ":", "@", "[", "_", "`", "~", "\u{7f}", "0", "00", "1", "01",
        "001", "2", "9", "10", "010", "99", "100", "A", "Z", "a", "a-", "a0", "a9", "a10", "ab",
        "z",
    ];
    for w in chain.windows(2) {
        assert!(natural_less(w[0], w[1]), "{w:?}");
        assert!(code(w[0]) < code(w[1]), "{w:?}");
    }
    let long = "1".repeat(300);
    assert!(code(&long) > code(&"9".repeat(254)));
    assert!(code(&format!("{}1", "0".repeat(300))) > code("01"));
}

#[test]
fn inconsistent_keys_sort_to_a_permutation() {
    // Leading zeros and digit runs of different lengths before letters
    // make cycles; any order is acceptable, but every key stays.
    assert!(natural_less("k1x5", "k2x1") && natural_less("k2x1", "k12x3"));
    assert!(natural_less("k12x3", "k1x5"));
    let mut inconsistent = 0;
    for keys in key_sets(&|v| {
        let zeros = "0".repeat((v % 3) as usize);
        format!("k{}{zeros}{}x{}", v % 5, v % 997, (v >> 20) % 3)
    }) {
        let mut reference = keys.clone();
        copying_merge_sort(&mut reference);
        inconsistent += usize::from(!consistent(&reference));
        let mut got = keys.clone();
        sort_keys(&mut got, &|a: &String, b: &String| natural_less(a, b));
        let (mut a, mut b) = (got, keys);
        a.sort();
        b.sort();
        assert_eq!(a, b);
    }
    assert!(inconsistent >= 5, "{inconsistent} inconsistent key sets");
}

#[test]
fn short_lists_keep_the_insertion_sort_order() {
    // Up to 12 keys, even an inconsistent set sorts as Go's insertion
    // sort does from the same start.
    let mut got: Vec<String> = ["k12x3", "k2x1", "k1x5"].map(String::from).to_vec();
    sort_keys(&mut got, &|a: &String, b: &String| natural_less(a, b));
    assert_eq!(got, ["k2x1", "k12x3", "k1x5"]);
}

#[test]
fn letters_compare_by_code_point() {
    assert_chain(&["A", "B", "Z", "a", "z", "é"]);
}

#[test]
fn non_letters_sort_before_letters() {
    assert_chain(&[
        "_x", "~", "0", "A", "a", "a 1", "a-b", "a.b", "a_b", "a0", "a1",
    ]);
    assert_chain(&["a1", "a1b", "a01"]);
    assert_chain(&["$", "a"]);
}

#[test]
fn digit_runs_compare_by_value() {
    assert_chain(&["a9", "a10", "a12b"]);
    assert_chain(&["x1y2", "x1y10"]);
    assert_chain(&["1", "10", "10a", "1a"]);
}

#[test]
fn prefix_sorts_first() {
    assert_chain(&["a", "ab", "abc"]);
    assert!(!natural_less("ab", "ab"));
}

#[test]
fn sorting_uses_natural_order() {
    let got = sorted(&["b", "a10", "A", "a9", "_x", "0", "~", "a"]);
    assert_eq!(got, ["_x", "~", "0", "A", "a", "a9", "a10", "b"]);
}

#[test]
fn long_lists_sort_the_same_way() {
    let keys: Vec<String> = (0..40).rev().map(|i| format!("k{i}")).collect();
    let refs: Vec<&str> = keys.iter().map(String::as_str).collect();
    let got = sorted(&refs);
    let want: Vec<String> = (0..40).map(|i| format!("k{i}")).collect();
    assert_eq!(got, want);
}

#[test]
fn non_ascii_digits_and_letters() {
    assert!(is_digit('٣'));
    assert!(!is_digit('Ⅳ'));
    assert!(!is_letter('Ⅳ'));
    assert!(is_letter('é'));
    assert!(natural_less("a", "é"));
}

#[test]
fn leading_zero_cycle_does_not_panic() {
    // `01`, `10` and `1b` form a cycle; any order is acceptable here.
    let got = sorted(&["10", "01", "1b"]);
    assert_eq!(got.len(), 3);
}

//! Tests of the Go sort algorithm: ordering, stability for n ≤ 12, the
//! comparison sequence, and failing callbacks.

use super::*;

/// Records every comparison as `(v[i], v[j])`.
struct Traced {
    v: Vec<i64>,
    calls: Vec<(i64, i64)>,
}

impl SortData for Traced {
    type Error = ();
    fn len(&self) -> usize {
        self.v.len()
    }
    fn less(&mut self, i: usize, j: usize) -> Result<bool, ()> {
        self.calls.push((self.v[i], self.v[j]));
        Ok(self.v[i] < self.v[j])
    }
    fn swap(&mut self, i: usize, j: usize) -> Result<(), ()> {
        self.v.swap(i, j);
        Ok(())
    }
}

/// A deterministic pseudo-random sequence.
fn lcg(n: usize, seed: u64) -> Vec<i64> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) % 1000) as i64
        })
        .collect()
}

#[test]
fn sorts_all_shapes() {
    for n in [0, 1, 2, 5, 12, 13, 49, 50, 51, 100, 1000, 5000] {
        let shapes: Vec<Vec<i64>> = vec![
            lcg(n, 1),
            (0..n as i64).collect(),
            (0..n as i64).rev().collect(),
            vec![7; n],
            (0..n as i64).map(|i| i % 3).collect(),
            (0..n as i64)
                .map(|i| if i % 2 == 0 { i } else { n as i64 - i })
                .collect(),
        ];
        for v in shapes {
            let mut want = v.clone();
            want.sort();
            let mut t = Traced { v, calls: vec![] };
            sort(&mut t).unwrap();
            assert_eq!(t.v, want, "n={n}");
        }
    }
}

#[test]
fn insertion_sort_is_stable_and_compares_j_with_j_minus_1() {
    // Sort pairs by key only; equal keys keep their order for n <= 12.
    let mut v: Vec<(i32, char)> = vec![(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e'), (2, 'f')];
    let mut seen = vec![];
    sort_by(&mut v, |a, b| {
        seen.push((a.1, b.1));
        Ok::<_, ()>(a.0 < b.0)
    })
    .unwrap();
    let order: String = v.iter().map(|p| p.1).collect();
    assert_eq!(order, "ebdacf");
    // The first comparison is less(a[1], a[0]).
    assert_eq!(seen[0], ('b', 'a'));
    let mut t = Traced {
        v: vec![3, 1, 2],
        calls: vec![],
    };
    sort(&mut t).unwrap();
    assert_eq!(t.calls, vec![(1, 3), (2, 3), (2, 1)]);
}

#[test]
fn comparison_count_is_bounded() {
    let mut t = Traced {
        v: lcg(10000, 7),
        calls: vec![],
    };
    sort(&mut t).unwrap();
    assert!(t.calls.len() < 10000 * 20, "{}", t.calls.len());
    // Already sorted input: one pass of partial insertion sort.
    let mut t = Traced {
        v: (0..1000).collect(),
        calls: vec![],
    };
    sort(&mut t).unwrap();
    assert!(t.calls.len() < 1100, "{}", t.calls.len());
}

#[test]
fn inconsistent_comparator_terminates() {
    let mut v = lcg(500, 3);
    let mut k = 0u32;
    sort_by(&mut v, |_, _| {
        k += 1;
        Ok::<_, ()>(k % 3 == 0)
    })
    .unwrap();
    let mut v = lcg(300, 4);
    sort_by(&mut v, |_, _| Ok::<_, ()>(true)).unwrap();
    assert_eq!(v.len(), 300);
}

#[test]
fn stops_at_the_first_error() {
    let mut v = lcg(100, 5);
    let mut k = 0;
    let r = sort_by(&mut v, |a, b| {
        k += 1;
        if k == 50 { Err("boom") } else { Ok(a < b) }
    });
    assert_eq!(r, Err("boom"));
    assert_eq!(k, 50);
}

#[test]
fn heap_sort_fallback_sorts() {
    let mut v = lcg(200, 9);
    let mut want = v.clone();
    want.sort();
    let mut t = Traced {
        v: std::mem::take(&mut v),
        calls: vec![],
    };
    heap_sort(&mut t, 0, 200).unwrap();
    assert_eq!(t.v, want);
}

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

/// Final orders and comparison counts from Go 1.19's `sort.Sort` on keys
/// `(i * 7919) % 11`, by key (mode 0) or with a pseudo-random `less`
/// (mode 1, xorshift 13/7/17 from a fixed seed, one bit per call).
const GO_SORT: &[(usize, u32, usize, &str)] = &[
    (13, 0, 25, "0,11,10,9,8,7,6,5,4,3,2,1,12"),
    (13, 1, 38, "1,8,3,6,10,11,12,4,9,5,2,7,0"),
    (
        50,
        0,
        259,
        "33,44,22,0,11,10,32,43,21,20,42,31,9,8,41,30,19,29,7,18,40,17,39,28,6,16,38,49,5,27,26,15,48,37,4,25,14,47,36,3,13,35,24,46,2,34,23,45,12,1",
    ),
    (
        64,
        1,
        237,
        "38,57,31,59,51,4,28,8,50,20,46,58,25,29,14,15,45,18,62,41,43,21,55,35,2,63,53,5,17,6,27,7,61,1,23,24,12,56,49,34,40,37,3,10,11,39,33,47,48,0,32,30,13,26,22,19,54,16,52,60,36,9,44,42",
    ),
    (
        100,
        0,
        622,
        "66,0,99,44,88,33,55,22,77,11,65,21,54,76,10,98,87,43,32,64,31,9,75,42,97,53,86,20,41,30,8,52,85,74,19,96,63,62,7,18,95,84,51,40,29,73,50,61,94,72,28,6,83,39,17,16,60,71,82,27,93,38,49,5,26,59,4,70,48,92,81,37,15,91,47,3,69,58,25,36,80,14,46,57,68,2,13,24,35,90,79,45,67,78,89,23,12,34,1,56",
    ),
    (
        257,
        1,
        1346,
        "143,64,165,138,198,43,2,49,171,147,255,200,168,236,146,35,239,21,12,107,155,151,256,106,79,150,75,156,125,83,109,118,199,57,154,123,243,6,210,121,31,181,217,196,76,184,225,91,234,214,29,67,211,132,161,20,23,92,87,251,159,61,246,134,191,166,96,119,5,129,152,186,24,120,1,85,81,68,4,215,254,252,17,130,77,249,38,232,141,113,128,127,7,227,133,8,197,97,160,27,195,142,84,15,167,248,250,169,194,238,18,102,226,14,71,114,45,89,209,69,25,176,40,94,86,80,48,28,66,116,244,193,42,9,253,11,136,137,13,139,245,242,235,112,144,229,228,110,148,223,219,105,46,153,103,101,100,212,158,51,52,53,162,163,164,208,90,88,207,78,170,74,202,173,174,175,201,54,56,59,188,187,65,70,221,185,182,126,180,135,190,122,192,16,62,19,247,58,26,55,177,30,32,203,204,117,241,82,33,34,98,36,115,233,111,41,216,44,218,108,220,183,224,149,22,93,213,140,60,179,172,206,99,145,37,178,10,157,131,124,231,222,104,189,72,39,230,240,95,0,237,205,47,63,50,73,3",
    ),
    (
        300,
        0,
        1548,
        "242,297,110,121,99,286,132,143,0,88,154,11,77,275,165,176,66,264,187,198,55,209,22,220,44,253,231,33,153,197,296,120,32,98,241,131,285,252,230,142,87,109,10,43,164,76,219,274,175,21,208,65,186,263,54,273,152,108,20,196,119,53,31,295,64,207,130,185,251,97,240,174,141,218,229,75,262,284,9,163,86,42,250,217,151,85,162,228,261,8,283,74,173,140,239,41,96,206,184,294,272,129,63,52,195,118,30,107,19,150,73,293,161,172,7,282,183,117,62,84,271,194,205,18,260,51,106,216,128,227,249,95,40,139,29,238,237,149,138,248,94,28,226,127,215,50,259,17,204,39,270,281,83,193,61,105,116,182,72,6,160,292,171,27,192,247,126,291,236,38,170,137,159,93,71,225,258,214,269,49,16,181,148,5,203,60,115,82,104,280,114,48,246,81,279,4,59,26,136,235,15,37,202,191,169,147,180,158,103,92,70,224,257,213,290,268,125,113,157,124,267,69,212,223,289,102,91,179,146,80,47,201,256,25,234,14,168,278,135,36,58,245,3,190,233,200,299,134,2,79,101,112,35,167,178,255,288,222,156,68,46,24,189,123,57,277,266,90,13,211,244,145,210,45,199,144,276,265,122,89,23,188,155,12,67,56,221,287,232,254,177,78,34,111,166,100,133,1,298,243",
    ),
];

#[test]
fn same_comparisons_and_result_as_go() {
    for &(n, mode, calls, want) in GO_SORT {
        let mut v: Vec<(usize, usize)> = (0..n).map(|i| ((i * 7919) % 11, i)).collect();
        let mut rnd: u64 = 88172645463325252;
        let mut count = 0;
        sort_by(&mut v, |a, b| {
            count += 1;
            if mode == 0 {
                return Ok::<_, ()>(a.0 < b.0);
            }
            rnd ^= rnd << 13;
            rnd ^= rnd >> 7;
            rnd ^= rnd << 17;
            Ok(rnd & 1 == 1)
        })
        .unwrap();
        let got: Vec<String> = v.iter().map(|p| p.1.to_string()).collect();
        assert_eq!(got.join(","), want, "n={n} mode={mode}");
        assert_eq!(count, calls, "n={n} mode={mode}");
    }
}

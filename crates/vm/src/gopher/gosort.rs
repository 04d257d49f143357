//! Go's `sort.Sort` (pattern-defeating quicksort, insertion sort for ≤ 12
//! elements), step for step, over `less`/`swap` callbacks that may fail.

/// What Go's `sort.Interface` offers, with fallible `less` and `swap`.
pub trait SortData {
    type Error;
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Whether element `i` must sort before element `j`.
    fn less(&mut self, i: usize, j: usize) -> Result<bool, Self::Error>;
    fn swap(&mut self, i: usize, j: usize) -> Result<(), Self::Error>;
}

/// Sorts `data` exactly as Go's `sort.Sort` does: the same `less` calls in
/// the same order, so inconsistent comparators give Go's results. Stops at
/// the first error, leaving `data` partly sorted.
pub fn sort<D: SortData + ?Sized>(data: &mut D) -> Result<(), D::Error> {
    let n = data.len();
    if n <= 1 {
        return Ok(());
    }
    let limit = bit_len(n);
    pdqsort(data, 0, n, limit)
}

/// Sorts a slice with `less` as Go's `sort.Slice` does (same algorithm).
pub fn sort_by<T, E>(v: &mut [T], less: impl FnMut(&T, &T) -> Result<bool, E>) -> Result<(), E> {
    struct Slice<'a, T, F> {
        v: &'a mut [T],
        less: F,
    }
    impl<T, E, F: FnMut(&T, &T) -> Result<bool, E>> SortData for Slice<'_, T, F> {
        type Error = E;
        fn len(&self) -> usize {
            self.v.len()
        }
        fn less(&mut self, i: usize, j: usize) -> Result<bool, E> {
            (self.less)(&self.v[i], &self.v[j])
        }
        fn swap(&mut self, i: usize, j: usize) -> Result<(), E> {
            self.v.swap(i, j);
            Ok(())
        }
    }
    sort(&mut Slice { v, less })
}

/// Go's `bits.Len`.
fn bit_len(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

#[derive(PartialEq, Clone, Copy)]
enum Hint {
    Unknown,
    Increasing,
    Decreasing,
}

fn insertion_sort<D: SortData + ?Sized>(data: &mut D, a: usize, b: usize) -> Result<(), D::Error> {
    for i in a + 1..b {
        let mut j = i;
        while j > a && data.less(j, j - 1)? {
            data.swap(j, j - 1)?;
            j -= 1;
        }
    }
    Ok(())
}

/// Restores the max-heap property below `root` in `data[first+lo..first+hi]`.
fn sift_down<D: SortData + ?Sized>(
    data: &mut D,
    lo: usize,
    hi: usize,
    first: usize,
) -> Result<(), D::Error> {
    let mut root = lo;
    loop {
        let mut child = 2 * root + 1;
        if child >= hi {
            return Ok(());
        }
        if child + 1 < hi && data.less(first + child, first + child + 1)? {
            child += 1;
        }
        if !data.less(first + root, first + child)? {
            return Ok(());
        }
        data.swap(first + root, first + child)?;
        root = child;
    }
}

fn heap_sort<D: SortData + ?Sized>(data: &mut D, a: usize, b: usize) -> Result<(), D::Error> {
    let first = a;
    let hi = b - a;
    for i in (0..=(hi - 1) / 2).rev() {
        sift_down(data, i, hi, first)?;
    }
    for i in (0..hi).rev() {
        data.swap(first, first + i)?;
        sift_down(data, 0, i, first)?;
    }
    Ok(())
}

fn pdqsort<D: SortData + ?Sized>(
    data: &mut D,
    mut a: usize,
    mut b: usize,
    mut limit: u32,
) -> Result<(), D::Error> {
    const MAX_INSERTION: usize = 12;
    let mut was_balanced = true;
    let mut was_partitioned = true;
    loop {
        let length = b - a;
        if length <= MAX_INSERTION {
            return insertion_sort(data, a, b);
        }
        if limit == 0 {
            return heap_sort(data, a, b);
        }
        if !was_balanced {
            break_patterns(data, a, b)?;
            limit -= 1;
        }
        let (mut pivot, mut hint) = choose_pivot(data, a, b)?;
        if hint == Hint::Decreasing {
            reverse_range(data, a, b)?;
            pivot = (b - 1) - (pivot - a);
            hint = Hint::Increasing;
        }
        if was_balanced
            && was_partitioned
            && hint == Hint::Increasing
            && partial_insertion_sort(data, a, b)?
        {
            return Ok(());
        }
        if a > 0 && !data.less(a - 1, pivot)? {
            a = partition_equal(data, a, b, pivot)?;
            continue;
        }
        let (mid, already) = partition(data, a, b, pivot)?;
        was_partitioned = already;
        let (left, right) = (mid - a, b - mid);
        let threshold = length / 8;
        if left < right {
            was_balanced = left >= threshold;
            pdqsort(data, a, mid, limit)?;
            a = mid + 1;
        } else {
            was_balanced = right >= threshold;
            pdqsort(data, mid + 1, b, limit)?;
            b = mid;
        }
    }
}

/// One quicksort partition around `data[pivot]`; returns the pivot's new
/// index and whether nothing had to move.
fn partition<D: SortData + ?Sized>(
    data: &mut D,
    a: usize,
    b: usize,
    pivot: usize,
) -> Result<(usize, bool), D::Error> {
    data.swap(a, pivot)?;
    let (mut i, mut j) = (a + 1, b - 1);
    while i <= j && data.less(i, a)? {
        i += 1;
    }
    while i <= j && !data.less(j, a)? {
        j -= 1;
    }
    if i > j {
        data.swap(j, a)?;
        return Ok((j, true));
    }
    data.swap(i, j)?;
    i += 1;
    j -= 1;
    loop {
        while i <= j && data.less(i, a)? {
            i += 1;
        }
        while i <= j && !data.less(j, a)? {
            j -= 1;
        }
        if i > j {
            break;
        }
        data.swap(i, j)?;
        i += 1;
        j -= 1;
    }
    data.swap(j, a)?;
    Ok((j, false))
}

/// Partitions into elements equal to `data[pivot]` followed by greater ones.
fn partition_equal<D: SortData + ?Sized>(
    data: &mut D,
    a: usize,
    b: usize,
    pivot: usize,
) -> Result<usize, D::Error> {
    data.swap(a, pivot)?;
    let (mut i, mut j) = (a + 1, b - 1);
    loop {
        while i <= j && !data.less(a, i)? {
            i += 1;
        }
        while i <= j && data.less(a, j)? {
            j -= 1;
        }
        if i > j {
            break;
        }
        data.swap(i, j)?;
        i += 1;
        j -= 1;
    }
    Ok(i)
}

/// Fixes up to 5 adjacent inversions; true when `data[a..b]` ends sorted.
fn partial_insertion_sort<D: SortData + ?Sized>(
    data: &mut D,
    a: usize,
    b: usize,
) -> Result<bool, D::Error> {
    const MAX_STEPS: usize = 5;
    const SHORTEST_SHIFTING: usize = 50;
    let mut i = a + 1;
    for _ in 0..MAX_STEPS {
        while i < b && !data.less(i, i - 1)? {
            i += 1;
        }
        if i == b {
            return Ok(true);
        }
        if b - a < SHORTEST_SHIFTING {
            return Ok(false);
        }
        data.swap(i, i - 1)?;
        if i - a >= 2 {
            // Go walks down to index 1 here, not to a + 1.
            let mut j = i - 1;
            while j >= 1 {
                if !data.less(j, j - 1)? {
                    break;
                }
                data.swap(j, j - 1)?;
                j -= 1;
            }
        }
        if b - i >= 2 {
            let mut j = i + 1;
            while j < b {
                if !data.less(j, j - 1)? {
                    break;
                }
                data.swap(j, j - 1)?;
                j += 1;
            }
        }
    }
    Ok(false)
}

/// Go's xorshift-driven shuffle of three elements near the middle.
fn break_patterns<D: SortData + ?Sized>(data: &mut D, a: usize, b: usize) -> Result<(), D::Error> {
    let length = b - a;
    if length >= 8 {
        let mut random = length as u64;
        let modulus = 1usize << bit_len(length);
        let idx = a + (length / 4) * 2 - 1;
        for i in 0..3 {
            random ^= random << 13;
            random ^= random >> 17;
            random ^= random << 5;
            let mut other = (random as usize) & (modulus - 1);
            if other >= length {
                other -= length;
            }
            data.swap(idx + i, a + other)?;
        }
    }
    Ok(())
}

/// Median of three (or Tukey's ninther from 50 elements), with a hint from
/// how many swaps the comparisons implied.
fn choose_pivot<D: SortData + ?Sized>(
    data: &mut D,
    a: usize,
    b: usize,
) -> Result<(usize, Hint), D::Error> {
    const SHORTEST_NINTHER: usize = 50;
    const MAX_SWAPS: usize = 4 * 3;
    let l = b - a;
    let mut swaps = 0;
    let mut i = a + l / 4;
    let mut j = a + l / 4 * 2;
    let mut k = a + l / 4 * 3;
    if l >= 8 {
        if l >= SHORTEST_NINTHER {
            i = median(data, i - 1, i, i + 1, &mut swaps)?;
            j = median(data, j - 1, j, j + 1, &mut swaps)?;
            k = median(data, k - 1, k, k + 1, &mut swaps)?;
        }
        j = median(data, i, j, k, &mut swaps)?;
    }
    Ok(match swaps {
        0 => (j, Hint::Increasing),
        MAX_SWAPS => (j, Hint::Decreasing),
        _ => (j, Hint::Unknown),
    })
}

fn order2<D: SortData + ?Sized>(
    data: &mut D,
    a: usize,
    b: usize,
    swaps: &mut usize,
) -> Result<(usize, usize), D::Error> {
    if data.less(b, a)? {
        *swaps += 1;
        return Ok((b, a));
    }
    Ok((a, b))
}

fn median<D: SortData + ?Sized>(
    data: &mut D,
    a: usize,
    b: usize,
    c: usize,
    swaps: &mut usize,
) -> Result<usize, D::Error> {
    let (a, b) = order2(data, a, b, swaps)?;
    let (b, c) = order2(data, b, c, swaps)?;
    let _ = c;
    let (_, b) = order2(data, a, b, swaps)?;
    Ok(b)
}

fn reverse_range<D: SortData + ?Sized>(data: &mut D, a: usize, b: usize) -> Result<(), D::Error> {
    let (mut i, mut j) = (a, b - 1);
    while i < j {
        data.swap(i, j)?;
        i += 1;
        j -= 1;
    }
    Ok(())
}

#[cfg(test)]
#[path = "gosort_tests.rs"]
mod tests;

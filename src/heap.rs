//! A heap ready for a large input: reserved in one piece and backed by
//! transparent huge pages, so building big tables costs few page faults;
//! its growing edge in small pages once a bulk build can forecast where
//! it ends ([`Forecast`]), so that its last pages are not mapped 2 MiB at
//! a time.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Inputs at least this large (bytes) get the huge-page heap.
pub const LARGE_INPUT: u64 = 512 << 10;

/// The padding `prepare_for` keeps at the heap's top (0: not prepared).
static PADDING: AtomicUsize = AtomicUsize::new(0);

/// The range `prepare_for` asked huge pages for (start, end; equal: none).
static HUGE_START: AtomicUsize = AtomicUsize::new(0);
static HUGE_END: AtomicUsize = AtomicUsize::new(0);

/// A huge page (x86-64, aarch64 with 4 KiB pages).
const HUGE: usize = 2 << 20;

/// The reservation for a large input: several times the input, as the
/// decoded tape, the Lua tables and the output all grow from it.
fn reservation(input_bytes: u64) -> usize {
    let want = input_bytes.saturating_mul(24).clamp(32 << 20, 512 << 20);
    want as usize
}

/// Grows the process heap now by about 24 times `input_bytes` (virtual
/// memory only: nothing is touched) and asks the kernel to back it with
/// huge pages (`MADV_HUGEPAGE`), where the kernel allows it. A first touch
/// then maps 2 MiB instead of 4 KiB: a 1.5 MB status file costs ~300 page
/// faults instead of ~4000. Best effort: on any failure nothing changes.
/// Only in a process that owns its state ([`crate::runtime::ProcessGuard`]).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn prepare_for(input_bytes: u64) {
    if input_bytes < LARGE_INPUT || !crate::runtime::process_owned() {
        return;
    }
    let pad = reservation(input_bytes);
    // SAFETY: mallopt/mallinfo2/malloc/free/sbrk(0)/madvise are called as
    // documented; sbrk(0) only reads the break, and madvise is given a range
    // inside the heap that malloc just grew (it only sets advice flags).
    unsafe {
        // Keep the padding when the heap grows and when memory is freed,
        // and serve big blocks from the heap too (they benefit the same).
        if libc::mallopt(libc::M_TOP_PAD, pad as i32) == 0
            || libc::mallopt(libc::M_TRIM_THRESHOLD, pad as i32) == 0
            || libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20) == 0
        {
            return;
        }
        let before = libc::sbrk(0) as usize;
        // A block larger than all free space together cannot be served
        // from a free chunk: the heap grows once, by block + padding, and
        // freeing the block gives the space back to malloc.
        let free = libc::mallinfo2().fordblks;
        let block = libc::malloc(free + 4096);
        if block.is_null() {
            return;
        }
        // Without a use, the compiler may drop the malloc/free pair.
        std::hint::black_box(block);
        libc::free(block);
        let after = libc::sbrk(0) as usize;
        let start = before.div_ceil(HUGE) * HUGE;
        let end = after / HUGE * HUGE;
        if end > start
            && libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) == 0
        {
            HUGE_START.store(start, Ordering::Relaxed);
            HUGE_END.store(end, Ordering::Relaxed);
        }
    }
    PADDING.store(pad, Ordering::Relaxed);
}

/// The bytes malloc has handed out and not had back, once `prepare_for`
/// made the heap (0 otherwise): what a bulk build has grown by is the
/// difference of two readings.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn in_use() -> usize {
    if PADDING.load(Ordering::Relaxed) == 0 {
        return 0;
    }
    // SAFETY: mallinfo2 only reads the allocator's counters.
    unsafe { libc::mallinfo2().uordblks }
}

/// Says that about `more` bytes are allocated next, before much is freed,
/// while `giving_back` bytes that the process holds are given back at
/// the same pace (a tape read as the tables are made).
///
/// The heap's huge pages pay off for memory that is filled, but each
/// maps 2 MiB at once: the page at the top of the heap is filled only in
/// part, and while memory is given back as the heap grows, the last huge
/// page arrives while much of what is to be given back is still held.
/// So from a 2 MiB boundary far enough below the expected top for both,
/// the heap is backed by small pages. Pages already mapped keep their
/// size, and a forecast that falls short costs only some small-page
/// faults. Advice only, so a wrong reading of the heap's shape costs no
/// correctness; a no-op unless `prepare_for` made the heap.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn expect_growth(more: usize, giving_back: usize) {
    let range = (
        HUGE_START.load(Ordering::Relaxed),
        HUGE_END.load(Ordering::Relaxed),
    );
    if range.0 == range.1 {
        return;
    }
    // SAFETY: sbrk(0) only reads the break and mallinfo2 the allocator's
    // counters; madvise only changes the advice of a range inside the
    // heap that `prepare_for` advised.
    unsafe {
        let info = libc::mallinfo2();
        // The top chunk ends at the break; free chunks below it are used
        // before the top grows.
        let top = (libc::sbrk(0) as usize).saturating_sub(info.keepcost);
        let free_below = info.fordblks.saturating_sub(info.keepcost);
        let growth = Growth {
            top,
            free_below,
            more,
            giving_back,
        };
        if let Some((start, len)) = growth.small_page_edge(range) {
            libc::madvise(start as *mut libc::c_void, len, libc::MADV_NOHUGEPAGE);
        }
    }
}

/// The heap's expected growth, as `expect_growth` is told and reads it.
#[derive(Clone, Copy, Debug)]
struct Growth {
    /// Where malloc's top chunk starts.
    top: usize,
    /// Free bytes below the top, used before the top moves.
    free_below: usize,
    /// Bytes to be allocated.
    more: usize,
    /// Bytes given back meanwhile, at the same pace.
    giving_back: usize,
}

impl Growth {
    /// Where small pages start (and how far they go, to the end of the
    /// huge-page `range`); None when that is outside the range.
    ///
    /// When the last huge page is mapped, `g` bytes of growth remain
    /// (those of the page and of the small pages above it) and the
    /// memory still to be given back is `g * giving_back / more`. The
    /// peak stays at the end's level when that is no more than the small
    /// pages: with `r = giving_back / more`, at least `2 MiB * r / (1 -
    /// r)` of them below the expected top.
    fn small_page_edge(self, range: (usize, usize)) -> Option<(usize, usize)> {
        if self.top < range.0 || self.top >= range.1 {
            // Not the heap `prepare_for` made (not one brk heap).
            return None;
        }
        let expected = self
            .top
            .checked_add(self.more.saturating_sub(self.free_below))?;
        let gap = if self.giving_back >= self.more {
            // Given back as fast as it grows: no more huge pages at all.
            expected - self.top
        } else {
            (HUGE as u128 * self.giving_back as u128 / (self.more - self.giving_back) as u128)
                as usize
        };
        // Not below the page holding the top: the advice is for growth.
        let lowest = (self.top / HUGE * HUGE).max(range.0);
        let edge = (expected.saturating_sub(gap) / HUGE * HUGE).max(lowest);
        (edge < range.1).then(|| (edge, range.1 - edge))
    }
}

/// Forecasts a bulk build's memory from its first part, for
/// [`expect_growth`]: made before the first of `total` similar steps, and
/// told how many are done after each. Builds of fewer than `MIN_STEPS`
/// steps, or without `prepare_for`'s heap, are left alone.
#[derive(Debug)]
pub struct Forecast {
    total: usize,
    at: usize,
    base: usize,
}

impl Forecast {
    /// Fewer steps than this are not worth a forecast.
    const MIN_STEPS: usize = 1024;

    /// A forecast for `total` steps, made after the first eighth.
    pub fn new(total: usize) -> Forecast {
        let base = in_use();
        let at = if base > 0 && total >= Self::MIN_STEPS {
            total / 8
        } else {
            usize::MAX
        };
        Forecast { total, at, base }
    }

    /// `done` steps are done, and the build still holds `held` bytes it
    /// gives back as it goes.
    #[inline]
    pub fn step(&mut self, done: usize, held: impl FnOnce() -> usize) {
        if done == self.at {
            self.at = usize::MAX;
            let more = rest_of(in_use().saturating_sub(self.base), done, self.total);
            expect_growth(more, held());
        }
    }
}

/// What `total` steps take in all, less the `grown` bytes the first
/// `done` took.
fn rest_of(grown: usize, done: usize, total: usize) -> usize {
    let per_step = grown as f64 / done.max(1) as f64;
    (per_step * total.saturating_sub(done) as f64) as usize
}

/// Gives back to the system the resident pages of the heap's free
/// chunks (malloc_trim), keeping the padding `prepare_for` set at the
/// top, once `prepare_for` made the heap (a no-op otherwise). With huge
/// pages, memory that was touched and freed stays resident in 2 MiB
/// pieces: the inputs' decoding scratch, once they are read. Called then,
/// it leaves the Lua tables made next to take pages as they grow. Only
/// the allocator's own call: which memory is free is malloc's to say.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn release_free() {
    let pad = PADDING.load(Ordering::Relaxed);
    if pad == 0 {
        return;
    }
    // SAFETY: malloc_trim only returns free memory to the system.
    unsafe {
        libc::malloc_trim(pad);
    }
}

/// Elsewhere the system allocator is left as it is.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn prepare_for(_input_bytes: u64) {}

/// Elsewhere the system allocator is left as it is.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn release_free() {}

/// Elsewhere nothing is known of the heap.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn in_use() -> usize {
    0
}

/// Elsewhere the system allocator is left as it is.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn expect_growth(_more: usize, _giving_back: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    const M: usize = 1 << 20;

    fn edge(
        top: usize,
        free_below: usize,
        more: usize,
        giving_back: usize,
    ) -> Option<(usize, usize)> {
        let growth = Growth {
            top,
            free_below,
            more,
            giving_back,
        };
        growth.small_page_edge((100 * M, 300 * M))
    }

    #[test]
    fn small_pages_start_at_the_boundary_below_the_expected_top() {
        // Top at 150.5 MiB, 9.25 MiB coming, 1 MiB of it fits below: the
        // top reaches 158.75 MiB, whose 2 MiB page starts at 158.
        let top = 150 * M + M / 2;
        assert_eq!(edge(top, M, 9 * M + M / 4, 0), Some((158 * M, 142 * M)));
        // Growth that fits in the free chunks leaves the top where it is.
        assert_eq!(edge(top, 8 * M, 4 * M, 0), Some((150 * M, 150 * M)));
        // Never below the range, never at or past its end.
        assert_eq!(edge(100 * M, 0, M, 0), Some((100 * M, 200 * M)));
        assert_eq!(edge(top, 0, 200 * M, 0), None);
        assert_eq!(edge(top, 0, usize::MAX, 0), None);
        // A heap whose top is not in the range (not one brk heap): nothing.
        assert_eq!(edge(50 * M, 0, M, 0), None);
        assert_eq!(edge(300 * M, 0, M, 0), None);
    }

    #[test]
    fn memory_given_back_meanwhile_lowers_the_edge() {
        let top = 150 * M + M / 2;
        // A third given back: r / (1 - r) = 1/2, so 1 MiB of small pages
        // at least below the expected 170.5 MiB.
        assert_eq!(
            edge(top, 0, 20 * M, 20 * M / 3 + 1),
            Some((168 * M, 132 * M))
        );
        // Half given back: 2 MiB at least.
        assert_eq!(edge(top, 0, 12 * M, 6 * M), Some((160 * M, 140 * M)));
        assert_eq!(edge(top, 0, 20 * M, 10 * M), Some((168 * M, 132 * M)));
        // Given back as fast as it grows: small pages from the top's page
        // on, whatever the gap.
        assert_eq!(edge(top, 0, 20 * M, 19 * M), Some((150 * M, 150 * M)));
        assert_eq!(edge(top, 0, 20 * M, 30 * M), Some((150 * M, 150 * M)));
    }

    #[test]
    fn the_rest_is_extrapolated_from_the_first_steps() {
        assert_eq!(rest_of(1000, 10, 80), 7000);
        assert_eq!(rest_of(0, 10, 80), 0);
        assert_eq!(rest_of(1000, 0, 80), 80_000);
        assert_eq!(rest_of(1000, 90, 80), 0);
    }

    #[test]
    fn an_unprepared_heap_gets_no_forecast() {
        // Tests never own the process, so `prepare_for` did nothing.
        assert_eq!(in_use(), 0);
        let mut f = Forecast::new(1 << 20);
        assert_eq!(f.at, usize::MAX);
        f.step(1 << 17, || unreachable!("no forecast, no reading"));
        assert_eq!(f.at, usize::MAX);
    }
}

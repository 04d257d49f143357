//! A process-level watchdog: a Lua call stuck inside one long C function
//! cannot be interrupted by the hook, so the process ends instead.
//!
//! A 100 ms interval timer (SIGALRM) checks the armed deadlines, kept in
//! a fixed table of atomics so the signal handler needs no lock and no
//! allocation; no thread is started (a thread costs a malloc arena).
//!
//! The timer runs only in a process that asked for it
//! ([`crate::runtime::ProcessGuard`]); elsewhere `arm` does nothing.

use std::sync::Once;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How far past its deadline a call may run before the process ends.
const GRACE: Duration = Duration::from_secs(1);

/// Deadlines in monotonic nanoseconds; 0 marks a free slot.
static SLOTS: [AtomicU64; 64] = [const { AtomicU64::new(0) }; 64];
static START: Once = Once::new();

const MESSAGE: &[u8] = b"error: a Lua script call ran more than 1s past its time limit inside a library function and could not be interrupted; stopping\n";

fn now_nanos() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the given timespec only.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    (ts.tv_sec as u64)
        .saturating_mul(1_000_000_000)
        .saturating_add(ts.tv_nsec as u64)
}

extern "C" fn on_alarm(_: libc::c_int) {
    let now = now_nanos();
    let grace = GRACE.as_nanos() as u64;
    for slot in &SLOTS {
        let d = slot.load(Ordering::Relaxed);
        if d != 0 && now > d.saturating_add(grace) {
            // SAFETY: write and _exit are async-signal-safe.
            unsafe {
                libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
                libc::_exit(1);
            }
        }
    }
}

fn start_timer() {
    // SAFETY: installs a handler that only reads atomics and calls
    // async-signal-safe functions, then arms a periodic real-time timer.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_alarm as *const () as usize;
        action.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGALRM, &action, std::ptr::null_mut());
        let tick = libc::timeval {
            tv_sec: 0,
            tv_usec: 100_000,
        };
        let timer = libc::itimerval {
            it_interval: tick,
            it_value: tick,
        };
        libc::setitimer(libc::ITIMER_REAL, &timer, std::ptr::null_mut());
    }
}

/// Disarms its deadline when dropped.
pub struct Guard(Option<usize>);

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(i) = self.0 {
            SLOTS[i].store(0, Ordering::Relaxed);
        }
    }
}

/// Starts the timer (once per process). Only `ProcessGuard` calls it.
pub fn start() {
    START.call_once(start_timer);
}

/// Watches a call whose budget ends at `deadline`, when the timer runs.
/// With all slots busy (more than 64 concurrent calls) the call is not
/// watched.
pub fn arm(deadline: Instant) -> Guard {
    if !START.is_completed() {
        return Guard(None);
    }
    let until = deadline.saturating_duration_since(Instant::now());
    let at = now_nanos().saturating_add(until.as_nanos() as u64).max(1);
    for (i, slot) in SLOTS.iter().enumerate() {
        if slot
            .compare_exchange(0, at, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
        {
            return Guard(Some(i));
        }
    }
    Guard(None)
}

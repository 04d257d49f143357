//! A process-level watchdog: a Lua call stuck inside one long C function
//! cannot be interrupted by the hook, so the process ends instead.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How far past its deadline a call may run before the process ends.
const GRACE: Duration = Duration::from_secs(1);

struct Armed {
    id: u64,
    deadline: Instant,
}

static ARMED: Mutex<Vec<Armed>> = Mutex::new(Vec::new());
static NEXT_ID: AtomicU64 = AtomicU64::new(1);
static STARTED: std::sync::Once = std::sync::Once::new();

/// Disarms its deadline when dropped.
pub struct Guard(u64);

impl Drop for Guard {
    fn drop(&mut self) {
        if let Ok(mut armed) = ARMED.lock() {
            armed.retain(|a| a.id != self.0);
        }
    }
}

/// Watches a call whose budget ends at `deadline`.
pub fn arm(deadline: Instant) -> Guard {
    STARTED.call_once(|| {
        std::thread::Builder::new()
            .name("kinterp-watchdog".into())
            .spawn(watch)
            .ok();
    });
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    if let Ok(mut armed) = ARMED.lock() {
        armed.push(Armed { id, deadline });
    }
    Guard(id)
}

fn watch() {
    loop {
        std::thread::sleep(Duration::from_millis(100));
        let now = Instant::now();
        let overdue = ARMED
            .lock()
            .map(|a| a.iter().any(|a| now > a.deadline + GRACE))
            .unwrap_or(false);
        if overdue {
            eprintln!(
                "error: a Lua script call ran more than {}s past its time limit inside a library function and could not be interrupted; stopping",
                GRACE.as_secs()
            );
            std::process::exit(1);
        }
    }
}

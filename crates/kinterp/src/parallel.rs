//! Running work on several threads while keeping results in input order:
//! `--check` and `kinterp test` use every core by default.

/// All cores.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Maps `f` over `items` on `jobs` threads, keeping the items' order.
pub fn map<T: Sync, R: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let jobs = jobs.max(1).min(items.len().max(1));
    if jobs == 1 {
        return items.iter().map(&f).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots: Vec<std::sync::Mutex<Option<R>>> =
        items.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            // The main thread's stack size: scripts may nest calls up to
            // gopher's 256 frames (through `table.sort` callbacks too).
            let worker = std::thread::Builder::new().stack_size(8 << 20);
            let spawned = worker.spawn_scoped(s, || {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= items.len() {
                        break;
                    }
                    let r = f(&items[i]);
                    if let Ok(mut slot) = slots[i].lock() {
                        *slot = Some(r);
                    }
                }
            });
            spawned.expect("a worker thread starts");
        }
    });
    slots
        .into_iter()
        .map(|m| m.into_inner().ok().flatten().expect("every item is mapped"))
        .collect()
}

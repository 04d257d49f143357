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
            s.spawn(|| {
                crate::deep::with_stack(|| {
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
                })
            });
        }
    });
    slots
        .into_iter()
        .map(|m| m.into_inner().ok().flatten().expect("every item is mapped"))
        .collect()
}

//! Running one job per input on a pool of threads, results in input order.

use rayon::prelude::*;

/// Stack size of the worker threads: the syntax tree is walked recursively,
/// and its depth is capped by the parser, not by the stack.
pub const STACK_SIZE: usize = 64 * 1024 * 1024;

/// `work` applied to every item on `jobs` threads (default: one per CPU),
/// in the order of `items`. One item runs on one big-stack thread too.
pub fn map_ordered<T: Sync, R: Send>(
    items: &[T],
    jobs: Option<u16>,
    work: impl Fn(&T) -> R + Sync + Send,
) -> Result<Vec<R>, String> {
    let mut builder = rayon::ThreadPoolBuilder::new().stack_size(STACK_SIZE);
    if let Some(jobs) = jobs {
        builder = builder.num_threads(usize::from(jobs));
    }
    let pool = builder
        .build()
        .map_err(|err| format!("cannot start worker threads: {err}"))?;
    Ok(pool.install(|| items.par_iter().with_max_len(1).map(work).collect()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn keeps_the_order_whatever_the_thread_count() {
        let items: Vec<u32> = (0..100).collect();
        for jobs in [None, Some(1), Some(3)] {
            let doubled = super::map_ordered(&items, jobs, |n| n * 2).unwrap();
            assert_eq!(doubled, items.iter().map(|n| n * 2).collect::<Vec<_>>());
        }
    }
}

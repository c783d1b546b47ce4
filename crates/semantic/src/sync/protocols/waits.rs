//! Waits on the way: whether some path from an asynchronous operation to an access passes a
//! wait of the operation's group. When one does, the path on which the operation is still in
//! flight at the access skips that wait: often the pipeline's first laps, whose wait is
//! skipped under a count of the groups committed so far (`if (stores >= 2) wait_group.read
//! 1`), which the analysis does not follow. Such a path is judged only when the access surely
//! meets the operation's bytes. And whether some path passes an mbarrier wait, which a
//! `tcgen05.mma`'s completion needs.

use std::cell::RefCell;

use ptxkit_isa::signature::semantics::{Group, Sync};
use rustc_hash::FxHashMap as HashMap;

use crate::flow::cfg::InsnId;
use crate::sync::kernel::{Kernel, Reach};

/// The waits of a function by group, and what each point reaches (asked lazily).
pub(super) struct WaitsBetween<'k, 'f, 't> {
    kernel: &'k Kernel<'f, 't>,
    /// The waits on groups: (group, instruction).
    waits: Vec<(Group, InsnId)>,
    /// The mbarrier waits for a phase.
    phase_waits: Vec<InsnId>,
    /// What each instruction asked about reaches, from the one after it.
    reach: RefCell<HashMap<InsnId, Reach>>,
    /// What each operation asked about reaches without going round its innermost loop again
    /// (`None`: in no loop).
    within_loop: RefCell<HashMap<InsnId, Option<Reach>>>,
}

impl<'k, 'f, 't> WaitsBetween<'k, 'f, 't> {
    /// The waits of `kernel`.
    pub(super) fn new(kernel: &'k Kernel<'f, 't>) -> Self {
        let (mut waits, mut phase_waits) = (Vec::new(), Vec::new());
        for (i, semantics) in kernel.values.semantics.iter().enumerate() {
            for sync in semantics.iter().flat_map(|s| &s.sync) {
                match *sync {
                    Sync::Wait { group, .. } => waits.push((group, i as InsnId)),
                    Sync::Mbarrier { op, .. } if op.waits_for_phase() => phase_waits.push(i as InsnId),
                    _ => {}
                }
            }
        }
        phase_waits.dedup();
        WaitsBetween {
            kernel,
            waits,
            phase_waits,
            reach: RefCell::default(),
            within_loop: RefCell::default(),
        }
    }

    /// Whether a wait on `group` lies on some path from operation `op` to instruction `i`.
    pub(super) fn any(&self, group: Group, op: InsnId, i: InsnId) -> bool {
        self.waits
            .iter()
            .filter(|&&(g, _)| g == group)
            .any(|&(_, wait)| self.reaches(op, wait) && self.reaches(wait, i))
    }

    /// Whether an mbarrier wait for a phase (`test_wait`, `try_wait`) lies on some path from
    /// operation `op` to instruction `i`. When `i` is reached from `op` without going round
    /// `op`'s innermost loop again (on to the loop's head and out of its exit there counts as
    /// not going round), only such paths count: a wait the next iteration runs before its own
    /// work says nothing of the path that leaves the loop after `op`.
    pub(super) fn any_phase_wait(&self, op: InsnId, i: InsnId) -> bool {
        let kernel = self.kernel;
        let mut within_loop = self.within_loop.borrow_mut();
        let within = within_loop.entry(op).or_insert_with(|| {
            let loop_head = kernel.innermost_loop(op)?;
            let head = kernel.flow.blocks[loop_head as usize].start;
            let mut within = kernel.reach_until(op, false, |x| x == head);
            // The way out through the head, for a loop whose exit test is there: the head's
            // own instructions and what follows its exits, never the body again.
            let in_body = |x: InsnId| {
                let b = kernel.block_of(x);
                b != loop_head && kernel.loops()[b as usize].contains(&loop_head)
            };
            within.union(&kernel.reach_until(head, true, in_body));
            Some(within)
        });
        if let Some(within) = within.as_ref().filter(|w| w.contains(i)) {
            return self
                .phase_waits
                .iter()
                .any(|&wait| within.contains(wait) && self.reaches(wait, i));
        }
        self.phase_waits
            .iter()
            .any(|&wait| self.reaches(op, wait) && self.reaches(wait, i))
    }

    /// Whether some path leads from `from` (not counting it) to `to`.
    fn reaches(&self, from: InsnId, to: InsnId) -> bool {
        let mut reach = self.reach.borrow_mut();
        reach
            .entry(from)
            .or_insert_with(|| self.kernel.reach_until(from, false, |_| false))
            .contains(to)
    }
}

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
}

impl<'k, 'f, 't> WaitsBetween<'k, 'f, 't> {
    /// The waits of `kernel`.
    pub(super) fn new(kernel: &'k Kernel<'f, 't>) -> Self {
        let waits = kernel
            .values
            .semantics
            .iter()
            .enumerate()
            .flat_map(|(i, s)| {
                s.iter().flat_map(move |s| {
                    s.sync.iter().filter_map(move |sync| match *sync {
                        Sync::Wait { group, .. } => Some((group, i as InsnId)),
                        _ => None,
                    })
                })
            })
            .collect();
        let phase_waits = kernel
            .values
            .semantics
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                s.iter().any(|s| {
                    s.sync
                        .iter()
                        .any(|sync| matches!(*sync, Sync::Mbarrier { op, .. } if op.waits_for_phase()))
                })
            })
            .map(|(i, _)| i as InsnId)
            .collect();
        WaitsBetween {
            kernel,
            waits,
            phase_waits,
            reach: RefCell::default(),
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
    /// `op`'s innermost loop again, only such paths count: a wait the next iteration runs
    /// before its own work says nothing of the path that leaves the loop after `op`.
    pub(super) fn any_phase_wait(&self, op: InsnId, i: InsnId) -> bool {
        let kernel = self.kernel;
        let head = kernel.innermost_loop(op).map(|h| kernel.flow.blocks[h as usize].start);
        if let Some(head) = head {
            let within = kernel.reach_until(op, false, |x| x == head);
            if within.contains(i) {
                return self
                    .phase_waits
                    .iter()
                    .any(|&wait| within.contains(wait) && self.reaches(wait, i));
            }
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

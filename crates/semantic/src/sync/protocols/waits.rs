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

use crate::flow::cfg::{BlockId, InsnId};
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
    /// What each instruction asked about reaches without going round the loop (by its head
    /// block) again ([`WaitsBetween::within_iteration`]).
    within_loop: RefCell<HashMap<(InsnId, BlockId), Reach>>,
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
    /// not going round), only such paths count, and only waits on them (from `op` to the wait
    /// and from the wait to `i`, neither round the loop): a wait the next iteration runs
    /// before its own work, or one later in the body, says nothing of the path that reaches
    /// `i` in the iteration of `op`.
    pub(super) fn any_phase_wait(&self, op: InsnId, i: InsnId) -> bool {
        if let Some(loop_head) = self.kernel.innermost_loop(op)
            && self.within_iteration(op, loop_head, |within| within.contains(i))
        {
            return self.phase_waits.iter().any(|&wait| {
                self.within_iteration(op, loop_head, |within| within.contains(wait))
                    && self.within_iteration(wait, loop_head, |within| within.contains(i))
            });
        }
        self.phase_waits
            .iter()
            .any(|&wait| self.reaches(op, wait) && self.reaches(wait, i))
    }

    /// `ask` of what `from` reaches (from the one after it) in the iteration of the loop at
    /// block `loop_head` it is in: up to the loop's head, and when it gets there and the head
    /// tests the loop's exit, the head's own instructions and what follows the exits there,
    /// never the body again.
    fn within_iteration(&self, from: InsnId, loop_head: BlockId, ask: impl FnOnce(&Reach) -> bool) -> bool {
        let kernel = self.kernel;
        let mut within_loop = self.within_loop.borrow_mut();
        let within = within_loop.entry((from, loop_head)).or_insert_with(|| {
            let head = kernel.flow.blocks[loop_head as usize].start;
            let mut within = kernel.reach_until(from, false, |x| x == head);
            let in_body = |x: InsnId| {
                let b = kernel.block_of(x);
                b != loop_head && kernel.loops()[b as usize].contains(&loop_head)
            };
            // Only a head that tests the loop's exit is a way out (else it begins the next
            // iteration's work).
            let exits = kernel
                .flow
                .succs(loop_head)
                .iter()
                .any(|&s| !kernel.loops()[s as usize].contains(&loop_head));
            if exits && self.reaches(from, head) {
                within.union(&kernel.reach_until(head, true, in_body));
            }
            within
        });
        ask(within)
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

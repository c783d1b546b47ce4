//! The instructions a thread may reach from a CTA barrier (or the kernel's start) having done
//! nothing that synchronises since: no fence, no flag access (atomic, volatile, relaxed,
//! acquire, release), no mbarrier or warp operation, no call.
//!
//! In a barrier interval that also holds such synchronisation, the race search cannot tell
//! which accesses a flag or an mbarrier orders. Two accesses that each thread may reach
//! before synchronising at all are ordered by nothing, whatever comes after them: an order
//! between accesses of two threads needs the one after to follow an acquire (or a wait) in
//! its thread, and none precedes it (§8.8, §8.9). The thread that does the acquiring access
//! itself (the first poll of a flag) is in the set: what it reads is not yet ordered.

use super::kernel::Kernel;
use super::races::other_sync;
use crate::flow::cfg::{BlockId, InsnId};

/// Whether instruction `i` may order the accesses of threads other than by a CTA barrier
/// (so that an access after it in its thread may be ordered after another thread's).
fn may_synchronise(kernel: &Kernel<'_, '_>, i: InsnId) -> bool {
    if other_sync(kernel, i) || kernel.flow.insns[i as usize].call().is_some() {
        return true;
    }
    match &kernel.values.semantics[i as usize] {
        // What the model does not know may do anything.
        None => true,
        Some(s) => !s.sync.is_empty() || s.memory.iter().any(|m| m.atomic || m.order.is_strong()),
    }
}

/// Per instruction, whether some thread may reach it from a CTA barrier (or the start)
/// with nothing that may synchronise before it on the way ([`may_synchronise`]; the
/// instruction itself may be one).
pub(super) fn unsynchronised(kernel: &Kernel<'_, '_>) -> Vec<bool> {
    let flow = kernel.flow;
    let mut reached = vec![false; flow.insns.len()];
    if flow.blocks.is_empty() {
        return reached;
    }
    let mut entered = vec![false; flow.blocks.len()];
    entered[0] = true;
    let mut work: Vec<(BlockId, InsnId)> = vec![(0, flow.blocks[0].start)];
    work.extend(kernel.full_barriers().map(|b| (kernel.block_of(b.insn), b.insn + 1)));
    while let Some((b, start)) = work.pop() {
        let block = flow.blocks[b as usize];
        let mut through = true;
        for i in start..block.end {
            reached[i as usize] = true;
            if kernel.is_full_barrier(i) || may_synchronise(kernel, i) {
                through = false;
                break;
            }
        }
        if !through {
            continue;
        }
        for &s in flow.succs(b) {
            if !kernel.dead_edges().contains(&(b, s)) && !std::mem::replace(&mut entered[s as usize], true) {
                work.push((s, flow.blocks[s as usize].start));
            }
        }
    }
    reached
}

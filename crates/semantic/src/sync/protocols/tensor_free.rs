//! Tensor Memory freed while another warp may still use it. §9.7.16.5: "before attempting to
//! deallocate Tensor Memory, it suffices to ensure that there are no concurrent Tensor Memory
//! accesses"; its example has every warp pass a barrier before the `tcgen05.dealloc`. Found:
//! a `tcgen05.dealloc` (the model's `tensor-free`) and a Tensor Memory access (what the model
//! gives a Tensor Memory line: `tcgen05.ld`, `st`, the accumulator of `mma`) with a path from one to the other on which nothing could order
//! two warps (no barrier, mbarrier operation, fence or call), run by threads of two warps.

use ptxkit_isa::signature::semantics::{Group, Space, Sync};

use super::{ProtocolFinding, ProtocolKind};
use crate::flow::cfg::InsnId;
use crate::sync::expr::{Evaluator, Thread};
use crate::sync::kernel::{Executes, ExecutesMemo, Kernel};

/// Whether instruction `i` could order what two warps do: any synchronisation but the
/// warp's own (collectives, elections, Tensor Memory load and store waits) and the free
/// itself, or a call.
fn may_order(kernel: &Kernel<'_, '_>, i: InsnId) -> bool {
    kernel.calls_out(i)
        || kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
            s.sync.iter().any(|sync| {
                !matches!(
                    sync,
                    Sync::Collective { .. }
                        | Sync::Elect { .. }
                        | Sync::ActiveMask
                        | Sync::TensorFree
                        | Sync::Wait {
                            group: Group::Tcgen05Ld | Group::Tcgen05St,
                            ..
                        }
                )
            })
        })
}

/// The threads of the kernel's shape that surely run instruction `i`.
fn surely_running(kernel: &Kernel<'_, '_>, i: InsnId) -> Vec<Thread> {
    let mut eval: Option<Evaluator<'_>> = None;
    let mut out = Vec::new();
    for t in kernel.shape.all() {
        let eval = eval.get_or_insert_with(|| Evaluator::new(&kernel.values.exprs, t));
        eval.reset(t);
        if kernel.executes(eval, i, &mut ExecutesMemo::default()) == Executes::Yes {
            out.push(t);
        }
    }
    out
}

/// Each `tcgen05.dealloc` that a Tensor Memory access of another warp may run beside.
pub(super) fn freed_in_use(kernel: &Kernel<'_, '_>) -> Vec<ProtocolFinding> {
    let n = kernel.flow.insns.len() as InsnId;
    let semantics = |i: InsnId| kernel.values.semantics[i as usize].as_ref();
    let frees: Vec<InsnId> = (0..n)
        .filter(|&i| semantics(i).is_some_and(|s| s.sync.iter().any(|x| matches!(x, Sync::TensorFree))))
        .collect();
    if frees.is_empty() {
        return Vec::new();
    }
    let uses: Vec<InsnId> = (0..n)
        .filter(|&i| semantics(i).is_some_and(|s| s.memory.iter().any(|m| m.space == Space::Tensor)))
        .collect();
    let mut out = Vec::new();
    for &free in &frees {
        let after_free = kernel.reach_until(free, false, |i| may_order(kernel, i));
        let freeing = surely_running(kernel, free);
        if freeing.is_empty() {
            continue;
        }
        for &used in &uses {
            let before_free = kernel.reach_until(used, false, |i| may_order(kernel, i)).contains(free);
            if !before_free && !after_free.contains(used) {
                continue;
            }
            let using = surely_running(kernel, used);
            let pair = freeing.iter().find_map(|f| {
                using
                    .iter()
                    .find(|u| u.linear() / 32 != f.linear() / 32)
                    .map(|u| (*f, *u))
            });
            if let Some((freer, user)) = pair {
                out.push(ProtocolFinding {
                    insn: free,
                    kind: ProtocolKind::TensorFreedInUse {
                        access: used,
                        freer,
                        user,
                        after: !before_free,
                    },
                });
                break;
            }
        }
    }
    out
}

//! Loads one group of threads issues for another (warp-specialised producers and consumers):
//! a bulk copy or TMA load completed through an mbarrier, issued by threads that never read
//! what it brings, read by threads that never issued it. The readers learn that the bytes
//! have landed only by waiting on the mbarrier (§9.7.13.15.16: a phase completes when its
//! transactions have), or from a barrier after some thread waited, or from an acquire of a
//! flag another thread released. A read with none of them before it on every path from the
//! function's entry may see the bytes before they land: on its first pass, nothing at all
//! orders it after the load.
//!
//! The path walk of [`super::protocols`] follows one thread's program, so it sees these
//! loads only where the reading thread issued them too.

use ptxkit_isa::signature::semantics::{Access, BarrierMode, Completion, Order, Sync};

use super::{ProtocolFinding, ProtocolKind, Touch, may_meet};
use crate::flow::cfg::InsnId;
use crate::sync::expr::{Evaluator, Node, Thread};
use crate::sync::kernel::{Executes, Kernel};

/// The reads of a load another group of threads issued with nothing before them that could
/// order them after it landed; `known` are the findings of the path walk (a read reported
/// there is not reported again).
pub(super) fn unwaited_handoffs(
    kernel: &Kernel<'_, '_>,
    touches: &[Vec<Touch>],
    known: &[ProtocolFinding],
) -> Vec<ProtocolFinding> {
    let flow = kernel.flow;
    // A callee may wait: say nothing.
    if kernel.has_calls() {
        return Vec::new();
    }
    let loads: Vec<InsnId> = (0..flow.insns.len() as InsnId)
        .filter(|&i| touches[i as usize].iter().any(brings))
        .collect();
    if loads.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for read in 0..flow.insns.len() as InsnId {
        if kernel.mbarrier_op(read, |_| true) || known.iter().any(|f| f.insn == read) {
            continue;
        }
        let reads: Vec<&Touch> = touches[read as usize]
            .iter()
            .filter(|t| t.access != Access::Write)
            .collect();
        if reads.is_empty() {
            continue;
        }
        for &load in &loads {
            let meets = touches[load as usize]
                .iter()
                .any(|l| brings(l) && reads.iter().any(|r| may_meet(l, r)));
            if meets
                && !ordered_before(kernel, load, read)
                && let Some((issuer, reader)) = split(kernel, load, read)
            {
                out.push(ProtocolFinding {
                    insn: read,
                    kind: ProtocolKind::HandoffReadBeforeWait { load, issuer, reader },
                });
                break;
            }
        }
    }
    // A read after another reported one on every path adds nothing: the first is the one to
    // wait before.
    let mut firsts: Vec<ProtocolFinding> = out
        .iter()
        .filter(|f| !out.iter().any(|g| kernel.precedes(g.insn, f.insn)))
        .copied()
        .collect();
    firsts.extend(unordered_refills(kernel, touches, &loads));
    let reported: Vec<InsnId> = known.iter().chain(&firsts).map(|f| f.insn).collect();
    firsts.extend(published_unwaited(kernel, touches, &loads, &reported));
    firsts
}

/// The reads of a load that a barrier publishes before it landed: the thread that issues it
/// reaches a barrier with no mbarrier wait (nothing that orders) since the load on any path,
/// and a thread that never issues it passes a barrier of the same number and reads the
/// load's bytes with nothing between on any path. Only the mbarrier's phase says the bytes
/// landed (§9.7.9.27, §9.7.13.15): the barrier tells the reader that the load was issued.
/// One finding per load (its first such read); reads in `reported` are told already.
fn published_unwaited(
    kernel: &Kernel<'_, '_>,
    touches: &[Vec<Touch>],
    loads: &[InsnId],
    reported: &[InsnId],
) -> Vec<ProtocolFinding> {
    let flow = kernel.flow;
    let numbered: Vec<(InsnId, u32, BarrierMode)> = kernel
        .barriers
        .iter()
        .filter(|b| !b.dead)
        .filter_map(|b| Some((b.insn, b.number?, b.mode)))
        .collect();
    let stops = |i: InsnId| orders(kernel, i, &|_| true);
    // Only a buffer the loads alone write (a static variable no other instruction writes),
    // into which the load lands at the same place every lap: a read of it reads what the
    // load brings. One window for everything (Triton's, CUTLASS's) says nothing about which
    // bytes a read touches, nor does a ring of stages.
    let only_loads_write = |v: &Node| {
        matches!(v, Node::Symbol(x) if kernel.values.variables[*x as usize].size.is_some_and(|s| s > 0))
            && touches
                .iter()
                .flatten()
                .all(|t| !t.access.writes() || !t.bases.contains(v) || brings(t))
    };
    let dedicated = |t: &Touch| t.fixed_start && t.bases.iter().all(only_loads_write);
    let mut out = Vec::new();
    for &load in loads {
        let writes: Vec<&Touch> = touches[load as usize]
            .iter()
            .filter(|t| brings(t) && dedicated(t))
            .collect();
        if writes.is_empty() {
            continue;
        }
        let found = numbered.iter().find_map(|&(published, number, _)| {
            if !only_clear_paths(kernel, load, published, &stops) {
                return None;
            }
            numbered
                .iter()
                .filter(|&&(_, n, mode)| n == number && mode != BarrierMode::Arrive)
                .find_map(|&(passed, ..)| {
                    (0..flow.insns.len() as InsnId).find_map(|read| {
                        let meets = !reported.contains(&read)
                            && !kernel.mbarrier_op(read, |_| true)
                            && touches[read as usize]
                                .iter()
                                .any(|r| r.access != Access::Write && writes.iter().any(|w| may_meet(w, r)));
                        if !meets || !only_clear_paths(kernel, passed, read, &stops) {
                            return None;
                        }
                        let (issuer, reader) = split(kernel, load, read)?;
                        Some(ProtocolKind::PublishedBeforeWait {
                            load,
                            published,
                            passed,
                            issuer,
                            reader,
                        })
                        .map(|kind| ProtocolFinding { insn: read, kind })
                    })
                })
        });
        out.extend(found);
    }
    out
}

/// Whether `to` is reached from `from` (after it), and no path from `from` to `to` (its
/// first arrival, not through `from` again) crosses an instruction `stops` accepts.
fn only_clear_paths(kernel: &Kernel<'_, '_>, from: InsnId, to: InsnId, stops: &impl Fn(InsnId) -> bool) -> bool {
    let flow = kernel.flow;
    let (mut clear, mut crossed) = (false, false);
    let mut seen = rustc_hash::FxHashSet::default();
    // (block, whether the path crossed a stop, the first instruction to look at).
    let mut work = vec![(kernel.block_of(from), false, from + 1)];
    while let Some((b, mut stopped, start)) = work.pop() {
        let range = flow.range(b);
        let mut ended = false;
        for i in start..range.end {
            if i == to {
                if stopped {
                    crossed = true;
                } else {
                    clear = true;
                }
                ended = true;
                break;
            }
            if i == from {
                ended = true;
                break;
            }
            stopped |= stops(i);
        }
        if ended {
            continue;
        }
        for &s in flow.succs(b) {
            if seen.insert((s, stopped)) {
                work.push((s, stopped, flow.range(s).start));
            }
        }
    }
    clear && !crossed
}

/// Whether `t` writes what a load completed through an mbarrier brings.
fn brings(t: &Touch) -> bool {
    t.access.writes() && matches!(t.completion, Completion::Mbarrier(_))
}

/// Whether something on every path from the entry to `read` may order it after `load`
/// landed: an instruction that [`orders`] the thread after others, where a barrier counts
/// only when it can come after the load (not one every thread passes before issuing it: the
/// barrier after the mbarriers' initialisation).
fn ordered_before(kernel: &Kernel<'_, '_>, load: InsnId, read: InsnId) -> bool {
    let flow = kernel.flow;
    let dominance = &kernel.values.dominance;
    let (load_block, read_block) = (kernel.block_of(load), kernel.block_of(read));
    let shares_loop = |i: InsnId| {
        let around = &kernel.loops()[kernel.block_of(i) as usize];
        kernel.loops()[load_block as usize].iter().any(|h| around.contains(h))
    };
    let after_load = |i: InsnId| {
        !dominance.dominates(kernel.block_of(i), load_block)
            || (kernel.block_of(i) == load_block && i > load)
            || shares_loop(i)
    };
    let block_start = flow.blocks[read_block as usize].start;
    if (block_start..read).any(|i| orders(kernel, i, &after_load)) {
        return true;
    }
    // The blocks that strictly dominate the read's: on every path to it.
    (0..flow.blocks.len() as u32)
        .filter(|&b| b != read_block && dominance.reachable(b) && dominance.dominates(b, read_block))
        .any(|b| flow.range(b).any(|i| orders(kernel, i, &after_load)))
}

/// Whether instruction `i` may order its thread after what other threads did: an mbarrier
/// wait, a barrier (one `barrier_counts` accepts), a fence that acquires, a strong or atomic
/// read (a flag another thread may have released after its wait). An mbarrier orders only
/// by its waits: an arrive releases, it does not acquire.
pub(super) fn orders(kernel: &Kernel<'_, '_>, i: InsnId, barrier_counts: &impl Fn(InsnId) -> bool) -> bool {
    let Some(semantics) = kernel.values.semantics[i as usize].as_ref() else {
        return false;
    };
    let synchronises = semantics.sync.iter().any(|s| match *s {
        Sync::Mbarrier { op, .. } => op.waits_for_phase(),
        Sync::Barrier { mode, .. } => mode != BarrierMode::Arrive && barrier_counts(i),
        Sync::Fence { order, proxy: None, .. } => order.acquires(),
        _ => false,
    });
    synchronises
        || !kernel.mbarrier_op(i, |_| true)
            && semantics
                .memory
                .iter()
                .any(|m| m.access != Access::Write && (m.atomic || m.order != Order::Weak))
}

/// The loads that overwrite, lap after lap, what threads that never issue them read in a
/// loop, with nothing that could order the next lap's load after those reads (the
/// producer's wait for the consumers to free the stage, a barrier after the reads): for a
/// read in the load's loop, on some path from it round the loop to the load; for one in
/// another loop, anywhere in the load's loop.
fn unordered_refills(kernel: &Kernel<'_, '_>, touches: &[Vec<Touch>], loads: &[InsnId]) -> Vec<ProtocolFinding> {
    let mut out = Vec::new();
    for &load in loads {
        let Some(head) = kernel.innermost_loop(load) else {
            continue;
        };
        // Reads in another loop (warp-specialised consumers): nothing in the load's loop may
        // order it (a wait some laps skip, the first ones, is a wait all the same).
        let in_loop = (0..kernel.flow.blocks.len() as u32)
            .filter(|&b| kernel.loops()[b as usize].contains(&head))
            .flat_map(|b| kernel.flow.range(b));
        let loop_orders = in_loop.into_iter().any(|i| orders(kernel, i, &|_| true));
        let writes: Vec<&Touch> = touches[load as usize].iter().filter(|t| brings(t)).collect();
        let reader = (0..kernel.flow.insns.len() as InsnId).find_map(|read| {
            let meets = !kernel.mbarrier_op(read, |_| true)
                && kernel.innermost_loop(read).is_some()
                && touches[read as usize]
                    .iter()
                    .any(|r| r.access != Access::Write && writes.iter().any(|w| may_meet(w, r)));
            if !meets {
                return None;
            }
            // Reads in the load's loop: nothing on some way from the read to the next lap's load.
            let round = if kernel.loops()[kernel.block_of(read) as usize].contains(&head) {
                // Nothing on the way that may order a thread after others (a wait some laps
                // skip is a wait all the same).
                Some(kernel.round_the_loop(read, load, &[head], |i| orders(kernel, i, &|_| true))?)
            } else if loop_orders {
                return None;
            } else {
                None
            };
            let (issuer, reader) = split(kernel, load, read)?;
            Some((read, issuer, reader, round))
        });
        if let Some((read, issuer, reader, round)) = reader {
            out.push(ProtocolFinding {
                insn: load,
                kind: ProtocolKind::HandoffRefillUnordered {
                    read,
                    issuer,
                    reader,
                    round,
                },
            });
        }
    }
    out
}

/// Two threads of the block: one that may issue `load` (every thread that may never reads
/// at `read`) and one that may read there and never issues the load (for some input): the
/// load's issuer and a reader that did not issue it. `None` when a thread may do both, or
/// no thread is told apart (a split every thread takes the same way says nothing).
fn split(kernel: &Kernel<'_, '_>, load: InsnId, read: InsnId) -> Option<(Thread, Thread)> {
    let mut issuer: Option<(Thread, bool)> = None;
    let mut reader = None;
    let first = kernel.shape.all().next()?;
    let mut eval = Evaluator::new(&kernel.values.exprs, first).electing();
    let mut memo = crate::sync::kernel::ExecutesMemo::default();
    for t in kernel.shape.all() {
        eval.reset(t);
        memo.clear();
        let issues = kernel.executes(&mut eval, load, &mut memo);
        let reads = kernel.executes(&mut eval, read, &mut memo);
        if issues != Executes::No {
            if reads != Executes::No {
                return None;
            }
            // A thread that surely may issue it names the issuer before one that might.
            if issuer.is_none_or(|(_, surely)| !surely && issues.possible()) {
                issuer = Some((t, issues.possible()));
            }
        } else if reader.is_none() && reads.possible() {
            reader = Some(t);
        }
    }
    Some((issuer?.0, reader?))
}

//! mbarrier objects used before they are initialised: an `mbarrier.init` by one thread and
//! another thread's operation on the same object with nothing between that orders them
//! (§9.7.13.15: an object is initialised before any other operation on it). Found with the
//! race search's evaluation of the accesses, as a race of the init's write with the use.

use ptxkit_isa::signature::semantics::{Access, MbarrierOp, Sync};
use rustc_hash::FxHashMap as HashMap;

use super::expr::{Evaluator, Thread};
use super::kernel::{Executes, Kernel, Reach};
use super::races::{Landings, Race, SharedAccess, evaluate, find_pair, other_sync, shared_accesses};
use crate::flow::cfg::InsnId;

/// Whether an mbarrier operation waits for (or tests) a phase: it may order what follows it.
fn waits(op: MbarrierOp) -> bool {
    op.waits_for_phase() || op == MbarrierOp::PendingCount
}

/// Operations on an mbarrier object by one thread that another thread's `mbarrier.init` of
/// it may come after (§9.7.13.15: an object is initialised before any other operation on
/// it): the init reaches the operation with no barrier between and no other synchronisation
/// that could order them (an mbarrier wait, a memory fence, a warp or cluster barrier, a
/// call); other inits and arrivals on the way order nothing for the other thread. Each as a
/// race of the init's write with the operation, in the kernel's shape.
pub(super) fn uninitialised_mbarrier_uses(kernel: &mut Kernel<'_, '_>) -> Vec<Race> {
    let is_init = |i: InsnId| kernel.mbarrier_op(i, |op| op == MbarrierOp::Init);
    if !(0..kernel.flow.insns.len() as InsnId).any(is_init) {
        return Vec::new();
    }
    let accesses: Vec<SharedAccess> = shared_accesses(kernel, Landings::default())
        .into_iter()
        .filter(|a| kernel.mbarrier_op(a.insn, |_| true))
        .collect();
    let evaluated = evaluate(kernel, &accesses);
    let threads: Vec<Thread> = kernel.shape.all().collect();
    let mut reaches = HashMap::default();
    let mut out: Vec<Race> = Vec::new();
    let kernel = &*kernel;
    // A wait is itself a use; what comes after it may be ordered by it (a wait that ends its
    // block stops the walk before it).
    let is_wait = |i: InsnId| kernel.mbarrier_op(i, waits);
    let same_block = |a: InsnId, b: InsnId| kernel.block_of(a) == kernel.block_of(b);
    // Whether instruction `i` synchronises by fences alone, proxy fences (`proxied`) or memory
    // fences.
    let fences_only = |i: InsnId, proxied: bool| {
        kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
            !s.sync.is_empty()
                && s.sync
                    .iter()
                    .all(|x| matches!(x, Sync::Fence { proxy, .. } if proxy.is_some() == proxied))
        })
    };
    let orders = |i: InsnId| {
        let after_wait = i > 0 && same_block(i - 1, i) && is_wait(i - 1);
        let waits_within_block = is_wait(i) && same_block(i, i + 1);
        let orders_nothing = waits_within_block || fences_only(i, true);
        // (A wait every thread reaches stands as a barrier in the kernel: judged as a wait.)
        let barrier = kernel.is_full_barrier(i) && !is_wait(i);
        after_wait || barrier || (other_sync(kernel, i) && !orders_nothing)
    };
    // A memory fence after the init (`fence.mbarrier_init`, or any other) orders it only for
    // a thread that then observes a later write of the init's thread with an acquire of its
    // own before its use (§8: a release pattern needs an acquire pattern). A thread that
    // executes no synchronisation before its use (the use itself aside) may run it before the
    // init, fence or not.
    let mut before = SynchronisationBefore::new(kernel, |i| orders(i) || is_wait(i));
    for (x, init) in accesses.iter().enumerate() {
        if !is_init(init.insn) || init.access != Access::Write {
            continue;
        }
        let clear = kernel.reach_until(init.insn, false, orders);
        let past_fences = kernel.reach_until(init.insn, false, |i| orders(i) && !fences_only(i, false));
        for (y, used) in accesses.iter().enumerate() {
            if is_init(used.insn) {
                continue;
            }
            let fenced = !clear.contains(used.insn);
            if fenced && !past_fences.contains(used.insn) {
                continue;
            }
            // With a fence between: only a thread that executes nothing synchronising on its
            // way to the use is a witness.
            let before_use = if fenced { before.use_at(used.insn) } else { Vec::new() };
            let mut eval: Option<Evaluator<'_>> = None;
            let mut may_synchronise = |_: usize, t2: usize| {
                if before_use.is_empty() {
                    return false;
                }
                let eval = eval.get_or_insert_with(|| Evaluator::new(&kernel.values.exprs, threads[t2]));
                eval.reset(threads[t2]);
                let mut memo = crate::sync::kernel::ExecutesMemo::default();
                before_use
                    .iter()
                    .any(|&i| kernel.executes(eval, i, &mut memo) != Executes::No)
            };
            let race = find_pair(
                kernel,
                &threads,
                (init, &evaluated[x].placed),
                (used, &evaluated[y].placed),
                &mut reaches,
                &mut may_synchronise,
            );
            // One finding per init: its first operation reached.
            if let Some(race) = race {
                out.push(Race {
                    uninitialised: true,
                    ..race
                });
                break;
            }
        }
    }
    out
}

/// The instructions that may synchronise a thread before it first runs a given instruction:
/// synchronisation and strong reads (what may take part in an acquire pattern).
struct SynchronisationBefore<'k, 'f, 't> {
    kernel: &'k Kernel<'f, 't>,
    /// Every instruction that may synchronise.
    synchronising: Vec<InsnId>,
    /// What each of them reaches, found when first asked.
    reach_of: HashMap<InsnId, Reach>,
}

impl<'k, 'f, 't> SynchronisationBefore<'k, 'f, 't> {
    /// For `kernel`, with `orders` saying what else than [`other_sync`], barriers and strong
    /// reads synchronises.
    fn new(kernel: &'k Kernel<'f, 't>, orders: impl Fn(InsnId) -> bool) -> Self {
        let strong_read = |i: InsnId| {
            kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
                s.memory
                    .iter()
                    .any(|m| m.access != Access::Write && (m.atomic || m.order.is_strong()))
            })
        };
        let synchronising = (0..kernel.flow.insns.len() as InsnId)
            .filter(|&i| orders(i) || other_sync(kernel, i) || kernel.barrier_at(i).is_some() || strong_read(i))
            .collect();
        SynchronisationBefore {
            kernel,
            synchronising,
            reach_of: HashMap::default(),
        }
    }

    /// Those a thread may run before its first run of `used` (not what follows `used` in its
    /// own wait loop).
    fn use_at(&mut self, used: InsnId) -> Vec<InsnId> {
        let kernel = self.kernel;
        let first_run = kernel.reach_until(0, true, |i| i == used);
        let reach_of = &mut self.reach_of;
        self.synchronising
            .iter()
            .copied()
            .filter(|&i| {
                first_run.contains(i)
                    && reach_of
                        .entry(i)
                        .or_insert_with(|| kernel.reach_until(i, false, |_| false))
                        .contains(used)
            })
            .collect()
    }
}

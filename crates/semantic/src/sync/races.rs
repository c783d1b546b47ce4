//! Shared-memory data races between barriers: two accesses to the same bytes of the CTA's
//! shared memory, at least one a write, by two threads, that no barrier orders — found with
//! a witness (the two threads, the two instructions, the address), or not at all.
//!
//! Every access is evaluated for every thread of the block shape ([`Kernel::shape`]); two
//! accesses whose addresses have the same undecided part (the same variable, the same uniform
//! values) differ by a known number of bytes, so their byte ranges overlap or not. Accesses
//! the analysis cannot place (an unknown pointer, a value loaded from memory, a loop the
//! interval repeats) are left out: unknown → silent.

use std::collections::BTreeSet;

use ptxkit_isa::signature::semantics::{Access, Completion, Group, MbarrierOp, Order, Proxy, Space, Swizzle, Sync};
use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

use super::expr::{Evaluator, ExprId, Linear, Node, Terms, Thread};
use super::inputs::{Choice, for_some_input};
use super::iterations::{
    BackEdgeValue, advances, nest_substitutes, relevant_back_edge_values, relevant_joins, start_next_iteration,
};
use super::kernel::{Executes, ExecutesMemo, Kernel, Reach, Shape, ShapeSource};
use super::protocols::Lap;
use super::splits::Splits;
use crate::flow::cfg::{BlockId, InsnId, RegId};

/// One access to the CTA's shared memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SharedAccess {
    /// The instruction.
    pub insn: InsnId,
    /// The address operand's index.
    pub operand: usize,
    /// Read, write or both.
    pub access: Access,
    /// How many bytes (at least one when the model does not say).
    pub bytes: u32,
    /// Whether it is a strong operation (atomic, volatile, relaxed or stronger at CTA scope
    /// or wider): two strong accesses are not a data race (§8.4.4, morally strong).
    pub strong: bool,
    /// The address.
    pub address: ExprId,
    /// How the address is swizzled (a matrix read through a descriptor: the 16 bytes a row
    /// starts with, moved by the descriptor's swizzle; 0 bits otherwise).
    pub swizzle: Swizzle,
    /// For a matrix read through a descriptor, which of the first 8 rows of its layout's
    /// first atom ([`super::descriptor::row_offset`]): the 16 bytes it starts with are read.
    pub row: u8,
    /// Whether the address is generic (its shared-memory offset is it minus the window).
    pub generic: bool,
    /// Whether it is a matrix read through a descriptor (`address`: where the matrix
    /// starts).
    pub through_descriptor: bool,
    /// Whether it is the write of an asynchronous (`cp.async`) copy.
    pub copy: bool,
    /// Whether it is a bulk copy's read of its shared-memory source (a TMA store) or its
    /// write into shared memory (a TMA load): the async proxy does it, not the issuing lane,
    /// so the lanes of the issuing warp race with it as other threads do (nothing a warp does
    /// orders the other lanes' accesses with it).
    pub async_proxy: bool,
    /// Whether the thread that does it is the one `elect.sync` picks in its warp (its guard,
    /// or a branch it is under, or its address depends on the pick): placed with the lowest
    /// lane of the mask standing for the pick, where the address is the same in every lane
    /// of the warp, and raced only against threads of other warps, so that the witness holds
    /// whichever lane is picked.
    pub elected: bool,
    /// For the write of a `cp.async` copy as seen at a wait that completes it or at a barrier
    /// it may still be in flight at (`insn`): the copy, whose bytes land after it is issued
    /// and, at the latest, at the wait.
    pub issued: Option<Issued>,
    /// How many lanes of each warp, from lane 0, give an address it uses (`ldmatrix.x1`: 8;
    /// `None`: every lane's).
    pub lanes: Option<u32>,
}

impl SharedAccess {
    /// How thread `t` doing this access is written in messages: `thread 3`, or for an access
    /// by `elect.sync`'s pick (which `t` stands for), the pick in `t`'s warp.
    pub fn doer(&self, shape: &super::kernel::Shape, t: Thread) -> String {
        if self.elected {
            format!("the thread `elect.sync` picks in warp {}", t.linear() / 32)
        } else {
            shape.describe(t)
        }
    }
}

/// The `cp.async` copy whose write a [`SharedAccess`] stands for at another instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Issued {
    /// The copy.
    pub copy: InsnId,
    /// Whether the access's instruction is a wait that completes the copy (else a CTA
    /// barrier the copy may still be in flight at).
    pub by_wait: bool,
    /// Whether the copy is not in the same iteration of its loops as the instruction (issued
    /// in an earlier iteration, or before a loop the instruction is in, or in a loop the
    /// instruction follows): placed only where the copy's address is the same in every
    /// iteration.
    pub other_iteration: bool,
    /// Whether the copy was issued in an earlier iteration of the innermost loop the copy and
    /// the instruction are both in: seen at the instruction in the loop's second iteration, it
    /// is where the copy is in the first.
    pub previous_iteration: bool,
}

/// Two accesses that race, with the threads and the address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Race {
    /// The earlier access (in the program) and the thread doing it.
    pub first: (SharedAccess, Thread),
    /// The later access and its thread.
    pub second: (SharedAccess, Thread),
    /// The address both touch, for the message (`s+132`).
    pub address: String,
    /// Whether the two threads are lanes of one warp (racing only without lockstep warps).
    pub same_warp: bool,
    /// Whether the second access runs in the next iteration of the loop both are in.
    pub next_iteration: bool,
    /// For a race in the next iteration: the last instruction before the back edge of a way
    /// from the first access round the loop to the second with no barrier on it.
    pub round: Option<InsnId>,
    /// Whether the first access initialises an mbarrier the second operates on (which may
    /// find it not initialised yet).
    pub uninitialised: bool,
    /// For the first and the second access: the values the witness takes for what the thread
    /// loads, when it makes the access there only for some values of its input
    /// ([`super::inputs`]).
    pub inputs: [Option<Choice>; 2],
    /// For the first and the second access: whether the thread makes it only when values it
    /// loaded from shared memory compare one way ([`Executes::IfData`]: a compare-and-swap's
    /// store).
    pub data_guarded: [bool; 2],
}

impl Race {
    /// The same race with its two accesses in the other order.
    fn swap_sides(&mut self) {
        std::mem::swap(&mut self.first, &mut self.second);
        self.inputs.swap(0, 1);
        self.data_guarded.swap(0, 1);
    }
}

/// Where `cp.async` copies are seen besides where they are issued, as the protocols found:
/// (copy, wait) pairs of a wait that completes the copy, (copy, barrier) pairs of a CTA
/// barrier the copy may still be in flight at; each with the iteration that issued the copy.
#[derive(Debug, Clone, Copy, Default)]
pub struct Landings<'p> {
    /// (copy, wait, lap) triples.
    pub waits: Option<&'p BTreeSet<(InsnId, InsnId, Lap)>>,
    /// (copy, barrier, lap) triples.
    pub barriers: Option<&'p BTreeSet<(InsnId, InsnId, Lap)>>,
    /// The copies that may be in flight at each instruction that touches shared memory
    /// (`None`: any copy may be anywhere).
    pub in_flight: Option<&'p super::protocols::CopiesInFlight>,
}

impl Landings<'_> {
    /// The instructions copy `i` is seen at: (instruction, whether it is a wait, the
    /// iteration that issued the copy).
    fn of(&self, i: InsnId) -> Vec<(InsnId, bool, Lap)> {
        let mut out = Vec::new();
        for (set, by_wait) in [(self.waits, true), (self.barriers, false)] {
            if let Some(set) = set {
                out.extend(
                    set.range((i, 0, Lap::Current)..=(i, InsnId::MAX, Lap::Outer))
                        .map(|&(_, x, lap)| (x, by_wait, lap)),
                );
            }
        }
        out
    }
}

/// How the pair search takes one memory access of an instruction ([`searched`]).
struct Searched {
    /// The write of a `cp.async` copy.
    copy: bool,
    /// See [`SharedAccess::async_proxy`].
    async_proxy: bool,
    /// Through a generic address.
    generic: bool,
}

/// Whether the pair search takes memory access `m` (of an instruction that is `multicast`
/// or not), and how: plain accesses to shared memory as they run; a `cp.async` copy's write;
/// a bulk store's (TMA) read of its shared-memory source, from its issue on; a bulk or tensor
/// load's write into the CTA's own shared memory (not multicast), from its issue on (how long
/// each goes on is the protocols' question).
fn searched(m: &ptxkit_isa::signature::semantics::MemoryAccess, multicast: bool) -> Option<Searched> {
    let copy = m.completion == Completion::Group(Group::CpAsync) && m.access == Access::Write;
    let bulk_read = m.completion == Completion::Group(Group::Bulk) && m.access == Access::Read;
    let bulk_write = matches!(m.completion, Completion::Mbarrier(_))
        && m.access == Access::Write
        && m.proxy == Proxy::Async
        && !multicast;
    let generic_now = m.proxy == Proxy::Generic && m.completion == Completion::Immediate;
    if !(generic_now || copy || bulk_read || bulk_write) {
        return None;
    }
    let generic = match m.space {
        Space::SharedCta => false,
        // A shared::cta address names the executing CTA's memory in the cluster window.
        Space::SharedCluster if bulk_write => false,
        Space::Generic => true,
        _ => return None,
    };
    Some(Searched {
        copy,
        async_proxy: bulk_read || bulk_write,
        generic,
    })
}

/// Whether the value instruction `i` loads decides control flow: it reaches a guard (a
/// branch's or an instruction's predicate) through the instructions that compute with it
/// (`setp`, a conversion, a sum later tested). A `.volatile` read whose value only feeds
/// data (a reduction's partial sum) is searched as a plain read: `.volatile` keeps it whole
/// and fresh (§8.4.1), not ordered after another thread's write, and which value it sees
/// depends on timing. One that polls or tests a flag is synchronisation the barrier
/// intervals do not describe, left out.
fn decides_control(kernel: &Kernel<'_, '_>, i: InsnId, facts: &ControlFacts) -> bool {
    let flow = kernel.flow;
    let mut seen = rustc_hash::FxHashSet::default();
    let mut work: Vec<RegId> = flow.defs(i).iter().map(|d| d.reg).collect();
    while let Some(r) = work.pop() {
        if !seen.insert(r) {
            continue;
        }
        // Too far to follow: taken as deciding (silent).
        if facts.guards.contains(&r) || seen.len() > MAX_FOLLOWED_REGISTERS {
            return true;
        }
        for &j in facts.users.get(&r).into_iter().flatten() {
            work.extend(flow.defs(j).iter().map(|d| d.reg));
        }
    }
    false
}

/// The most registers [`decides_control`] follows a loaded value through.
const MAX_FOLLOWED_REGISTERS: usize = 256;

/// What [`decides_control`] asks of a function: its guard registers, and the instructions
/// that read each register.
struct ControlFacts {
    guards: rustc_hash::FxHashSet<RegId>,
    users: HashMap<RegId, Vec<InsnId>>,
}

impl ControlFacts {
    fn of(kernel: &Kernel<'_, '_>) -> ControlFacts {
        let flow = kernel.flow;
        let mut users: HashMap<RegId, Vec<InsnId>> = HashMap::default();
        for j in 0..flow.insns.len() as InsnId {
            for u in flow.uses(j) {
                users.entry(u.reg).or_default().push(j);
            }
        }
        ControlFacts {
            guards: flow.guards.iter().flatten().map(|g| g.reg).collect(),
            users,
        }
    }
}

/// The shared-memory accesses of a kernel the race search can place. A `cp.async` copy's
/// write counts where the copy is issued and again at each wait that completes it and each
/// barrier it may still be in flight at (`landings`): the bytes land in between.
pub fn shared_accesses(kernel: &Kernel<'_, '_>, landings: Landings<'_>) -> Vec<SharedAccess> {
    let mut out = Vec::new();
    let exprs = &kernel.values.exprs;
    let multicast = |i: InsnId| {
        kernel.flow.insns[i as usize]
            .modifiers()
            .iter()
            .any(|m| m.text.starts_with(".multicast"))
    };
    let any_election = (0..exprs.len() as ExprId).any(|id| matches!(exprs.node(id), Node::Elected(_)));
    let elected = |i: InsnId, address: Option<ExprId>| {
        let mut found = false;
        if !any_election {
            return false;
        }
        for id in kernel.deciding_conditions(i).into_iter().chain(address) {
            collect_leaves(exprs, id, &mut |node| {
                found |= matches!(node, Node::Elected(_));
                found
            });
        }
        found
    };
    let mut control: Option<ControlFacts> = None;
    for (i, semantics) in kernel.values.semantics.iter().enumerate() {
        let Some(semantics) = semantics else { continue };
        for m in &semantics.memory {
            let Some(Searched {
                copy,
                async_proxy,
                generic,
            }) = searched(m, multicast(i as InsnId))
            else {
                continue;
            };
            let Some(address) = kernel.values.operands[i].get(m.operand).copied().flatten() else {
                continue;
            };
            let access = SharedAccess {
                insn: i as InsnId,
                operand: m.operand,
                access: m.access,
                bytes: m.certain_bytes,
                strong: m.atomic
                    || (m.order.is_strong()
                        && !(m.order == Order::Volatile
                            && m.access == Access::Read
                            && !decides_control(
                                kernel,
                                i as InsnId,
                                control.get_or_insert_with(|| ControlFacts::of(kernel)),
                            ))),
                address,
                swizzle: Swizzle { bits: 0 },
                row: 0,
                generic,
                through_descriptor: false,
                copy,
                async_proxy,
                elected: elected(i as InsnId, Some(address)),
                issued: None,
                lanes: m.lanes,
            };
            let first = out.len();
            out.push(access);
            if copy {
                let i = i as InsnId;
                for (at, by_wait, lap) in landings.of(i) {
                    let previous_iteration = lap == Lap::Earlier
                        && kernel.innermost_loop(i).is_some()
                        && kernel.innermost_loop(i) == kernel.innermost_loop(at);
                    let seen = SharedAccess {
                        insn: at,
                        issued: Some(Issued {
                            copy: i,
                            by_wait,
                            other_iteration: lap != Lap::Current || !within_iteration(kernel, i, at),
                            previous_iteration,
                        }),
                        ..access
                    };
                    if !out[first..].contains(&seen) {
                        out.push(seen);
                    }
                }
            }
        }
        // A matrix read through a descriptor (wgmma, tcgen05.mma): the 16 bytes each of the
        // first 8 rows of its layout's first atom starts with are surely read, at the issue
        // (the read goes on until the group's wait: the protocols' question).
        for read in kernel.values.descriptor_reads.get(&(i as InsnId)).into_iter().flatten() {
            let elected = elected(i as InsnId, Some(read.start));
            out.extend((0..super::descriptor::ATOM_ROWS).map(|row| SharedAccess {
                insn: i as InsnId,
                operand: read.operand,
                access: Access::Read,
                bytes: super::descriptor::MATRIX_ROW_BYTES,
                strong: false,
                address: read.start,
                swizzle: read.swizzle,
                row,
                generic: false,
                through_descriptor: true,
                copy: false,
                async_proxy: false,
                elected,
                issued: None,
                lanes: None,
            }));
        }
    }
    out
}

/// Whether `to` follows `from` in one iteration of every loop around them: both in the same
/// loops, and a path from `from` reaches `to` without taking a loop's back edge.
fn within_iteration(kernel: &Kernel<'_, '_>, from: InsnId, to: InsnId) -> bool {
    let (bf, bt) = (kernel.block_of(from), kernel.block_of(to));
    if kernel.loops()[bf as usize] != kernel.loops()[bt as usize] {
        return false;
    }
    if bf == bt {
        return from < to;
    }
    let dominance = &kernel.values.dominance;
    let mut seen = vec![false; kernel.flow.blocks.len()];
    let mut stack = vec![bf];
    while let Some(b) = stack.pop() {
        for &s in kernel.flow.succs(b) {
            // A back edge goes to a block that dominates its source.
            if dominance.dominates(s, b) || std::mem::replace(&mut seen[s as usize], true) {
                continue;
            }
            if s == bt {
                return true;
            }
            stack.push(s);
        }
    }
    false
}

/// An access evaluated for one thread: the address's undecided part and its known part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Placed {
    terms: SmallVec<[(ExprId, i64); 2]>,
    offset: i64,
    /// The values the placement takes for what the thread loads, when it makes the access
    /// there only for some values of its input ([`super::inputs`]).
    input: Option<Choice>,
}

/// Two accesses' placements to compare, and whether the second wraps into the next iteration.
type Combo<'e> = (&'e [Option<Placed>], &'e [Option<Placed>], bool);

/// What the search knows of one access in every thread.
pub(super) struct Evaluated {
    /// Per thread (in [`Shape::all`] order): where it accesses, if it may execute there (in
    /// its loops' first iteration).
    pub(super) placed: Vec<Option<Placed>>,
    /// The same in the next iteration of its innermost loop, if it is in one.
    next: Option<Vec<Option<Placed>>>,
}

/// Whether instruction `i` synchronises threads in a way the interval model does not follow
/// (mbarrier waits, fences, warp barriers, cluster barriers, memory operations that release or
/// acquire): accesses around it are left to other rules. CTA barriers, named ones for part of the block too, are followed.
pub(super) fn other_sync(kernel: &Kernel<'_, '_>, i: InsnId) -> bool {
    // A call may synchronise (a `cuda::barrier` arrive and wait in an unoptimised build),
    // but for the ABI's system calls.
    if kernel.flow.insns[i as usize].call().is_some() {
        return kernel.calls_out(i);
    }
    // An mbarrier operation that does not wait (an arrival, an init, an expected
    // transaction count) orders nothing by itself: only a wait that sees its phase does, and a
    // wait either ends the interval (one every thread reaches alike) or is in the interval of
    // every access it orders (which is then not searched).
    kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
        // A load, store or atomic that releases or acquires (PTX ISA §8.8, message passing
        // through a flag): whether an acquire sees a release is not followed. (An mbarrier
        // arrival releases too, but its `sync` line says what it does.)
        let synchronising_access =
            s.sync.is_empty() && s.memory.iter().any(|m| m.order.acquires() || m.order.releases());
        (synchronising_access
            || s.sync.iter().any(|sync| match *sync {
                Sync::Mbarrier { op, .. } => op.waits_for_phase(),
                // A proxy fence between the generic proxy and the async or alias proxies orders
                // the thread's own accesses across proxies, not threads (§8.6).
                Sync::Fence {
                    proxy: Some(Proxy::Async | Proxy::Alias),
                    ..
                } => false,
                Sync::Fence { .. } | Sync::WarpBarrier { .. } | Sync::Barrier { .. } => true,
                _ => false,
            }))
            && kernel.barrier_at(i).is_none()
    })
}

/// The data races of a kernel, at most one per pair of instructions.
pub fn races(kernel: &mut Kernel<'_, '_>, landings: Landings<'_>) -> Vec<Race> {
    let races = data_races(kernel, landings);
    // A use of an mbarrier before its init is told as such, not as a plain race.
    let uninitialised = super::mbarrier_init::uninitialised_mbarrier_uses(kernel);
    let mut out: Vec<Race> = races
        .into_iter()
        .filter(|r| !uninitialised.iter().any(|u| u.second.0.insn == r.second.0.insn))
        .collect();
    out.extend(uninitialised);
    out
}

/// The data races among the kernel's plain shared-memory accesses, copies included.
fn data_races(kernel: &mut Kernel<'_, '_>, landings: Landings<'_>) -> Vec<Race> {
    let Some(accesses) = candidate_accesses(kernel, landings) else {
        return Vec::new();
    };
    if sync_stats() {
        eprintln!(
            "sync: {} accesses, {} threads ({:?}), {} expressions, {} blocks",
            accesses.len(),
            kernel.shape.threads(),
            kernel.shape.source,
            kernel.values.exprs.len(),
            kernel.flow.blocks.len()
        );
    }
    let Some(evaluated) = evaluate_in_shape(kernel, &accesses) else {
        if sync_stats() {
            eprintln!("sync: no shape fits");
        }
        return Vec::new();
    };
    kernel.settle_shape();
    let mut races = PairSearch::new(kernel, &accesses, &evaluated, landings.in_flight).run();
    if !races.iter().any(|r| !r.same_warp)
        && let Some(larger) = in_larger_shape(kernel, &accesses, &evaluated, landings.in_flight)
    {
        races.extend(larger);
    }
    races
}

/// The most threads a larger inferred shape may have ([`in_larger_shape`]).
const LARGEST_INFERRED: u32 = 1024;

/// For a kernel without a declared shape written for a larger block than the inferred one:
/// the races of the first larger shape, doubling the largest dimension up to
/// [`LARGEST_INFERRED`] threads while the kernel still fits it ([`fits`]), in which more of its
/// code runs or its reads find their writers; those between threads of different warps (in
/// two warps the kernel's own races are searched). `None` (the shape as it was) when there
/// are none. Two signs that a kernel is written for more threads:
/// - its code reads its block size (`%ntid`) and has branches no thread of the shape takes (a
///   tree reduction's `for (s = ntid / 2; s > 32; s >>= 1)` never runs in two warps): each
///   larger shape in which one of them is taken is searched;
/// - a thread reads bytes of a shared variable that no thread of the shape writes
///   ([`reads_unwritten_bytes`]: `s[127 - threadIdx.x]` in a block of 64): the first larger
///   shape in which every read finds a writer is searched.
fn in_larger_shape(
    kernel: &mut Kernel<'_, '_>,
    accesses: &[SharedAccess],
    evaluated: &[Evaluated],
    in_flight: Option<&super::protocols::CopiesInFlight>,
) -> Option<Vec<Race>> {
    if kernel.shape.source != ShapeSource::Inferred {
        return None;
    }
    let reads_ntid =
        || (0..kernel.values.exprs.len() as ExprId).any(|id| matches!(kernel.values.exprs.node(id), Node::Ntid(_)));
    let mut by_edges = !kernel.dead_edges().is_empty() && reads_ntid();
    // The code only threads beyond the shape run, by conditions on the thread, at branches
    // right around shared-memory accesses (one of their targets makes one).
    let access_blocks: rustc_hash::FxHashSet<BlockId> = accesses.iter().map(|a| kernel.block_of(a.insn)).collect();
    let around_accesses = |kernel: &Kernel<'_, '_>| {
        kernel.edges_beyond_the_shape(|c| kernel.flow.succs(c).iter().any(|s| access_blocks.contains(s)))
    };
    let mut beyond = around_accesses(kernel);
    let mut by_threads = !beyond.is_empty();
    let mut by_reads = reads_unwritten_bytes(kernel, accesses, evaluated);
    if sync_stats() {
        eprintln!(
            "sync: growth by edges {by_edges}, by threads' edges {by_threads}, by unwritten reads {by_reads} in {:?}",
            kernel.shape.dims
        );
    }
    if !by_edges && !by_threads && !by_reads {
        return None;
    }
    let original = kernel.shape.dims;
    // The code no shape tried so far runs.
    let mut dead = kernel.dead_edges().clone();
    let mut dims = original;
    let mut found = None;
    loop {
        let d = Shape::largest_dimension(dims);
        dims[d] *= 2;
        if dims.iter().product::<u32>() > LARGEST_INFERRED {
            break;
        }
        kernel.shape.dims = dims;
        kernel.settle_shape();
        let newly_taken = by_edges && !dead.iter().all(|e| kernel.dead_edges().contains(e));
        let still_beyond = if by_threads {
            around_accesses(kernel)
        } else {
            Default::default()
        };
        let newly_run = by_threads && !beyond.iter().all(|e| still_beyond.contains(e));
        // The accesses are evaluated in a shape only where something is to be judged there
        // (a shape that runs no more code than the last is not searched).
        if !by_reads && !newly_taken && !newly_run {
            continue;
        }
        let evaluated = evaluate(kernel, accesses);
        if !fits(kernel, accesses, &evaluated) {
            if sync_stats() {
                eprintln!("sync: {dims:?} does not fit");
            }
            break;
        }
        let all_read_written = by_reads && !reads_unwritten_bytes(kernel, accesses, &evaluated);
        if !newly_taken && !newly_run && !all_read_written {
            continue;
        }
        dead.retain(|e| kernel.dead_edges().contains(e));
        by_edges &= !dead.is_empty();
        beyond.retain(|e| still_beyond.contains(e));
        by_threads &= !beyond.is_empty();
        by_reads &= !all_read_written;
        if sync_stats() {
            eprintln!("sync: grown to {dims:?}");
        }
        let races: Vec<Race> = PairSearch::new(kernel, accesses, &evaluated, in_flight)
            .run()
            .into_iter()
            .filter(|r| !r.same_warp)
            .collect();
        if !races.is_empty() {
            found = Some(races);
            break;
        }
        if !by_edges && !by_threads && !by_reads {
            break;
        }
    }
    if found.is_none() {
        kernel.shape.dims = original;
        kernel.settle_shape();
    }
    found
}

/// Whether some thread's read of a shared variable touches bytes that no write of any thread
/// touches (in its loops' first two iterations): shared memory starts undefined, so a kernel
/// reads only what some thread wrote, and such a read is one of the threads the kernel is
/// written for but the shape lacks. Not said of a variable that a write may touch somewhere
/// it is not placed (in no thread, or off a variable's start), nor when a write addresses an
/// unknown part of shared memory (the window, a pointer): the bytes written are not known.
fn reads_unwritten_bytes(kernel: &Kernel<'_, '_>, accesses: &[SharedAccess], evaluated: &[Evaluated]) -> bool {
    let exprs = &kernel.values.exprs;
    let variable = |p: &Placed| match p.terms.as_slice() {
        [(leaf, 1)] if matches!(exprs.node(*leaf), Node::Symbol(_)) => Some(*leaf),
        _ => None,
    };
    // Per variable, the byte ranges written; the variables a write reaches unplaced.
    let mut written: HashMap<ExprId, Vec<(i64, i64)>> = HashMap::default();
    let mut unknown: Vec<Node> = Vec::new();
    for (a, e) in accesses.iter().zip(evaluated) {
        if !a.access.writes() || a.issued.is_some() {
            continue;
        }
        let bases = shared_bases(exprs, a.address);
        if bases.is_empty() || bases.iter().any(|b| matches!(b, Node::Window(_))) {
            return false;
        }
        let mut placed_somewhere = false;
        for p in e.placed.iter().chain(e.next.iter().flatten()).flatten() {
            match variable(p) {
                Some(v) if p.input.is_none() => {
                    placed_somewhere = true;
                    written
                        .entry(v)
                        .or_default()
                        .push((p.offset, p.offset + i64::from(a.bytes)));
                }
                _ => unknown.extend(bases.iter().copied()),
            }
        }
        if !placed_somewhere {
            unknown.extend(bases.iter().copied());
        }
    }
    accesses.iter().zip(evaluated).any(|(a, e)| {
        if a.access.writes() || a.issued.is_some() || a.through_descriptor {
            return false;
        }
        e.placed.iter().flatten().any(|p| {
            let Some(v) = variable(p) else { return false };
            if unknown.contains(&exprs.node(v)) {
                return false;
            }
            let (start, end) = (p.offset, p.offset + i64::from(a.bytes));
            !written
                .get(&v)
                .is_some_and(|ranges| ranges.iter().any(|&(s, e)| s < end && start < e))
        })
    })
}

/// For a CTA barrier that some threads skip (going on at `from`, the barrier not in a loop):
/// an access a skipping thread makes after it that meets one another thread makes before the
/// barrier, at least one a plain write, with no synchronisation on either side: the barrier
/// would have ordered them, and the skipping thread does not wait at it. Both accesses are
/// evaluated in the kernel's shape, which must fit them ([`fits`]); their address must be a
/// variable (or the window) and a constant. `None` when there is none or it cannot be told.
pub fn past_skipped_barrier(kernel: &Kernel<'_, '_>, barrier: InsnId, from: InsnId) -> Option<Race> {
    if !kernel.loops()[kernel.block_of(barrier) as usize].is_empty() {
        return None;
    }
    let accesses = shared_accesses(kernel, Landings::default());
    let before: Vec<SharedAccess> = accesses
        .iter()
        .filter(|a| a.insn != barrier && clear_path(kernel, (a.insn, false), barrier, false))
        .copied()
        .collect();
    if before.is_empty() {
        return None;
    }
    let after: Vec<SharedAccess> = accesses
        .iter()
        .filter(|a| a.insn != barrier && clear_path(kernel, (from, true), a.insn, true))
        .copied()
        .collect();
    let pairs: Vec<(usize, usize)> = (0..before.len())
        .flat_map(|w| (0..after.len()).map(move |r| (w, r)))
        .filter(|&(w, r)| {
            let (w, r) = (&before[w], &after[r]);
            (w.access.writes() || r.access.writes()) && !(w.strong && r.strong)
        })
        .collect();
    if pairs.is_empty() {
        return None;
    }
    let mut both = before.clone();
    both.extend_from_slice(&after);
    let evaluated = evaluate(kernel, &both);
    let fit = fits(kernel, &both, &evaluated);
    if sync_stats() {
        eprintln!(
            "sync: skipped barrier {barrier}: {} before, {} after, {} pairs, fits {fit}",
            before.len(),
            after.len(),
            pairs.len(),
        );
    }
    if !fit {
        return None;
    }
    let threads: Vec<Thread> = kernel.shape.all().collect();
    let skips = kernel.never_executed_by(barrier);
    let constant_base = |p: &Placed| {
        p.terms
            .iter()
            .all(|&(leaf, c)| c == 1 && matches!(kernel.values.exprs.node(leaf), Node::Symbol(_)))
    };
    for (w, r) in pairs {
        let (pw, pr) = (&evaluated[w].placed, &evaluated[before.len() + r].placed);
        let (wa, ra) = (&before[w], &after[r]);
        for (t2, placed) in pr.iter().enumerate() {
            let Some(q) = placed.as_ref().filter(|q| skips[t2] && constant_base(q)) else {
                continue;
            };
            let met = pw.iter().enumerate().find(|(t1, p)| {
                threads[*t1].linear() / 32 != threads[t2].linear() / 32
                    && p.as_ref().is_some_and(|p| {
                        p.terms == q.terms
                            && p.offset < q.offset + i64::from(ra.bytes)
                            && q.offset < p.offset + i64::from(wa.bytes)
                    })
            });
            if let Some((t1, Some(p))) = met {
                return Some(race(
                    kernel,
                    wa,
                    ra,
                    threads[t1],
                    threads[t2],
                    p.offset.max(q.offset),
                    &q.terms,
                    false,
                ));
            }
        }
    }
    None
}

/// Whether instruction `to` follows the point `from` (an instruction, from it when inclusive)
/// in one pass (no loop's back edge taken: a thread's first time there), without a barrier
/// between, and no such path synchronises otherwise ([`other_sync`]; initialising an mbarrier
/// is a plain write, committing or waiting for the thread's own asynchronous groups orders
/// nothing for other threads, and a warp's collectives and barriers order nothing between
/// warps, where [`past_skipped_barrier`] takes its witnesses). On the way of the thread that
/// makes the later access (`later`), only what may acquire counts: an mbarrier arrival,
/// expected or completed transaction count orders nothing after it for that thread.
fn clear_path(kernel: &Kernel<'_, '_>, (from, inclusive): (InsnId, bool), to: InsnId, later: bool) -> bool {
    let flow = kernel.flow;
    let releases_only = |s: &ptxkit_isa::signature::semantics::Semantics| {
        s.sync.iter().all(|sync| match *sync {
            Sync::Mbarrier { op, .. } => !op.waits_for_phase(),
            Sync::Commit { .. } => true,
            _ => false,
        })
    };
    let syncs = |i: InsnId| {
        kernel.values.semantics[i as usize]
            .as_ref()
            .is_some_and(|s| !(s.sync.is_empty() || orders_no_other_thread(s) || (later && releases_only(s))))
    };
    let dominance = &kernel.values.dominance;
    let (mut clean, mut dirty) = (false, false);
    // (block, first instruction, whether the path has synchronised).
    let mut seen = rustc_hash::FxHashSet::default();
    let first = kernel.block_of(from);
    let mut stack = vec![(first, if inclusive { from } else { from + 1 }, false)];
    while let Some((b, start, mut synced)) = stack.pop() {
        let mut ends = true;
        for i in start..flow.blocks[b as usize].end {
            if i == to {
                if synced {
                    dirty = true;
                } else {
                    clean = true;
                }
                ends = false;
                break;
            }
            if kernel.barrier_at(i).is_some() {
                ends = false;
                break;
            }
            synced |= syncs(i);
        }
        if !ends {
            continue;
        }
        for &s in flow.succs(b) {
            if dominance.dominates(s, b) || (s == first && from > flow.blocks[s as usize].start) {
                continue;
            }
            if seen.insert((s, synced)) {
                stack.push((s, flow.blocks[s as usize].start, synced));
            }
        }
    }
    clean && !dirty
}

/// Whether an instruction's synchronisation orders nothing for threads of other warps:
/// initialising or invalidating an mbarrier, committing or waiting for the thread's own
/// asynchronous groups (no mbarrier told of the group), a warp's collectives, elections and
/// barriers.
fn orders_no_other_thread(s: &ptxkit_isa::signature::semantics::Semantics) -> bool {
    s.sync.iter().all(|sync| {
        matches!(
            sync,
            Sync::Mbarrier {
                op: MbarrierOp::Init | MbarrierOp::Inval,
                ..
            } | Sync::Commit { mbarrier: None, .. }
                | Sync::Wait { .. }
                | Sync::Collective { .. }
                | Sync::Elect { .. }
                | Sync::ActiveMask
                | Sync::WarpBarrier { .. }
        )
    })
}

/// Whether `PTXKIT_SYNC_STATS` asks for the search's figures on stderr.
fn sync_stats() -> bool {
    std::env::var_os("PTXKIT_SYNC_STATS").is_some()
}

/// The accesses the pair search looks at: those it can place ([`shared_accesses`]), outside
/// the intervals other synchronisation orders, on a base some plain write may meet. `None`
/// when no write is left among them.
fn candidate_accesses(kernel: &Kernel<'_, '_>, landings: Landings<'_>) -> Option<Vec<SharedAccess>> {
    let accesses = shared_accesses(kernel, landings);
    if accesses.is_empty() || !accesses.iter().any(|a| a.access.writes()) {
        return None;
    }
    // In an interval that other synchronisation orders too, only the plain accesses threads
    // reach before any of it are searched.
    let unordered = unordered_intervals(kernel);
    let in_unordered = |a: &SharedAccess| {
        kernel.intervals[a.insn as usize]
            .iter()
            .zip(&unordered)
            .any(|(x, u)| x & u != 0)
    };
    let mut unsynchronised: Option<Vec<bool>> = None;
    let accesses: Vec<SharedAccess> = accesses
        .into_iter()
        .filter(|a| {
            !in_unordered(a)
                || (!a.copy
                    && a.issued.is_none()
                    && !a.async_proxy
                    && !a.through_descriptor
                    && !a.elected
                    && unsynchronised.get_or_insert_with(|| super::unsynchronised::unsynchronised(kernel))
                        [a.insn as usize])
        })
        .collect();
    let accesses = on_written_bases(kernel, accesses);
    (!accesses.is_empty() && accesses.iter().any(|a| a.access.writes())).then_some(accesses)
}

/// The intervals (one bit each, as in [`Kernel::intervals`]) holding an instruction that
/// orders threads other than by barriers ([`other_sync`]): they are not searched.
fn unordered_intervals(kernel: &Kernel<'_, '_>) -> Vec<u64> {
    let mut unordered = vec![0u64; kernel.intervals.first().map_or(1, Vec::len)];
    for i in 0..kernel.flow.insns.len() as InsnId {
        if other_sync(kernel, i) {
            for (w, x) in unordered.iter_mut().zip(&kernel.intervals[i as usize]) {
                *w |= x;
            }
        }
    }
    unordered
}

/// Only the accesses to a shared variable or through the shared window that some plain write
/// may meet: the bases (variables, window) each address is built on.
fn on_written_bases(kernel: &Kernel<'_, '_>, accesses: Vec<SharedAccess>) -> Vec<SharedAccess> {
    let base_of: Vec<Vec<Node>> = accesses
        .iter()
        .map(|a| shared_bases(&kernel.values.exprs, a.address))
        .collect();
    let written: Vec<Node> = accesses
        .iter()
        .zip(&base_of)
        .filter(|(a, _)| a.access.writes())
        .flat_map(|(_, b)| b.iter().copied())
        .collect();
    accesses
        .into_iter()
        .zip(base_of)
        .filter(|(_, b)| !b.is_empty() && b.iter().any(|n| written.contains(n)))
        .map(|(a, _)| a)
        .collect()
}

/// The shared variables and the shared window among the leaves of `address`.
fn shared_bases(exprs: &super::expr::Exprs, address: ExprId) -> Vec<Node> {
    let mut out = Vec::new();
    let mut check = |node: Node| {
        if matches!(node, Node::Symbol(_) | Node::Window(Space::SharedCta)) && !out.contains(&node) {
            out.push(node);
        }
        false
    };
    collect_leaves(exprs, address, &mut check);
    out
}

/// The accesses evaluated in the shape the search runs with: a declared shape as it is (when
/// every access stays inside its variable there), an inferred one halved until the kernel is
/// written for it ([`fits`]). `None` when the evaluation is not what the program computes;
/// the shape is then left where the search gave up.
fn evaluate_in_shape(kernel: &mut Kernel<'_, '_>, accesses: &[SharedAccess]) -> Option<Vec<Evaluated>> {
    if kernel.shape.source != ShapeSource::Inferred {
        let evaluated = evaluate(kernel, accesses);
        // Accesses past their variables in the declared shape: the evaluation is not what
        // the program computes; say nothing.
        return in_bounds(kernel, accesses, &evaluated).then_some(evaluated);
    }
    if !two_threads_fit(kernel, accesses) {
        return None;
    }
    shrink_to_fit(kernel, accesses)
}

/// Whether two threads along the largest dimension of an inferred shape fit: if they do not,
/// no shape will. The shape is restored when they fit and left at the two threads when not.
fn two_threads_fit(kernel: &mut Kernel<'_, '_>, accesses: &[SharedAccess]) -> bool {
    let full = kernel.shape.dims;
    let d = Shape::largest_dimension(full);
    kernel.shape.dims = [1, 1, 1];
    kernel.shape.dims[d] = 2.min(full[d]);
    let small = evaluate(kernel, accesses);
    if !fits(kernel, accesses, &small) {
        return false;
    }
    kernel.shape.dims = full;
    true
}

/// Halves an inferred shape (at most 12 times) until every plain write is one thread's: the
/// shape the kernel is written for (a 16-wide tile's rows overlap in a 32-wide block). The
/// accesses evaluated in it, or `None` when no halving fits.
fn shrink_to_fit(kernel: &mut Kernel<'_, '_>, accesses: &[SharedAccess]) -> Option<Vec<Evaluated>> {
    let evaluated = evaluate(kernel, accesses);
    if fits(kernel, accesses, &evaluated) {
        return Some(evaluated);
    }
    let placing = dimensions_placing(kernel, accesses);
    if let Some(folded) = folded(kernel.shape.dims, placing) {
        // The same number of threads along the dimensions the addresses read.
        let full = std::mem::replace(&mut kernel.shape.dims, folded);
        let along = evaluate(kernel, accesses);
        if fits(kernel, accesses, &along) {
            return Some(along);
        }
        kernel.shape.dims = full;
    }
    for _ in 0..12 {
        // Threads apart only along a dimension no address reads write the same bytes: such a
        // dimension goes first (a grid-wide rank reads all three, a row of `s[threadIdx.x]`
        // only x).
        let dims = kernel.shape.dims;
        let unplacing: [u32; 3] = std::array::from_fn(|d| if placing[d] { 1 } else { dims[d] });
        let d = if unplacing.iter().any(|&n| n > 1) {
            Shape::largest_dimension(unplacing)
        } else {
            Shape::largest_dimension(dims)
        };
        if kernel.shape.dims[d] <= 1 {
            return None;
        }
        kernel.shape.dims[d] /= 2;
        let evaluated = evaluate(kernel, accesses);
        if sync_stats() {
            eprintln!("sync: shrunk to {:?}", kernel.shape.dims);
        }
        if fits(kernel, accesses, &evaluated) {
            return Some(evaluated);
        }
    }
    None
}

/// `dims` with the threads along the dimensions `placing` says no address reads moved to the
/// largest one that some address reads: `None` when there are none to move or none to move
/// them to.
fn folded(dims: [u32; 3], placing: [bool; 3]) -> Option<[u32; 3]> {
    let moved: u32 = (0..3).filter(|&d| !placing[d]).map(|d| dims[d]).product();
    let to = (0..3).filter(|&d| placing[d]).max_by_key(|&d| dims[d])?;
    (moved > 1).then(|| {
        std::array::from_fn(|d| {
            if d == to {
                dims[d] * moved
            } else if placing[d] {
                dims[d]
            } else {
                1
            }
        })
    })
}

/// Which dimensions of the thread id the accesses' addresses read (all three when one reads
/// the lane, which mixes them).
fn dimensions_placing(kernel: &Kernel<'_, '_>, accesses: &[SharedAccess]) -> [bool; 3] {
    let mut placing = [false; 3];
    for access in accesses {
        for leaf in kernel.values.exprs.leaves(access.address) {
            match leaf {
                Node::Tid(d) => placing[usize::from(d.min(2))] = true,
                Node::Lane | Node::Varying(_) | Node::Phi { varying: true, .. } => return [true; 3],
                _ => {}
            }
        }
    }
    placing
}

/// What an access of `bytes` bytes can touch at all, in any thread and either iteration: per
/// undecided part, the range of its offsets (start, end).
fn touch_summary(evaluated: &Evaluated, bytes: u32) -> Vec<(Terms, i64, i64)> {
    let mut list: Vec<(Terms, i64, i64)> = Vec::new();
    let all = evaluated.placed.iter().chain(evaluated.next.iter().flatten());
    for p in all.flatten() {
        match list.iter_mut().find(|(t, _, _)| *t == p.terms) {
            Some((_, lo, hi)) => {
                *lo = (*lo).min(p.offset);
                *hi = (*hi).max(p.offset + i64::from(bytes));
            }
            None => list.push((p.terms.clone(), p.offset, p.offset + i64::from(bytes))),
        }
    }
    list
}

/// The innermost loop (its header block) around instruction `i`, if any.
/// What instruction `from` reaches without passing a barrier (from it when `inclusive`, else
/// from the one after it), computed once and kept in `reaches`.
fn reach_of<'r>(
    kernel: &Kernel<'_, '_>,
    reaches: &'r mut HashMap<(InsnId, bool), Reach>,
    from: InsnId,
    inclusive: bool,
) -> &'r Reach {
    reaches
        .entry((from, inclusive))
        .or_insert_with(|| kernel.reach(from, inclusive))
}

/// Whether an access at `x` (evaluated as `ex`) is in a loop that `y` is outside of, and the
/// loop's last iteration is unknown there: its placements change between iterations, so the
/// first iteration does not stand for the last one, which `y` meets after the loop ends.
fn last_iteration_unknown(kernel: &Kernel<'_, '_>, x: InsnId, ex: &Evaluated, y: InsnId) -> bool {
    let (lx, ly) = (
        &kernel.loops()[kernel.block_of(x) as usize],
        &kernel.loops()[kernel.block_of(y) as usize],
    );
    lx.iter().any(|l| !ly.contains(l)) && ex.next.as_ref().is_some_and(|n| *n != ex.placed)
}

/// The search for racing pairs among the evaluated accesses, with what it keeps between pairs.
struct PairSearch<'k, 'f, 't> {
    kernel: &'k Kernel<'f, 't>,
    accesses: &'k [SharedAccess],
    evaluated: &'k [Evaluated],
    /// The threads of the shape, in [`Shape::all`] order (as the placements are).
    threads: Vec<Thread>,
    /// What each instruction reaches without a barrier ([`reach_of`]).
    reaches: HashMap<(InsnId, bool), Reach>,
    /// What the sides of each divergent branch reach ([`divergent_splits`]).
    splits: Splits,
    /// What each access can touch at all ([`touch_summary`]): a quick test before the pair
    /// search.
    summaries: Vec<Vec<(Terms, i64, i64)>>,
    /// What named barriers for part of the block order ([`CountedBarriers`]).
    counted: CountedBarriers,
    /// The copies that may be in flight at each access ([`Landings::in_flight`]).
    in_flight: Option<&'k super::protocols::CopiesInFlight>,
}

impl<'k, 'f, 't> PairSearch<'k, 'f, 't> {
    fn new(
        kernel: &'k Kernel<'f, 't>,
        accesses: &'k [SharedAccess],
        evaluated: &'k [Evaluated],
        in_flight: Option<&'k super::protocols::CopiesInFlight>,
    ) -> Self {
        PairSearch {
            kernel,
            accesses,
            evaluated,
            threads: kernel.shape.all().collect(),
            reaches: HashMap::default(),
            splits: divergent_splits(kernel),
            summaries: evaluated
                .iter()
                .zip(accesses)
                .map(|(e, access)| touch_summary(e, access.bytes))
                .collect(),
            counted: CountedBarriers::of(kernel),
            in_flight,
        }
    }

    /// The races: one per later access, its first racing partner. The same instruction in
    /// two threads is not paired with itself: a write-write overlap is left alone (several
    /// threads storing one flag is common and usually benign).
    fn run(mut self) -> Vec<Race> {
        let mut out: Vec<Race> = Vec::new();
        for a in 0..self.accesses.len() {
            for b in a + 1..self.accesses.len() {
                if !self.worth_searching(a, b) {
                    continue;
                }
                let Some(race) = self.race_between(a, b) else { continue };
                // One race per later access, between warps when one is: a pair whose only
                // witnesses are lanes of one warp does not hide a later pair between warps.
                match out.iter_mut().find(|r| r.second.0.insn == race.second.0.insn) {
                    None => out.push(race),
                    Some(told) if told.same_warp && !race.same_warp => *told = race,
                    Some(_) => {}
                }
            }
        }
        out
    }

    /// Whether some placements of accesses `a` and `b` have the same undecided part and
    /// overlapping offsets.
    fn may_meet(&self, a: usize, b: usize) -> bool {
        let summaries = &self.summaries;
        summaries[a]
            .iter()
            .any(|(ta, la, ha)| summaries[b].iter().any(|(tb, lb, hb)| ta == tb && la < hb && lb < ha))
    }

    /// Whether two different accesses `a` and `b` may race at all: they may meet, one of them
    /// writes, not both are strong, and two threads may run them between the same barriers.
    fn worth_searching(&mut self, a: usize, b: usize) -> bool {
        let (first, second) = (&self.accesses[a], &self.accesses[b]);
        if !self.may_meet(a, b) {
            return false;
        }
        if !(first.access.writes() || second.access.writes()) || (first.strong && second.strong) {
            return false;
        }
        // A copy and its write seen at a wait or barrier are one write: not paired.
        let origin = |a: &SharedAccess| a.issued.map_or(a.insn, |i| i.copy);
        if first.access.writes() && second.access.writes() && origin(first) == origin(second) {
            return false;
        }
        let (x, y) = (first.insn, second.insn);
        let follows = |this: &mut Self, x: InsnId, y: InsnId| {
            this.reaches_without_barrier(x, y) && !this.counted.may_order(this.kernel, x, y)
        };
        (follows(self, x, y) || follows(self, y, x) || self.splits.apart(x, y).is_some())
            && !exclusive(self.kernel, x, y)
    }

    /// The first race between accesses `a` and `b` (the earlier and the later in the program)
    /// in any of their [`PairSearch::combos`].
    fn race_between(&mut self, a: usize, b: usize) -> Option<Race> {
        let (first, second) = (&self.accesses[a], &self.accesses[b]);
        let combos = self.combos(a, b);
        let (kernel, accesses, threads) = (self.kernel, self.accesses, &self.threads);
        let found = combos.into_iter().find_map(|(pa, pb, wraps)| {
            // A read of bytes the reading thread itself wrote with the same value before meets
            // the other thread's write harmlessly; so do two plain stores of the same value
            // (whichever lands last, the bytes hold it).
            let plain_store = |x: &SharedAccess| {
                x.access == Access::Write && !x.strong && !x.copy && !x.async_proxy && x.issued.is_none()
            };
            let mut harmless = |t1: usize, t2: usize| {
                (!wraps && own_write_seen(kernel, (accesses, threads), (first, pa), t1, (second, t2)))
                    || own_write_seen(kernel, (accesses, threads), (second, pb), t2, (first, t1))
                    || (plain_store(first)
                        && plain_store(second)
                        && super::stored::same_stored_values(
                            kernel,
                            (first.insn, threads[t1]),
                            (second.insn, threads[t2]),
                        ))
            };
            let race = find_pair(
                kernel,
                &self.threads,
                (first, pa),
                (second, pb),
                &mut self.reaches,
                &mut harmless,
            )?;
            Some((race, wraps))
        });
        let (mut race, mut wraps) = found?;
        // Two accesses of different loops, one in a loop nested in a loop around both (an
        // inner loop's reads of a buffer the outer loop refills): when only a way from the
        // later one round the outer loop reaches the earlier, the later runs first.
        let plain = first.issued.is_none() && second.issued.is_none();
        if !wraps
            && plain
            && kernel.innermost_loop(first.insn) != kernel.innermost_loop(second.insn)
            && !self.reaches_without_barrier(first.insn, second.insn)
            && self.splits.apart(first.insn, second.insn).is_none()
            && self.reaches_without_barrier(second.insn, first.insn)
        {
            wraps = true;
        }
        if wraps {
            // The later instruction runs first; the earlier one in the next iteration.
            race.swap_sides();
            race.next_iteration = true;
            let (x, y) = (race.first.0.insn, race.second.0.insn);
            let loops = kernel.loops();
            let around_both: Vec<BlockId> = loops[kernel.block_of(x) as usize]
                .iter()
                .filter(|h| loops[kernel.block_of(y) as usize].contains(h))
                .copied()
                .collect();
            race.round = kernel.round_the_loop(x, y, &around_both, |i| kernel.is_full_barrier(i));
        } else if race.second.0.issued.is_some() && race.first.0.issued.is_none() {
            // Told at the plain access, the copy's write as the other one.
            race.swap_sides();
        }
        Some(race)
    }

    /// The placements of accesses `a` and `b` to compare: both in one iteration, and for two
    /// accesses of one loop, one of them in the next iteration (a path from the other through
    /// the loop's back edge to it, without a barrier).
    fn combos(&mut self, a: usize, b: usize) -> Vec<Combo<'k>> {
        let kernel = self.kernel;
        let (first, second) = (&self.accesses[a], &self.accesses[b]);
        let (ea, eb) = (&self.evaluated[a], &self.evaluated[b]);
        if let Some(combos) = self.with_other_iteration(a, b) {
            return combos;
        }
        let same_loop = kernel.innermost_loop(first.insn).is_some()
            && kernel.innermost_loop(first.insn) == kernel.innermost_loop(second.insn);
        let in_order = self.in_one_iteration(first.insn, second.insn, same_loop);
        let after_loop = !same_loop && self.met_after_loop((first.insn, ea), (second.insn, eb));
        let mut combos: Vec<Combo<'k>> = Vec::new();
        // A copy's landing after the other access only when the copy may be in flight there.
        let (first_then_second, second_then_first) =
            (self.may_land_after(first, second), self.may_land_after(second, first));
        let either_order = match (first.issued.is_some(), second.issued.is_some()) {
            (true, false) => self.reaches_without_barrier(first.insn, second.insn) || second_then_first,
            (false, true) => self.reaches_without_barrier(second.insn, first.insn) || first_then_second,
            _ => true,
        };
        if in_order && !after_loop && either_order {
            combos.push((&ea.placed, &eb.placed, false));
        }
        if same_loop && let (Some(na), Some(nb)) = (&ea.next, &eb.next) {
            let head = kernel.innermost_loop(first.insn).unwrap_or(0);
            let head = kernel.flow.blocks[head as usize].start;
            if first_then_second && self.around(first.insn, head, second.insn) {
                combos.push((&ea.placed, nb, false));
            }
            if second_then_first && self.around(second.insn, head, first.insn) {
                combos.push((na, &eb.placed, true));
            }
        }
        if !same_loop {
            // One access's innermost loop is around the other (in a loop nested in it, a
            // refill of a buffer an inner loop reads): the outer access in that loop's next
            // iteration, the inner one in its first.
            let around_other = |outer: InsnId, inner: InsnId| {
                kernel
                    .innermost_loop(outer)
                    .filter(|&l| kernel.loops()[kernel.block_of(inner) as usize].contains(&l))
                    .map(|l| kernel.flow.blocks[l as usize].start)
            };
            if let (Some(head), Some(na)) = (around_other(first.insn, second.insn), &ea.next)
                && second_then_first
                && self.around(second.insn, head, first.insn)
            {
                combos.push((na, &eb.placed, true));
            }
            if let (Some(head), Some(nb)) = (around_other(second.insn, first.insn), &eb.next)
                && first_then_second
                && self.around(first.insn, head, second.insn)
            {
                combos.push((&ea.placed, nb, false));
            }
        }
        combos
    }

    /// For a pair one of which is a copy's write seen in another iteration than the copy's
    /// ([`Issued::other_iteration`]): its placements against the other access's in the
    /// iteration it is seen in, when the two meet between the same barriers there (`None`
    /// when neither is such a write). The iteration is the next one of the loop around both
    /// when the copy is in that loop too: the copy's placements stand for every iteration, or
    /// are those of the first when it was issued in the iteration before
    /// ([`Issued::previous_iteration`]).
    fn with_other_iteration(&mut self, a: usize, b: usize) -> Option<Vec<Combo<'k>>> {
        let kernel = self.kernel;
        let across = |k: usize| self.accesses[k].issued.is_some_and(|i| i.other_iteration);
        let (seen, other) = match (across(a), across(b)) {
            (false, false) => return None,
            (true, true) => return Some(Vec::new()),
            (true, false) => (a, b),
            (false, true) => (b, a),
        };
        let (x, y) = (self.accesses[seen].insn, self.accesses[other].insn);
        let after = self.reaches_without_barrier(x, y) && !self.counted.may_order(kernel, x, y);
        let before = self.reaches_without_barrier(y, x) && !self.counted.may_order(kernel, y, x);
        let copy = self.accesses[seen].issued.map(|i| i.copy).unwrap_or(x);
        // The other access before the copy lands (in the same iteration, or in the one before
        // round the loop's back edge): only when the copy may be in flight at it (else it
        // landed before it, at an earlier wait, which orders the two or is the race the other
        // way round).
        let before = before && self.may_land_after(&self.accesses[other], &self.accesses[seen]);
        let before_within = before && within_iteration(kernel, y, x);
        let before_round = before && !before_within;
        let (es, eo) = (&self.evaluated[seen], &self.evaluated[other]);
        let next_iteration = kernel.innermost_loop(copy).is_some()
            && kernel.innermost_loop(copy) == kernel.innermost_loop(x)
            && kernel.innermost_loop(x) == kernel.innermost_loop(y);
        let mut combos: Vec<Combo<'k>> = Vec::new();
        let mut push = |(ps, po): (&'k [Option<Placed>], &'k [Option<Placed>])| {
            let combo = if seen == a { (ps, po, false) } else { (po, ps, false) };
            if !combos
                .iter()
                .any(|c| std::ptr::eq(c.0, combo.0) && std::ptr::eq(c.1, combo.1))
            {
                combos.push(combo);
            }
        };
        if after || before_within {
            // The copy of the first iteration, seen in the second, with the other access there.
            push(match (&es.next, &eo.next) {
                (Some(s), Some(o)) if next_iteration => (s, o),
                (_, Some(o)) if next_iteration => (&es.placed, o),
                _ => (&es.placed, &eo.placed),
            });
        }
        if before_round {
            // The other access in the iteration before the one the copy is seen in.
            push(match &es.next {
                Some(s) if next_iteration => (s, &eo.placed),
                _ => (&es.placed, &eo.placed),
            });
        }
        Some(combos)
    }

    /// Whether access `later` may run after access `earlier` as far as copies go: unless
    /// `later` is a copy's landing and `earlier` a plain access the copy is surely not in flight
    /// at (it landed before it, by an earlier wait).
    fn may_land_after(&self, earlier: &SharedAccess, later: &SharedAccess) -> bool {
        match (earlier.issued, later.issued, self.in_flight) {
            (None, Some(issued), Some(in_flight)) => in_flight
                .get(&earlier.insn)
                .is_some_and(|copies| copies.contains(&issued.copy)),
            _ => true,
        }
    }

    /// Whether `x` reaches `y` without passing a barrier.
    fn reaches_without_barrier(&mut self, x: InsnId, y: InsnId) -> bool {
        reach_of(self.kernel, &mut self.reaches, x, false).contains(y)
    }

    /// Whether `x` and `y` run in one iteration: not two accesses of one loop, or the earlier
    /// reaches the later without going round the loop (or they are on the two sides of a
    /// divergent branch).
    fn in_one_iteration(&mut self, x: InsnId, y: InsnId, same_loop: bool) -> bool {
        !same_loop || self.splits.apart(x, y).is_some() || self.reaches_without_barrier(x, y)
    }

    /// Whether one of two accesses is in a loop the other meets after it ends, with the last
    /// iteration unknown ([`last_iteration_unknown`]): silent unless the other order also
    /// meets.
    fn met_after_loop(&mut self, (x, ex): (InsnId, &Evaluated), (y, ey): (InsnId, &Evaluated)) -> bool {
        let kernel = self.kernel;
        (last_iteration_unknown(kernel, x, ex, y) && !self.reaches_without_barrier(y, x) && !self.rounds_freely(x, y))
            || (last_iteration_unknown(kernel, y, ey, x)
                && !self.reaches_without_barrier(x, y)
                && !self.rounds_freely(y, x))
    }

    /// Whether `x` goes round every loop it is in that `y` is outside of without a barrier:
    /// then every iteration of `x`, the first one too, is between the same barriers as `y`.
    fn rounds_freely(&mut self, x: InsnId, y: InsnId) -> bool {
        let kernel = self.kernel;
        let outside = &kernel.loops()[kernel.block_of(y) as usize];
        let heads: Vec<InsnId> = kernel.loops()[kernel.block_of(x) as usize]
            .iter()
            .filter(|l| !outside.contains(l))
            .map(|&l| kernel.flow.blocks[l as usize].start)
            .collect();
        let reach = reach_of(kernel, &mut self.reaches, x, false);
        heads.iter().all(|&h| reach.contains(h))
    }

    /// Whether a path goes from `x` to the loop head `head` and on from it to `y`, without a
    /// barrier.
    fn around(&mut self, x: InsnId, head: InsnId, y: InsnId) -> bool {
        reach_of(self.kernel, &mut self.reaches, x, false).contains(head)
            && reach_of(self.kernel, &mut self.reaches, head, true).contains(y)
            && !self.counted.may_order(self.kernel, x, y)
    }
}

/// Calls `leaf` on every leaf of `id`'s graph.
pub(super) fn collect_leaves(exprs: &super::expr::Exprs, id: ExprId, leaf: &mut impl FnMut(Node) -> bool) {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![id];
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        match exprs.node(id) {
            Node::Binary(_, a, b, ..) => stack.extend([a, b]),
            Node::Unary(_, a, ..) | Node::Convert(a, ..) => stack.push(a),
            Node::Select(c, a, b) => stack.extend([c, a, b]),
            node => {
                leaf(node);
            }
        }
    }
}

/// Evaluates every access for every thread of the kernel's shape.
pub(super) fn evaluate(kernel: &Kernel<'_, '_>, accesses: &[SharedAccess]) -> Vec<Evaluated> {
    let threads: Vec<Thread> = kernel.shape.all().collect();
    let window = kernel.values.exprs.get(Node::Window(Space::SharedCta));
    let nest_of: Vec<Vec<u32>> = accesses
        .iter()
        .map(|a| kernel.loops()[kernel.block_of(a.insn) as usize].clone())
        .collect();
    let (nests, outer_nests) = nest_substitutes(kernel, &nest_of);
    let mut out: Vec<Evaluated> = nest_of
        .iter()
        .map(|nest| Evaluated {
            placed: Vec::with_capacity(threads.len()),
            next: advances(kernel, nest).then(|| Vec::with_capacity(threads.len())),
        })
        .collect();
    // One evaluator per nest (and per nest's next iteration), reset for each thread; nests
    // by index, their substitutes looked up once (hashing a nest per access and thread cost
    // more than the evaluation).
    let (distinct, index_of) = distinct_nests(&nest_of);
    let first_subs: Vec<&HashMap<ExprId, ExprId>> = distinct.iter().map(|nest| &nests[*nest]).collect();
    // (A nest outside every loop has no next iteration: its first one stands in.)
    let outer_subs: Vec<&HashMap<ExprId, ExprId>> = distinct
        .iter()
        .map(|nest| outer_nests.get(*nest).unwrap_or(&nests[*nest]))
        .collect();
    type Slot<'e> = Option<(Evaluator<'e>, ExecutesMemo)>;
    let mut evaluators: Vec<Slot<'_>> = distinct.iter().map(|_| None).collect();
    let mut next_evaluators: Vec<Slot<'_>> = distinct.iter().map(|_| None).collect();
    // The next iteration's joins as the back edges bring them: those the addresses and
    // conditions may depend on.
    let relevant = relevant_joins(kernel, accesses.iter().map(|a| a.address));
    let back_edges: Vec<Vec<BackEdgeValue>> = distinct
        .iter()
        .map(|nest| relevant_back_edge_values(kernel, nest, &relevant))
        .collect();
    let mut injected = vec![false; distinct.len()];
    let mut for_some_input = ForSomeInput::new(kernel, accesses, distinct.len());
    // Whether a nest's next-iteration evaluator has its uniform joins' values (kept from
    // thread to thread).
    let mut uniform_injected = vec![false; distinct.len()];
    // For an access by `elect.sync`'s pick, where each thread of the warp would access, picked
    // or not (this iteration's and the next's): the pick stands for any lane only where
    // these are the same in the whole warp.
    let mut anywhere: Vec<Option<[Vec<Option<Placed>>; 2]>> = accesses
        .iter()
        .map(|a| a.elected.then(|| [Vec::new(), Vec::new()]))
        .collect();
    for &t in &threads {
        for (eval, memo) in evaluators.iter_mut().flatten() {
            eval.reset(t);
            memo.clear();
        }
        // The next iterations' evaluators take the back edges' values from this thread's.
        injected.iter_mut().for_each(|i| *i = false);
        for (k, access) in accesses.iter().enumerate() {
            let (nest, n) = (&nest_of[k], index_of[k]);
            let (eval, memo) = evaluators[n].get_or_insert_with(|| {
                (
                    Evaluator::with_substitutes(&kernel.values.exprs, t, first_subs[n]).electing(),
                    ExecutesMemo::default(),
                )
            });
            let placed = place_access(kernel, eval, memo, access, window)
                .or_else(|| for_some_input.place((k, n), first_subs[n], (eval, memo), window));
            out[k].placed.push(placed);
            if let Some([now, _]) = anywhere[k].as_mut() {
                now.push(place_address(kernel, eval, access, window));
            }
            if nest.is_empty() || out[k].next.is_none() {
                continue;
            }
            let (next, next_memo) = next_evaluators[n].get_or_insert_with(|| {
                (
                    Evaluator::with_substitutes(&kernel.values.exprs, t, outer_subs[n]).electing(),
                    ExecutesMemo::default(),
                )
            });
            if !std::mem::replace(&mut injected[n], true) {
                let uniform = !std::mem::replace(&mut uniform_injected[n], true);
                start_next_iteration((next, next_memo), eval, t, (&back_edges[n], uniform));
            }
            let placed = place_access(kernel, next, next_memo, access, window);
            if let Some(list) = out[k].next.as_mut() {
                list.push(placed);
            }
            if let Some([_, later]) = anywhere[k].as_mut() {
                later.push(place_address(kernel, next, access, window));
            }
        }
    }
    for (evaluated, anywhere) in out.iter_mut().zip(&anywhere) {
        keep_warps_alike(evaluated, anywhere.as_ref());
    }
    from_other_iteration(kernel, accesses, &mut out);
    out
}

/// The distinct nests of loops among `nest_of`, and the index of each entry's among them.
fn distinct_nests(nest_of: &[Vec<u32>]) -> (Vec<&Vec<u32>>, Vec<usize>) {
    let mut distinct: Vec<&Vec<u32>> = Vec::new();
    let index_of = nest_of
        .iter()
        .map(|nest| match distinct.iter().position(|d| *d == nest) {
            Some(i) => i,
            None => {
                distinct.push(nest);
                distinct.len() - 1
            }
        })
        .collect();
    (distinct, index_of)
}

/// Keeps the placements of an access by `elect.sync`'s pick (this iteration's and the next's)
/// only in the warps where every lane would access the same bytes (`anywhere`, guard aside):
/// there the lowest lane, which the evaluation takes as the pick, stands for whichever lane
/// is picked. Other accesses (`anywhere` is `None`) are left as they are.
fn keep_warps_alike(evaluated: &mut Evaluated, anywhere: Option<&[Vec<Option<Placed>>; 2]>) {
    let Some([now, later]) = anywhere else { return };
    keep_alike_in(&mut evaluated.placed, now);
    if let Some(next) = evaluated.next.as_mut() {
        keep_alike_in(next, later);
    }
}

/// [`keep_warps_alike`] for one iteration's placements (warps are 32 threads in
/// [`super::kernel::Shape::all`] order).
fn keep_alike_in(placed: &mut [Option<Placed>], anywhere: &[Option<Placed>]) {
    if placed.len() != anywhere.len() {
        placed.iter_mut().for_each(|p| *p = None);
        return;
    }
    for (warp, lanes) in placed.chunks_mut(32).zip(anywhere.chunks(32)) {
        if !lanes.iter().all(|p| p.is_some() && *p == lanes[0]) {
            warp.iter_mut().for_each(|p| *p = None);
        }
    }
}

/// A copy's write seen at an instruction in another iteration than the copy's (or outside
/// its loop) is where the copy is in that iteration only when the copy's address is the same
/// in every iteration: it is the same in the first two, and built on variables and the
/// window alone. Placed so in the threads that run the instruction (and the copy), else
/// nowhere. A copy of the iteration before, seen in its loop's second iteration
/// ([`Issued::previous_iteration`]), is where the copy is in the first (in the threads that
/// run the copy in the first iteration and the instruction in the second).
fn from_other_iteration(kernel: &Kernel<'_, '_>, accesses: &[SharedAccess], out: &mut [Evaluated]) {
    for k in 0..accesses.len() {
        let Some(Issued {
            copy,
            other_iteration: true,
            previous_iteration,
            ..
        }) = accesses[k].issued
        else {
            continue;
        };
        let source = accesses
            .iter()
            .position(|a| a.insn == copy && a.issued.is_none() && a.operand == accesses[k].operand);
        let invariant = source.is_some_and(|src| {
            let e = &out[src];
            e.next.as_ref().is_none_or(|n| *n == e.placed)
                && e.placed.iter().flatten().all(|p| {
                    p.terms
                        .iter()
                        .all(|&(leaf, _)| matches!(kernel.values.exprs.node(leaf), Node::Symbol(_) | Node::Window(_)))
                })
        });
        let placed: Vec<Option<Placed>> = match source {
            Some(src) if invariant => out[k]
                .placed
                .iter()
                .zip(&out[src].placed)
                .map(|(runs, at)| runs.as_ref().and(at.clone()))
                .collect(),
            _ => vec![None; out[k].placed.len()],
        };
        let next = match (source, out[k].next.take()) {
            (Some(src), Some(runs)) if previous_iteration => Some(
                runs.iter()
                    .zip(&out[src].placed)
                    .map(|(runs, at)| runs.as_ref().and(at.clone()))
                    .collect(),
            ),
            _ => None,
        };
        out[k] = Evaluated { placed, next };
    }
}

/// Where `access` is in the evaluator's thread, if it may execute there (a copy's write seen
/// at its wait: if the copy and the wait both may).
fn place_access(
    kernel: &Kernel<'_, '_>,
    eval: &mut Evaluator<'_>,
    memo: &mut ExecutesMemo,
    access: &SharedAccess,
    window: Option<ExprId>,
) -> Option<Placed> {
    // A lane whose address a collective does not use (`ldmatrix.x1` past lane 7) makes no
    // access.
    if access.lanes.is_some_and(|n| eval.thread().linear() % 32 >= n) {
        return None;
    }
    let runs = match access.issued {
        Some(Issued {
            other_iteration: true, ..
        }) => {
            // Placed where the copy is ([`from_other_iteration`]), if the thread runs this.
            return kernel.executes(eval, access.insn, memo).possible().then(|| Placed {
                terms: SmallVec::new(),
                offset: 0,
                input: None,
            });
        }
        Some(issued) => kernel
            .executes(eval, issued.copy, memo)
            .and(kernel.executes(eval, access.insn, memo)),
        None => kernel.executes(eval, access.insn, memo),
    };
    if runs.possible_for_some_data() {
        place_address(kernel, eval, access, window)
    } else {
        None
    }
}

/// The plain writes a thread may run only for some values it loads ([`super::inputs`]),
/// placed where they go for such values. (Not reads: a read some input lets a thread run may
/// be one whose value the thread then discards, a scan's read past its row.)
struct ForSomeInput<'k, 'f, 't> {
    kernel: &'k Kernel<'f, 't>,
    accesses: &'k [SharedAccess],
    /// Per access, the loaded values that decide whether a thread runs it (none: not tried).
    inputs: Vec<SmallVec<[ExprId; 2]>>,
    /// Per nest of loops, an evaluator to choose the values in.
    choosers: Vec<Option<Evaluator<'k>>>,
    /// Per access, the threads tried in which no value placed it, while none has yet
    /// (`u32::MAX` once one has: tried in every thread).
    misses: Vec<u32>,
}

/// After this many threads (a warp) in which no input value places an access, the access is
/// no longer tried: what stops it (a loop's changing value in its address, a condition the
/// evaluator cannot compute) is the same in every thread.
const INPUT_MISSES: u32 = 32;

impl<'k, 'f, 't> ForSomeInput<'k, 'f, 't> {
    fn new(kernel: &'k Kernel<'f, 't>, accesses: &'k [SharedAccess], nests: usize) -> Self {
        let inputs: Vec<SmallVec<[ExprId; 2]>> = accesses
            .iter()
            .map(|a| {
                if a.issued.is_some() || a.elected || !a.access.writes() {
                    SmallVec::new()
                } else {
                    super::inputs::deciding_inputs(kernel, a.insn, a.address)
                }
            })
            .collect();
        ForSomeInput {
            kernel,
            accesses,
            misses: vec![0; inputs.len()],
            inputs,
            choosers: (0..nests).map(|_| None).collect(),
        }
    }

    /// Where the thread of `eval` makes access `k` (in nest `n`, whose loops' joins
    /// `substitute` gives) for some values of its inputs that run the access and place it
    /// (what `eval` knows does neither); not past the end of the variable it addresses (an
    /// input that puts it there is not one the kernel is written for).
    fn place(
        &mut self,
        (k, n): (usize, usize),
        substitute: &'k HashMap<ExprId, ExprId>,
        (eval, memo): (&mut Evaluator<'_>, &mut ExecutesMemo),
        window: Option<ExprId>,
    ) -> Option<Placed> {
        let (kernel, access, inputs) = (self.kernel, &self.accesses[k], &self.inputs[k]);
        if inputs.is_empty() || kernel.executes(eval, access.insn, memo) == Executes::No {
            return None;
        }
        if (INPUT_MISSES..u32::MAX).contains(&self.misses[k]) {
            return None;
        }
        let t = eval.thread();
        let chooser =
            self.choosers[n].get_or_insert_with(|| Evaluator::with_substitutes(&kernel.values.exprs, t, substitute));
        chooser.reset(t);
        let mut memo = ExecutesMemo::default();
        let found = for_some_input(kernel, chooser, inputs, |eval| {
            memo.clear();
            if !kernel.executes(eval, access.insn, &mut memo).possible() {
                return None;
            }
            place_address(kernel, eval, access, window).filter(|placed| !outside_variable(kernel, access, placed))
        });
        let Some((choice, placed)) = found else {
            self.misses[k] = self.misses[k].saturating_add(1);
            return None;
        };
        self.misses[k] = u32::MAX;
        Some(Placed {
            input: Some(choice),
            ..placed
        })
    }
}

/// Where the thread of `eval` would access with `access` if it ran it.
fn place_address(
    kernel: &Kernel<'_, '_>,
    eval: &mut Evaluator<'_>,
    access: &SharedAccess,
    window: Option<ExprId>,
) -> Option<Placed> {
    eval.eval(access.address)
        .and_then(|linear| place(linear, access.generic, window))
        .map(|placed| Placed {
            offset: placed.offset + super::descriptor::row_offset(access.row, access.swizzle),
            ..placed
        })
        .and_then(|placed| swizzled(&kernel.values.exprs, placed, access.swizzle))
}

/// Where a swizzled access is ([`swizzled_offset`](super::descriptor::swizzled_offset)).
fn swizzled(exprs: &super::expr::Exprs, placed: Placed, swizzle: Swizzle) -> Option<Placed> {
    let offset = super::descriptor::swizzled_offset(exprs, &placed.terms, placed.offset, swizzle)?;
    Some(Placed { offset, ..placed })
}

/// The shared-memory offset of an evaluated address: a generic address is its shared offset
/// plus the shared window.
fn place(linear: Linear, generic: bool, window: Option<ExprId>) -> Option<Placed> {
    let mut terms = linear.terms;
    if generic {
        let window = window?;
        let at = terms.iter().position(|&(leaf, c)| leaf == window && c == 1)?;
        terms.remove(at);
    }
    if terms.iter().any(|&(leaf, _)| Some(leaf) == window) {
        return None;
    }
    Some(Placed {
        terms,
        offset: linear.constant,
        input: None,
    })
}

/// Whether the shape is one the kernel is written for: every plain write writes different
/// bytes in different threads, and every access stays inside its variable.
fn fits(kernel: &Kernel<'_, '_>, accesses: &[SharedAccess], evaluated: &[Evaluated]) -> bool {
    writes_injective(kernel, accesses, evaluated) && in_bounds(kernel, accesses, evaluated)
}

/// Whether every access of every thread stays inside the variable it addresses (when the
/// variable's size is known). Placements chosen for some input ([`Placed::input`]) say
/// nothing of the shape.
fn in_bounds(kernel: &Kernel<'_, '_>, accesses: &[SharedAccess], evaluated: &[Evaluated]) -> bool {
    accesses.iter().zip(evaluated).all(|(access, ev)| {
        ev.placed
            .iter()
            .flatten()
            .all(|placed| placed.input.is_some() || !outside_variable(kernel, access, placed))
    })
}

/// Whether `placed` is past the end (or before the start) of the variable it addresses, when
/// the variable's size is known.
fn outside_variable(kernel: &Kernel<'_, '_>, access: &SharedAccess, placed: &Placed) -> bool {
    let [(leaf, 1)] = placed.terms.as_slice() else {
        return false;
    };
    let Node::Symbol(v) = kernel.values.exprs.node(*leaf) else {
        return false;
    };
    kernel.values.variables[v as usize]
        .size
        .is_some_and(|size| placed.offset < 0 || placed.offset + i64::from(access.bytes) > size as i64)
}

/// Whether every plain write of the kernel writes different bytes in different threads, or
/// the same value ([`same_value`]: several threads storing one thing is how kernels written
/// for a larger block fill a small table), unless every thread writes the same bytes.
fn writes_injective(kernel: &Kernel<'_, '_>, accesses: &[SharedAccess], evaluated: &[Evaluated]) -> bool {
    let threads: Vec<Thread> = kernel.shape.all().collect();
    for (access, ev) in accesses.iter().zip(evaluated) {
        // (A write by `elect.sync`'s pick is one thread's per warp: several warps' picks
        // writing one flag say nothing of the shape.)
        if access.access != Access::Write || access.strong || access.elected {
            continue;
        }
        let mut seen: HashMap<Terms, Vec<(i64, usize)>> = HashMap::default();
        for (t, placed) in ev.placed.iter().enumerate() {
            if let Some(p) = placed.as_ref().filter(|p| p.input.is_none()) {
                seen.entry(p.terms.clone()).or_default().push((p.offset, t));
            }
        }
        // Every thread writing the same bytes: a kernel written for one thread (or a flag).
        let broadcast = seen.len() == 1 && seen.values().all(|l| l.iter().all(|&(o, _)| o == l[0].0));
        for list in seen.values_mut() {
            list.sort_unstable();
            for pair in list.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                if b.0 - a.0 < i64::from(access.bytes)
                    && (broadcast || a.0 != b.0 || !same_value(kernel, access, threads[a.1], threads[b.1]))
                {
                    return false;
                }
            }
        }
    }
    true
}

/// Whether instruction `access` writes the same value in threads `a` and `b`: every operand
/// but the address (the stored register, a copy's source address and size) is known to be
/// the same in both.
fn same_value(kernel: &Kernel<'_, '_>, access: &SharedAccess, a: Thread, b: Thread) -> bool {
    let insn = access.issued.map_or(access.insn, |i| i.copy);
    let operands = &kernel.values.operands[insn as usize];
    let exprs = &kernel.values.exprs;
    let (mut ea, mut eb) = (Evaluator::new(exprs, a), Evaluator::new(exprs, b));
    operands.len() > 1
        && operands.iter().enumerate().all(|(k, value)| {
            k == access.operand || value.is_some_and(|v| super::stored::alike(exprs, (v, &mut ea), (v, &mut eb)))
        })
}

/// For each branch whose condition may differ between threads, what each of its successors
/// reaches without passing a barrier, in the iteration of the loops around the branch it
/// is in (a side that goes on to the next iteration of a loop around the branch meets the
/// other side's accesses there, which the pair search compares as the next iteration's).
/// A successor that is the head of a loop around the branch (the side that stays in the
/// loop) reaches on into that loop's next iteration, not the outer loops'.
fn divergent_splits(kernel: &Kernel<'_, '_>) -> Splits {
    let flow = kernel.flow;
    let branches = (0..flow.blocks.len() as u32)
        .filter(|&c| flow.succs(c).len() > 1 && branch_thread_dependent(kernel, c))
        .map(|c| {
            let around = &kernel.loops()[c as usize];
            let heads: Vec<InsnId> = around.iter().map(|&h| flow.blocks[h as usize].start).collect();
            let sides = flow
                .succs(c)
                .iter()
                .map(|&s| {
                    let start = flow.blocks[s as usize].start;
                    kernel.reach_until(start, true, |i| {
                        kernel.is_full_barrier(i) || (i != start && heads.contains(&i))
                    })
                })
                .collect();
            (flow.blocks[c as usize].end.saturating_sub(1), sides)
        })
        .collect();
    Splits::new(branches)
}

/// The barriers for part of the block (`bar.sync 1, 64`, `bar.arrive 1, 64`): each orders only
/// the threads that execute it, which the paths between two accesses do not tell. Two accesses
/// one follows without a full barrier are not taken as concurrent when a thread may pass such
/// a barrier after the first and another before the second (a producer's `bar.arrive` after its
/// write, the consumer's `bar.sync` before its read): the two threads may be ordered.
/// Accesses on the two sides of a thread-dependent branch, each before any barrier of its side,
/// stay concurrent (nothing the second thread waits at comes before its access).
struct CountedBarriers {
    /// The counted barrier instructions.
    insns: Vec<InsnId>,
    /// What some counted barrier reaches before a full barrier.
    after: Option<Reach>,
    /// Per instruction asked about, whether it reaches a counted barrier before a full one.
    before: HashMap<InsnId, bool>,
}

impl CountedBarriers {
    fn of(kernel: &Kernel<'_, '_>) -> Self {
        let insns: Vec<InsnId> = kernel
            .barriers
            .iter()
            .filter(|b| b.counted && !b.dead)
            .map(|b| b.insn)
            .collect();
        let after = insns
            .iter()
            .map(|&c| kernel.reach_until(c, false, |i| full_uncounted(kernel, i)));
        let after = after.reduce(|mut a, b| {
            a.union(&b);
            a
        });
        CountedBarriers {
            insns,
            after,
            before: HashMap::default(),
        }
    }

    /// Whether a thread may pass a counted barrier after `x` and another one before `y`.
    fn may_order(&mut self, kernel: &Kernel<'_, '_>, x: InsnId, y: InsnId) -> bool {
        let Some(after) = &self.after else { return false };
        if !after.contains(y) {
            return false;
        }
        let insns = &self.insns;
        *self.before.entry(x).or_insert_with(|| {
            let reach = kernel.reach_until(x, false, |i| full_uncounted(kernel, i));
            insns.iter().any(|&c| reach.contains(c))
        })
    }
}

/// Whether instruction `i` is a barrier every thread of the block waits at.
fn full_uncounted(kernel: &Kernel<'_, '_>, i: InsnId) -> bool {
    kernel.barrier_at(i).is_some_and(|b| !b.counted)
}

/// Whether two instructions are on opposite sides of a branch every thread takes alike (then
/// no two threads run both between the same barriers).
fn exclusive(kernel: &Kernel<'_, '_>, a: InsnId, b: InsnId) -> bool {
    let (ba, bb) = (kernel.block_of(a), kernel.block_of(b));
    let control = &kernel.values.dominance.control;
    for &(c, s) in &control[ba as usize] {
        for &(c2, s2) in &control[bb as usize] {
            if c == c2 && s != s2 && !branch_thread_dependent(kernel, c) {
                return true;
            }
        }
    }
    false
}

/// Whether block `c`'s branch condition may differ between threads.
fn branch_thread_dependent(kernel: &Kernel<'_, '_>, c: u32) -> bool {
    let block = kernel.flow.blocks[c as usize];
    if block.end == block.start {
        return false;
    }
    match kernel.values.guards[(block.end - 1) as usize] {
        Some(g) => kernel.values.exprs.is_thread_dependent(g),
        None => kernel.flow.succs(c).len() > 1,
    }
}

/// Whether the undecided leaves `terms` hold one value for both instructions: no leaf gets
/// its value between them inside their interval (a loop the interval repeats, or the next
/// iteration after a barrier at the loop's end).
fn stable(
    kernel: &Kernel<'_, '_>,
    terms: &[(ExprId, i64)],
    a: InsnId,
    b: InsnId,
    reaches: &mut HashMap<(InsnId, bool), Reach>,
) -> bool {
    for &(leaf, _) in terms {
        let Some(&origin) = kernel.values.origins.get(&leaf) else {
            continue;
        };
        let reach = reach_of(kernel, reaches, origin.0, origin.1);
        if reach.cyclic {
            // A leaf a barrier-free loop recomputes: the two accesses see the same value in
            // one iteration when its computation comes before both in every path.
            if !(dominates_insn(kernel, origin, a) && dominates_insn(kernel, origin, b)) {
                return false;
            }
        } else if reach.contains(a) != reach.contains(b) {
            return false;
        }
    }
    true
}

/// Whether the point `origin` (an instruction, from it when inclusive) comes before
/// instruction `x` on every path to it.
fn dominates_insn(kernel: &Kernel<'_, '_>, (o, inclusive): (InsnId, bool), x: InsnId) -> bool {
    (inclusive && o == x) || kernel.precedes(o, x)
}

/// Whether thread `tr`'s read `read` sees thread `tw`'s write `write` (placed as `pw`)
/// harmlessly: `tr` wrote the same bytes with the same value by the same instruction, and
/// that write has landed before the read (it comes first on every path, a copy's with a wait
/// that completes it).
fn own_write_seen(
    kernel: &Kernel<'_, '_>,
    (accesses, threads): (&[SharedAccess], &[Thread]),
    (write, pw): (&SharedAccess, &[Option<Placed>]),
    tw: usize,
    (read, tr): (&SharedAccess, usize),
) -> bool {
    if write.access != Access::Write || write.strong || read.access != Access::Read {
        return false;
    }
    let (Some(Some(a)), Some(Some(b))) = (pw.get(tw), pw.get(tr)) else {
        return false;
    };
    let copy = write.issued.map_or(write.insn, |i| i.copy);
    let before_read = |x: InsnId| x != read.insn && dominates_insn(kernel, (x, true), read.insn);
    let landed = if write.copy {
        accesses.iter().any(|a| {
            a.issued
                .is_some_and(|i| i.copy == copy && i.by_wait && !i.other_iteration && before_read(a.insn))
        })
    } else {
        before_read(write.insn)
    };
    a == b && landed && same_value(kernel, write, threads[tw], threads[tr])
}

/// The first pair of threads (in different warps) whose accesses overlap, if any.
pub(super) fn find_pair(
    kernel: &Kernel<'_, '_>,
    threads: &[Thread],
    (first, pa): (&SharedAccess, &[Option<Placed>]),
    (second, pb): (&SharedAccess, &[Option<Placed>]),
    reaches: &mut HashMap<(InsnId, bool), Reach>,
    harmless: &mut dyn FnMut(usize, usize) -> bool,
) -> Option<Race> {
    // The second access's threads by address, per undecided part.
    let mut by_terms: HashMap<&Terms, Vec<(i64, usize)>> = HashMap::default();
    for (t, placed) in pb.iter().enumerate() {
        if let Some(p) = placed {
            by_terms.entry(&p.terms).or_default().push((p.offset, t));
        }
    }
    for list in by_terms.values_mut() {
        list.sort_unstable();
    }
    let mut checked_stability: HashMap<&SmallVec<[(ExprId, i64); 2]>, bool> = HashMap::default();
    let mut same_warp_witness: Option<(usize, usize, i64)> = None;
    for (t1, placed) in pa.iter().enumerate() {
        let Some(p) = placed else { continue };
        let Some(list) = by_terms.get(&p.terms) else { continue };
        let ok = *checked_stability
            .entry(&p.terms)
            .or_insert_with(|| stable(kernel, &p.terms, first.insn, second.insn, reaches));
        if !ok {
            continue;
        }
        // Threads of the second access whose bytes overlap [offset, offset + bytes).
        let lo = p.offset - i64::from(second.bytes) + 1;
        let hi = p.offset + i64::from(first.bytes) - 1;
        let start = list.partition_point(|&(o, _)| o < lo);
        for &(o, t2) in list[start..].iter().take_while(|&&(o, _)| o <= hi) {
            // Two threads' inputs chosen each for its own access may not be one launch's.
            let input_of_t2 = pb[t2].as_ref().and_then(|q| q.input.as_ref());
            if t2 == t1 || (p.input.is_some() && input_of_t2.is_some()) || harmless(t1, t2) {
                continue;
            }
            let (w1, w2) = (threads[t1].linear() / 32, threads[t2].linear() / 32);
            if w1 == w2 {
                // `elect.sync`'s pick may be the other thread itself.
                if !(first.elected || second.elected) {
                    same_warp_witness.get_or_insert((t1, t2, o.max(p.offset)));
                }
                continue;
            }
            return Some(Race {
                inputs: [p.input.clone(), input_of_t2.cloned()],
                ..race(
                    kernel,
                    first,
                    second,
                    threads[t1],
                    threads[t2],
                    o.max(p.offset),
                    &p.terms,
                    false,
                )
            });
        }
    }
    let (t1, t2, at) = same_warp_witness?;
    let terms = pa[t1].as_ref().map(|p| p.terms.clone()).unwrap_or_default();
    let inputs = [
        pa[t1].as_ref().and_then(|p| p.input.clone()),
        pb[t2].as_ref().and_then(|p| p.input.clone()),
    ];
    // A bulk copy's access (a TMA store's read, a TMA load's write) is the async proxy's, not a
    // lane's: the warp orders nothing for it.
    let same_warp = !(first.async_proxy || second.async_proxy);
    Some(Race {
        inputs,
        ..race(kernel, first, second, threads[t1], threads[t2], at, &terms, same_warp)
    })
}

#[allow(clippy::too_many_arguments)]
fn race(
    kernel: &Kernel<'_, '_>,
    first: &SharedAccess,
    second: &SharedAccess,
    t1: Thread,
    t2: Thread,
    offset: i64,
    terms: &[(ExprId, i64)],
    same_warp: bool,
) -> Race {
    Race {
        first: (*first, t1),
        second: (*second, t2),
        address: describe_address(kernel, terms, offset),
        same_warp,
        next_iteration: false,
        round: None,
        uninitialised: false,
        inputs: [None, None],
        data_guarded: [(first, t1), (second, t2)].map(|(access, t)| kernel.runs_only_if_data(access.insn, t)),
    }
}

/// `s+132`, `the dynamic shared memory+16`, `(a uniform value)+8`.
pub fn describe_address(kernel: &Kernel<'_, '_>, terms: &[(ExprId, i64)], offset: i64) -> String {
    let mut text = String::new();
    for &(leaf, c) in terms {
        let name = match kernel.values.exprs.node(leaf) {
            Node::Symbol(v) => kernel.values.variables[v as usize].name.clone(),
            _ => "(a value every thread shares)".to_string(),
        };
        if !text.is_empty() {
            text.push('+');
        }
        if c != 1 {
            text.push_str(&format!("{c}*"));
        }
        text.push_str(&name);
    }
    if text.is_empty() {
        return format!("{offset}");
    }
    match offset {
        0 => text,
        o if o > 0 => format!("{text}+{o}"),
        o => format!("{text}{o}"),
    }
}

impl Executes {
    /// Whether it is [`Executes::Yes`].
    pub fn certain(self) -> bool {
        self == Executes::Yes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SymbolTable;
    use crate::flow::FunctionFlow;

    /// The races of a kernel body (declarations: %r<40>, %rd<9>, %p<8>, `.shared s[4096]`),
    /// as (first line, second line, message parts).
    fn races_of(attrs: &str, body: &str) -> Vec<(usize, usize, String)> {
        let text = format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p, .param .u32 n){attrs}\n{{\n.reg .b32 %r<40>;\n.reg .b64 %rd<9>;\n.reg .f32 %f<9>;\n.reg .pred %p<8>;\n.shared .align 16 .b8 s[4096];\n{body}\nret;\n}}\n"
        );
        let parsed = ptxkit_syntax::parse(&text);
        let symbols = SymbolTable::build(&parsed);
        let flows = FunctionFlow::all(&parsed, &symbols);
        let mut kernel = Kernel::of(&flows[0], &symbols).unwrap();
        let line = |i: InsnId| {
            text[..flows[0].insns[i as usize].node().start_byte()]
                .matches('\n')
                .count()
                + 1
        };
        let copies = super::super::protocols::protocols(&kernel);
        let landings = Landings {
            waits: Some(&copies.copies_completed),
            barriers: Some(&copies.copies_across_barriers),
            in_flight: Some(&copies.copies_in_flight),
        };
        races(&mut kernel, landings)
            .into_iter()
            .map(|r| {
                (
                    line(r.first.0.insn),
                    line(r.second.0.insn),
                    format!(
                        "{} {} {}",
                        kernel.shape.describe(r.first.1),
                        kernel.shape.describe(r.second.1),
                        r.address
                    ),
                )
            })
            .collect()
    }

    const NEIGHBOUR: &str = "mov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 2;\nmov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\nst.shared.u32 [%r4], %r1;\n";

    #[test]
    fn a_neighbours_write_without_a_barrier_races() {
        let found = races_of("", &format!("{NEIGHBOUR}ld.shared.u32 %r5, [%r4+4];"));
        assert_eq!(found, [(15, 16, "thread 32 thread 31 s+128".to_string())], "{found:?}");
        assert!(races_of("", &format!("{NEIGHBOUR}bar.sync 0;\nld.shared.u32 %r5, [%r4+4];")).is_empty());
        // Each thread its own bytes: no race.
        assert!(races_of("", &format!("{NEIGHBOUR}ld.shared.u32 %r5, [%r4];")).is_empty());
        // A generic address of the same bytes.
        let generic = format!(
            "{NEIGHBOUR}cvta.shared.u64 %rd1, %rd2;\nmov.u64 %rd2, s;\ncvta.shared.u64 %rd3, %rd2;\ncvt.u64.u32 %rd4, %r2;\nadd.s64 %rd5, %rd3, %rd4;\nld.u32 %r6, [%rd5+4];"
        );
        assert_eq!(races_of("", &generic).len(), 1, "{:?}", races_of("", &generic));
    }

    /// Thread t copies 4 bytes of global memory into s[t] (`cp.async`).
    const COPY: &str = "ld.param.u64 %rd1, [p];\nmov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 2;\nmov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\ncvt.u64.u32 %rd2, %r2;\nadd.s64 %rd3, %rd1, %rd2;\n";

    #[test]
    fn a_copy_no_wait_covers_before_a_barrier_lands_after_it() {
        let body = |wait: &str| {
            format!(
                "{COPY}cp.async.ca.shared.global [%r4], [%rd3], 4;\ncp.async.commit_group;\n{wait}bar.sync 0;\nld.shared.u32 %r5, [%r4+4];\nbar.sync 0;\ncp.async.wait_all;"
            )
        };
        assert!(races_of(" .reqntid 64", &body("cp.async.wait_group 0;\n")).is_empty());
        let found = races_of(" .reqntid 64", &body(""));
        // The copy's write, seen at the barrier it may still be in flight at, and the read.
        assert_eq!(found, [(20, 21, "thread 32 thread 31 s+128".to_string())], "{found:?}");
    }

    #[test]
    fn a_copy_of_an_earlier_iteration_lands_by_the_wait_of_the_next() {
        // A single-buffer pipeline: wait, barrier, read the neighbour's element, barrier, copy
        // the next tile into the same place. Without the barrier after the wait, the read
        // meets the copy the neighbour issued in the iteration before.
        let body = |barrier: &str| {
            format!(
                "{COPY}ld.param.u32 %r20, [n];\nmov.u32 %r21, 0;\ncp.async.ca.shared.global [%r4], [%rd3], 4;\ncp.async.commit_group;\nLOOP:\ncp.async.wait_group 0;\n{barrier}ld.shared.u32 %r5, [%r4+4];\nbar.sync 0;\ncp.async.ca.shared.global [%r4], [%rd3], 4;\ncp.async.commit_group;\nadd.s32 %r21, %r21, 1;\nsetp.lt.u32 %p1, %r21, %r20;\n@%p1 bra LOOP;\ncp.async.wait_all;"
            )
        };
        assert!(
            races_of(" .reqntid 64", &body("bar.sync 0;\n")).is_empty(),
            "{:?}",
            races_of(" .reqntid 64", &body("bar.sync 0;\n"))
        );
        let found = races_of(" .reqntid 64", &body(""));
        assert!(found.iter().any(|(_, second, _)| *second == 24), "{found:?}");
    }

    #[test]
    fn a_double_buffered_copy_lands_in_the_stage_the_next_iteration_reads() {
        // Iteration k copies into stage (k + 1) % 2 (512 bytes each), waits for the copy of iteration k - 1
        // (`wait_group 1`) and reads the neighbour's element of stage k % 2: the stage the
        // neighbour's copy of the iteration before wrote. Without the barrier after the wait,
        // the read meets that copy.
        let body = |barrier: &str| {
            format!(
                "{COPY}ld.param.u32 %r20, [n];\nmov.u32 %r21, 0;\nLOOP:\nadd.s32 %r22, %r21, 1;\nand.b32 %r23, %r22, 1;\nshl.b32 %r24, %r23, 9;\nadd.s32 %r25, %r4, %r24;\ncp.async.ca.shared.global [%r25], [%rd3], 4;\ncp.async.commit_group;\ncp.async.wait_group 1;\n{barrier}and.b32 %r26, %r21, 1;\nshl.b32 %r27, %r26, 9;\nadd.s32 %r28, %r4, %r27;\nld.shared.u32 %r5, [%r28+4];\nbar.sync 0;\nmov.u32 %r21, %r22;\nsetp.lt.u32 %p1, %r21, %r20;\n@%p1 bra LOOP;\ncp.async.wait_all;"
            )
        };
        let clean = races_of(" .reqntid 64", &body("bar.sync 0;\n"));
        assert!(clean.is_empty(), "{clean:?}");
        let found = races_of(" .reqntid 64", &body(""));
        // The copy's write seen at the wait (line 27), the read (line 31).
        assert_eq!(found, [(27, 31, "thread 32 thread 31 s+640".to_string())], "{found:?}");
        // From an iteration count only known at run time: the stages are `s + 512 * ((i + 1)
        // & 1)` and `s + 512 * (i & 1)`, one value in the copy's iteration and the next.
        let from_n = |barrier: &str| body(barrier).replace("mov.u32 %r21, 0;", "ld.param.u32 %r21, [n];");
        let clean = races_of(" .reqntid 64", &from_n("bar.sync 0;\n"));
        assert!(clean.is_empty(), "{clean:?}");
        let found = races_of(" .reqntid 64", &from_n(""));
        assert_eq!(
            found.iter().map(|f| (f.0, f.1)).collect::<Vec<_>>(),
            [(27, 31)],
            "{found:?}"
        );
    }

    #[test]
    fn threads_storing_the_same_value_do_not_shrink_the_block() {
        // s[t % 16] (8 bytes) written by threads t, t+16, t+32, ... with a value of t % 16
        // alone; every thread reads 4 bytes at s + 4 * (t % 32) with no barrier: thread 1 reads
        // what threads 0 and 32 write, and the block is not taken to be 16 threads wide.
        let body = |value: &str| {
            format!(
                "ld.param.u64 %rd1, [p];\nmov.u32 %r1, %tid.x;\nand.b32 %r2, %r1, 15;\nshl.b32 %r3, %r2, 3;\nmov.u32 %r9, s;\nadd.s32 %r4, %r9, %r3;\ncvt.u64.u32 %rd2, {value};\nadd.s64 %rd3, %rd1, %rd2;\nst.shared.u64 [%r4], %rd3;\nand.b32 %r5, %r1, 31;\nshl.b32 %r6, %r5, 2;\nadd.s32 %r7, %r9, %r6;\nld.shared.u32 %r8, [%r7];"
            )
        };
        let found = races_of("", &body("%r2"));
        let threads = |f: &str| -> Vec<u32> {
            f.split("thread ")
                .filter_map(|w| w.split(' ').next()?.parse().ok())
                .collect()
        };
        assert!(
            found.iter().any(|(_, _, f)| threads(f).iter().any(|&t| t >= 32)),
            "{found:?}"
        );
        // Values that differ between the threads: the block is taken to be 16 threads wide,
        // and the witness is two lanes of one warp.
        let found = races_of("", &body("%r1"));
        assert!(
            !found.is_empty() && found.iter().all(|(_, _, f)| threads(f).iter().all(|&t| t < 32)),
            "{found:?}"
        );
    }

    #[test]
    fn the_shape_bounds_the_threads() {
        // With one warp, the two threads are lanes of one warp.
        let found = races_of(" .reqntid 32", &format!("{NEIGHBOUR}ld.shared.u32 %r5, [%r4+4];"));
        assert_eq!(found.len(), 1);
        assert!(found[0].2.starts_with("thread 1 thread 0"), "{found:?}");
    }

    #[test]
    fn guarded_accesses_run_in_the_threads_their_branch_lets_through() {
        // Thread 0 alone writes s[0]; every thread reads it after a barrier: fine; without it,
        // a race between thread 0 and a thread of another warp.
        let body = "mov.u32 %r1, %tid.x;\nmov.u32 %r3, s;\nsetp.ne.s32 %p1, %r1, 0;\n@%p1 bra SKIP;\nst.shared.u32 [%r3], %r1;\nSKIP:\n";
        assert!(races_of("", &format!("{body}bar.sync 0;\nld.shared.u32 %r5, [%r3];")).is_empty());
        let found = races_of("", &format!("{body}ld.shared.u32 %r5, [%r3];"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].2.starts_with("thread 0 thread 32"), "{found:?}");
    }

    #[test]
    fn a_reduction_with_barriers_in_its_loop_is_clean_and_racy_without() {
        let body = |barrier: &str| {
            format!(
                "mov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 2;\nmov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\nst.shared.u32 [%r4], %r1;\nbar.sync 0;\nmov.u32 %r10, 128;\nLOOP:\nsetp.ge.u32 %p1, %r1, %r10;\n@%p1 bra NEXT;\nshl.b32 %r11, %r10, 2;\nadd.s32 %r12, %r4, %r11;\nld.shared.u32 %r13, [%r12];\nld.shared.u32 %r14, [%r4];\nadd.s32 %r15, %r13, %r14;\nst.shared.u32 [%r4], %r15;\nNEXT:\n{barrier}shr.u32 %r10, %r10, 1;\nsetp.ne.s32 %p2, %r10, 0;\n@%p2 bra LOOP;"
            )
        };
        assert!(
            races_of(" .reqntid 256", &body("bar.sync 0;\n")).is_empty(),
            "{:?}",
            races_of(" .reqntid 256", &body("bar.sync 0;\n"))
        );
        let found = races_of(" .reqntid 256", &body(""));
        assert!(!found.is_empty(), "the loop's barrier dropped");
    }

    #[test]
    fn a_loop_access_met_after_the_loop_is_judged_in_its_last_iteration() {
        // A scan's up-sweep: a barrier at the loop's head, `tid < stride` writes, the stride
        // halved to zero; thread 0 reads s[0] after the loop. In the last iteration only
        // thread 0 writes, so nothing races; the first iteration does not stand for the last.
        let body = |guard: &str| {
            format!(
                "mov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 2;\nmov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\nmov.u32 %r10, 128;\nLOOP:\nbar.sync 0;\nsetp.ge.u32 %p1, %r1, {guard};\n@%p1 bra NEXT;\nst.shared.u32 [%r4+4], %r1;\nNEXT:\nshr.u32 %r10, %r10, 1;\nsetp.ne.s32 %p2, %r10, 0;\n@%p2 bra LOOP;\nsetp.ne.s32 %p3, %r1, 0;\n@%p3 bra DONE;\nld.shared.u32 %r5, [%r3+8];\nDONE:"
            )
        };
        assert!(
            races_of(" .reqntid 256", &body("%r10")).is_empty(),
            "{:?}",
            races_of(" .reqntid 256", &body("%r10"))
        );
        // Every iteration lets thread 1 write s[2]: the last one too.
        let found = races_of(" .reqntid 256", &body("64"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].2.starts_with("thread 1 thread 0"), "{found:?}");
    }

    #[test]
    fn a_tile_read_by_rows_after_a_barrier_is_clean_and_racy_without() {
        // As[ty][tx] written, As[ty][k] read for k = 0..3 (unrolled), in a 16 × 16 block.
        let body = |barrier: &str| {
            format!(
                "mov.u32 %r1, %tid.x;\nmov.u32 %r2, %tid.y;\nshl.b32 %r3, %r2, 6;\nshl.b32 %r4, %r1, 2;\nadd.s32 %r5, %r3, %r4;\nmov.u32 %r6, s;\nadd.s32 %r7, %r6, %r5;\nst.shared.f32 [%r7], %f1;\nadd.s32 %r8, %r6, %r3;\n{barrier}ld.shared.f32 %f2, [%r8];\nld.shared.f32 %f3, [%r8+4];\nld.shared.f32 %f4, [%r8+8];"
            )
        };
        assert!(races_of("", &body("bar.sync 0;\n")).is_empty());
        let found = races_of("", &body(""));
        assert!(!found.is_empty());
        // The inferred shape keeps rows apart: a 16-wide tile.
        assert!(found.iter().all(|(_, _, m)| m.contains("thread (")), "{found:?}");
    }
}

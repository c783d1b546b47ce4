//! The asynchronous protocols, followed along every path of a function: what is still in
//! flight at each instruction, as the instruction model's `memory` and `sync` lines say.
//!
//! - `cp.async` copies (§9.7.9.25.3): pending until a `cp.async.wait_group N` or `wait_all`
//!   covers their commit group; a copy never committed is covered by no `wait_group`.
//! - Bulk copies and TMA (§9.7.9.25.4, §9.7.9.27): loads completed through an mbarrier are
//!   pending until an mbarrier wait; a bulk store's shared-memory source is being read until a
//!   `cp.async.bulk.wait_group.read`.
//! - Proxies (§8.6, §9.7.9.25.2): shared memory written through the generic proxy and then read
//!   through the async proxy needs a `fence.proxy.async` between.
//! - `wgmma` (§9.7.15.5.2, §9.7.15.7): registers a `wgmma.mma_async` reads or writes that
//!   another instruction wrote since the last `wgmma.fence`; accumulators touched while the
//!   `wgmma` that writes them is still pending (before a `wgmma.wait_group` covering it).
//!
//! Which memory an access touches is judged by its base (a variable, the shared window); two
//! accesses with a common base may overlap. A finding needs the path it happens on; where the
//! protocol cannot tell (an mbarrier wait of another phase), the wait counts (silent).

use std::cell::OnceCell;
use std::collections::BTreeSet;

use ptxkit_isa::signature::semantics::{
    Access, BinaryOp, Completion, Group, MbarrierOp, MemoryAccess, Proxy, Semantics, Space, Swizzle, Sync, UnaryOp,
};

use super::descriptor::{MATRIX_ROW_BYTES, swizzled_offset};
use super::expr::{Evaluator, ExprId, Node, Terms, Thread};
use super::iterations::in_two_iterations;
use super::kernel::Kernel;
use crate::flow::cfg::{BlockId, InsnId, RegId};
use waits::WaitsBetween;

mod handoff;
mod release;
mod tensor_free;
mod waits;

/// What a protocol finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProtocolKind {
    /// Shared memory a `cp.async` writes is read before a wait covers the copy; `wait` is a
    /// wait on the path that did not cover it because the copy was not committed yet.
    CopyReadBeforeWait {
        /// The copy.
        copy: InsnId,
        /// Why the waits on the path did not cover it.
        uncovered: Uncovered,
    },
    /// Shared memory an asynchronous load completed through an mbarrier (TMA, bulk copy) is
    /// read with no mbarrier wait on the path since the load.
    LoadReadBeforeWait {
        /// The load.
        copy: InsnId,
        /// When the load was issued in an earlier iteration, the first instruction of the
        /// loop the path went round since.
        loop_head: Option<InsnId>,
    },
    /// Shared memory an asynchronous load completed through an mbarrier (TMA, bulk copy)
    /// brings is read by a thread that did not issue it, with nothing on some path from the
    /// entry that could order the read after the load landed: no mbarrier wait, no barrier
    /// after the load, no acquire (warp-specialised producers and consumers).
    HandoffReadBeforeWait {
        /// The load.
        load: InsnId,
        /// A thread that issues the load and does not read.
        issuer: Thread,
        /// A thread that reads and does not issue the load.
        reader: Thread,
    },
    /// An asynchronous load completed through an mbarrier overwrites, lap after lap of its
    /// loop, shared memory that threads which never issue it read in a loop, and on some way
    /// from such a read round the loop to the load nothing could order the load after the
    /// read (no mbarrier wait, no barrier, no acquire): the next lap's load may land while
    /// they still read the last one's bytes.
    HandoffRefillUnordered {
        /// A read it may overwrite.
        read: InsnId,
        /// A thread that issues the load and does not read.
        issuer: Thread,
        /// A thread that reads and does not issue the load.
        reader: Thread,
        /// For a read in the load's loop, the last instruction before the back edge of a way
        /// from the read to the next lap's load with nothing on it that orders.
        round: Option<InsnId>,
    },
    /// An asynchronous copy, issued again on every lap of its loop, may overwrite shared
    /// memory another thread reads in the lap before: after the read, the readers release the
    /// stage (they arrive on an mbarrier), but no wait in the function can wait on that
    /// mbarrier, and nothing else on a way from the read round the loop to the copy orders the
    /// copy after the read.
    RefillAfterUnawaitedRelease {
        /// A read the copy may overwrite.
        read: InsnId,
        /// The arrival after the read that no wait waits for.
        release: InsnId,
        /// A thread whose copy writes bytes `reader` reads.
        writer: Thread,
        /// A thread that reads bytes `writer` copies.
        reader: Thread,
        /// The first instruction of the loop's next lap on the way from the read to the copy
        /// (the way from there to the copy has no wait).
        lap_start: InsnId,
    },
    /// Shared memory an asynchronous load completed through an mbarrier brings is read by a
    /// thread that never issues it right after a barrier (nothing between on any path), and
    /// the thread that issues it reaches a barrier of the same number with no mbarrier wait
    /// since the load on any path: the barrier publishes bytes that may not have landed.
    PublishedBeforeWait {
        /// The load.
        load: InsnId,
        /// The barrier the issuing thread reaches without waiting.
        published: InsnId,
        /// The barrier (same number) the reading thread passes before the read.
        passed: InsnId,
        /// A thread that issues the load and does not read.
        issuer: Thread,
        /// A thread that reads and does not issue the load.
        reader: Thread,
    },
    /// Shared memory a `cp.async` writes is read after a `cp.async.mbarrier.arrive` made an
    /// mbarrier track the copy, with no wait since on the path (no mbarrier wait, no
    /// `cp.async.wait_group`/`wait_all`, no CTA barrier after which another thread's wait
    /// may have seen it complete).
    TrackedCopyReadBeforeWait {
        /// The copy.
        copy: InsnId,
        /// The `cp.async.mbarrier.arrive` that made the mbarrier track it.
        arrive: InsnId,
    },
    /// Shared memory an asynchronous copy or load writes is written again by the same thread
    /// (a store, another copy) while the first may still be in flight: both surely touch the
    /// same bytes, and which lands last is timing (§9.7.9.25.3: no ordering between two
    /// `cp.async` operations not synchronised by a wait).
    OverwrittenBeforeWait {
        /// The copy or load in flight.
        copy: InsnId,
        /// What would complete it.
        pending: Pending,
    },
    /// Shared memory a bulk store (TMA store) reads is written again before a
    /// `cp.async.bulk.wait_group.read` covers the store.
    SourceOverwritten {
        /// The store.
        copy: InsnId,
        /// Why the waits on the path did not cover it.
        uncovered: Uncovered,
    },
    /// Shared memory a matrix multiply (`wgmma`, `tcgen05.mma`) reads through a descriptor
    /// is written while the multiply may still be reading it: no `wgmma.wait_group` covering
    /// the `wgmma`, no mbarrier wait (for the `tcgen05.commit` that tracks the `tcgen05.mma`)
    /// on the path between them.
    MatrixOverwritten {
        /// The matrix multiply.
        mma: InsnId,
        /// For a `wgmma`, why the waits on the path did not cover it.
        uncovered: Option<Uncovered>,
        /// The multiply was issued in an earlier iteration of its loop than the write's.
        earlier_iteration: bool,
        /// Then, the first instruction of the loop the path went round since: a wait
        /// belongs on the path from there to the write.
        loop_head: Option<InsnId>,
    },
    /// Tensor Memory a `tcgen05.mma` in flight writes (its accumulator, at the same address in
    /// thread 0) is read by `tcgen05.ld` with no mbarrier wait on any path from the multiply:
    /// the `tcgen05.commit` tracking it has not been waited for.
    TensorMemoryReadBeforeWait {
        /// The matrix multiply.
        mma: InsnId,
    },
    /// Tensor Memory is freed (`tcgen05.dealloc`, the finding's instruction) while a thread
    /// of another warp may still access it: nothing between the two on some path could order
    /// the warps.
    TensorFreedInUse {
        /// The Tensor Memory access.
        access: InsnId,
        /// A thread that frees it.
        freer: crate::sync::expr::Thread,
        /// A thread of another warp that accesses it.
        user: crate::sync::expr::Thread,
        /// The access comes after the free on the path (a use after free).
        after: bool,
    },
    /// Shared memory written through the generic proxy is read through the async proxy with
    /// no `fence.proxy.async` between.
    MissingProxyFence {
        /// The generic-proxy write (for a `cp.async`, the copy).
        write: InsnId,
        /// The last CTA barrier the path crossed after the write: the fence belongs before it.
        barrier: Option<InsnId>,
    },
    /// A register the `wgmma` reads or writes was accessed (written, or read) by another
    /// instruction since the last `wgmma.fence`.
    WgmmaOperandUnfenced {
        /// The access.
        access: InsnId,
        /// The register.
        reg: RegId,
    },
    /// A `wgmma` reached from the start of the kernel with no `wgmma.fence` on the way.
    WgmmaNeverFenced,
    /// A register a pending `wgmma` writes (or reads) is accessed before a `wgmma.wait_group`
    /// covers it.
    WgmmaRegisterBeforeWait {
        /// The `wgmma`.
        wgmma: InsnId,
        /// The register.
        reg: RegId,
        /// Why the waits on the path did not cover it.
        uncovered: Uncovered,
    },
}

/// What an asynchronous copy or load in flight waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// A `cp.async` copy: a `cp.async.wait_group` covering its group, which no wait on the path did.
    Group(Uncovered),
    /// A load completed through an mbarrier (TMA, bulk copy), or a `cp.async` an mbarrier
    /// tracks since the `arrive` (`cp.async.mbarrier.arrive`): a wait on the mbarrier.
    Mbarrier {
        /// The `cp.async.mbarrier.arrive` that made the mbarrier track a `cp.async`.
        arrive: Option<InsnId>,
    },
}

/// Why no wait on a path covered an asynchronous operation (both `None`: no wait ran).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Uncovered {
    /// A wait that ran while the operation was not committed to a group yet.
    pub uncommitted_at: Option<InsnId>,
    /// A wait that left the operation's group pending (it waits only for older groups).
    pub left_pending_by: Option<InsnId>,
    /// For a committed operation, the commit that closed its group when it is the first one
    /// after the operation on its only path (where a wait covering it can go after).
    pub committed_at: Option<InsnId>,
    /// For an operation not committed at `uncommitted_at`: the last operation of its group
    /// before that wait, with no commit between them and none from the operation on (in the
    /// text, the operation first): where a commit belongs.
    pub last_uncommitted: Option<InsnId>,
}

impl Stage {
    /// Why operation `op` of `group`, at this stage, is not covered.
    fn uncovered(self, kernel: &Kernel<'_, '_>, op: InsnId, group: Group) -> Uncovered {
        match self {
            Stage::Uncommitted { waited } => Uncovered {
                uncommitted_at: waited,
                left_pending_by: None,
                committed_at: None,
                last_uncommitted: waited.and_then(|w| last_uncommitted(kernel, op, w, group)),
            },
            Stage::Committed { waited, .. } => Uncovered {
                uncommitted_at: None,
                left_pending_by: waited,
                committed_at: first_commit(kernel, op, group),
                last_uncommitted: None,
            },
        }
    }

    /// Whether a wait ran since the operation's commit and left it pending.
    fn left_pending(self) -> bool {
        matches!(self, Stage::Committed { waited: Some(_), .. })
    }

    /// Whether a wait ran on this path since the operation was issued (and did not cover
    /// it): the path does not skip the wait.
    fn passed_wait(self) -> bool {
        matches!(
            self,
            Stage::Uncommitted { waited: Some(_) } | Stage::Committed { waited: Some(_), .. }
        )
    }
}

impl ProtocolKind {
    /// Why no wait covered the operation, for the kinds that wait for groups.
    pub fn uncovered(&self) -> Option<Uncovered> {
        match *self {
            ProtocolKind::CopyReadBeforeWait { uncovered, .. }
            | ProtocolKind::SourceOverwritten { uncovered, .. }
            | ProtocolKind::WgmmaRegisterBeforeWait { uncovered, .. }
            | ProtocolKind::OverwrittenBeforeWait {
                pending: Pending::Group(uncovered),
                ..
            } => Some(uncovered),
            ProtocolKind::MatrixOverwritten { uncovered, .. } => uncovered,
            _ => None,
        }
    }
}

/// A protocol finding at an instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProtocolFinding {
    /// Where it happens (the read, the write, the `wgmma`).
    pub insn: InsnId,
    /// What.
    pub kind: ProtocolKind,
}

/// How far along its protocol one asynchronous operation is on a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Stage {
    /// Not committed to a group; `waited`: a wait ran meanwhile (and did not cover it).
    Uncommitted { waited: Option<InsnId> },
    /// In a group with `age` later groups; `waited`: a wait ran since (and did not cover it).
    Committed { age: u8, waited: Option<InsnId> },
}

const MAX_AGE: u8 = 8;

/// Which iteration of its innermost loop issued an operation in flight (a `cp.async` copy, a
/// `wgmma`, a `tcgen05.mma`), as seen from where it is in flight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lap {
    /// The current one (or the path did not go round any loop around the operation since).
    Current,
    /// An earlier one: the path went round the back edge of the operation's innermost loop
    /// since (and round no loop around that one).
    Earlier,
    /// An earlier iteration of a loop around the operation's innermost loop.
    Outer,
}

/// An operation in flight (a `cp.async` copy, a `wgmma`, a `tcgen05.mma`) and the iteration
/// that issued it.
type Issued = (InsnId, Lap);

/// What is in flight at a program point (each set: every way some path got here).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct InFlight {
    /// `cp.async` copies: (copy, stage).
    copies: BTreeSet<(Issued, Stage)>,
    /// Bulk stores whose shared-memory sources are still being read: (store, stage).
    stores: BTreeSet<(InsnId, Stage)>,
    /// Loads completed through an mbarrier, not waited for since, and the iteration that
    /// issued them.
    loads: BTreeSet<Issued>,
    /// `cp.async` copies an mbarrier tracks, not waited for since: (copy, the
    /// `cp.async.mbarrier.arrive`).
    tracked: BTreeSet<(InsnId, InsnId)>,
    /// Generic-proxy writes of shared memory since the last proxy fence: (write, the last CTA
    /// barrier crossed since).
    generic_writes: BTreeSet<(InsnId, Option<InsnId>)>,
    /// Registers accessed since the last `wgmma.fence`: (register, the access).
    unfenced: BTreeSet<(RegId, InsnId)>,
    /// Whether some path got here from the start of the kernel with no `wgmma.fence`: "before
    /// the first wgmma.mma_async operation in a warpgroup" (§9.7.15.7.1).
    never_fenced: bool,
    /// `wgmma` operations in flight: (wgmma, stage).
    wgmma: BTreeSet<(Issued, Stage)>,
    /// `tcgen05` operations (`tcgen05.mma`: the shared-memory matrices it reads, the Tensor
    /// Memory it writes) with no mbarrier wait since, which the `tcgen05.commit` tracking them
    /// completes.
    tcgen05_reads: BTreeSet<Issued>,
}

impl InFlight {
    /// Adds what `other` has in flight; whether anything was new.
    fn join(&mut self, other: &InFlight) -> bool {
        let before = self.sizes();
        self.copies.extend(other.copies.iter().copied());
        self.stores.extend(other.stores.iter().copied());
        self.loads.extend(other.loads.iter().copied());
        self.tracked.extend(other.tracked.iter().copied());
        self.generic_writes.extend(other.generic_writes.iter().copied());
        self.unfenced.extend(other.unfenced.iter().copied());
        self.wgmma.extend(other.wgmma.iter().copied());
        self.tcgen05_reads.extend(other.tcgen05_reads.iter().copied());
        self.never_fenced |= other.never_fenced;
        before != self.sizes()
    }

    /// How many entries each set holds.
    fn sizes(&self) -> [usize; 9] {
        [
            usize::from(self.never_fenced),
            self.copies.len(),
            self.stores.len(),
            self.loads.len(),
            self.tracked.len(),
            self.generic_writes.len(),
            self.unfenced.len(),
            self.wgmma.len(),
            self.tcgen05_reads.len(),
        ]
    }

    /// The operation each entry is about (the copy, store, load, write or `wgmma`), with
    /// repeats.
    fn ops(&self) -> impl Iterator<Item = InsnId> + '_ {
        (self.copies.iter().map(|&((op, _), _)| op))
            .chain(self.stores.iter().map(|&(op, _)| op))
            .chain(self.loads.iter().map(|&(op, _)| op))
            .chain(self.tracked.iter().map(|&(op, _)| op))
            .chain(self.generic_writes.iter().map(|&(op, _)| op))
            .chain(self.unfenced.iter().map(|&(_, op)| op))
            .chain(self.wgmma.iter().map(|&((op, _), _)| op))
            .chain(self.tcgen05_reads.iter().map(|&(op, _)| op))
    }

    /// Keeps the entries whose operation (the copy, store, load, write or `wgmma` each is
    /// about) `keep` accepts.
    fn retain_ops(&mut self, mut keep: impl FnMut(InsnId) -> bool) {
        self.copies.retain(|&((op, _), _)| keep(op));
        self.stores.retain(|&(op, _)| keep(op));
        self.loads.retain(|&(op, _)| keep(op));
        self.tracked.retain(|&(op, _)| keep(op));
        self.generic_writes.retain(|&(op, _)| keep(op));
        self.unfenced.retain(|&(_, op)| keep(op));
        self.wgmma.retain(|&((op, _), _)| keep(op));
        self.tcgen05_reads.retain(|&(op, _)| keep(op));
    }
}

/// The copies an mbarrier tracks have landed (a wait covered them): their bytes are the
/// generic proxy's writes.
fn land_tracked(state: &mut InFlight) {
    state
        .generic_writes
        .extend(state.tracked.iter().map(|&(copy, _)| (copy, None)));
    state.tracked.clear();
}

/// Commits every uncommitted operation into a new group (older groups age).
fn commit<K: Ord + Copy>(set: &mut BTreeSet<(K, Stage)>) {
    *set = set
        .iter()
        .map(|&(i, s)| {
            (
                i,
                match s {
                    Stage::Uncommitted { .. } => Stage::Committed { age: 0, waited: None },
                    Stage::Committed { age, waited } => Stage::Committed {
                        age: (age + 1).min(MAX_AGE),
                        waited,
                    },
                },
            )
        })
        .collect();
}

/// (`pending` `None`: the count is unknown: nothing is known to complete, but the wait counts
/// as one.)
/// Waits until at most `pending` groups are pending; `covered` is told each operation it
/// completes.
fn wait<K: Ord + Copy>(set: &mut BTreeSet<(K, Stage)>, pending: Option<u64>, at: InsnId, mut covered: impl FnMut(K)) {
    *set = set
        .iter()
        .filter_map(|&(i, s)| match (s, pending) {
            (Stage::Committed { age, .. }, Some(n)) if u64::from(age) >= n => {
                covered(i);
                None
            }
            // An unknown count: taken as covering (silent).
            (Stage::Committed { .. }, None) => {
                covered(i);
                None
            }
            (Stage::Committed { age, waited }, _) => Some((
                i,
                Stage::Committed {
                    age,
                    waited: waited.or(Some(at)),
                },
            )),
            (Stage::Uncommitted { waited }, _) => Some((
                i,
                Stage::Uncommitted {
                    waited: waited.or(Some(at)),
                },
            )),
        })
        .collect();
}

/// The bases an address is built on: the variables and windows among its leaves.
fn bases(kernel: &Kernel<'_, '_>, address: ExprId) -> Vec<Node> {
    let mut out = Vec::new();
    super::races::collect_leaves(&kernel.values.exprs, address, &mut |node| {
        if matches!(node, Node::Symbol(_)) && !out.contains(&node) {
            out.push(node);
        }
        false
    });
    out
}

/// One shared-memory access of an instruction, as the protocols see it.
#[derive(Debug, Clone)]
struct Touch {
    access: Access,
    proxy: Proxy,
    completion: Completion,
    bases: Vec<Node>,
    /// Where the access is in each thread of a sample of the block (see [`placements`]).
    placed: Vec<Option<Placed>>,
    /// For a matrix a `wgmma` reads, and a write in the innermost loop of a `wgmma`: where it
    /// is in the same threads in the first and in the second iteration of that loop (see
    /// [`place_in_two_iterations`]).
    laps: Option<Box<[Vec<Option<Placed>>; 2]>>,
    /// For a load completed through an mbarrier: its start is placed in every sampled thread
    /// (the same place on every lap of a loop around it), whether or not its size is known.
    fixed_start: bool,
    /// Its address and size in bytes (for a matrix read through a descriptor, its start and
    /// one row), to place it elsewhere than in [`Touch::placed`].
    address: (ExprId, Option<u32>),
    /// Whether it is a matrix read through a descriptor (`address`: the row its start holds).
    descriptor_read: bool,
    /// Where it is in each sampled thread with the loops' joins left undecided (the same
    /// value at two points of one iteration); a size the instruction does not give runs to
    /// the end of shared memory. Placed when first asked ([`Touch::in_one_lap`]).
    in_one_lap: OnceCell<Vec<Option<Placed>>>,
    /// Likewise, for an access in a loop, where it is in each iteration of its innermost loop
    /// until the loop ends (per sampled thread; `None`: a thread may go round more often than
    /// followed). Placed when first asked ([`Touch::over_inner_loop`]).
    over_inner_loop: OnceCell<Option<Vec<Laps>>>,
}

impl Touch {
    /// [`Touch::in_one_lap`], placed on first use.
    fn in_one_lap(&self, kernel: &Kernel<'_, '_>) -> &[Option<Placed>] {
        self.in_one_lap.get_or_init(|| {
            let (address, bytes) = self.address;
            placements_in_one_lap(kernel, &sampled_threads(kernel), address, bytes)
        })
    }

    /// [`Touch::over_inner_loop`] of this access of instruction `i`, placed on first use.
    fn over_inner_loop(&self, kernel: &Kernel<'_, '_>, i: InsnId) -> Option<&[Laps]> {
        self.over_inner_loop
            .get_or_init(|| {
                let (address, bytes) = self.address;
                placements_over_inner_loop(kernel, &sampled_threads(kernel), i, address, bytes)
            })
            .as_deref()
    }
}

/// Where an access is in one thread in each iteration of its loop, in order (`None`: the
/// thread may go round more often than followed).
type Laps = Option<Vec<Option<Placed>>>;

/// An address evaluated for one thread: its undecided part and its byte range.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Placed {
    terms: Terms,
    start: i64,
    end: i64,
}

/// Whether two accesses may touch the same shared memory: a common variable.
fn may_meet(a: &Touch, b: &Touch) -> bool {
    a.bases.iter().any(|x| b.bases.contains(x))
}

/// Whether load `load`, issued in the iteration access `t` runs in (the path from it to `t` goes
/// round no loop around it), surely misses `t`'s bytes: the load is placed alike in every
/// sampled thread (one issuer's address), and in every thread `t` is placed with the same
/// undecided part, outside the load's bytes ([`Touch::in_one_lap`]).
/// Or, for `t` in a loop the load is outside of, in every iteration of that loop
/// ([`Touch::over_inner_loop`]).
fn apart_in_one_lap(kernel: &Kernel<'_, '_>, (op, load): (InsnId, &Touch), (i, t): (InsnId, &Touch)) -> bool {
    if load.descriptor_read || t.descriptor_read {
        return false;
    }
    let placed = load.in_one_lap(kernel);
    let Some(Some(first)) = placed.first() else {
        return false;
    };
    if !placed.iter().all(|p| p.as_ref() == Some(first)) {
        return false;
    }
    let apart = |p: &Option<Placed>| {
        p.as_ref()
            .is_some_and(|p| p.terms == first.terms && (p.end <= first.start || first.end <= p.start))
    };
    let every = |placed: &[Option<Placed>]| !placed.is_empty() && placed.iter().all(apart);
    if every(t.in_one_lap(kernel)) {
        return true;
    }
    let load_outside = kernel
        .innermost_loop(i)
        .is_some_and(|head| !kernel.loops()[kernel.block_of(op) as usize].contains(&head));
    load_outside
        && t.over_inner_loop(kernel, i)
            .is_some_and(|threads| !threads.is_empty() && threads.iter().all(|laps| laps.as_deref().is_some_and(every)))
}

/// Whether two accesses of one thread touch common bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Overlap {
    /// In some thread, both addresses have the same undecided part and their bytes overlap.
    Yes,
    /// In every sampled thread, both are placed with the same undecided part and are
    /// disjoint, or they share no variable.
    No,
    /// The analysis cannot tell.
    Unknown,
}

fn overlap(a: &Touch, b: &Touch) -> Overlap {
    if !may_meet(a, b) {
        return Overlap::No;
    }
    overlap_of(&a.placed, &b.placed)
}

/// Whether two accesses placed in the same threads (`a[k]` and `b[k]` in one thread) touch
/// common bytes.
fn overlap_of(a: &[Option<Placed>], b: &[Option<Placed>]) -> Overlap {
    let mut all_disjoint = !a.is_empty();
    for (pa, pb) in a.iter().zip(b) {
        match (pa, pb) {
            (Some(pa), Some(pb)) if pa.terms == pb.terms => {
                if pa.start < pb.end && pb.start < pa.end {
                    return Overlap::Yes;
                }
            }
            _ => all_disjoint = false,
        }
    }
    if all_disjoint { Overlap::No } else { Overlap::Unknown }
}

/// The most threads whose addresses the protocols evaluate (the first ones of the block).
const SAMPLE_THREADS: usize = 128;

/// The threads whose addresses the protocols evaluate: the first ones of the block.
fn sampled_threads(kernel: &Kernel<'_, '_>) -> Vec<Thread> {
    kernel.shape.all().take(SAMPLE_THREADS).collect()
}

/// Evaluates `address` (of `bytes` bytes) in `threads`. An address whose undecided part
/// holds a loop's changing value is not placed: the same leaf stands for different values in
/// different iterations.
fn placements(
    kernel: &Kernel<'_, '_>,
    threads: &[Thread],
    address: ExprId,
    bytes: Option<u32>,
    swizzle: Swizzle,
) -> Vec<Option<Placed>> {
    let mut eval: Option<Evaluator<'_>> = None;
    threads
        .iter()
        .map(|&t| {
            let eval = match eval.as_mut() {
                Some(e) => {
                    e.reset(t);
                    e
                }
                None => eval.insert(Evaluator::new(&kernel.values.exprs, t)),
            };
            place(kernel, eval, address, bytes, swizzle)
        })
        .collect()
}

/// Where `address` (of `bytes` bytes) is in the evaluator's thread (not when its undecided
/// part holds a loop's join: [`placements`]).
fn place(
    kernel: &Kernel<'_, '_>,
    eval: &mut Evaluator<'_>,
    address: ExprId,
    bytes: Option<u32>,
    swizzle: Swizzle,
) -> Option<Placed> {
    let linear = eval.eval(address)?;
    if linear
        .terms
        .iter()
        .any(|&(leaf, _)| matches!(kernel.values.exprs.node(leaf), Node::Phi { .. }))
    {
        return None;
    }
    placed_at(kernel, linear, bytes, swizzle)
}

/// Where `address` is in each of `threads` with the loops' joins left undecided
/// ([`Touch::in_one_lap`]); an unknown size runs to the end of shared memory. A join threads
/// may hold different values of stands for the thread's own value (two accesses are then
/// compared as if one thread made both: apart in every such thread, they are taken apart).
fn placements_in_one_lap(
    kernel: &Kernel<'_, '_>,
    threads: &[Thread],
    address: ExprId,
    bytes: Option<u32>,
) -> Vec<Option<Placed>> {
    let exprs = &kernel.values.exprs;
    let varying_joins = varying_joins_under(exprs, address);
    let mut eval = Evaluator::new(exprs, threads[0]);
    threads
        .iter()
        .map(|&t| {
            eval.reset(t);
            for &join in &varying_joins {
                eval.inject(
                    join,
                    Some(super::expr::Linear {
                        constant: 0,
                        terms: smallvec::smallvec![(join, 1)],
                    }),
                );
            }
            let placed = placed_at(kernel, eval.eval(address)?, Some(1), Swizzle { bits: 0 })?;
            Some(Placed {
                end: bytes.map_or(i64::MAX, |n| placed.start + i64::from(n.max(1))),
                ..placed
            })
        })
        .collect()
}

/// The loop joins threads may hold different values of that `id` is built on.
fn varying_joins_under(exprs: &super::expr::Exprs, id: ExprId) -> Vec<ExprId> {
    varying_joins_through(exprs, id, |_| None)
}

/// The loop joins threads may hold different values of that `id` is built on, looking through
/// the joins `through` gives the values of (which are not among them).
fn varying_joins_through(
    exprs: &super::expr::Exprs,
    id: ExprId,
    mut through: impl FnMut(ExprId) -> Option<[Option<ExprId>; 2]>,
) -> Vec<ExprId> {
    let mut out = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![id];
    while let Some(at) = stack.pop() {
        if !seen.insert(at) || seen.len() > 4096 {
            continue;
        }
        if let Some(values) = through(at) {
            stack.extend(values.into_iter().flatten());
        } else if matches!(exprs.node(at), Node::Phi { varying: true, .. }) {
            out.push(at);
        } else {
            stack.extend(exprs.operands(at));
        }
    }
    out
}

/// The most iterations of an access's innermost loop [`placements_over_inner_loop`] follows.
const INNER_ITERATIONS: usize = 16;

/// Where `address` of instruction `i`, in a loop, is in each of `threads` in each iteration
/// of its innermost loop until the loop ends ([`Touch::over_inner_loop`]); `None` outside
/// loops, or when its address does not change from one iteration to the next.
fn placements_over_inner_loop(
    kernel: &Kernel<'_, '_>,
    threads: &[Thread],
    i: InsnId,
    address: ExprId,
    bytes: Option<u32>,
) -> Option<Vec<Laps>> {
    let head = kernel.innermost_loop(i)?;
    let values = &kernel.values;
    let exprs = &values.exprs;
    let in_loop = |leaf: ExprId| super::iterations::join_of(kernel, leaf) == Some(head);
    let mut changes = false;
    let leaves = varying_joins_through(exprs, address, |at| {
        in_loop(at).then(|| {
            changes = true;
            [
                values.first_iteration.get(&at).copied(),
                values.next_iteration.get(&at).copied(),
            ]
        })
    });
    if !changes {
        return None;
    }
    Some(
        threads
            .iter()
            .map(|&t| {
                super::iterations::in_every_iteration(kernel, head, t, &leaves, INNER_ITERATIONS, |eval| {
                    let placed = placed_at(kernel, eval.eval(address)?, Some(1), Swizzle { bits: 0 })?;
                    Some(Placed {
                        end: bytes.map_or(i64::MAX, |n| placed.start + i64::from(n.max(1))),
                        ..placed
                    })
                })
            })
            .collect(),
    )
}

/// Where an address whose value is `linear` is: its undecided part and its bytes.
fn placed_at(
    kernel: &Kernel<'_, '_>,
    linear: super::expr::Linear,
    bytes: Option<u32>,
    swizzle: Swizzle,
) -> Option<Placed> {
    let bytes = i64::from(bytes?.max(1));
    let start = swizzled_offset(&kernel.values.exprs, &linear.terms, linear.constant, swizzle)?;
    Some(Placed {
        terms: linear.terms,
        start,
        end: start + bytes,
    })
}

/// What following the protocols found.
#[derive(Debug, Default)]
pub struct Protocols {
    /// The findings, at most one per instruction and kind of finding.
    pub findings: Vec<ProtocolFinding>,
    /// Each `cp.async` copy with a wait that completes it on some path: (copy, wait, the
    /// iteration that issued the copy).
    pub copies_completed: BTreeSet<(InsnId, InsnId, Lap)>,
    /// Each `cp.async` copy with a CTA barrier it may still be in flight at on some path:
    /// (copy, barrier, the iteration that issued the copy). Its bytes may land after the
    /// barrier.
    pub copies_across_barriers: BTreeSet<(InsnId, InsnId, Lap)>,
    /// For each instruction that touches shared memory, the `cp.async` copies that may be in
    /// flight when it runs (on some path): only those can land after it.
    pub copies_in_flight: CopiesInFlight,
}

/// The `cp.async` copies that may be in flight at instructions ([`Protocols::copies_in_flight`]).
pub type CopiesInFlight = rustc_hash::FxHashMap<InsnId, BTreeSet<InsnId>>;

/// The protocol findings of a kernel, and where its `cp.async` copies complete.
pub fn protocols(kernel: &Kernel<'_, '_>) -> Protocols {
    let flow = kernel.flow;
    let n = flow.insns.len();
    // Nothing asynchronous: no protocol to follow.
    if !(0..n).any(|i| {
        kernel.values.semantics[i].as_ref().is_some_and(|s| {
            !s.async_operands.is_empty()
                || !s.descriptor_memory.is_empty()
                || s.memory
                    .iter()
                    .any(|m| m.completion != Completion::Immediate || m.proxy == Proxy::Async)
        })
    }) {
        return Protocols::default();
    }
    let touches = touches_of(kernel);
    let waits = WaitsBetween::new(kernel);
    // The registers some wgmma reads or writes asynchronously.
    let mut wgmma_regs = rustc_hash::FxHashSet::default();
    for i in 0..n {
        if let Some(s) = kernel.values.semantics[i].as_ref() {
            for op in s.async_operands.iter().filter(|a| a.group == Group::Wgmma) {
                wgmma_regs.extend(operand_registers(kernel, i as InsnId, op.operand));
            }
        }
    }
    let blocks = flow.blocks.len();
    let mut entry: Vec<Option<InFlight>> = vec![None; blocks];
    if blocks == 0 {
        return Protocols::default();
    }
    entry[0] = Some(InFlight {
        never_fenced: flow.is_entry,
        ..InFlight::default()
    });
    let mut out = Protocols::default();
    let mut changed = true;
    let mut rounds = 0;
    while changed && rounds < 50 {
        changed = false;
        rounds += 1;
        for &b in &flow.rpo {
            let Some(mut state) = entry[b as usize].clone() else {
                continue;
            };
            for i in flow.range(b) {
                // The copies that may be in flight where shared memory is touched: the
                // states only grow from round to round, so the union is the last round's.
                if !touches[i as usize].is_empty() && !state.copies.is_empty() {
                    let copies = state.copies.iter().map(|&((copy, _), _)| copy);
                    out.copies_in_flight.entry(i).or_default().extend(copies);
                }
                step(kernel, i, (&touches, &waits), &wgmma_regs, &mut state, &mut out);
            }
            for &s in flow.succs(b) {
                let pruned = without_the_other_way(kernel, b, s, &state);
                let state = pruned.as_ref().unwrap_or(&state);
                let around = round_back_edge(kernel, b, s, state);
                let state = around.as_ref().unwrap_or(state);
                match &mut entry[s as usize] {
                    Some(existing) => changed |= existing.join(state),
                    slot @ None => {
                        *slot = Some(state.clone());
                        changed = true;
                    }
                }
            }
        }
    }
    let handoffs = handoff::unwaited_handoffs(kernel, &touches, &out.findings);
    out.findings.extend(handoffs);
    let refills = release::refills_after_unawaited_releases(kernel, &touches, &out.findings);
    out.findings.extend(refills);
    out.findings.extend(tensor_free::freed_in_use(kernel));
    out.findings.sort_by_key(|f| (f.insn, format!("{:?}", f.kind)));
    out.findings
        .dedup_by(|a, b| a.insn == b.insn && std::mem::discriminant(&a.kind) == std::mem::discriminant(&b.kind));
    out
}

/// The shared-memory accesses of each instruction of the kernel, as the protocols see them.
fn touches_of(kernel: &Kernel<'_, '_>) -> Vec<Vec<Touch>> {
    let shared_bases = |address: ExprId| -> Vec<Node> {
        bases(kernel, address)
            .into_iter()
            .filter(|b| match b {
                Node::Symbol(v) => matches!(
                    kernel.values.variables[*v as usize].space,
                    Space::SharedCta | Space::SharedCluster
                ),
                _ => false,
            })
            .collect()
    };
    let threads = sampled_threads(kernel);
    let lapped = lapped_loops(kernel);
    let mut laps: Vec<LapRequest> = Vec::new();
    let mut touches: Vec<Vec<Touch>> = (0..kernel.flow.insns.len())
        .map(|i| {
            let Some(s) = kernel.values.semantics[i].as_ref() else {
                return Vec::new();
            };
            let in_lapped_loop = kernel.innermost_loop(i as InsnId).is_some_and(|l| lapped.contains(&l));
            let mut here: Vec<Touch> = Vec::new();
            for m in s
                .memory
                .iter()
                .filter(|m| matches!(m.space, Space::SharedCta | Space::SharedCluster | Space::Generic))
            {
                let Some(address) = kernel.values.operands[i].get(m.operand).copied().flatten() else {
                    continue;
                };
                let bases = shared_bases(address);
                if bases.is_empty() {
                    continue;
                }
                let swizzle = Swizzle { bits: 0 };
                if m.access.writes() && in_lapped_loop {
                    laps.push((i as InsnId, here.len(), address, m.bytes, swizzle));
                }
                let fixed_start = m.access.writes()
                    && matches!(m.completion, Completion::Mbarrier(_))
                    && placements(kernel, &threads, address, Some(1), swizzle)
                        .iter()
                        .all(Option::is_some);
                here.push(Touch {
                    access: m.access,
                    proxy: m.proxy,
                    completion: m.completion,
                    bases,
                    placed: placements(kernel, &threads, address, m.bytes, swizzle),
                    laps: None,
                    fixed_start,
                    address: (address, m.bytes),
                    descriptor_read: false,
                    in_one_lap: OnceCell::new(),
                    over_inner_loop: OnceCell::new(),
                });
            }
            // A matrix read through a descriptor whose start the values give: the row its
            // start holds.
            for read in kernel.values.descriptor_reads.get(&(i as InsnId)).into_iter().flatten() {
                let Some(m) = s.descriptor_memory.iter().find(|m| m.operand == read.operand) else {
                    continue;
                };
                let bases = shared_bases(read.start);
                if bases.is_empty() {
                    continue;
                }
                let bytes = Some(MATRIX_ROW_BYTES);
                if multiplies(kernel, i as InsnId) {
                    laps.push((i as InsnId, here.len(), read.start, bytes, read.swizzle));
                }
                here.push(Touch {
                    access: m.access,
                    proxy: m.proxy,
                    completion: m.completion,
                    bases,
                    placed: placements(kernel, &threads, read.start, bytes, read.swizzle),
                    laps: None,
                    fixed_start: false,
                    address: (read.start, bytes),
                    descriptor_read: true,
                    in_one_lap: OnceCell::new(),
                    over_inner_loop: OnceCell::new(),
                });
            }
            here
        })
        .collect();
    place_in_two_iterations(kernel, &threads, laps, &mut touches);
    touches
}

/// Whether instruction `i` is a matrix multiply reading its matrices through descriptors
/// (`wgmma`, `tcgen05.mma`).
fn multiplies(kernel: &Kernel<'_, '_>, i: InsnId) -> bool {
    kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
        s.descriptor_memory
            .iter()
            .any(|m| matches!(m.completion, Completion::Group(Group::Wgmma | Group::Tcgen05)))
    })
}

/// The loops whose writes are placed in two iterations ([`place_in_two_iterations`]): those
/// of a matrix multiply in flight (`wgmma`, `tcgen05.mma`: a write may overwrite the matrix of
/// the iteration before) and those of a `cp.async` copy (the next lap's copy or store may
/// overwrite the last lap's copy still in flight).
fn lapped_loops(kernel: &Kernel<'_, '_>) -> Vec<BlockId> {
    // Where a matrix a multiply in flight (`wgmma`, `tcgen05.mma`) reads, and each write in
    // its loop, are in two iterations of that loop (a write may overwrite the matrix of the
    // iteration before): asked here, evaluated together per loop below.
    let multiply_loops: Vec<BlockId> = kernel
        .values
        .descriptor_reads
        .keys()
        .filter(|&&i| multiplies(kernel, i))
        .filter_map(|&i| kernel.innermost_loop(i))
        .collect();
    // And the bytes a `cp.async` in a loop brings, and each write in its loop (the next lap's
    // copy or store may overwrite the last lap's copy still in flight).
    let copy_loops: Vec<BlockId> = (0..kernel.flow.insns.len() as InsnId)
        .filter(|&i| {
            kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
                s.memory
                    .iter()
                    .any(|m| m.access.writes() && m.completion == Completion::Group(Group::CpAsync))
            })
        })
        .filter_map(|i| kernel.innermost_loop(i))
        .collect();
    multiply_loops.into_iter().chain(copy_loops).collect()
}

/// A touch to place in two iterations of its loop: (instruction, its touch, address, bytes,
/// swizzle).
type LapRequest = (InsnId, usize, ExprId, Option<u32>, Swizzle);

/// Fills in the [`Touch::laps`] of the touches `requests` name, those of one loop evaluated
/// together ([`in_two_iterations`]).
fn place_in_two_iterations(
    kernel: &Kernel<'_, '_>,
    threads: &[Thread],
    mut requests: Vec<LapRequest>,
    touches: &mut [Vec<Touch>],
) {
    requests.sort_by_key(|r| (kernel.innermost_loop(r.0), r.0, r.1));
    for group in requests.chunk_by(|a, b| kernel.innermost_loop(a.0) == kernel.innermost_loop(b.0)) {
        let placed = in_two_iterations(kernel, group[0].0, threads, group.len(), |eval, k| {
            let (_, _, address, bytes, swizzle) = group[k];
            place(kernel, eval, address, bytes, swizzle)
        });
        for (&(i, t, ..), laps) in group.iter().zip(placed.into_iter().flatten()) {
            touches[i as usize][t].laps = Some(Box::new(laps));
        }
    }
}

/// What is in flight after edge `from` -> `to` of a two-way branch, without what was issued or
/// written only when the same condition goes the other way (CUTLASS's epilogue puts an
/// elected thread's bulk store, its commit and its wait each behind its own `@p bra` on one
/// predicate: the path that stores and then skips the wait is not one any thread takes), but
/// at the head of a loop around it (after the operation's block), where the condition is
/// evaluated anew. `None` when nothing changes. A condition's value may change in a loop
/// between the two branches; dropping what it guarded then only makes the protocols quieter.
fn without_the_other_way(kernel: &Kernel<'_, '_>, from: BlockId, to: BlockId, state: &InFlight) -> Option<InFlight> {
    let succs = kernel.flow.succs(from);
    if succs.len() != 2 {
        return None;
    }
    let here = kernel.condition(from, to)?;
    let exprs = &kernel.values.exprs;
    // What rules an operation out: its block's one condition, or its own guard (`@%p
    // bulk.tensor` on a load issued only when there are tiles, `@%q bra` past the loop that
    // waits when there are none). At the head of a loop around the operation the condition is
    // evaluated again after the operation's iteration (`for (k = 0; k < n; k++) mma(k);`
    // leaves at the head with the last multiply in flight) and says nothing of it, unless the
    // operation is in the branch's own block, before it in the same pass.
    let other_way = |op: InsnId| {
        (kernel.block_of(op) == from || !kernel.loops()[kernel.block_of(op) as usize].contains(&from))
            && kernel
                .sole_condition(kernel.block_of(op))
                .into_iter()
                .chain(kernel.values.guards[op as usize])
                .any(|k| truth_assuming(exprs, here, k, 0) == Some(false))
    };
    if !state.ops().any(other_way) {
        return None;
    }
    let mut state = state.clone();
    state.retain_ops(|op| !other_way(op));
    Some(state)
}

/// The truth of predicate `e` when predicate `assumed` holds, from their logic alone (`!`,
/// `&&`, `||`, `^` and predicate `&`, `|`, `xor` over the same values): `None` when it depends
/// on more than that. `and.pred %p3, %p1, %p2` guarding a store is false where `%p1` is.
fn truth_assuming(exprs: &super::expr::Exprs, assumed: ExprId, e: ExprId, depth: u32) -> Option<bool> {
    // `assumed` and what its negations say of their operands.
    let (mut a, mut value) = (assumed, true);
    loop {
        if e == a {
            return Some(value);
        }
        match exprs.node(a) {
            Node::Unary(UnaryOp::LogicalNot, inner, ..) | Node::Unary(UnaryOp::Not, inner, 1, _) => {
                a = inner;
                value = !value;
            }
            // A predicate's value as one bit.
            Node::Convert(inner, 1, _) => a = inner,
            _ => break,
        }
    }
    if let Some(truth) = compared_assuming(exprs, (a, value), e) {
        return Some(truth);
    }
    if depth > 16 {
        return None;
    }
    let sub = |x: ExprId| truth_assuming(exprs, assumed, x, depth + 1);
    match exprs.node(e) {
        Node::Const(k) => Some(k != 0),
        Node::Convert(x, 1, _) => sub(x),
        Node::Unary(UnaryOp::LogicalNot, x, ..) | Node::Unary(UnaryOp::Not, x, 1, _) => sub(x).map(|v| !v),
        Node::Binary(op, x, y, bits, _) if bits <= 1 || matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) => {
            match op {
                BinaryOp::And | BinaryOp::LogicalAnd => match (sub(x), sub(y)) {
                    (Some(false), _) | (_, Some(false)) => Some(false),
                    (Some(true), Some(true)) => Some(true),
                    _ => None,
                },
                BinaryOp::Or | BinaryOp::LogicalOr => match (sub(x), sub(y)) {
                    (Some(true), _) | (_, Some(true)) => Some(true),
                    (Some(false), Some(false)) => Some(false),
                    _ => None,
                },
                BinaryOp::Xor => Some(sub(x)? != sub(y)?),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The truth of comparison `e` when comparison `assumed` has the truth given, from the range
/// the assumption leaves to the difference of its two sides: `%r5 < 64` is false where
/// `%r5 > 63` holds, and `k < n - 2` where `n != k + 1` is false (the last iteration of a
/// loop, which issues no prefetch). Sides are sums of leaves with constant coefficients,
/// taken as integers that do not wrap: a truth found here only ever drops what is in flight
/// (quieter, never a finding). `None` when `e`'s difference is not the assumption's (or its
/// negation) plus a constant, or the range does not decide.
fn compared_assuming(exprs: &super::expr::Exprs, (assumed, holds): (ExprId, bool), e: ExprId) -> Option<bool> {
    let (op, d) = comparison(exprs, assumed)?;
    let (op2, d2) = comparison(exprs, e)?;
    // The assumption as a range of its difference.
    let (lo, hi) = match (op, holds) {
        (BinaryOp::Eq, true) | (BinaryOp::Ne, false) => (0, 0),
        (BinaryOp::Lt, true) | (BinaryOp::Ge, false) => (i128::MIN / 4, -1),
        (BinaryOp::Le, true) | (BinaryOp::Gt, false) => (i128::MIN / 4, 0),
        (BinaryOp::Gt, true) | (BinaryOp::Le, false) => (1, i128::MAX / 4),
        (BinaryOp::Ge, true) | (BinaryOp::Lt, false) => (0, i128::MAX / 4),
        _ => return None,
    };
    // `e`'s difference as the assumption's (or its negation) plus a constant.
    let negated_terms: smallvec::SmallVec<[(ExprId, i128); 4]> = d.1.iter().map(|&(x, k)| (x, -k)).collect();
    let (lo, hi) = if d2.1 == d.1 {
        let c = d2.0 - d.0;
        (lo + c, hi + c)
    } else if d2.1 == negated_terms {
        let c = d2.0 + d.0;
        (c - hi, c - lo)
    } else {
        return None;
    };
    match op2 {
        BinaryOp::Lt if hi < 0 => Some(true),
        BinaryOp::Lt if lo >= 0 => Some(false),
        BinaryOp::Le if hi <= 0 => Some(true),
        BinaryOp::Le if lo > 0 => Some(false),
        BinaryOp::Gt if lo > 0 => Some(true),
        BinaryOp::Gt if hi <= 0 => Some(false),
        BinaryOp::Ge if lo >= 0 => Some(true),
        BinaryOp::Ge if hi < 0 => Some(false),
        BinaryOp::Eq if lo == 0 && hi == 0 => Some(true),
        BinaryOp::Eq if lo > 0 || hi < 0 => Some(false),
        BinaryOp::Ne if lo == 0 && hi == 0 => Some(false),
        BinaryOp::Ne if lo > 0 || hi < 0 => Some(true),
        _ => None,
    }
}

/// A sum of leaves with constant coefficients and a constant: (constant, terms sorted by leaf).
type Sum = (i128, smallvec::SmallVec<[(ExprId, i128); 4]>);

/// Comparison `e`, `a op b`, as `a - b op 0` (unsigned operators as their plain forms).
fn comparison(exprs: &super::expr::Exprs, e: ExprId) -> Option<(BinaryOp, Sum)> {
    let Node::Binary(op, a, b, ..) = exprs.node(e) else {
        return None;
    };
    let op = match op {
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne => op,
        BinaryOp::LtU => BinaryOp::Lt,
        BinaryOp::LeU => BinaryOp::Le,
        BinaryOp::GtU => BinaryOp::Gt,
        BinaryOp::GeU => BinaryOp::Ge,
        _ => return None,
    };
    let (mut d, negative) = (sum_of(exprs, a, 0), sum_of(exprs, b, 0));
    d.0 -= negative.0;
    for (x, k) in negative.1 {
        add_term(&mut d.1, x, -k);
    }
    Some((op, d))
}

/// `e` as a sum of leaves: `+`, `-`, `*` by a constant and conversions between integer widths
/// looked through, anything else a leaf.
fn sum_of(exprs: &super::expr::Exprs, e: ExprId, depth: u32) -> Sum {
    let leaf = || (0, smallvec::smallvec![(e, 1)]);
    if depth > 8 {
        return leaf();
    }
    let scaled = |(c, terms): Sum, k: i128| -> Sum { (c * k, terms.into_iter().map(|(x, t)| (x, t * k)).collect()) };
    let combined = |x: ExprId, y: ExprId, sign: i128| {
        let (mut sum, other) = (sum_of(exprs, x, depth + 1), sum_of(exprs, y, depth + 1));
        sum.0 += sign * other.0;
        for (leaf, k) in other.1 {
            add_term(&mut sum.1, leaf, sign * k);
        }
        sum
    };
    match exprs.node(e) {
        Node::Const(k) => (i128::from(k), smallvec::SmallVec::new()),
        // A register's width (`cvt32s`), taken as not wrapping.
        Node::Convert(x, bits, _) if bits >= 8 => sum_of(exprs, x, depth + 1),
        Node::Binary(BinaryOp::Add, x, y, ..) => combined(x, y, 1),
        Node::Binary(BinaryOp::Sub, x, y, ..) => combined(x, y, -1),
        Node::Binary(BinaryOp::Mul, x, y, ..) => match (exprs.node(x), exprs.node(y)) {
            (_, Node::Const(k)) => scaled(sum_of(exprs, x, depth + 1), i128::from(k)),
            (Node::Const(k), _) => scaled(sum_of(exprs, y, depth + 1), i128::from(k)),
            _ => leaf(),
        },
        _ => leaf(),
    }
}

/// Adds `k` times leaf `x` to `terms` (sorted by leaf, no zero coefficients).
fn add_term(terms: &mut smallvec::SmallVec<[(ExprId, i128); 4]>, x: ExprId, k: i128) {
    match terms.binary_search_by_key(&x, |&(leaf, _)| leaf) {
        Ok(at) => {
            terms[at].1 += k;
            if terms[at].1 == 0 {
                terms.remove(at);
            }
        }
        Err(at) if k != 0 => terms.insert(at, (x, k)),
        Err(_) => {}
    }
}

/// What is in flight after edge `from` -> `to` when it is a loop's back edge and copies or
/// multiplies of that loop are in flight: those now come from an earlier iteration (`None`:
/// as before the edge).
fn round_back_edge(kernel: &Kernel<'_, '_>, from: BlockId, to: BlockId, state: &InFlight) -> Option<InFlight> {
    if !kernel.values.dominance.dominates(to, from) {
        return None;
    }
    let lap = |op: InsnId, lap: Lap| {
        let loops = &kernel.loops()[kernel.block_of(op) as usize];
        if loops.last() == Some(&to) {
            lap.max(Lap::Earlier)
        } else if loops.contains(&to) {
            Lap::Outer
        } else {
            lap
        }
    };
    let unchanged = |set: &BTreeSet<(Issued, Stage)>| set.iter().all(|&((op, l), _)| lap(op, l) == l);
    let unchanged_issued = |set: &BTreeSet<Issued>| set.iter().all(|&(op, l)| lap(op, l) == l);
    if unchanged(&state.copies)
        && unchanged(&state.wgmma)
        && unchanged_issued(&state.tcgen05_reads)
        && unchanged_issued(&state.loads)
    {
        return None;
    }
    let round =
        |set: &BTreeSet<(Issued, Stage)>| set.iter().map(|&((op, l), stage)| ((op, lap(op, l)), stage)).collect();
    let mut state = state.clone();
    state.copies = round(&state.copies);
    state.wgmma = round(&state.wgmma);
    let round_issued = |set: &BTreeSet<Issued>| set.iter().map(|&(op, l)| (op, lap(op, l))).collect();
    state.tcgen05_reads = round_issued(&state.tcgen05_reads);
    state.loads = round_issued(&state.loads);
    Some(state)
}

/// The registers of operand `index` of instruction `i`.
fn operand_registers(kernel: &Kernel<'_, '_>, i: InsnId, index: usize) -> Vec<RegId> {
    let flow = kernel.flow;
    let insn = &flow.insns[i as usize];
    let Some(&node) = insn.operands().get(index) else {
        return Vec::new();
    };
    let range = node.byte_range();
    flow.defs(i)
        .iter()
        .chain(flow.uses(i))
        .filter(|a| range.contains(&a.node.start_byte()))
        .map(|a| a.reg)
        .collect()
}

/// The first commit of `group` after instruction `op`, followed through blocks with one
/// successor (`None` when a branch comes first).
/// Whether instruction `i` commits the operations of `group`.
fn commits(kernel: &Kernel<'_, '_>, i: InsnId, group: Group) -> bool {
    kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
        s.sync
            .iter()
            .any(|x| matches!(*x, Sync::Commit { group: g, .. } if g == group))
    })
}

/// Whether instruction `i` starts an operation of `group` (a copy, a store, a multiply).
fn starts_in_group(kernel: &Kernel<'_, '_>, i: InsnId, group: Group) -> bool {
    kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
        s.memory
            .iter()
            .chain(&s.descriptor_memory)
            .any(|m| m.completion == Completion::Group(group))
            || s.async_operands.iter().any(|a| a.group == group)
    })
}

/// The last operation of `group` before `wait`, when the text runs from `op` to it with no
/// commit of the group on the way (see [`Uncovered::last_uncommitted`]).
fn last_uncommitted(kernel: &Kernel<'_, '_>, op: InsnId, wait: InsnId, group: Group) -> Option<InsnId> {
    if op >= wait || (op..wait).any(|i| commits(kernel, i, group)) {
        return None;
    }
    (op..wait).rev().find(|&i| starts_in_group(kernel, i, group))
}

fn first_commit(kernel: &Kernel<'_, '_>, op: InsnId, group: Group) -> Option<InsnId> {
    let flow = kernel.flow;
    let mut block = kernel.block_of(op);
    let mut from = op + 1;
    for _ in 0..flow.blocks.len() {
        if let Some(i) = (from..flow.blocks[block as usize].end).find(|&i| commits(kernel, i, group)) {
            return Some(i);
        }
        let [next] = flow.succs(block) else { return None };
        block = *next;
        from = flow.blocks[block as usize].start;
    }
    None
}

/// Follows instruction `i` along a path: what it does against what is in flight (`state`)
/// becomes findings, then `state` takes in what it starts, commits and waits for.
fn step(
    kernel: &Kernel<'_, '_>,
    i: InsnId,
    (touches, waits): (&[Vec<Touch>], &WaitsBetween<'_, '_, '_>),
    wgmma_regs: &rustc_hash::FxHashSet<RegId>,
    state: &mut InFlight,
    out: &mut Protocols,
) {
    // A callee may wait, commit, fence or arrive: nothing in flight is known past the call
    // (silent rather than wrong; `-G` builds wait in wrapper functions).
    if kernel.calls_out(i) {
        *state = InFlight::default();
        return;
    }
    let here = &touches[i as usize];
    if kernel.is_full_barrier(i) {
        out.copies_across_barriers
            .extend(state.copies.iter().map(|&((copy, lap), _)| (copy, i, lap)));
        // Another thread may have waited for the tracking mbarrier before the barrier.
        state.tracked.clear();
        state.generic_writes = state.generic_writes.iter().map(|&(w, _)| (w, Some(i))).collect();
    }
    // Reads and writes of shared memory against what is in flight.
    for t in here {
        check_touch(kernel, (i, t), touches, waits, state, &mut out.findings);
    }
    check_tensor_memory_read(kernel, i, waits, state, &mut out.findings);
    // Generic reads of a written base: that write is the generic proxy's data.
    for t in here
        .iter()
        .filter(|t| t.access == Access::Read && t.proxy == Proxy::Generic)
    {
        state
            .generic_writes
            .retain(|&(w, _)| !touches[w as usize].iter().any(|c| may_meet(c, t)));
    }
    let Some(semantics) = kernel.values.semantics[i as usize].as_ref() else {
        return;
    };
    // Shared memory read through the async proxy by descriptors (wgmma, tcgen05.mma,
    // tcgen05.cp): where is not placed, so the generic writes since the last proxy fence that
    // no generic read took over.
    let decoded = |m: &MemoryAccess| {
        kernel
            .values
            .descriptor_reads
            .get(&i)
            .is_some_and(|reads| reads.iter().any(|r| r.operand == m.operand))
    };
    if semantics
        .descriptor_memory
        .iter()
        .any(|m| m.access != Access::Write && m.proxy == Proxy::Async && !decoded(m))
        && let Some(&(write, barrier)) = state.generic_writes.iter().next()
    {
        out.findings.push(ProtocolFinding {
            insn: i,
            kind: ProtocolKind::MissingProxyFence { write, barrier },
        });
    }
    // Registers: wgmma's asynchronous operands, and what other instructions write.
    if semantics.async_operands.iter().any(|a| a.group == Group::Wgmma) {
        issue_wgmma(kernel, i, semantics, state, &mut out.findings);
    } else {
        check_wgmma_registers(kernel, i, state, &mut out.findings);
        // Any access, a read too: "between a register access by a thread in the warpgroup
        // and any wgmma.mma_async instruction that accesses the same registers" (§9.7.15.7.1).
        for a in kernel.flow.defs(i).iter().chain(kernel.flow.uses(i)) {
            if wgmma_regs.contains(&a.reg) {
                state.unfenced.insert((a.reg, i));
            }
        }
    }
    start_operations(kernel, i, here, semantics, state);
    for sync in &semantics.sync {
        apply_sync(i, sync, state, &mut out.copies_completed);
    }
}

/// How an asynchronous write into shared memory in flight completes.
#[derive(Debug, Clone, Copy)]
enum Landing {
    /// A `cp.async` copy, issued in this iteration or an earlier one, in a group.
    Group(Lap, Stage),
    /// A load completed through an mbarrier (TMA, bulk copy), issued in this iteration or an
    /// earlier one.
    Load(Lap),
    /// A `cp.async` an mbarrier tracks since the `cp.async.mbarrier.arrive`.
    Tracked(InsnId),
}

impl Landing {
    /// What the write of `copy` still waits for.
    fn pending(self, kernel: &Kernel<'_, '_>, copy: InsnId) -> Pending {
        match self {
            Landing::Group(_, stage) => Pending::Group(stage.uncovered(kernel, copy, Group::CpAsync)),
            Landing::Load(_) => Pending::Mbarrier { arrive: None },
            Landing::Tracked(arrive) => Pending::Mbarrier { arrive: Some(arrive) },
        }
    }
}

impl InFlight {
    /// Every asynchronous write into shared memory in flight: `cp.async` copies, loads,
    /// tracked copies.
    fn landings(&self) -> impl Iterator<Item = (InsnId, Landing)> + '_ {
        self.copies
            .iter()
            .map(|&((copy, lap), stage)| (copy, Landing::Group(lap, stage)))
            .chain(self.loads.iter().map(|&(copy, lap)| (copy, Landing::Load(lap))))
            .chain(
                self.tracked
                    .iter()
                    .map(|&(copy, arrive)| (copy, Landing::Tracked(arrive))),
            )
    }
}

/// The findings of shared-memory access `t` of instruction `i` against what is in flight: a
/// read of the bytes a copy or load brings before its wait, a write of a bulk store's source
/// before the store has read it, an async-proxy read of generic-proxy writes with no proxy
/// fence between.
fn check_touch(
    kernel: &Kernel<'_, '_>,
    (i, t): (InsnId, &Touch),
    touches: &[Vec<Touch>],
    waits: &WaitsBetween<'_, '_, '_>,
    state: &InFlight,
    findings: &mut Vec<ProtocolFinding>,
) {
    let reads = t.access != Access::Write;
    // An mbarrier operation touches its mbarrier object, never the data an operation in
    // flight brings or sends.
    let data = !kernel.mbarrier_op(i, |_| true);
    let mut found = |kind| findings.push(ProtocolFinding { insn: i, kind });
    // Through any proxy: a wgmma reading its tile through a descriptor, a bulk store
    // sending it, before the copy that brings it is waited for.
    if reads && data {
        for (copy, landing) in state.landings() {
            let meets = |c: &Touch| match landing {
                Landing::Group(_, stage) => meets_pending(c, t, stage, || waits.any(Group::CpAsync, copy, i)),
                // A load issued in this iteration into bytes the read surely misses, wherever
                // the loop's changing values put both.
                Landing::Load(Lap::Current) => {
                    overlap(c, t) != Overlap::No && !apart_in_one_lap(kernel, (copy, c), (i, t))
                }
                // A load of an earlier iteration (or one an mbarrier tracks): where the
                // loop's changing values put it is not known here, so only bytes it surely
                // writes (a ring of stage buffers, and the bytes past them a warp-specialized
                // dispatcher reads its next task from).
                Landing::Load(_) => overlap(c, t) == Overlap::Yes,
                Landing::Tracked(_) => overlap(c, t) != Overlap::No,
            };
            if touches[copy as usize].iter().any(|c| c.access.writes() && meets(c)) {
                found(match landing.pending(kernel, copy) {
                    Pending::Group(uncovered) => ProtocolKind::CopyReadBeforeWait { copy, uncovered },
                    Pending::Mbarrier { arrive: None } => ProtocolKind::LoadReadBeforeWait {
                        copy,
                        loop_head: match landing {
                            Landing::Load(lap) => loop_gone_round(kernel, copy, lap),
                            _ => None,
                        },
                    },
                    Pending::Mbarrier { arrive: Some(arrive) } => {
                        ProtocolKind::TrackedCopyReadBeforeWait { copy, arrive }
                    }
                });
            }
        }
    }
    if t.access.writes() && data {
        check_overwrite(kernel, (i, t), touches, state, &mut found);
    }
    if t.access.writes() && data && t.proxy == Proxy::Generic {
        for &(copy, stage) in &state.stores {
            if touches[copy as usize]
                .iter()
                .any(|c| c.access == Access::Read && meets_pending(c, t, stage, || waits.any(Group::Bulk, copy, i)))
            {
                found(ProtocolKind::SourceOverwritten {
                    copy,
                    uncovered: stage.uncovered(kernel, copy, Group::Bulk),
                });
            }
        }
    }
    if t.access.writes() && data {
        check_matrix_write(kernel, (i, t), touches, state, &mut found);
    }
    if reads && t.proxy == Proxy::Async {
        let mut told = BTreeSet::new();
        for &(write, barrier) in &state.generic_writes {
            if touches[write as usize]
                .iter()
                .any(|c| c.access.writes() && may_meet(c, t))
                && told.insert(write)
            {
                found(ProtocolKind::MissingProxyFence { write, barrier });
            }
        }
    }
}

/// The findings of write `t` of instruction `i` against the copies and loads in flight: bytes
/// one of them brings, surely the same in this thread (in the iteration that issued it and the
/// write's). Neither instruction guarded: a predicated store beside a predicated copy is often
/// its complement (zero-filling what the copy skips).
fn check_overwrite(
    kernel: &Kernel<'_, '_>,
    (i, t): (InsnId, &Touch),
    touches: &[Vec<Touch>],
    state: &InFlight,
    found: &mut impl FnMut(ProtocolKind),
) {
    let guarded = |x: InsnId| kernel.flow.insns[x as usize].guard().is_some();
    if guarded(i) {
        return;
    }
    let overwrites = |copy: InsnId, lap: Lap| {
        !guarded(copy)
            && touches[copy as usize].iter().any(|c| {
                c.access.writes()
                    && match lap {
                        Lap::Current => overlap(c, t) == Overlap::Yes,
                        _ => overlap_across_laps(kernel, (copy, c), (i, t), lap),
                    }
            })
    };
    for (copy, landing) in state.landings() {
        let lap = match landing {
            Landing::Group(lap, _) => lap,
            // Loads and tracked copies are judged only outside loops, where the one in flight
            // is the one the path issued (only `cp.async` loops are placed in two iterations).
            Landing::Load(_) | Landing::Tracked(_) if kernel.innermost_loop(copy).is_none() => Lap::Current,
            Landing::Load(_) | Landing::Tracked(_) => continue,
        };
        if overwrites(copy, lap) {
            found(ProtocolKind::OverwrittenBeforeWait {
                copy,
                pending: landing.pending(kernel, copy),
            });
        }
    }
}

/// The findings of write `t` of instruction `i` against the matrix multiplies in flight: a
/// matrix one of them reads through its descriptor, surely met.
fn check_matrix_write(
    kernel: &Kernel<'_, '_>,
    (i, t): (InsnId, &Touch),
    touches: &[Vec<Touch>],
    state: &InFlight,
    found: &mut impl FnMut(ProtocolKind),
) {
    // A matrix a multiply in flight reads through its descriptor, surely met (the
    // matrix's placed rows and the write overlap in some thread, in the iteration that
    // issued the multiply and the one the write is in).
    let reads_matrix = |mma: InsnId, group: Group, lap: Lap| {
        touches[mma as usize].iter().any(|c| {
            c.access == Access::Read
                && c.completion == Completion::Group(group)
                && (overlap(c, t) == Overlap::Yes || overlap_across_laps(kernel, (mma, c), (i, t), lap))
        })
    };
    for &((mma, lap), stage) in &state.wgmma {
        if reads_matrix(mma, Group::Wgmma, lap) {
            found(ProtocolKind::MatrixOverwritten {
                mma,
                earlier_iteration: lap != Lap::Current,
                loop_head: loop_gone_round(kernel, mma, lap),
                uncovered: Some(stage.uncovered(kernel, mma, Group::Wgmma)),
            });
        }
    }
    // The mbarrier wait that completes a `tcgen05.mma` is often skipped together with the
    // multiply (both under a uniform branch, `if (k_tiles > 0)`), which paths joined
    // without their conditions cannot tell: only a write in the multiply's own loop, the
    // next stage's load into the tile, is judged.
    for &(mma, lap) in &state.tcgen05_reads {
        if kernel.innermost_loop(mma).is_some()
            && kernel.innermost_loop(mma) == kernel.innermost_loop(i)
            && reads_matrix(mma, Group::Tcgen05, lap)
        {
            found(ProtocolKind::MatrixOverwritten {
                mma,
                uncovered: None,
                earlier_iteration: lap != Lap::Current,
                loop_head: loop_gone_round(kernel, mma, lap),
            });
        }
    }
}

/// The first instruction of the loop a path went round since operation `op` was issued in
/// iteration `lap`: `op`'s innermost loop, or for [`Lap::Outer`] the one around it.
fn loop_gone_round(kernel: &Kernel<'_, '_>, op: InsnId, lap: Lap) -> Option<InsnId> {
    let loops = &kernel.loops()[kernel.block_of(op) as usize];
    let head = match lap {
        Lap::Current => return None,
        Lap::Earlier => *loops.last()?,
        Lap::Outer => *loops.get(loops.len().checked_sub(2)?)?,
    };
    let range = kernel.flow.range(head);
    (!range.is_empty()).then_some(range.start)
}

/// A read of Tensor Memory at `i` (`tcgen05.ld`) against the `tcgen05.mma`s in flight: one
/// whose accumulator is at the read's address in thread 0 (the read surely takes the
/// multiply's first column of the first lanes), with no mbarrier wait on any path from the
/// multiply to the read (a wait on some path: the other path skips it under a condition the
/// analysis does not follow, a `k_tiles == 0` that skips the multiply too).
fn check_tensor_memory_read(
    kernel: &Kernel<'_, '_>,
    i: InsnId,
    waits: &WaitsBetween<'_, '_, '_>,
    state: &InFlight,
    findings: &mut Vec<ProtocolFinding>,
) {
    // The address of the first access of `insn` that `wanted` picks.
    let address = |insn: InsnId, wanted: fn(&MemoryAccess) -> bool| {
        let semantics = kernel.values.semantics[insn as usize].as_ref()?;
        let m = semantics.memory.iter().find(|m| wanted(m))?;
        kernel.values.operands[insn as usize].get(m.operand).copied().flatten()
    };
    if state.tcgen05_reads.is_empty() {
        return;
    }
    let Some(read) = address(i, |m| m.space == Space::Tensor && m.access == Access::Read) else {
        return;
    };
    let thread = Thread {
        tid: [0; 3],
        ntid: kernel.shape.dims,
    };
    let mut eval = Evaluator::new(&kernel.values.exprs, thread);
    // What thread 0 computes, but for the values the evaluator leaves open that differ by
    // thread (a warp's index broadcast with `shfl.sync`, which picks the warp's lanes): 0 in
    // thread 0, whose warp reads the first lanes.
    let mut in_thread_zero = |address: ExprId| {
        eval.eval(address).map(|mut linear| {
            linear
                .terms
                .retain(|&mut (leaf, _)| !kernel.values.exprs.is_thread_dependent(leaf));
            linear
        })
    };
    let Some(at) = in_thread_zero(read) else {
        return;
    };
    for &(mma, lap) in &state.tcgen05_reads {
        // A multiply of an earlier iteration is one the read is in the next iteration of,
        // unless the read is outside its loop: then it is the last iteration's, which the
        // read follows once the loop is left at its head.
        let outside_its_loop = kernel
            .innermost_loop(mma)
            .is_some_and(|l| !kernel.loops()[kernel.block_of(i) as usize].contains(&l));
        if (lap != Lap::Current && !outside_its_loop) || i == mma {
            continue;
        }
        let Some(written) = address(mma, writes_accumulator) else {
            continue;
        };
        if in_thread_zero(written).as_ref() == Some(&at) && !waits.any_phase_wait(mma, i) {
            findings.push(ProtocolFinding {
                insn: i,
                kind: ProtocolKind::TensorMemoryReadBeforeWait { mma },
            });
            return;
        }
    }
}

/// Whether `m` is a `tcgen05.mma`'s write of its accumulator in Tensor Memory, complete when
/// the mbarrier of its `tcgen05.commit` says so.
fn writes_accumulator(m: &MemoryAccess) -> bool {
    m.space == Space::Tensor && m.access.writes() && m.completion == Completion::Group(Group::Tcgen05)
}

/// Whether access `a` of an operation in flight and access `b` of instruction `i`, in the
/// same innermost loop, surely meet when the operation was issued `lap` (the current
/// iteration: both in the first; an earlier one: the operation in the first, `b` in the
/// second).
fn overlap_across_laps(kernel: &Kernel<'_, '_>, (op, a): (InsnId, &Touch), (i, b): (InsnId, &Touch), lap: Lap) -> bool {
    let (Some(la), Some(lb)) = (a.laps.as_deref(), b.laps.as_deref()) else {
        return false;
    };
    if !may_meet(a, b) || kernel.innermost_loop(op) != kernel.innermost_loop(i) {
        return false;
    }
    match lap {
        Lap::Current => overlap_of(&la[0], &lb[0]) == Overlap::Yes,
        Lap::Earlier => overlap_of(&la[0], &lb[1]) == Overlap::Yes,
        Lap::Outer => false,
    }
}

/// Whether access `t` counts as meeting `c`, an access of an operation in flight at `stage`.
/// After a wait that left the operation's group pending, only an access that surely meets its
/// bytes counts (the group ages along paths the analysis joins); before any wait, any access
/// that may meet them.
/// Nor, when only may meet, one that some path from the operation reaches past a wait of its
/// group (`bypassed`: the path that skips the wait is judged only for bytes surely met,
/// [`waits`]), unless this path passed a wait too (an operation never committed, which the
/// wait does not cover).
fn meets_pending(c: &Touch, t: &Touch, stage: Stage, bypassed: impl FnOnce() -> bool) -> bool {
    match overlap(c, t) {
        Overlap::Yes => true,
        Overlap::Unknown => !stage.left_pending() && (stage.passed_wait() || !bypassed()),
        Overlap::No => false,
    }
}

/// A `wgmma` at `i`: the findings for its asynchronous operands written since the last
/// `wgmma.fence`; then it is in flight, not committed yet.
fn issue_wgmma(
    kernel: &Kernel<'_, '_>,
    i: InsnId,
    semantics: &Semantics,
    state: &mut InFlight,
    findings: &mut Vec<ProtocolFinding>,
) {
    let before = findings.len();
    for op in &semantics.async_operands {
        for reg in operand_registers(kernel, i, op.operand) {
            // A write, when there is one (the plainer witness), else a read.
            let mut accesses = state.unfenced.range((reg, 0)..=(reg, InsnId::MAX)).map(|&(_, a)| a);
            let writes = |a: &InsnId| kernel.flow.defs(*a).iter().any(|d| d.reg == reg);
            if let Some(access) = accesses.clone().find(writes).or_else(|| accesses.next()) {
                findings.push(ProtocolFinding {
                    insn: i,
                    kind: ProtocolKind::WgmmaOperandUnfenced { access, reg },
                });
            }
        }
    }
    // The first `wgmma` with no fence since the kernel began, once on a path (the ones after
    // it in the batch follow from it).
    if std::mem::take(&mut state.never_fenced) && findings.len() == before {
        findings.push(ProtocolFinding {
            insn: i,
            kind: ProtocolKind::WgmmaNeverFenced,
        });
    }
    state
        .wgmma
        .insert(((i, Lap::Current), Stage::Uncommitted { waited: None }));
}

/// The findings for registers of in-flight `wgmma` operations that instruction `i` (not a
/// `wgmma`) touches: one the `wgmma` writes, or one `i` writes. A register names exactly what
/// it names: a wait that left the group pending counts as no wait.
fn check_wgmma_registers(kernel: &Kernel<'_, '_>, i: InsnId, state: &InFlight, findings: &mut Vec<ProtocolFinding>) {
    let flow = kernel.flow;
    let touched: Vec<RegId> = if state.wgmma.is_empty() {
        Vec::new()
    } else {
        flow.defs(i).iter().chain(flow.uses(i)).map(|a| a.reg).collect()
    };
    'ops: for &((w, _), stage) in &state.wgmma {
        let Some(ws) = kernel.values.semantics[w as usize].as_ref() else {
            continue;
        };
        for op in &ws.async_operands {
            for reg in operand_registers(kernel, w, op.operand) {
                if touched.contains(&reg) && (op.written || flow.defs(i).iter().any(|d| d.reg == reg)) {
                    findings.push(ProtocolFinding {
                        insn: i,
                        kind: ProtocolKind::WgmmaRegisterBeforeWait {
                            wgmma: w,
                            reg,
                            uncovered: stage.uncovered(kernel, w, Group::Wgmma),
                        },
                    });
                    continue 'ops;
                }
            }
        }
    }
}

/// What instruction `i` starts: `cp.async` copies, bulk stores (reading their source), loads
/// completed through an mbarrier, and generic-proxy writes of shared memory.
fn start_operations(kernel: &Kernel<'_, '_>, i: InsnId, here: &[Touch], semantics: &Semantics, state: &mut InFlight) {
    let placed_memory = semantics.memory.iter().filter(|m| {
        matches!(m.space, Space::SharedCta | Space::SharedCluster | Space::Generic)
            && kernel.values.operands[i as usize]
                .get(m.operand)
                .copied()
                .flatten()
                .is_some()
    });
    for (t, _) in here.iter().zip(placed_memory) {
        match t.completion {
            Completion::Group(Group::CpAsync) if t.access.writes() => {
                state
                    .copies
                    .insert(((i, Lap::Current), Stage::Uncommitted { waited: None }));
            }
            Completion::Group(Group::Bulk) if t.access == Access::Read => {
                state.stores.insert((i, Stage::Uncommitted { waited: None }));
            }
            Completion::Mbarrier(_) if t.access.writes() => {
                state.loads.insert((i, Lap::Current));
            }
            Completion::Immediate
                if t.access.writes() && t.proxy == Proxy::Generic && !kernel.mbarrier_op(i, |_| true) =>
            {
                state.generic_writes.insert((i, None));
            }
            _ => {}
        }
    }
    // A `tcgen05.mma` reading a matrix through a descriptor (its touches follow the memory
    // lines'), or writing its accumulator in Tensor Memory.
    if here
        .iter()
        .any(|t| t.access == Access::Read && t.completion == Completion::Group(Group::Tcgen05))
        || semantics.memory.iter().any(writes_accumulator)
    {
        state.tcgen05_reads.insert((i, Lap::Current));
    }
}

/// What a synchronisation `sync` of instruction `i` does to what is in flight: commits,
/// waits (the `cp.async` copies a wait completes go to `copies_completed`), mbarrier waits,
/// proxy fences and `wgmma.fence`.
fn apply_sync(i: InsnId, sync: &Sync, state: &mut InFlight, copies_completed: &mut BTreeSet<(InsnId, InsnId, Lap)>) {
    match *sync {
        Sync::Commit {
            group: Group::CpAsync, ..
        } => commit(&mut state.copies),
        Sync::Commit { group: Group::Bulk, .. } => commit(&mut state.stores),
        Sync::Commit {
            group: Group::Wgmma, ..
        } => commit(&mut state.wgmma),
        Sync::Wait {
            group: Group::CpAsync,
            pending,
            ..
        } => {
            // The bytes of a completed copy are the generic proxy's writes from here on (only
            // the bulk copies are async-proxy operations).
            wait(&mut state.copies, pending, i, |(copy, lap)| {
                copies_completed.insert((copy, i, lap));
                state.generic_writes.insert((copy, None));
            });
            // A tracked copy is in a group too when a commit followed it: taken as covered.
            land_tracked(state);
        }
        Sync::Wait {
            group: Group::Bulk,
            pending,
            ..
        } => wait(&mut state.stores, pending, i, |_| {}),
        Sync::Wait {
            group: Group::Wgmma,
            pending,
            ..
        } => wait(&mut state.wgmma, pending, i, |_| {}),
        Sync::Mbarrier { op, .. } if op.waits_for_phase() => {
            state.loads.clear();
            state.tcgen05_reads.clear();
            land_tracked(state);
        }
        // cp.async.mbarrier.arrive: the copies complete through the mbarrier (its wait); the
        // race search no longer follows them.
        Sync::Mbarrier {
            op: MbarrierOp::TrackCpAsync,
            ..
        } => {
            state
                .tracked
                .extend(state.copies.iter().map(|&((copy, _), _)| (copy, i)));
            state.copies.clear();
        }
        Sync::Fence {
            proxy: Some(Proxy::Async),
            space,
            ..
        } if space.is_none_or(|s| matches!(s, Space::SharedCta | Space::SharedCluster)) => {
            state.generic_writes.clear();
        }
        Sync::OperandFence { group: Group::Wgmma } => {
            state.unfenced.clear();
            state.never_fenced = false;
        }
        _ => {}
    }
}

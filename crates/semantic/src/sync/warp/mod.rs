//! Intra-warp communication: what code written for lockstep warps relies on, and whether
//! `bar.warp.sync` can make it hold under independent thread scheduling.
//!
//! Below sm_70 the lanes of a warp execute each instruction together (§3.2): when lane 1
//! writes shared memory and lane 0 reads it at a later instruction, the write has happened.
//! From sm_70 on, lanes are scheduled independently and nothing orders the two unless the
//! code says so (`bar.warp.sync`, which "also guarantee[s] memory ordering among threads
//! participating in barrier", §9.7.13.2). This module finds, in one function, everything
//! that ordering carries:
//!
//! - **exchanges through memory** ([`Exchange`]): two accesses by different lanes of one warp
//!   to bytes that can overlap, at least one writing (not two atomics), with no CTA barrier
//!   and no `bar.warp.sync` on the way from one to the other, or on the two sides of a branch
//!   the warp's lanes may take differently. Shared memory counts whatever the accesses'
//!   semantics; an address the analysis cannot place may meet anything it could. Global (and
//!   generic, but for the shared window) memory counts when one access is strong
//!   (`.volatile`, `.relaxed` or stronger, atomic), with the same rule; two weak accesses
//!   there count where the analysis shows lanes of a warp touching the same bytes through the
//!   same pointer (distinct buffers of a kernel are taken not to overlap).
//! - **spin loops** (an exchange whose reader is a loop's exit condition): lanes that wait
//!   for a value another lane of their warp writes.
//! - **legacy collectives** ([`LegacyCollective`]): the instructions the model's `sync`
//!   lines call `collective legacy` (`shfl` and `vote` without `.sync`), which act on the
//!   lanes that happen to be active.
//!
//! Each finding carries its fix when the warp is provably converged where it matters: a
//! `bar.warp.sync` with the full mask before the later access (or after the earlier), a
//! point every lane of a warp executes together (no branch whose condition may differ
//! between lanes of one warp leads there, and every loop around it runs as many times in
//! every lane); a legacy collective whose lanes all execute it becomes its `.sync` form with
//! the full mask. Lanes that leave the kernel on the way do not count: `.sync` collectives
//! wait for the non-exited lanes of the mask (§9.7.9.6, §9.7.13.9), and so does
//! `__syncwarp`, which is `bar.warp.sync` (CUDA Programming Guide, "Synchronization
//! Functions").
//!
//! Lanes are evaluated in the block shape `.reqntid` or `.maxntid` gives, or else in two
//! shapes over the dimensions the kernel reads whose thread counts are multiples of 32, each
//! halved until no thread accesses a shared variable past its end (the kernel's tables say
//! how many threads it is written for: [`fit`]);
//! values that change around a loop are followed for its first [`ITERATIONS`] iterations
//! (one symbolic iteration when they cannot be computed).

mod apart;
mod convergence;
mod exchanges;
mod fit;
mod lanes;
pub mod message_passing;
mod sites;
mod spin;

use ptxkit_isa::signature::semantics::{Access, Semantics, Sync};

use super::expr::Thread;
use super::kernel::{Kernel, Shape};
use super::values::{GiveUp, ValueFlow};
use crate::flow::cfg::{FunctionFlow, InsnId};
use crate::symbols::SymbolTable;

pub use sites::{CalleeEffects, ModuleFacts};

/// How many iterations of a loop the lanes are evaluated in.
pub const ITERATIONS: usize = 8;

/// What one function relies on from lockstep warps.
#[derive(Debug, Default, Clone)]
pub struct WarpReport {
    /// Exchanges between lanes of one warp through memory (and spin loops).
    pub exchanges: Vec<Exchange>,
    /// Legacy warp collectives.
    pub collectives: Vec<LegacyCollective>,
    /// Why the analysis could not follow the function, when it has something to look at
    /// (then nothing is known: the function may communicate anywhere).
    pub unanalysed: Option<&'static str>,
}

impl WarpReport {
    /// Whether the function relies on nothing lockstep warps give.
    pub fn is_empty(&self) -> bool {
        self.exchanges.is_empty() && self.collectives.is_empty() && self.unanalysed.is_none()
    }

    /// Whether every finding has a fix.
    pub fn fixable(&self) -> bool {
        self.unanalysed.is_none()
            && self.exchanges.iter().all(|e| e.fix.is_ok())
            && self.collectives.iter().all(|c| c.fix.is_ok())
    }
}

/// Two accesses by different lanes of one warp whose order only lockstep execution gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// The access lockstep runs first (for [`Via::Sides`], the first in the text).
    pub first: InsnId,
    /// How it touches memory.
    pub first_access: Access,
    /// The access that runs after it (for [`Via::Spin`], the loop's read).
    pub second: InsnId,
    /// How it touches memory.
    pub second_access: Access,
    /// Two lanes of one warp that touch the same bytes (the first's, the second's), when the
    /// analysis can name them.
    pub lanes: Option<(Thread, Thread)>,
    /// For the first and the second lane: whether it makes its access only when values it
    /// loaded from shared memory compare one way (a compare-and-swap's store), as some contents
    /// of shared memory make them.
    pub data_guarded: [bool; 2],
    /// The address both touch, when known (`s+4`).
    pub address: Option<String>,
    /// Whether that address is in shared memory.
    pub shared: bool,
    /// What orders them under lockstep.
    pub via: Via,
    /// Where a `bar.warp.sync` makes the order hold, or why no point is known to be reached
    /// by the whole warp together.
    pub fix: Result<Point, NotConverged>,
}

/// What orders an exchange under lockstep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// The warp executes one instruction, then the other.
    Order,
    /// The two are on different sides of a branch at this instruction, which the warp's
    /// lanes may take differently: lockstep runs one side after the other.
    Sides(InsnId),
    /// The second is a read a loop's exit waits on (its branch here): lanes spin until
    /// another lane's write.
    Spin(InsnId),
}

/// Where a `bar.warp.sync` goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Point {
    /// Just before this instruction (after its label, unguarded).
    Before(InsnId),
    /// Just after this instruction.
    After(InsnId),
}

/// Why a point is not known to be reached by every lane of a warp together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotConverged {
    /// Lanes of one warp may take different ways at this branch (or guard) on the way.
    Branch {
        /// The branch, or the guarded instruction.
        branch: InsnId,
        /// Two lanes of one warp that go different ways, when the analysis can name them.
        lanes: Option<(Thread, Thread)>,
        /// What the condition depends on.
        cause: Cause,
    },
    /// The two accesses are on different sides of a branch (see [`Via::Sides`]).
    Sides,
    /// A spin loop: no barrier lets a lane wait for another lane's write.
    Spin,
    /// In a function other than a kernel: its callers decide which lanes run it.
    Function,
}

/// What a condition that splits a warp depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// The thread's index: the lanes named go different ways.
    Thread,
    /// The thread's index compared with the kernel's inputs: for some values the lanes named
    /// go different ways.
    Inputs,
    /// Values loaded from memory or computed by other lanes: the analysis cannot tell.
    Data,
}

/// A warp collective of lockstep warps (`shfl`, `vote` without `.sync`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LegacyCollective {
    /// The instruction.
    pub insn: InsnId,
    /// `Ok` when every lane of a warp executes it together (its `.sync` form with the full
    /// mask is then the same), else why not.
    pub fix: Result<(), NotConverged>,
}

/// Which memory the analysis looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Memory {
    /// Shared memory only (what lints of code already independently scheduled report).
    Shared,
    /// Shared, global and generic memory.
    Every,
}

/// What one function relies on from lockstep warps, through `memory`; `facts` say what the
/// rest of its module does.
pub fn analyze(flow: &FunctionFlow<'_>, symbols: &SymbolTable, facts: &ModuleFacts, memory: Memory) -> WarpReport {
    analyze_with(flow, symbols, facts, memory, || {
        ValueFlow::following(flow, symbols, memory == Memory::Every)
    })
}

/// [`analyze`] with the function's values ([`ValueFlow::following`] global addresses when
/// `memory` is [`Memory::Every`]) from `values`, asked only when they are needed.
pub fn analyze_with(
    flow: &FunctionFlow<'_>,
    symbols: &SymbolTable,
    facts: &ModuleFacts,
    memory: Memory,
    values: impl FnOnce() -> Result<ValueFlow, GiveUp>,
) -> WarpReport {
    // Through shared memory only, a function none of whose accesses can land there has no
    // exchange to show, and only its legacy collectives to judge: without any, its values
    // (the costly part) are not needed.
    if memory == Memory::Shared {
        let semantics = flow.semantics(symbols);
        if !sites::may_touch_shared(flow, semantics, symbols)
            && !semantics.iter().flatten().any(|s| is_legacy_collective(s))
        {
            return WarpReport::default();
        }
    }
    let kernel = match values() {
        Ok(values) => Kernel::with_values(flow, values),
        Err(why) if sites::anything_to_analyse(flow, symbols, facts) => {
            return WarpReport {
                unanalysed: Some(match why {
                    GiveUp::TooLarge => "the function is too large for the analysis to follow its values",
                    GiveUp::NoFixpoint => "the analysis could not settle the values its loops compute",
                }),
                ..WarpReport::default()
            };
        }
        Err(_) => return WarpReport::default(),
    };
    let mut sites = sites::sites(&kernel, facts);
    if memory == Memory::Shared {
        sites.retain(|s| s.may_be_shared);
    }
    let collectives: Vec<InsnId> = (0..flow.insns.len() as InsnId)
        .filter(|&i| {
            kernel.values.semantics[i as usize]
                .as_deref()
                .is_some_and(is_legacy_collective)
        })
        .collect();
    if sites.is_empty() && collectives.is_empty() {
        return WarpReport::default();
    }
    let shapes = fit::shapes(&kernel, &sites);
    let mut convergence = convergence::Convergence::new(&kernel, &shapes);
    let mut exchanges = exchanges::exchanges(&kernel, &sites, &shapes);
    exchanges.extend(spin::spins(&kernel, &sites, &shapes));
    for exchange in &mut exchanges {
        exchange.fix = match exchange.via {
            Via::Sides(_) => Err(NotConverged::Sides),
            Via::Spin(_) => Err(NotConverged::Spin),
            Via::Order => convergence.point_between(exchange.first, exchange.second),
        };
    }
    let collectives = collectives
        .into_iter()
        .map(|insn| LegacyCollective {
            insn,
            fix: convergence.instruction(insn),
        })
        .collect();
    WarpReport {
        exchanges,
        collectives,
        unanalysed: None,
    }
}

/// [`Exchange::data_guarded`] of accesses `first` and `second` in `lanes`: `false` for both
/// when no lanes are named.
fn data_guarded(
    kernel: &Kernel<'_, '_>,
    (first, second): (InsnId, InsnId),
    lanes: Option<(Thread, Thread)>,
) -> [bool; 2] {
    lanes.map_or([false; 2], |(t1, t2)| {
        [(first, t1), (second, t2)].map(|(insn, t)| kernel.runs_only_if_data(insn, t))
    })
}

/// Whether an instruction is a warp collective of lockstep warps (`shfl`, `vote` without
/// `.sync`).
fn is_legacy_collective(semantics: &Semantics) -> bool {
    semantics
        .sync
        .iter()
        .any(|sync| matches!(sync, Sync::Collective { legacy: true, .. }))
}

/// Every function of a module with a body, and what it relies on from lockstep warps.
pub fn module<'t>(
    parsed: &'t ptxkit_syntax::ParsedSource,
    symbols: &SymbolTable,
) -> Vec<(FunctionFlow<'t>, WarpReport)> {
    let flows = FunctionFlow::all(parsed, symbols);
    let facts = ModuleFacts::of(&flows, symbols);
    flows
        .into_iter()
        .filter(|flow| !flow.body.has_error())
        .map(|flow| {
            let report = analyze(&flow, symbols, &facts, Memory::Every);
            (flow, report)
        })
        .collect()
}

/// How a thread of a witness is named: `thread 3`, `thread (3, 1)`.
pub fn describe(t: Thread) -> String {
    Shape {
        dims: t.ntid,
        source: super::kernel::ShapeSource::Inferred,
    }
    .describe(t)
}

#[cfg(test)]
mod tests;

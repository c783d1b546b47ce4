//! Synchronisation: what the threads of a CTA do to shared memory and to each other.
//!
//! - [`expr`]: symbolic values over the thread id, and their evaluation for one thread;
//! - [`values`]: every register's value at every instruction of a function, from the
//!   instruction model's `value` lines;
//! - [`descriptor`]: where a matrix descriptor says its matrix starts;
//! - [`dominance`]: dominators, post-dominators and control dependence;
//! - [`kernel`]: a function as the threads of a CTA run it: block shape, CTA barriers,
//!   barrier intervals, which threads execute what;
//! - [`iterations`]: loop joins in the first two iterations of their loop, for placing
//!   addresses;
//! - [`races`]: shared-memory data races between barriers, with witnesses;
//! - `unsynchronised`: what threads reach from a barrier before any other synchronisation;
//! - [`divergence`]: barriers and warp collectives under thread-dependent control flow;
//! - [`protocols`]: cp.async groups, TMA and mbarrier waits, proxy fences, wgmma fences and
//!   waits, followed along every path;
//! - [`warp`]: what code written for lockstep warps relies on (exchanges between lanes of one
//!   warp, legacy collectives, spin loops), and where `bar.warp.sync` makes it hold.
//!
//! [`analyze`] runs every analysis of one function and returns plain findings for the rules.

pub mod descriptor;
pub mod divergence;
pub mod dominance;
pub mod expr;
pub mod inputs;
mod iterations;
pub mod kernel;
mod mbarrier_init;
pub mod protocols;
pub mod races;
mod splits;
mod stored;
mod unsynchronised;
pub mod values;
pub mod warp;

use crate::flow::cfg::FunctionFlow;
use crate::symbols::SymbolTable;

/// What the synchronisation analyses found in one function.
#[derive(Debug, Default)]
pub struct SyncReport {
    /// Shared-memory data races.
    pub races: Vec<races::Race>,
    /// Barriers and collectives under thread-dependent control flow.
    pub divergences: Vec<divergence::Divergence>,
    /// Asynchronous-protocol errors (copies, TMA, proxies, wgmma).
    pub protocols: Vec<protocols::ProtocolFinding>,
    /// The block shape the analyses ran, when they ran.
    pub shape: Option<kernel::Shape>,
}

/// Whether a function has anything the synchronisation analyses look at: an instruction
/// with a `.shared` state space, or one whose forms synchronise (barriers, collectives, async
/// groups, fences). Other functions are not analysed at all.
pub fn worth_analysing(flow: &FunctionFlow<'_>) -> bool {
    flow.insns.iter().any(|insn| {
        insn.modifiers().iter().any(|m| m.text.starts_with(".shared"))
            || ptxkit_isa::signature::forms(insn.opcode())
                .iter()
                .any(|f| !f.sync.is_empty())
    })
}

/// Runs the analyses on one function; `lockstep` when warps run in lockstep (targets below
/// sm_70).
pub fn analyze(flow: &FunctionFlow<'_>, symbols: &SymbolTable, lockstep: bool) -> SyncReport {
    analyze_with(flow, lockstep, || values::ValueFlow::of(flow, symbols))
}

/// [`analyze`] with the function's values ([`values::ValueFlow::of`]) from `values`, asked
/// only when the function is worth analysing (a caller that has them already passes them).
pub fn analyze_with(
    flow: &FunctionFlow<'_>,
    lockstep: bool,
    values: impl FnOnce() -> Result<values::ValueFlow, values::GiveUp>,
) -> SyncReport {
    if !worth_analysing(flow) {
        return SyncReport::default();
    }
    let mut kernel = match values().map(|values| kernel::Kernel::with_values(flow, values)) {
        Ok(kernel) => kernel,
        Err(e) => {
            if std::env::var_os("PTXKIT_SYNC_STATS").is_some() {
                eprintln!("sync: gave up: {e:?}");
            }
            return SyncReport::default();
        }
    };
    let divergences = divergence::divergences(&mut kernel, lockstep);
    let protocols = protocols::protocols(&kernel);
    let races = if divergences
        .iter()
        .any(|d| d.kind == divergence::Collective::Barrier && !d.exits)
    {
        // Barriers some threads skip: the intervals are not what the program runs.
        Vec::new()
    } else {
        races::races(
            &mut kernel,
            races::Landings {
                waits: Some(&protocols.copies_completed),
                barriers: Some(&protocols.copies_across_barriers),
                in_flight: Some(&protocols.copies_in_flight),
            },
        )
    };
    SyncReport {
        races,
        divergences,
        protocols: protocols.findings,
        shape: Some(kernel.shape),
    }
}

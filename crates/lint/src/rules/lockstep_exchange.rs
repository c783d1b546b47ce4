//! # lockstep-exchange (PTX710)
//!
//! ## What it does
//! In a module for `sm_70` or newer, reports two accesses to the same bytes of shared memory
//! by two lanes of one warp, at least one writing, with nothing between them that orders the
//! lanes of a warp (`bar.warp.sync`, a CTA barrier, a `.sync` warp instruction): code written
//! for lockstep warps, where one instruction ran in every lane before the next. The message
//! names both instructions, both lanes and the address; when a point between them is reached
//! by the whole warp, the help says where `bar.warp.sync 0xffffffff;` makes the order hold.
//! One finding per later access, with its first partner (as PTX701): a warp-synchronous
//! reduction whose every step reads what the previous steps wrote is one finding per step.
//!
//! Lanes are evaluated as the synchronisation analysis evaluates threads (the block shape
//! `.reqntid`/`.maxntid` gives, or whole warps over the dimensions the kernel reads; loops
//! for their first iterations, no further than a counted loop runs; a collective that reads
//! or writes matrix rows, `ldmatrix` and `stmatrix`, only in the lanes whose addresses it
//! uses, 0–7 for `.x1`). Only exchanges it can show are reported: two lanes and an
//! address, never an access whose address it cannot place, nor one a witness lane runs only
//! under a condition on values loaded from memory or computed by other lanes (whether it runs
//! then is not known: a lane that writes its own cell only when it reads it both empty and
//! set never writes). One such condition is taken, as PTX701 takes it: a single comparison of
//! values loaded from shared memory with each other or with known values (a sorting network's
//! compare-and-swap), which some contents of shared memory make go either way; the note then
//! says which lane runs its access only then. Two plain stores of the same value are no exchange (whichever lands
//! last, the bytes hold it): values the two lanes compute alike, or one element of global
//! memory each loads (two lanes storing one halo cell of a tile).
//!
//! What the memory model orders is left out (§8.8, message passing): a lane that waits in a
//! loop on a flag another lane of its warp sets, both with strong operations (from `sm_70` on
//! a lane may wait for a lane of its own warp), and what it reads after an acquire of that flag
//! (an `.acquire` load or a fence after the read) that the writing lane wrote before releasing
//! it (a `.release` store or a fence before the write). A spin on a plain load is still reported.
//!
//! ## Why it matters
//! From `sm_70` on, lanes of a warp are scheduled independently (PTX ISA §3.2, "Independent
//! Thread Scheduling"): without `bar.warp.sync` nothing makes a lane's store visible to a
//! later load of another lane of its warp, even when both are `.volatile`. Warp-synchronous
//! reductions and scans written for older GPUs (and compiled unchanged for `sm_70` and newer)
//! then read stale values now and then. `bar.warp.sync` "also guarantee[s] memory ordering
//! among threads participating in barrier" (§9.7.13.2). Below `sm_70` the warp runs in
//! lockstep and the rule says nothing.
//!
//! ## Example
//! ```ptx
//! .version 7.0
//! .target sm_80
//! .entry k()
//! {
//!     .reg .b32 %r<6>;
//!     .shared .align 4 .b8 s[128];
//!     mov.u32 %r1, %tid.x;
//!     and.b32 %r2, %r1, 31;
//!     shl.b32 %r3, %r2, 2;
//!     mov.u32 %r4, s;
//!     add.s32 %r4, %r4, %r3;
//!     st.volatile.shared.u32 [%r4], %r1;
//!     ld.volatile.shared.u32 %r5, [%r4+4];
//!     ret;
//! }
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 7.0
//! .target sm_80
//! .entry k()
//! {
//!     .reg .b32 %r<6>;
//!     .shared .align 4 .b8 s[128];
//!     mov.u32 %r1, %tid.x;
//!     and.b32 %r2, %r1, 31;
//!     shl.b32 %r3, %r2, 2;
//!     mov.u32 %r4, s;
//!     add.s32 %r4, %r4, %r3;
//!     st.volatile.shared.u32 [%r4], %r1;
//!     bar.warp.sync 0xffffffff;
//!     ld.volatile.shared.u32 %r5, [%r4+4];
//!     ret;
//! }
//! ```
//!
//! ## Fix safety
//! No fix: whether the code was meant for lockstep warps (or has a bug any model would show)
//! is the author's call; `ptxrewrite` inserts the barriers when it moves a module from a
//! target below `sm_70`.

use ptxkit_semantic::sync::warp::{self, Memory, ModuleFacts, Point};

use crate::checker::Checker;
use crate::lockstep::{describe_exchange, note_and_data, why_not_converged};
use crate::rule::{Rule, Visits};
use crate::sync_words::line_of;
use ptxkit_syntax::Span;
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "lockstep-exchange";

pub(crate) const RULE: Rule = Rule {
    code: "PTX710",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "lanes of one warp exchange data through shared memory relying on lockstep (sm_70+)",
    visits: Visits::nodes(&["function_definition"], check),
};

/// The later access (its start) and the kind of exchange a finding stands for.
type GroupKey = (usize, std::mem::Discriminant<warp::Via>);

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    if checker.target().is_none_or(|t| t.sm < 70) {
        return;
    }
    let flow = checker.flow_of(function);
    let Some(flow) = flow.as_ref().as_ref().filter(|f| !f.body.has_error()) else {
        return;
    };
    // What other functions do is not known here: calls count as anything, which only makes
    // exchanges with places the analysis cannot show (and this rule leaves out).
    let report = warp::analyze_with(flow, checker.symbols, &ModuleFacts::unknown(), Memory::Shared, || {
        (*checker.values_of(flow)).clone()
    });
    let semantics = flow.semantics(checker.symbols);
    let message_passing = warp::message_passing::MessagePassing::new(flow, semantics, &report.exchanges);
    // One finding per later access and kind of exchange (a spin is told apart); the other
    // partners of that access are labelled on it.
    let mut groups: Vec<(GroupKey, Vec<&warp::Exchange>)> = Vec::new();
    for exchange in report
        .exchanges
        .iter()
        .filter(|e| e.shared && e.lanes.is_some() && !message_passing.orders(e))
    {
        let key = (
            flow.insns[exchange.second as usize].node().start_byte(),
            std::mem::discriminant(&exchange.via),
        );
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, group)) => group.push(exchange),
            None => groups.push((key, vec![exchange])),
        }
    }
    for (_, group) in groups {
        let exchange = group[0];
        let found = describe_exchange(flow, exchange);
        let mut diagnostic = checker.diagnostic(found.span, found.message).with_label(found.label);
        let mut labelled: Vec<Span> = Vec::new();
        for (span, label) in group.iter().filter_map(|e| describe_exchange(flow, e).secondary) {
            if !labelled.contains(&span) {
                labelled.push(span);
                diagnostic = diagnostic.with_secondary(span, label);
            }
        }
        // A point before the later access orders every pair of the group; another point
        // serves when every pair has it.
        let fix = group
            .iter()
            .map(|e| e.fix)
            .find(|f| *f == Ok(Point::Before(exchange.second)))
            .or_else(|| group.iter().all(|e| e.fix == exchange.fix).then_some(exchange.fix));
        diagnostic = match fix {
            Some(Ok(point)) => {
                let (at, insn) = match point {
                    Point::Before(i) => ("before", i),
                    Point::After(i) => ("after", i),
                };
                let line = line_of(flow.insns[insn as usize].node());
                diagnostic.with_help(format!(
                    "put `bar.warp.sync 0xffffffff;` {at} line {line}, which the whole warp reaches"
                ))
            }
            Some(Err(why)) => diagnostic
                .with_note(why_not_converged(flow, why))
                .with_help("order the two accesses with a barrier every lane that takes part reaches"),
            None => {
                diagnostic.with_help("order each pair of accesses with a barrier every lane that takes part reaches")
            }
        };
        diagnostic.note = note_and_data(diagnostic.note.take(), found.data_note);
        checker.report(diagnostic);
    }
}

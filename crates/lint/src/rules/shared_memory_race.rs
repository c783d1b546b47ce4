//! # shared-memory-race (PTX701)
//!
//! ## What it does
//! Reports two accesses to the same bytes of the CTA's shared memory, at least
//! one a write, by two threads of different warps, with no barrier between
//! them: the message names both instructions, both threads and the address
//! (`thread 33 writes s+132 at line 15, thread 32 reads s+132 at line 16`).
//!
//! Every access is evaluated for every thread of the block: the shape
//! `.reqntid` or `.maxntid` gives, or else the largest shape (over the
//! dimensions the kernel reads) in which every plain store of the kernel writes
//! different bytes in different threads (or, for an address that depends on the
//! thread, the same value: threads t and t+16 filling one table entry), from
//! two warps down; threads along a dimension no shared address reads (`%tid.y`
//! read only for a global rank) move to one that some address reads first. A kernel written for any block size (it reads `%ntid`) with
//! code two warps never run (a tree reduction's `for (s = ntid / 2; s > 32;
//! s >>= 1)`) is searched again in larger blocks, doubling up to 1024 threads
//! while its stores still fit, for races between warps; so is a kernel written
//! for a fixed larger block, in which a thread reads bytes of a shared variable
//! that no thread of the shape writes (`s[127 - threadIdx.x]`, `s[tid + 128]`
//! in two warps): it is searched in the first larger block where every such
//! read has a writer (shared memory starts undefined); and so is a kernel with
//! code that only threads beyond the shape run, by conditions on the thread
//! (a bitonic step's `if ((t ^ 128) > t)` in two warps), in each larger block
//! where more of it runs. An access a thread makes
//! only when values it loaded from shared memory compare one way (one
//! comparison, with each other or with known values: a
//! compare-and-swap step of a sorting network: `if (a > b) { s[t] = b; s[t + 1]
//! = a; }`) is placed too, as some contents of shared memory make them compare
//! so; the note says which access runs only then. A read
//! of bytes the reading thread itself wrote earlier with the same value is no
//! witness, nor are two plain stores of the same value (whichever lands last,
//! the bytes hold it: threads t and t+64 zeroing one bin). Two atomics, or two strong accesses
//! (`.volatile`, `.relaxed` and stronger), are not a data race (§8.4.4),
//! except a `.volatile` read whose value only feeds data (never a branch or a
//! guard): `.volatile` keeps the access whole and fresh, not ordered after the
//! other thread's write, so a reduction over a `volatile` array that lost a
//! barrier still reads a value that depends on timing. A `.volatile` read that
//! polls or tests a flag is left to the memory model. An
//! access whose address the analysis cannot place (a pointer loaded from
//! memory, an index that changes in a loop between the two accesses) is left
//! out, and so is code around mbarrier waits some threads skip, memory fences
//! and loads, stores or atomics that release or acquire (a flag that passes a
//! message, §8.8), whose ordering the barrier intervals do not describe (a proxy fence,
//! `fence.proxy.async`, orders the thread's own accesses across proxies, not
//! threads, and is no reason to stay silent): the rule reports only races it
//! can show. In such code, two plain accesses that the threads reach from the
//! last barrier (or the kernel's start) before doing anything that synchronises
//! (a fence, a flag access, an mbarrier or warp operation, a call; the first poll of
//! a flag counts as before) are still searched: nothing can order them, as a
//! flag's plain init with no barrier before the other threads poll it. An mbarrier wait every thread reaches alike counts as a
//! barrier (accesses on its two sides are taken as ordered); an arrival on an
//! mbarrier orders nothing until a wait sees its phase. An
//! access in a loop with no barrier in it meets, in every iteration (the first
//! one too), the accesses after the loop up to the next barrier. A race that
//! goes round a loop (a read in iteration k, the write in iteration k+1: a tile,
//! or a chunk an inner loop reads, refilled with no barrier after its readers)
//! is told in that order, and the witness labels the back edge of the way from
//! the first access round the loop to the second with no barrier on it.
//!
//! A write or atomic that a thread makes only for some values it loads from
//! global memory at an address of its own (a guard, `if (in[i] > 0)
//! atomicAdd(&count, 1)`, or an address, `atomicAdd(&h[in[i]], 1)`) is placed as
//! for an input that holds such a value there (0, 1 or -1; the note says which
//! load reads what), against an access of another thread that depends on no
//! input: thread 0 zeroing the counter or a bin with no barrier before the others
//! count is reported. Two such accesses are not compared (their threads' inputs
//! would have to be chosen together), nor are reads (a scan's read past its row
//! may be one whose value the thread discards).
//!
//! A `cp.async` copy's bytes land at some point between the copy and the wait
//! that covers it: the copy counts where it is issued, at each barrier it may
//! still be in flight at, and at each wait that completes it. A copy issued in
//! one iteration of a loop and still in flight in the next counts there at the
//! address it had in its own iteration: a double buffer whose stage is
//! `(i + 1) & 1` in the copy and `i & 1` in the read of the next iteration
//! meets the same bytes (after a loop, or before one, only when the copy's
//! address is the same in every iteration). A bulk (TMA) store reads its
//! shared-memory source from its issue on: it counts as a read there, so the
//! tile other threads store must be published by a barrier before it; so must
//! the tile a `wgmma` or `tcgen05.mma` reads through a matrix descriptor whose
//! start the values give (the first 16 bytes of each of the 8 rows of the
//! matrix's first swizzle atom, 16, 32, 64 or 128 bytes apart as the
//! descriptor's layout says, where its swizzle puts them: bits 0-13 hold
//! `start >> 4`). An
//! `mbarrier.init` by one thread followed by another thread's operation on the
//! same mbarrier, with no barrier (or other synchronisation) between, is
//! reported as a use of an object that may not be initialised yet.
//!
//! What the lane `elect.sync` picks does (guarded by its predicate, or under a
//! branch on it) is done by one thread of its warp, which one not said
//! (§9.7.13.14): it is reported only against a thread of another warp, and
//! only where every lane of the pick's warp would access the same bytes, so
//! that the race holds whichever lane is picked ("the thread `elect.sync`
//! picks in warp 0 writes `flag`").
//!
//! Named barriers for part of the block (`bar.sync 1, 256`, `bar.arrive 1, 256`)
//! order only the threads that execute them: a producer's write before its
//! `bar.arrive` and a consumer's read after its `bar.sync` are ordered, a read
//! on the consumer's side before any wait is not. Two accesses that a thread
//! may separate by such a barrier on one path are not reported; a guarded
//! barrier that no thread of the block executes orders nothing. A barrier's
//! thread count also says how many threads the block has at least.
//!
//! ## Why it matters
//! ptxas accepts racy code, and on the GPU the read sees the old or the new
//! value depending on timing: results that change from run to run, GPU to GPU
//! or driver to driver. compute-sanitizer's racecheck finds such races only if
//! a run on a GPU hits them.
//!
//! ## Example
//! ```ptx
//! .version 8.0
//! .target sm_80
//! .address_size 64
//!
//! .visible .entry k(.param .u64 out)
//! {
//!     .reg .b32 %r<6>;
//!     .reg .b64 %rd<2>;
//!     .shared .align 4 .b32 s[128];
//!     mov.u32 %r1, %tid.x;
//!     shl.b32 %r2, %r1, 2;
//!     mov.u32 %r3, s;
//!     add.s32 %r4, %r3, %r2;
//!     st.shared.u32 [%r4], %r1;      // thread t writes s[t]
//!     ld.shared.u32 %r5, [%r4+4];    // thread t reads s[t+1], which thread t+1 writes
//!     ld.param.u64 %rd1, [out];
//!     st.global.u32 [%rd1], %r5;
//!     ret;
//! }
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 8.0
//! .target sm_80
//! .address_size 64
//!
//! .visible .entry k(.param .u64 out)
//! {
//!     .reg .b32 %r<6>;
//!     .reg .b64 %rd<2>;
//!     .shared .align 4 .b32 s[128];
//!     mov.u32 %r1, %tid.x;
//!     shl.b32 %r2, %r1, 2;
//!     mov.u32 %r3, s;
//!     add.s32 %r4, %r3, %r2;
//!     st.shared.u32 [%r4], %r1;
//!     bar.sync 0;                    // every write is done before any read
//!     ld.shared.u32 %r5, [%r4+4];
//!     ld.param.u64 %rd1, [out];
//!     st.global.u32 [%rd1], %r5;
//!     ret;
//! }
//! ```
//!
//! ## Fix safety
//! No fix: where the barrier belongs (and whether every thread reaches it) is
//! the author's choice.

use ptxkit_semantic::flow::cfg::FunctionFlow;
use ptxkit_semantic::sync::kernel::{Shape, ShapeSource};
use ptxkit_semantic::sync::races::{Race, SharedAccess};
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::sync_words::{access_verb, line_of, only_when_compared};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "shared-memory-race";

pub(crate) const RULE: Rule = Rule {
    code: "PTX701",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "two threads access the same shared memory, one writing, with no barrier between",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    let report = checker.sync_of(function);
    let flow = checker.flow_of(function);
    let (Some(flow), Some(shape)) = (flow.as_ref(), report.shape) else {
        return;
    };
    for race in report.races.iter().filter(|r| !r.same_warp) {
        let (a, t1) = race.first;
        let (b, t2) = race.second;
        let describe = |access: &SharedAccess, t| access.doer(&shape, t);
        let (na, nb) = (flow.insns[a.insn as usize].node(), flow.insns[b.insn as usize].node());
        let (la, lb) = (line_of(na), line_of(nb));
        // A copy's write is told at the copy, with the wait by which it lands.
        let told = |access: &SharedAccess, line: usize, subject: &str| match access.issued {
            Some(issued) => format!(
                "{subject} `{}` with the `cp.async` at line {}{} ({})",
                race.address,
                line_of(flow.insns[issued.copy as usize].node()),
                if issued.previous_iteration {
                    " (its instance of the loop's iteration before)"
                } else if issued.other_iteration {
                    " (an earlier instance)"
                } else {
                    ""
                },
                if issued.by_wait {
                    format!("it lands by the wait at line {line}")
                } else {
                    format!("no wait covers it before the barrier at line {line}")
                }
            ),
            None if access.copy => format!("{subject} `{}` with the `cp.async` at line {line}", race.address),
            None if access.through_descriptor => {
                format!(
                    "{subject} `{}` through its matrix descriptor at line {line}",
                    race.address
                )
            }
            None => format!("{subject} `{}` at line {line}", race.address),
        };
        let message = if race.uninitialised {
            format!(
                "{} initialises the mbarrier `{}` at line {la}, {} {} it at line {lb} with no barrier between: it may not be initialised yet",
                describe(&a, t1),
                race.address,
                describe(&b, t2),
                access_verb(b.access),
            )
        } else {
            format!(
                "{} {}, {} {}{}, with no barrier between",
                describe(&a, t1),
                told(&a, la, access_verb(a.access)),
                describe(&b, t2),
                told(&b, lb, access_verb(b.access)).replacen(&format!("`{}`", race.address), "it", 1),
                if race.next_iteration {
                    " in the loop's next iteration"
                } else {
                    ""
                },
            )
        };
        // A copy's write seen at a wait or barrier: labelled there and at the copy.
        let labels = |access: &SharedAccess, thread: String| labels_of(access, &thread, &race.address);
        let mut diagnostic = checker.diagnostic(Span::of(nb), message);
        for (k, (insn, text)) in labels(&b, describe(&b, t2)).into_iter().enumerate() {
            diagnostic = if k == 0 {
                diagnostic.with_label(text)
            } else {
                diagnostic.with_secondary(Span::of(flow.insns[insn as usize].node()), text)
            };
        }
        for (insn, text) in labels(&a, describe(&a, t1)) {
            diagnostic = diagnostic.with_secondary(Span::of(flow.insns[insn as usize].node()), text);
        }
        if let Some(round) = race.round {
            diagnostic = diagnostic.with_secondary(
                Span::of(flow.insns[round as usize].node()),
                format!("round to the loop's next iteration here, with no barrier since line {la}"),
            );
        }
        let diagnostic = diagnostic
            .with_note(note_of(race, &shape, flow))
            .with_help(if race.uninitialised {
                "put a barrier (`bar.sync 0`) after the `mbarrier.init`, before any other thread uses the mbarrier"
            } else if a.through_descriptor || b.through_descriptor {
                "publish the tile with a barrier (`bar.sync 0`) after the writes (and their `fence.proxy.async`), before the matrix multiply reads it"
            } else if a.copy || b.copy {
                "wait for the copy (`cp.async.wait_group` covering it), then a barrier (`bar.sync 0`), before the other thread's access"
            } else {
                "put a barrier (`bar.sync 0`) between the two accesses on every path, or make both atomic"
            });
        checker.report(diagnostic);
    }
}

/// The note of a race's diagnostic: the block it is found in, and for a thread that makes
/// its access there only for some values of its input, the values the witness takes.
fn note_of(race: &Race, shape: &Shape, flow: &FunctionFlow<'_>) -> String {
    let (a, t1) = race.first;
    let (b, t2) = race.second;
    let chosen: String = [(a, t1), (b, t2)]
        .into_iter()
        .zip(&race.inputs)
        .filter_map(|((access, thread), choice)| {
            let doer = access.doer(shape, thread);
            let loads: Vec<String> = choice
                .as_ref()?
                .loads
                .iter()
                .map(|&(load, value)| {
                    format!(
                        "{doer}'s load at line {} reads {value}",
                        line_of(flow.insns[load as usize].node())
                    )
                })
                .collect();
            Some(format!("; {} (an input may hold any value there)", loads.join(", ")))
        })
        .collect();
    let compared: String = [(a, t1), (b, t2)]
        .into_iter()
        .zip(race.data_guarded)
        .filter(|&(_, guarded)| guarded)
        .map(|((access, thread), _)| {
            format!(
                "; {}",
                only_when_compared(
                    &access.doer(shape, thread),
                    access_verb(access.access),
                    line_of(flow.insns[access.insn as usize].node())
                )
            )
        })
        .collect();
    format!(
        "in a block of {} threads{}{chosen}{compared}; ptxas accepts this, and which value the read sees depends on timing",
        shape.threads(),
        match shape.source {
            ShapeSource::Required => " (.reqntid)",
            ShapeSource::Maximum => " (.maxntid)",
            ShapeSource::Inferred => "",
        }
    )
}

/// The labels of one access of a race: where it is (a copy's write seen at a wait or barrier:
/// there, and at the copy), with what `thread` does there.
fn labels_of(access: &SharedAccess, thread: &str, address: &str) -> Vec<(u32, String)> {
    match access.issued {
        Some(issued) => vec![
            (
                access.insn,
                if issued.by_wait {
                    format!("{thread}'s copy lands by here")
                } else {
                    format!("{thread}'s copy may still be in flight here")
                },
            ),
            (issued.copy, format!("{thread} issues a copy into `{address}` here")),
        ],
        None => vec![(
            access.insn,
            format!(
                "{thread} {} `{address}`{} here",
                access_verb(access.access),
                if access.through_descriptor {
                    " through its matrix descriptor"
                } else {
                    ""
                }
            ),
        )],
    }
}

//! # async-copy-read-before-wait (PTX705)
//!
//! ## What it does
//! Reports a read of shared memory that an asynchronous copy may still be
//! writing on some path (or a write of the same bytes by the thread that issued
//! the copy, a store or another copy: which lands last is timing): a `cp.async` whose commit group no
//! `cp.async.wait_group`/`cp.async.wait_all` has covered (including a copy
//! never committed before the wait, which `wait_group` does not wait for), or a
//! bulk copy or TMA load completed through an mbarrier with no mbarrier wait
//! since, or a `cp.async` an mbarrier tracks (`cp.async.mbarrier.arrive`) with
//! no wait since: no mbarrier wait, no `cp.async.wait_group`/`wait_all`, and no
//! CTA barrier (after which another thread's wait may have seen it complete).
//! The message names the copy and, for an uncommitted one, the wait that did
//! not cover it.
//!
//! Warp-specialised kernels hand loads from producer threads to consumer
//! threads: a thread that never issued the load learns it landed only from an
//! mbarrier wait, a barrier after the producer's wait, or an acquire. Reported:
//! a consumer's read with none of these before it on some path from the
//! function's entry (the first read of each path), and a load its loop issues
//! lap after lap into memory the consumers read in a loop, with nothing on some
//! way from a read round the loop to the load (the wait for the consumers to
//! free the stage, a barrier after the reads) to order it after them; and a
//! read right after a barrier (nothing between on any path) of a buffer only
//! loads write, where the issuing thread reaches a barrier of the same number
//! with no mbarrier wait since the load on any path: the barrier publishes a
//! load that may not have landed. Both name a thread that issues the load and never reads there
//! and one that reads and never issues it; a function with calls is not judged
//! (a callee may wait).
//!
//! In a ring of stages every thread both fills (with `cp.async` or bulk copies)
//! and reads, reported: a copy that refills bytes another thread read in the
//! lap before, where the readers release the stage by arriving on an mbarrier
//! no wait of the function can wait on (its address never equals a wait's:
//! another offset within a stage, or another variable),
//! and nothing from the read round the loop to the copy orders the copy after
//! the read.
//!
//! Two accesses are taken to meet when they address the same shared variable,
//! unless their addresses surely fall apart: a load and a read of the
//! iteration that issued it, compared with the loop's changing values alike at
//! both (a ring's stage loaded in one half and read in the other, once or in
//! every iteration of a counted inner loop). A load of an earlier iteration
//! meets a read only where it surely writes the bytes (a producer that goes
//! back for its next task past the stage it loaded). A load issued only under
//! a condition a branch rules out (`@p` with `k < n - 2` on the way out of a
//! loop left when `n == k + 1`, the prologue's `n > 63` past a loop skipped
//! when `n < 64`) is not in flight past that branch. A read the copy only may meet is
//! not reported when a wait of its group lies on another path from the copy to
//! it (a pipeline's first laps, which skip the wait under a count the analysis
//! does not follow).
//! A path on which a wait ran that covers some groups but not provably this one
//! is not reported. Past a call (but to the ABI's system calls, `vprintf` and
//! the like) nothing is known to be in flight: the callee may wait, commit or
//! fence, as the wrapper functions of an unoptimised `-G` build do.
//!
//! ## Why it matters
//! The copy completes in the background (§9.7.9.25.3: "cp.async is treated as
//! a weak memory operation"; completion is observed only through the wait): the
//! read sees old data, some of the time. ptxas accepts it.
//!
//! ## Example
//! ```ptx
//! .version 8.0
//! .target sm_80
//! .address_size 64
//!
//! .visible .entry k(.param .u64 in)
//! {
//!     .reg .b32 %r<3>;
//!     .reg .b64 %rd1;
//!     .reg .f32 %f<5>;
//!     .shared .align 16 .b8 buf[2048];
//!     ld.param.u64 %rd1, [in];
//!     mov.u32 %r1, %tid.x;
//!     shl.b32 %r1, %r1, 4;
//!     mov.u32 %r2, buf;
//!     add.s32 %r2, %r2, %r1;
//!     cp.async.cg.shared.global [%r2], [%rd1], 16;
//!     cp.async.commit_group;
//!     ld.shared.v4.f32 {%f1, %f2, %f3, %f4}, [%r2];   // the copy may be in flight
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
//! .visible .entry k(.param .u64 in)
//! {
//!     .reg .b32 %r<3>;
//!     .reg .b64 %rd1;
//!     .reg .f32 %f<5>;
//!     .shared .align 16 .b8 buf[2048];
//!     ld.param.u64 %rd1, [in];
//!     mov.u32 %r1, %tid.x;
//!     shl.b32 %r1, %r1, 4;
//!     mov.u32 %r2, buf;
//!     add.s32 %r2, %r2, %r1;
//!     cp.async.cg.shared.global [%r2], [%rd1], 16;
//!     cp.async.commit_group;
//!     cp.async.wait_group 0;
//!     bar.sync 0;
//!     ld.shared.v4.f32 {%f1, %f2, %f3, %f4}, [%r2];
//!     ret;
//! }
//! ```
//!
//! ## Fix safety
//! No fix: which group the read needs is the pipeline's design.

use ptxkit_semantic::flow::FunctionFlow;
use ptxkit_semantic::sync::protocols::{Pending, ProtocolFinding, ProtocolKind};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::sync_words::{line_of, report_protocols, round_the_loop, uncovered_copy_reason};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "async-copy-read-before-wait";

pub(crate) const RULE: Rule = Rule {
    code: "PTX705",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "shared memory read or overwritten while an asynchronous copy into it may be in flight",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_protocols(checker, function, describe, help);
}

/// A finding's message, label and the places it names beside its own.
type Described<'a> = Option<(String, String, Vec<(Node<'a>, String)>)>;

/// What a protocol finding of this rule says.
fn describe<'a>(flow: &FunctionFlow<'a>, f: &ProtocolFinding) -> Described<'a> {
    let node = |i: u32| flow.insns[i as usize].node();
    match f.kind {
        ProtocolKind::CopyReadBeforeWait { copy, uncovered } => {
            let why = uncovered_copy_reason(flow, uncovered);
            Some((
                format!(
                    "this reads shared memory the `cp.async` at line {} may still be writing: {why}",
                    line_of(node(copy))
                ),
                "read while the copy may be in flight".to_string(),
                vec![(node(copy), "the asynchronous copy".to_string())],
            ))
        }
        ProtocolKind::LoadReadBeforeWait { copy, loop_head } => {
            let mut labels = vec![(node(copy), "the load, completed through its mbarrier".to_string())];
            labels.extend(round_the_loop(flow, loop_head, f.insn, "load", "read"));
            Some((
                format!(
                    "this reads shared memory the asynchronous load at line {}{} may still be writing: no mbarrier wait since it was issued, on this path",
                    line_of(node(copy)),
                    if loop_head.is_some() {
                        " (issued in an earlier iteration)"
                    } else {
                        ""
                    }
                ),
                "read before the mbarrier wait".to_string(),
                labels,
            ))
        }
        ProtocolKind::HandoffReadBeforeWait { .. }
        | ProtocolKind::HandoffRefillUnordered { .. }
        | ProtocolKind::PublishedBeforeWait { .. } => describe_handoff(flow, f),
        ProtocolKind::RefillAfterUnawaitedRelease {
            read,
            release,
            writer,
            reader,
            lap_start,
        } => Some((
            format!(
                "this asynchronous copy may overwrite shared memory {} reads at line {} in the lap before: {} copies into those bytes, the readers release the stage with the arrive at line {}, but no wait in this function can wait on that mbarrier, and nothing from the read round the loop to this copy orders it after the read",
                reader.describe(),
                line_of(node(read)),
                writer.describe(),
                line_of(node(release))
            ),
            format!("{} refills the stage here", writer.describe()),
            vec![
                (node(read), format!("{} reads the stage here", reader.describe())),
                (
                    node(release),
                    "released here, to an mbarrier no wait waits on".to_string(),
                ),
                (
                    node(lap_start),
                    "the next lap starts here: nothing from here to the copy waits for the release".to_string(),
                ),
            ],
        )),
        ProtocolKind::TrackedCopyReadBeforeWait { copy, arrive } => Some((
            format!(
                "this reads shared memory the `cp.async` at line {} may still be writing: the mbarrier of the `cp.async.mbarrier.arrive` at line {} tracks it, and no wait comes between on this path",
                line_of(node(copy)),
                line_of(node(arrive))
            ),
            "read before the mbarrier wait".to_string(),
            vec![(node(copy), "the asynchronous copy, tracked by an mbarrier".to_string())],
        )),
        ProtocolKind::OverwrittenBeforeWait { copy, pending } => {
            let why = match pending {
                Pending::Group(uncovered) => uncovered_copy_reason(flow, uncovered),
                Pending::Mbarrier { arrive: Some(arrive) } => format!(
                    "the mbarrier of the `cp.async.mbarrier.arrive` at line {} tracks it, and no wait comes between on this path",
                    line_of(node(arrive))
                ),
                Pending::Mbarrier { arrive: None } => "no mbarrier wait since it was issued, on this path".to_string(),
            };
            Some((
                format!(
                    "this overwrites shared memory the asynchronous copy at line {} may still be writing, and which write lands last depends on timing: {why}",
                    line_of(node(copy))
                ),
                "written again while the copy may be in flight".to_string(),
                vec![(
                    node(copy),
                    "the asynchronous copy, to the same bytes in this thread".to_string(),
                )],
            ))
        }
        _ => None,
    }
}

/// What a finding about a load one group of threads issues for another says.
fn describe_handoff<'a>(flow: &FunctionFlow<'a>, f: &ProtocolFinding) -> Described<'a> {
    let node = |i: u32| flow.insns[i as usize].node();
    match f.kind {
        ProtocolKind::HandoffReadBeforeWait { load, issuer, reader } => Some((
            format!(
                "{} reads shared memory the asynchronous load at line {} may still be writing: {} issues that load and never reads here, and nothing before this read waits for it (no mbarrier wait, no barrier after the load) on the path from the entry",
                reader.describe(),
                line_of(node(load)),
                issuer.describe()
            ),
            "read before any mbarrier wait".to_string(),
            vec![(
                node(load),
                format!("issued by {}, completed through its mbarrier", issuer.describe()),
            )],
        )),
        ProtocolKind::HandoffRefillUnordered {
            read,
            issuer,
            reader,
            round,
        } => Some((
            format!(
                "this asynchronous load, issued again on every lap of its loop, may overwrite shared memory {} reads at line {} before that read is done: nothing on a way from the read round the loop to the load (no mbarrier wait for the readers to free it, no barrier) orders the load after the read",
                reader.describe(),
                line_of(node(read))
            ),
            format!("issued by {}, again on the next lap", issuer.describe()),
            std::iter::once((
                node(read),
                format!("{} reads the previous lap's bytes here", reader.describe()),
            ))
            .chain(round.map(|r| {
                (
                    node(r),
                    "round to the next lap here, with nothing since the read to order the load after it".to_string(),
                )
            }))
            .collect(),
        )),
        ProtocolKind::PublishedBeforeWait {
            load,
            published,
            passed,
            issuer,
            reader,
        } => Some((
            format!(
                "{} reads shared memory the asynchronous load at line {} may still be writing: {} issues it and reaches the barrier at line {} with no mbarrier wait since on any path, and {} passes the barrier at line {} and reads here with nothing between",
                reader.describe(),
                line_of(node(load)),
                issuer.describe(),
                line_of(node(published)),
                reader.describe(),
                line_of(node(passed))
            ),
            "read of bytes the barrier published before they landed".to_string(),
            std::iter::once((
                node(load),
                format!("issued by {}, completed through its mbarrier", issuer.describe()),
            ))
            .chain(std::iter::once((
                node(published),
                format!(
                    "{} reaches this barrier without waiting for the load",
                    issuer.describe()
                ),
            )))
            .chain((passed != published).then(|| {
                (
                    node(passed),
                    format!("{} passes this barrier, then reads", reader.describe()),
                )
            }))
            .collect(),
        )),
        _ => None,
    }
}

/// The help of a finding of `kind`.
fn help(kind: &ProtocolKind) -> &'static str {
    match kind {
        ProtocolKind::HandoffReadBeforeWait { .. } => {
            "wait on the mbarrier the load completes through (`mbarrier.try_wait.parity` on the phase it fills) before the read, or read only after a barrier that follows the issuing thread's wait"
        }
        ProtocolKind::PublishedBeforeWait { .. } => {
            "in the thread that issues the load, wait on its mbarrier (`mbarrier.try_wait.parity` on the phase it fills) before the barrier that publishes the tile"
        }
        ProtocolKind::RefillAfterUnawaitedRelease { .. } => {
            "before refilling the stage, wait on the mbarrier the readers arrive on after their reads (`mbarrier.try_wait.parity` on the phase of the lap that read it)"
        }
        ProtocolKind::HandoffRefillUnordered { .. } => {
            "before issuing the load again, wait until the readers have freed the stage (an mbarrier they arrive on after their reads, waited by the issuing thread; or a barrier after the reads)"
        }
        ProtocolKind::LoadReadBeforeWait { .. }
        | ProtocolKind::TrackedCopyReadBeforeWait { .. }
        | ProtocolKind::OverwrittenBeforeWait {
            pending: Pending::Mbarrier { .. },
            ..
        } => {
            "wait for the mbarrier phase the load or copy completes on (`mbarrier.try_wait` or `test_wait`, until it succeeds) before the read"
        }
        _ => {
            "wait for the copy's group (`cp.async.wait_group N`, after `cp.async.commit_group`) before the read, and put a barrier between when other threads copied"
        }
    }
}

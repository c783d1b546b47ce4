//! # matrix-overwritten-before-completion (PTX711)
//!
//! ## What it does
//! Reports a write to shared memory that a matrix multiply still in flight reads
//! through its matrix descriptor: a `wgmma.mma_async` no `wgmma.wait_group`
//! covers yet on some path between them, or a `tcgen05.mma` with no mbarrier wait
//! on the path since it was issued (its `tcgen05.commit` makes an mbarrier track
//! its completion). Only writes that surely meet the bytes the multiply reads are
//! reported (the first 16 bytes of each row of the matrix's first swizzle atom,
//! where the descriptor says the matrix starts). In a loop, a multiply of one
//! iteration still in flight in the next is placed in the first iteration and
//! the write in the second, so a ring of stages indexed by a loop counter is
//! followed: the next tile stored into the stage the iteration before multiplies.
//! A `tcgen05.mma` is judged only against writes in its own loop (the wait that
//! completes it is often skipped together with it, under one uniform branch).
//! Past a call (but to the ABI's system calls) nothing is known to be in
//! flight: the callee may wait.
//!
//! ## Why it matters
//! The multiply reads its shared-memory operands asynchronously (§9.7.15.5.3,
//! §9.7.16.6.5) until its wait: overwriting a tile early (the next stage's load
//! into a buffer the previous stage's multiply still reads) multiplies the new
//! data, or a mix. ptxas accepts it, and the result is wrong only when the timing
//! is.
//!
//! ## Example
//! ```ptx
//! .version 8.0
//! .target sm_90a
//! .address_size 64
//!
//! .visible .entry k(.param .u64 out)
//! {
//!     .reg .f32 %f<5>;
//!     .reg .b32 %r<4>;
//!     .reg .b64 %rd<4>;
//!     .reg .pred %p<2>;
//!     .shared .align 1024 .b8 tile[4096];
//!     mov.u32 %r1, tile;
//!     bfe.u32 %r2, %r1, 4, 14;
//!     cvt.u64.u32 %rd1, %r2;
//!     or.b64 %rd2, %rd1, 4611686293305294848;
//!     setp.ne.u32 %p1, %r1, 0;
//!     wgmma.fence.sync.aligned;
//!     wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd2, %rd2, %p1, 1, 1, 0, 0;
//!     wgmma.commit_group.sync.aligned;
//!     st.shared.u32 [tile], 0;         // the wgmma may still be reading tile
//!     wgmma.wait_group.sync.aligned 0;
//!     ld.param.u64 %rd3, [out];
//!     st.global.v4.f32 [%rd3], {%f1, %f2, %f3, %f4};
//!     ret;
//! }
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 8.0
//! .target sm_90a
//! .address_size 64
//!
//! .visible .entry k(.param .u64 out)
//! {
//!     .reg .f32 %f<5>;
//!     .reg .b32 %r<4>;
//!     .reg .b64 %rd<4>;
//!     .reg .pred %p<2>;
//!     .shared .align 1024 .b8 tile[4096];
//!     mov.u32 %r1, tile;
//!     bfe.u32 %r2, %r1, 4, 14;
//!     cvt.u64.u32 %rd1, %r2;
//!     or.b64 %rd2, %rd1, 4611686293305294848;
//!     setp.ne.u32 %p1, %r1, 0;
//!     wgmma.fence.sync.aligned;
//!     wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd2, %rd2, %p1, 1, 1, 0, 0;
//!     wgmma.commit_group.sync.aligned;
//!     wgmma.wait_group.sync.aligned 0;  // the wgmma is done with tile
//!     st.shared.u32 [tile], 0;
//!     ld.param.u64 %rd3, [out];
//!     st.global.v4.f32 [%rd3], {%f1, %f2, %f3, %f4};
//!     ret;
//! }
//! ```
//!
//! ## Fix safety
//! No fix.

use ptxkit_semantic::sync::protocols::ProtocolKind;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::sync_words::{line_of, report_protocols, round_the_loop, uncovered_reason};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "matrix-overwritten-before-completion";

pub(crate) const RULE: Rule = Rule {
    code: "PTX711",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "shared memory a matrix multiply in flight reads through its descriptor is written",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_protocols(
        checker,
        function,
        |flow, f| match f.kind {
            ProtocolKind::MatrixOverwritten {
                mma,
                uncovered,
                earlier_iteration,
                loop_head,
            } => {
                let node = flow.insns[mma as usize].node();
                let why = match uncovered {
                    Some(uncovered) => uncovered_reason(flow, uncovered, "wgmma.wait_group"),
                    None => "no mbarrier wait since it was issued on this path sees its `tcgen05.commit` complete"
                        .to_string(),
                };
                let when = if earlier_iteration {
                    " (issued in an earlier iteration)"
                } else {
                    ""
                };
                let mut labels = vec![(node, "the multiply reads the matrix here".to_string())];
                labels.extend(round_the_loop(flow, loop_head, f.insn, "multiply", "write"));
                Some((
                    format!(
                        "this writes shared memory the matrix multiply at line {}{when} may still be reading: {why}",
                        line_of(node),
                    ),
                    "overwritten while the multiply may read it".to_string(),
                    labels,
                ))
            }
            _ => None,
        },
        |_| "wait for the multiply (`wgmma.wait_group` covering it; for `tcgen05.mma`, the mbarrier wait its `tcgen05.commit` arrives on) before writing the tile again",
    );
}

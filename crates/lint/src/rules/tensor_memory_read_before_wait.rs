//! # tensor-memory-read-before-wait (PTX712)
//!
//! ## What it does
//! Reports a `tcgen05.ld` of the Tensor Memory a `tcgen05.mma` still in flight
//! accumulates into: no mbarrier wait lies on any path from the multiply to the
//! read (the `tcgen05.commit` after the multiply makes an mbarrier track its
//! completion, and only a wait on that mbarrier says the accumulator is written).
//! Only a read that surely takes the multiply's accumulator is reported: both
//! addresses the same in thread 0 (the warp that reads the first lanes, from the
//! accumulator's first column). A read at another column, which may be another
//! buffer, is not. When some path from the multiply passes a wait, the read is not
//! reported either: the other path often skips the wait together with the
//! multiply, under one uniform branch (`if (k_tiles > 0)`), which the analysis
//! does not follow. In a loop, only a wait in the multiply's own iteration counts
//! for a read there: a wait later in the body precedes the read only round the
//! loop, in the next iteration. Past a call (but to the ABI's system calls) nothing is known
//! to be in flight: the callee may wait.
//!
//! ## Why it matters
//! `tcgen05.mma` is asynchronous (§9.7.16.6): its writes to Tensor Memory
//! complete when the mbarrier its `tcgen05.commit` arrives on completes a phase.
//! A `tcgen05.ld` before that wait reads partial sums, or the values from before
//! the multiply, depending on timing. ptxas accepts it.
//!
//! ## Example
//! ```ptx
//! .version 8.7
//! .target sm_100a
//! .address_size 64
//!
//! .visible .entry k(.param .u64 desc_a, .param .u64 desc_b) .reqntid 128
//! {
//!     .reg .pred %p<4>;
//!     .reg .b32 %r<12>;
//!     .reg .b64 %rd<3>;
//!     .shared .align 8 .b64 done;
//!     .shared .align 4 .b32 tmem_slot;
//!     mov.u32 %r1, %tid.x;
//!     setp.lt.u32 %p1, %r1, 32;
//!     mov.u32 %r2, tmem_slot;
//!     @%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 128;
//!     setp.eq.u32 %p2, %r1, 0;
//!     mov.u32 %r3, done;
//!     @%p2 mbarrier.init.shared::cta.b64 [%r3], 1;
//!     bar.sync 0;
//!     ld.shared.b32 %r4, [tmem_slot];
//!     ld.param.u64 %rd1, [desc_a];
//!     ld.param.u64 %rd2, [desc_b];
//!     mov.u32 %r5, 136314896;
//!     setp.ne.u32 %p3, %r1, %r1;
//!     @%p2 tcgen05.mma.cta_group::1.kind::f16 [%r4], %rd1, %rd2, %r5, %p3;
//!     @%p2 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r3];
//!     bar.sync 0;
//!     tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r10, %r11}, [%r4];   // the multiply may still be writing
//!     tcgen05.wait::ld.sync.aligned;
//!     ret;
//! }
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 8.7
//! .target sm_100a
//! .address_size 64
//!
//! .visible .entry k(.param .u64 desc_a, .param .u64 desc_b) .reqntid 128
//! {
//!     .reg .pred %p<5>;
//!     .reg .b32 %r<12>;
//!     .reg .b64 %rd<3>;
//!     .shared .align 8 .b64 done;
//!     .shared .align 4 .b32 tmem_slot;
//!     mov.u32 %r1, %tid.x;
//!     setp.lt.u32 %p1, %r1, 32;
//!     mov.u32 %r2, tmem_slot;
//!     @%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 128;
//!     setp.eq.u32 %p2, %r1, 0;
//!     mov.u32 %r3, done;
//!     @%p2 mbarrier.init.shared::cta.b64 [%r3], 1;
//!     bar.sync 0;
//!     ld.shared.b32 %r4, [tmem_slot];
//!     ld.param.u64 %rd1, [desc_a];
//!     ld.param.u64 %rd2, [desc_b];
//!     mov.u32 %r5, 136314896;
//!     setp.ne.u32 %p3, %r1, %r1;
//!     @%p2 tcgen05.mma.cta_group::1.kind::f16 [%r4], %rd1, %rd2, %r5, %p3;
//!     @%p2 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r3];
//!     mov.u32 %r6, 0;
//! $wait:
//!     mbarrier.try_wait.parity.shared::cta.b64 %p4, [%r3], %r6;   // the commit's phase
//!     @!%p4 bra $wait;
//!     tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r10, %r11}, [%r4];
//!     tcgen05.wait::ld.sync.aligned;
//!     ret;
//! }
//! ```
//!
//! ## Fix safety
//! No fix.

use ptxkit_semantic::sync::protocols::ProtocolKind;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::sync_words::{line_of, report_protocols};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "tensor-memory-read-before-wait";

pub(crate) const RULE: Rule = Rule {
    code: "PTX712",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "Tensor Memory a `tcgen05.mma` in flight accumulates into is read before the mbarrier wait",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_protocols(
        checker,
        function,
        |flow, f| match f.kind {
            ProtocolKind::TensorMemoryReadBeforeWait { mma } => {
                let node = flow.insns[mma as usize].node();
                Some((
                    format!(
                        "this reads the accumulator the `tcgen05.mma` at line {} may still be writing: no mbarrier wait lies between them on any path",
                        line_of(node),
                    ),
                    "read before the multiply completes".to_string(),
                    Some((node, "the multiply writes Tensor Memory here".to_string())),
                ))
            }
            _ => None,
        },
        |_| "wait on the mbarrier the multiply's `tcgen05.commit` arrives on (`mbarrier.try_wait`) before `tcgen05.ld`",
    );
}

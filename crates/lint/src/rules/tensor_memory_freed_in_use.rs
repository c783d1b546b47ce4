//! # tensor-memory-freed-in-use (PTX713)
//!
//! ## What it does
//! Reports a `tcgen05.dealloc` that a thread of another warp may run while it still
//! accesses Tensor Memory (`tcgen05.ld`, `tcgen05.st`, the accumulator of `tcgen05.mma`),
//! or after it: some path between the access and the free passes
//! no barrier, mbarrier operation, fence or call, anything that could order the two
//! warps. The witness is a thread that surely frees and a thread of another warp
//! that surely accesses, in the block's shape. Warp-local waits
//! (`tcgen05.wait::ld`) order nothing across warps. A free and an access in the same
//! warp are not judged.
//!
//! ## Why it matters
//! §9.7.16.5: "before attempting to deallocate Tensor Memory, it suffices to ensure
//! that there are no concurrent Tensor Memory accesses"; its example passes a
//! barrier before `tcgen05.dealloc`. Without one, the warp that frees the columns
//! may do it while the other warps of the epilogue still read their accumulators,
//! and another CTA may be given the columns: the results are wrong only when the
//! timing is, and ptxas accepts the code.
//!
//! ## Example
//! ```ptx
//! .version 8.7
//! .target sm_100a
//! .address_size 64
//!
//! .visible .entry k(.param .u64 out) .reqntid 128
//! {
//!     .reg .pred %p<2>;
//!     .reg .b32 %r<8>;
//!     .reg .b64 %rd<2>;
//!     .shared .align 4 .b32 tmem_slot;
//!     mov.u32 %r1, %tid.x;
//!     setp.lt.u32 %p1, %r1, 32;
//!     mov.u32 %r2, tmem_slot;
//!     @%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 32;
//!     bar.sync 0;
//!     ld.shared.b32 %r3, [tmem_slot];
//!     tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r4}, [%r3];
//!     tcgen05.wait::ld.sync.aligned;
//!     @%p1 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r3, 32;  // other warps may still read
//!     ld.param.u64 %rd1, [out];
//!     st.global.u32 [%rd1], %r4;
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
//! .visible .entry k(.param .u64 out) .reqntid 128
//! {
//!     .reg .pred %p<2>;
//!     .reg .b32 %r<8>;
//!     .reg .b64 %rd<2>;
//!     .shared .align 4 .b32 tmem_slot;
//!     mov.u32 %r1, %tid.x;
//!     setp.lt.u32 %p1, %r1, 32;
//!     mov.u32 %r2, tmem_slot;
//!     @%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 32;
//!     bar.sync 0;
//!     ld.shared.b32 %r3, [tmem_slot];
//!     tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r4}, [%r3];
//!     tcgen05.wait::ld.sync.aligned;
//!     bar.sync 0;                                                  // every warp is done
//!     @%p1 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r3, 32;
//!     ld.param.u64 %rd1, [out];
//!     st.global.u32 [%rd1], %r4;
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

pub(crate) const NAME: &str = "tensor-memory-freed-in-use";

pub(crate) const RULE: Rule = Rule {
    code: "PTX713",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "`tcgen05.dealloc` frees Tensor Memory another warp may still access, with nothing between that orders them",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_protocols(
        checker,
        function,
        |flow, f| match f.kind {
            ProtocolKind::TensorFreedInUse {
                access,
                freer,
                user,
                after,
            } => {
                let node = flow.insns[access as usize].node();
                let (user, freer) = (user.describe(), freer.describe());
                let when = if after {
                    "may access it afterwards"
                } else {
                    "may still access it"
                };
                Some((
                    format!(
                        "{freer} frees Tensor Memory here, and {user}, of another warp, {when} at line {}: no barrier, mbarrier operation or fence lies between them on some path",
                        line_of(node),
                    ),
                    format!("{freer} frees the columns here"),
                    Some((node, format!("{user} accesses Tensor Memory here"))),
                ))
            }
            _ => None,
        },
        |_| "have every warp done with Tensor Memory before `tcgen05.dealloc`: a barrier (`bar.sync 0`) between the last access and the free",
    );
}

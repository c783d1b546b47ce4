//! # missing-proxy-fence (PTX707)
//!
//! ## What it does
//! Reports shared memory written through the generic proxy (`st.shared`,
//! `stmatrix`, a generic store, a `cp.async` copy once its wait has landed it)
//! and then read through the async proxy (a TMA or bulk store's source, the
//! matrices `wgmma.mma_async`, `tcgen05.mma` and `tcgen05.cp` read through their
//! descriptors) with no `fence.proxy.async` (for `.shared::cta`, or every space)
//! between them on some path. The message names the write and, when a barrier
//! hands the data to the reading thread, that barrier: the fence belongs before
//! it. Where a descriptor points is not followed, so at a descriptor read every
//! unfenced write counts, except a write the generic proxy reads back before
//! (`ld.shared` of the same variable), taken as generic data.
//! Past a call (but to the ABI's system calls) nothing is known to be in
//! flight: the callee may fence.
//!
//! ## Why it matters
//! §9.7.9.25.2: "Accessing the same memory location across multiple proxies
//! needs a cross-proxy fence. For the async proxy, fence.proxy.async should be
//! used" (for `wgmma` §9.7.15.4, for `tcgen05` §9.7.16.6.5; only the bulk copies
//! are async-proxy operations, so a plain `cp.async` writes through the generic
//! proxy). Without it the TMA unit or the tensor cores may read stale shared
//! memory. ptxas accepts it.
//!
//! ## Example
//! ```ptx
//! .version 8.0
//! .target sm_90
//! .address_size 64
//!
//! .visible .entry k(.param .u64 out) .reqntid 128
//! {
//!     .reg .b32 %r<4>;
//!     .reg .b64 %rd1;
//!     .shared .align 128 .b8 tile[512];
//!     mov.u32 %r1, %tid.x;
//!     shl.b32 %r2, %r1, 2;
//!     mov.u32 %r3, tile;
//!     add.s32 %r3, %r3, %r2;
//!     st.shared.u32 [%r3], %r1;      // written through the generic proxy
//!     bar.sync 0;
//!     ld.param.u64 %rd1, [out];
//!     cp.async.bulk.global.shared::cta.bulk_group [%rd1], [tile], 512;   // read through the async proxy
//!     cp.async.bulk.commit_group;
//!     cp.async.bulk.wait_group.read 0;
//!     ret;
//! }
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 8.0
//! .target sm_90
//! .address_size 64
//!
//! .visible .entry k(.param .u64 out) .reqntid 128
//! {
//!     .reg .b32 %r<4>;
//!     .reg .b64 %rd1;
//!     .shared .align 128 .b8 tile[512];
//!     mov.u32 %r1, %tid.x;
//!     shl.b32 %r2, %r1, 2;
//!     mov.u32 %r3, tile;
//!     add.s32 %r3, %r3, %r2;
//!     st.shared.u32 [%r3], %r1;
//!     fence.proxy.async.shared::cta; // the stores become visible to the async proxy
//!     bar.sync 0;
//!     ld.param.u64 %rd1, [out];
//!     cp.async.bulk.global.shared::cta.bulk_group [%rd1], [tile], 512;
//!     cp.async.bulk.commit_group;
//!     cp.async.bulk.wait_group.read 0;
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

pub(crate) const NAME: &str = "missing-proxy-fence";

pub(crate) const RULE: Rule = Rule {
    code: "PTX707",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "generic-proxy shared-memory writes read through the async proxy without `fence.proxy.async`",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_protocols(
        checker,
        function,
        |flow, f| match f.kind {
            ProtocolKind::MissingProxyFence { write, barrier } => {
                let node = flow.insns[write as usize].node();
                let mut related = vec![(node, "generic-proxy write".to_string())];
                let place = match barrier {
                    Some(b) => {
                        let barrier = flow.insns[b as usize].node();
                        related.push((barrier, "the fence belongs before this barrier".to_string()));
                        format!(" (put one before the barrier at line {})", line_of(barrier))
                    }
                    None => String::new(),
                };
                Some((
                    format!(
                        "this reads shared memory through the async proxy that the generic proxy wrote at line {}, with no `fence.proxy.async` between on this path{place}",
                        line_of(node)
                    ),
                    "async-proxy read".to_string(),
                    related,
                ))
            }
            _ => None,
        },
        |_| "put `fence.proxy.async.shared::cta;` after the writes (before the barrier that publishes them)",
    );
}

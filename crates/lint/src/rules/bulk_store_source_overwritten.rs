//! # bulk-store-source-overwritten (PTX706)
//!
//! ## What it does
//! Reports a write to shared memory that a bulk store (`cp.async.bulk` or a TMA
//! store `cp.async.bulk.tensor ... .global.shared::cta`) may still be reading:
//! no `cp.async.bulk.wait_group.read` (or `wait_group`) covers the store on
//! some path between them.
//! Past a call (but to the ABI's system calls) nothing is known to be in
//! flight: the callee may wait. A write whose bytes the store only may read
//! (a buffer chosen by a value the loop changes) is reported only when no wait
//! lies on any path from the store to it: a pipeline that skips its wait in the
//! first laps, under a count of the stores in flight the analysis does not
//! follow, is not reported.
//!
//! ## Why it matters
//! The store reads its source asynchronously (§9.7.9.27.3): overwriting it early
//! sends the new data, or a mix, to global memory. ptxas accepts it.
//!
//! ## Example
//! ```ptx
//! .version 8.0
//! .target sm_90
//! .address_size 64
//!
//! .visible .entry k(.param .u64 out)
//! {
//!     .reg .b64 %rd1;
//!     .shared .align 128 .b8 tile[512];
//!     ld.param.u64 %rd1, [out];
//!     cp.async.bulk.global.shared::cta.bulk_group [%rd1], [tile], 512;
//!     cp.async.bulk.commit_group;
//!     st.shared.u32 [tile], 0;       // the store may still be reading tile
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
//! .visible .entry k(.param .u64 out)
//! {
//!     .reg .b64 %rd1;
//!     .shared .align 128 .b8 tile[512];
//!     ld.param.u64 %rd1, [out];
//!     cp.async.bulk.global.shared::cta.bulk_group [%rd1], [tile], 512;
//!     cp.async.bulk.commit_group;
//!     cp.async.bulk.wait_group.read 0;   // the store has read tile
//!     st.shared.u32 [tile], 0;
//!     ret;
//! }
//! ```
//!
//! ## Fix safety
//! No fix.

use ptxkit_semantic::sync::protocols::ProtocolKind;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::sync_words::{line_of, report_protocols, uncovered_reason};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "bulk-store-source-overwritten";

pub(crate) const RULE: Rule = Rule {
    code: "PTX706",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "shared memory a bulk (TMA) store may still be reading is written",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_protocols(
        checker,
        function,
        |flow, f| match f.kind {
            ProtocolKind::SourceOverwritten { copy, uncovered } => {
                let node = flow.insns[copy as usize].node();
                Some((
                    format!(
                        "this writes shared memory the bulk store at line {} may still be reading: {}",
                        line_of(node),
                        uncovered_reason(flow, uncovered, "cp.async.bulk.wait_group.read")
                    ),
                    "overwritten while the store may read it".to_string(),
                    Some((node, "the bulk store".to_string())),
                ))
            }
            _ => None,
        },
        |_| "commit the store (`cp.async.bulk.commit_group`) and wait for its reads (`cp.async.bulk.wait_group.read 0`) before writing the buffer again",
    );
}

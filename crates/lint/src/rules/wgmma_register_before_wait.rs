//! # wgmma-register-before-wait (PTX709)
//!
//! ## What it does
//! Reports an instruction (other than another `wgmma.mma_async`) that reads or
//! writes an accumulator register of a `wgmma.mma_async` still in flight, or
//! writes its A-fragment registers: no `wgmma.wait_group` covering that
//! `wgmma`'s group ran since on some path (a `wgmma` not yet committed by
//! `wgmma.commit_group` is covered by none).
//! Past a call (but to the ABI's system calls) nothing is known to be in
//! flight: the callee may wait.
//!
//! ## Why it matters
//! §9.7.15.5.2: "wgmma.commit_group and wgmma.wait_group operations must be used
//! to wait for the completion of the asynchronous matrix multiply and accumulate
//! operations before the results are accessed." Reading early gives partial
//! sums. ptxas accepts it.
//!
//! ## Example
//! ```ptx
//! .version 8.0
//! .target sm_90a
//! .address_size 64
//!
//! .visible .entry k(.param .u64 a, .param .u64 b, .param .u64 out) .reqntid 128
//! {
//!     .reg .f32 %f<5>;
//!     .reg .b64 %rd<4>;
//!     .reg .pred %p1;
//!     ld.param.u64 %rd1, [a];
//!     ld.param.u64 %rd2, [b];
//!     ld.param.u64 %rd3, [out];
//!     setp.ne.u64 %p1, %rd1, %rd1;   // false: the accumulators are not read
//!     wgmma.fence.sync.aligned;
//!     wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, %p1, 1, 1, 0, 0;
//!     wgmma.commit_group.sync.aligned;
//!     st.global.v4.f32 [%rd3], {%f1, %f2, %f3, %f4};   // the wgmma may still be writing them
//!     wgmma.wait_group.sync.aligned 0;
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
//! .visible .entry k(.param .u64 a, .param .u64 b, .param .u64 out) .reqntid 128
//! {
//!     .reg .f32 %f<5>;
//!     .reg .b64 %rd<4>;
//!     .reg .pred %p1;
//!     ld.param.u64 %rd1, [a];
//!     ld.param.u64 %rd2, [b];
//!     ld.param.u64 %rd3, [out];
//!     setp.ne.u64 %p1, %rd1, %rd1;
//!     wgmma.fence.sync.aligned;
//!     wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, %p1, 1, 1, 0, 0;
//!     wgmma.commit_group.sync.aligned;
//!     wgmma.wait_group.sync.aligned 0;   // the accumulators are written
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
use crate::sync_words::{line_of, register_name, report_protocols, uncovered_reason};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "wgmma-register-before-wait";

pub(crate) const RULE: Rule = Rule {
    code: "PTX709",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "registers of a `wgmma.mma_async` in flight accessed before `wgmma.wait_group`",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_protocols(
        checker,
        function,
        |flow, f| match f.kind {
            ProtocolKind::WgmmaRegisterBeforeWait { wgmma, reg, uncovered } => {
                let node = flow.insns[wgmma as usize].node();
                let why = uncovered_reason(flow, uncovered, "wgmma.wait_group");
                Some((
                    format!(
                        "`{}` belongs to the `wgmma.mma_async` at line {}, which may still be in flight here: {why}",
                        register_name(flow, reg),
                        line_of(node)
                    ),
                    "accessed before the wgmma completes".to_string(),
                    Some((node, "the asynchronous wgmma".to_string())),
                ))
            }
            _ => None,
        },
        |_| "commit the wgmma (`wgmma.commit_group.sync.aligned`) and wait for it (`wgmma.wait_group.sync.aligned 0`) before touching its registers",
    );
}

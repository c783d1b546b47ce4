//! # wgmma-operand-without-fence (PTX708)
//!
//! ## What it does
//! Reports a `wgmma.mma_async` whose accumulator or A-fragment registers were
//! accessed by another instruction (a `mov` that zeroes the accumulators, a load
//! of the fragment, the softmax that reads the last tile's scores) with no
//! `wgmma.fence` between on some path, and the first `wgmma.mma_async` of a
//! kernel reached from its start with no `wgmma.fence` on some path.
//! Accumulators written by earlier `wgmma.mma_async` instructions need none.
//! Past a call (but to the ABI's system calls) nothing is known to be in
//! flight: the callee may fence.
//!
//! ## Why it matters
//! §9.7.15.5.2: "wgmma.fence instruction must be used to fence the register
//! accesses of wgmma.mma_async instruction from their prior accesses. Otherwise,
//! the behavior is undefined." §9.7.15.7.1 says where: "before the first
//! wgmma.mma_async operation in a warpgroup", and "between a register access by
//! a thread in the warpgroup and any wgmma.mma_async instruction that accesses
//! the same registers", a read as much as a write. ptxas accepts it.
//!
//! ## Example
//! ```ptx
//! .version 8.0
//! .target sm_90a
//! .address_size 64
//!
//! .visible .entry k(.param .u64 a, .param .u64 b) .reqntid 128
//! {
//!     .reg .f32 %f<5>;
//!     .reg .b64 %rd<3>;
//!     ld.param.u64 %rd1, [a];
//!     ld.param.u64 %rd2, [b];
//!     wgmma.fence.sync.aligned;
//!     mov.f32 %f1, 0f00000000;       // written after the fence
//!     mov.f32 %f2, 0f00000000;
//!     mov.f32 %f3, 0f00000000;
//!     mov.f32 %f4, 0f00000000;
//!     wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, 1, 1, 1, 0, 0;
//!     wgmma.commit_group.sync.aligned;
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
//! .visible .entry k(.param .u64 a, .param .u64 b) .reqntid 128
//! {
//!     .reg .f32 %f<5>;
//!     .reg .b64 %rd<3>;
//!     ld.param.u64 %rd1, [a];
//!     ld.param.u64 %rd2, [b];
//!     mov.f32 %f1, 0f00000000;
//!     mov.f32 %f2, 0f00000000;
//!     mov.f32 %f3, 0f00000000;
//!     mov.f32 %f4, 0f00000000;
//!     wgmma.fence.sync.aligned;      // after the last write of the wgmma's registers
//!     wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, 1, 1, 1, 0, 0;
//!     wgmma.commit_group.sync.aligned;
//!     wgmma.wait_group.sync.aligned 0;
//!     ret;
//! }
//! ```
//!
//! ## Fix safety
//! No fix.

use ptxkit_semantic::sync::protocols::ProtocolKind;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::sync_words::{line_of, register_name, report_protocols};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "wgmma-operand-without-fence";

pub(crate) const RULE: Rule = Rule {
    code: "PTX708",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "`wgmma.mma_async` with no `wgmma.fence` since its registers were accessed or the kernel began",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_protocols(
        checker,
        function,
        |flow, f| {
            match f.kind {
            ProtocolKind::WgmmaOperandUnfenced { access, reg } => {
                let node = flow.insns[access as usize].node();
                let how = if flow.defs(access).iter().any(|d| d.reg == reg) {
                    "written"
                } else {
                    "read"
                };
                let name = register_name(flow, reg);
                Some((
                    format!(
                        "`{name}` was {how} at line {} and this `wgmma.mma_async` accesses it with no `wgmma.fence` between on this path",
                        line_of(node)
                    ),
                    format!("no wgmma.fence since the {}", if how == "written" { "write" } else { "read" }),
                    Some((node, format!("`{name}` {how} here"))),
                ))
            }
            ProtocolKind::WgmmaNeverFenced => Some((
                "this `wgmma.mma_async` is reached from the start of the kernel with no `wgmma.fence` on some path: the first one of a warpgroup needs the fence before it".to_string(),
                "no wgmma.fence since the kernel began".to_string(),
                None,
            )),
            _ => None,
        }
        },
        |_| "put `wgmma.fence.sync.aligned;` before the `wgmma.mma_async`, after the last access of its registers",
    );
}

//! # divergent-warp-collective (PTX704)
//!
//! ## What it does
//! Reports a warp collective (`shfl.sync`, `vote.sync`, `match.sync`,
//! `redux.sync`, `bar.warp.sync`, and the `.sync.aligned` warp instructions
//! such as `ldmatrix`, `mma`, `wgmma`) that two lanes of one warp reach
//! differently: the instruction is under a branch or guard whose condition
//! differs between the lanes, and the lane that skips it does not leave the
//! kernel. A lane that skips a non-`.aligned` collective and then leaves
//! without waiting for anything on the way is allowed (the collective waits
//! for the lanes of its mask until they execute it or exit); one that waits
//! at another barrier or collective first is reported. The message names both
//! lanes and the branch.
//!
//! ## Why it matters
//! Every non-exited thread named in the member mask must execute the collective
//! (for `.aligned` forms: the same instruction, §9.7.13.9, §9.7.9.6); a lane
//! that never arrives makes the collective hang or return garbage in the
//! others. ptxas accepts it.
//!
//! ## Example
//! ```ptx
//! .version 8.0
//! .target sm_80
//! .address_size 64
//!
//! .visible .entry k()
//! {
//!     .reg .pred %p1;
//!     .reg .b32 %r<5>;
//!     mov.u32 %r1, %tid.x;
//!     and.b32 %r2, %r1, 31;          // the lane
//!     setp.lt.u32 %p1, %r2, 16;
//!     @!%p1 bra SKIP;
//!     shfl.sync.bfly.b32 %r3, %r1, 1, 31, -1;   // lanes 16-31 of the mask never arrive
//! SKIP:
//!     bar.sync 0;
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
//! .visible .entry k()
//! {
//!     .reg .pred %p1;
//!     .reg .b32 %r<5>;
//!     mov.u32 %r1, %tid.x;
//!     and.b32 %r2, %r1, 31;
//!     setp.lt.u32 %p1, %r2, 16;
//!     @!%p1 bra SKIP;
//!     shfl.sync.bfly.b32 %r3, %r1, 1, 15, 0xffff;   // the mask names the lanes that arrive
//! SKIP:
//!     bar.sync 0;
//!     ret;
//! }
//! ```
//!
//! ## Fix safety
//! No fix.

use ptxkit_semantic::sync::divergence::Collective;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::sync_words::report_divergences;
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "divergent-warp-collective";

pub(crate) const RULE: Rule = Rule {
    code: "PTX704",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "a warp collective that some running lanes of its warp skip",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_divergences(
        checker,
        function,
        Collective::Warp,
        false,
        "collective",
        "make every lane of the member mask reach it (move it out of the branch), or narrow the mask to the lanes that do",
    );
}

//! # barrier-after-early-exit (PTX703)
//!
//! ## What it does
//! Reports an aligned CTA barrier (`bar.sync`, `barrier.sync.aligned`) that
//! some threads of the block never reach because they left the kernel before it
//! (`if (i >= n) return;` ahead of `__syncthreads()`), naming a thread that
//! reaches it and one that exits.
//!
//! ## Why it matters
//! The barrier waits for the non-exited threads only (§9.7.13.1), so this works
//! on current hardware and is common in real kernels; but the manual allows an
//! aligned barrier in conditional code only when all threads evaluate the
//! condition alike, and code after the barrier that reads what exited threads
//! would have written sees nothing. A preview rule: enable it with `--preview`.
//!
//! ## Example
//! ```ptx
//! .version 8.0
//! .target sm_80
//! .address_size 64
//!
//! .visible .entry k(.param .u32 n)
//! {
//!     .reg .pred %p1;
//!     .reg .b32 %r<3>;
//!     mov.u32 %r1, %tid.x;
//!     ld.param.u32 %r2, [n];
//!     setp.ge.u32 %p1, %r1, %r2;     // if (i >= n) return;
//!     @%p1 bra DONE;
//!     bar.sync 0;                    // the threads past n have left
//! DONE:
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
//! .visible .entry k(.param .u32 n)
//! {
//!     .reg .pred %p1;
//!     .reg .b32 %r<3>;
//!     mov.u32 %r1, %tid.x;
//!     ld.param.u32 %r2, [n];
//!     setp.lt.u32 %p1, %r1, %r2;     // keep every thread to the barrier; guard the work
//!     // @%p1 ... the work ...
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

pub(crate) const NAME: &str = "barrier-after-early-exit";

pub(crate) const RULE: Rule = Rule {
    code: "PTX703",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Preview,
    fix: crate::FixAvailability::None,
    summary: "an aligned CTA barrier that threads which left the kernel early never reach",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_divergences(
        checker,
        function,
        Collective::Barrier,
        true,
        "barrier",
        "let every thread reach the barrier and guard the work instead of returning early",
    );
}

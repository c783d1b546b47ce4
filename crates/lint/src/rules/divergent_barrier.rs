//! # divergent-barrier (PTX702)
//!
//! ## What it does
//! Reports an aligned CTA barrier (`bar.sync`, `bar.red`, `barrier.sync.aligned`;
//! every barrier form below sm_70) that some threads of the block reach while
//! others, still running, do not: the barrier is under a branch (or guard) whose
//! condition differs between threads, and the threads that skip it go on to other
//! code (another barrier, the next iteration of a loop) instead of leaving the
//! kernel. The message names a thread that reaches the barrier, one that does
//! not, the branch that separates them, and where the other thread goes.
//!
//! A `barrier.sync` without `.aligned` (sm_70 and up) may be reached through
//! different instructions, one on each side of a branch: that is not reported.
//! It is reported when the thread that skips it executes one barrier fewer: it
//! goes on to a barrier the waiting threads also reach after this one, or to this
//! one in a later iteration, so that from then on the two wait in different
//! phases (`if (tid < 32) __syncthreads(); ... __syncthreads();`). It is also
//! reported when the thread that skips it goes on to touch shared memory that
//! another thread writes before the barrier (or writes what the other reads):
//! the message names both accesses, the two threads and the address. Skipping
//! the barrier to leave, without such an access, stays allowed.
//!
//! Conditions are evaluated for every thread of the block (see
//! `shared-memory-race` for the shape; an inferred shape over two or three
//! dimensions is tried again as one line of as many threads, a block any kernel
//! may be launched with); a comparison with a value all threads
//! share (`%tid.x < n`) counts when the two threads fall on different sides
//! for some value of it. Threads that leave the kernel before the barrier
//! (`if (i >= n) return;` ahead of `__syncthreads()`) are not reported here:
//! see `barrier-after-early-exit`.
//!
//! ## Why it matters
//! §9.7.13.1: "an aligned barrier should only be used if it is known that all
//! threads in CTA evaluate the condition identically, otherwise behavior is
//! undefined". In practice the kernel hangs, or the barrier releases the wrong
//! threads and shared memory is read before it is written. ptxas accepts it.
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
//!     .reg .b32 %r1;
//!     mov.u32 %r1, %tid.x;
//!     setp.lt.u32 %p1, %r1, 32;
//!     @!%p1 bra SKIP;
//!     bar.sync 0;                    // only the first warp waits here
//! SKIP:
//!     bar.sync 0;                    // the other warps wait here
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
//!     .reg .b32 %r1;
//!     mov.u32 %r1, %tid.x;
//!     bar.sync 0;                    // every thread reaches the same barrier
//!     setp.lt.u32 %p1, %r1, 32;
//!     @!%p1 bra SKIP;
//!     // ... work of the first warp ...
//! SKIP:
//!     bar.sync 0;
//!     ret;
//! }
//! ```
//!
//! ## Fix safety
//! No fix: moving the barrier out of the branch changes what it orders.

use ptxkit_semantic::sync::divergence::Collective;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::sync_words::report_divergences;
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "divergent-barrier";

pub(crate) const RULE: Rule = Rule {
    code: "PTX702",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "a CTA barrier that some running threads of the block skip",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    report_divergences(
        checker,
        function,
        Collective::Barrier,
        false,
        "barrier",
        "make every thread of the block reach the same barrier (move it out of the branch), or use `barrier.sync` without `.aligned` with one barrier on every path of the branch",
    );
}

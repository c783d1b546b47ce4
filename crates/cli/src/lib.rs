//! The command lines of `ptxfmt`, `ptxlint` and `ptxrewrite` (the binaries in
//! the repository root only call [`ptxfmt::main`], [`ptxlint::main`] and
//! [`ptxrewrite::main`]).
//!
//! What the three share is written once here: the arguments every tool takes
//! ([`shared::SharedArgs`], [`shared::ConfigArgs`]), colors, finding the
//! inputs ([`inputs`], with `ptxkit-workspace`, which also finds and merges the configuration), running over them in parallel ([`parallel`]), diffs
//! ([`diff`]), the exit status ([`status`]) and the result cache ([`cache`]). The libraries under them do
//! not depend on clap.

pub mod cache;
pub mod diff;
pub mod inputs;
pub mod parallel;
pub mod ptxfmt;
pub mod ptxlint;
pub mod ptxrewrite;
pub mod shared;
pub mod status;

//! Moving PTX between ISA versions and targets: `ptxrewrite --to 7.8`.
//!
//! A rewrite is a set of migrations (ptxkit-lint's [`migrations`]): each is a
//! rule whose fixes are the rewrite — a lint rule linting as if the file were
//! already at the destination, or a walk over the text for a construct no rule
//! reports — tagged with the ISA boundary it crosses ([`Boundary`]) and with how
//! faithful it is ([`Tag`]). The [driver](rewrite) is this crate: it
//! picks the destination target, runs the migrations between the two versions
//! (oldest boundary first) until nothing changes, rewrites `.version` and
//! `.target`, then checks every instruction that is left against the
//! destination with `ptxkit-isa`: what has no equivalent is refused, one
//! diagnostic per construct, and the file is not written.
//!
//! Edits are text edits on the original source, so untouched text keeps its
//! bytes and comments stay; the result must parse with no new errors, and a
//! second run is a no-op.
//!
//! ```
//! use ptxkit_rewrite::{Options, rewrite};
//! let text = ".version 8.0\n.target sm_90\n.entry k()\n{\n\tbar.cta.sync 0;\n\tret;\n}\n";
//! let options = Options { to: ptxkit_isa::version("7.7").unwrap(), target: None, allow_approximate: false };
//! let result = rewrite(text, &options).unwrap();
//! assert_eq!(result.movement.to_target.to_string(), "sm_87");
//! assert_eq!(result.output, ".version 7.7\n.target sm_87\n.entry k()\n{\n\tbar.sync 0;\n\tret;\n}\n");
//! ```

mod driver;
mod header;
mod module;
mod origin;
mod residual;

pub use driver::{MAX_ROUNDS, Options, Rewrite, passes_for, rewrite};
pub use header::{choose_target, rename_for};
pub use ptxkit_lint::migration::{Boundary, Migration, Move, PassContext, Since, Tag};
pub use ptxkit_lint::migrations;
pub use residual::NO_EQUIVALENT;

use ptxkit_isa::{Target, Version};

/// Why a file could not be rewritten at all (as opposed to a refusal, which
/// names constructs that have no equivalent).
#[derive(Debug, thiserror::Error)]
pub enum RewriteError {
    /// The file has syntax errors; it is never rewritten.
    #[error("{count} syntax error(s); the file was not rewritten")]
    Syntax {
        /// Byte offset of the first error.
        offset: usize,
        /// How many errors.
        count: usize,
    },
    /// No `.version` directive.
    #[error("no .version directive: cannot tell which PTX version the file is written in")]
    NoVersion,
    /// `.version` is not a version number.
    #[error("`.version {0}` is not a PTX ISA version")]
    BadVersion(String),
    /// No `.target` directive, or no architecture in it.
    #[error("no .target architecture: cannot tell which GPU the file is written for")]
    NoTarget,
    /// `.target` names an unknown architecture.
    #[error("unknown target `{0}`: {1}")]
    UnknownTarget(String, String),
    /// `--target` names a target the destination version lacks.
    #[error("{target} needs PTX {min} or later, not {version}: choose another --target or --to")]
    TargetNeedsVersion {
        /// The requested target.
        target: Target,
        /// The destination version.
        version: Version,
        /// The first version with the target.
        min: Version,
    },
    /// No target of the destination version can hold the file.
    #[error("PTX {version} has no target that can hold code written for {target}: name one with --target")]
    NoTargetFor {
        /// The file's target.
        target: Target,
        /// The destination version.
        version: Version,
    },
    /// The passes kept changing the text.
    #[error("the passes did not settle after {0} rounds (a ptxrewrite bug; please report it)")]
    DidNotSettle(usize),
    /// A pass produced edits that do not apply or do not parse.
    #[error("pass {passes} produced an invalid rewrite: {message} (a ptxrewrite bug; please report it)")]
    Internal {
        /// The passes of the failing round.
        passes: String,
        /// What went wrong.
        message: String,
    },
    /// The result failed the final check (new syntax errors, lost comments).
    #[error("the rewrite failed its final check: {0} (a ptxrewrite bug; please report it)")]
    Verify(ptxkit_syntax::VerifyError),
}

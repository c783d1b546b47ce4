//! Why a file could not be rewritten at all.

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

//! Moving PTX between ISA versions and targets: `ptxrewrite --to 7.8`.
//!
//! A rewrite is a set of [`migrations`]: each is a
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

mod boundary;
mod driver;
mod error;
mod header;
pub mod migration;
pub mod migrations;
mod module;
mod origin;
mod residual;

pub use driver::{MAX_ROUNDS, Options, OptionsError, Rewrite, passes_for, rewrite};
pub use error::RewriteError;
pub use header::{choose_target, rename_for};
pub use migration::{Boundary, Migration, Move, PassContext, Since, Tag};
pub use residual::NO_EQUIVALENT;

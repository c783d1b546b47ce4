//! # duplicate-version-directive (PTX008)
//!
//! ## What it does
//! Reports every `.version` directive after the first.
//!
//! ## Why it matters
//! Since PTX 3.0 a module has exactly one `.version`. ptxas stops with a
//! syntax error at the second one, typically after two PTX files were
//! concatenated.
//!
//! ## Example
//! ```ptx
//! .version 7.8
//! .target sm_80
//! .version 7.8
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 7.8
//! .target sm_80
//! ```
//!
//! ## Fix safety
//! No fix: a second `.version` usually means two modules were pasted
//! together, which needs a human decision.

use crate::checker::Checker;
use crate::rule::{InAsm, Rule, Visits};

pub(crate) const NAME: &str = "duplicate-version-directive";

pub(crate) const RULE: Rule = Rule {
    code: "PTX008",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "a second `.version` directive",
    visits: Visits::module(check).in_asm(InAsm::NotReported),
};

fn check(checker: &mut Checker<'_>) {
    let directives = checker.header.versions.iter().map(|d| d.span).collect::<Vec<_>>();
    let Some((first, rest)) = directives.split_first() else {
        return;
    };
    for span in rest {
        let diagnostic = checker
            .diagnostic(*span, "duplicate `.version` directive")
            .with_label("second `.version`")
            .with_secondary(*first, "first `.version` here")
            .with_note("a module has exactly one `.version` (PTX 3.0 and later); ptxas reports a syntax error")
            .with_help("remove it; if two modules were concatenated, split them");
        checker.report(diagnostic);
    }
}

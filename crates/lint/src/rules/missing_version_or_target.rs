//! # missing-version-or-target (PTX006)
//!
//! ## What it does
//! Reports a module without a `.version` directive or without a `.target`
//! directive.
//!
//! ## Why it matters
//! ptxas refuses the file before reading anything else: "Missing .version
//! directive at start of file" / "Missing .target directive at start of
//! file". Without them ptxlint cannot check versions and targets either.
//!
//! ## Example
//! ```ptx
//! .entry k() { ret; }
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 7.8
//! .target sm_80
//! .entry k() { ret; }
//! ```
//!
//! ## Fix safety
//! No fix: the intended version and target cannot be known.

use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{InAsm, Rule, Visits};

pub(crate) const NAME: &str = "missing-version-or-target";

pub(crate) const RULE: Rule = Rule {
    code: "PTX006",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "no `.version` or no `.target` directive",
    visits: Visits::module(check).in_asm(InAsm::NotReported),
};

fn check(checker: &mut Checker<'_>) {
    let start = first_item_start(checker);
    let at = Span::new(start, start);
    if checker.header.versions.is_empty() {
        let diagnostic = checker
            .diagnostic(at, "the module has no `.version` directive")
            .with_note("ptxas: \"Missing .version directive at start of file\"")
            .with_help("start the file with `.version X.Y`, e.g. `.version 7.8`");
        checker.report(diagnostic);
    }
    if checker.header.targets.is_empty() {
        let at = checker.header.versions.first().map_or(at, |d| d.span);
        let diagnostic = checker
            .diagnostic(at, "the module has no `.target` directive")
            .with_label("`.target` expected after this")
            .with_note("ptxas: \"Missing .target directive at start of file\"")
            .with_help("write `.target sm_XX` right after `.version`");
        checker.report(diagnostic);
    }
}

/// Where the first directive or declaration starts (0 for an empty module).
fn first_item_start(checker: &Checker<'_>) -> usize {
    checker.module_items().first().map_or(0, |(_, span)| span.start)
}

//! # deprecated-maxnctapersm (PTX203)
//!
//! ## What it does
//! Reports the `.maxnctapersm` performance directive.
//!
//! ## Why it matters
//! `.maxnctapersm` was deprecated in PTX 2.0 in favour of `.minnctapersm`.
//! ptxas ignores it with a warning in PTX 2.0 modules and rejects it from PTX
//! 2.1 on: "Deprecated feature: '.maxnctapersm directive' not supported as of
//! PTX version 2.1".
//!
//! ## Example
//! ```ptx
//! .entry k() .maxntid 128 .maxnctapersm 4 { ret; }
//! ```
//!
//! ## Use instead
//! ```ptx
//! .entry k() .maxntid 128 .minnctapersm 4 { ret; }
//! ```
//!
//! ## Fix safety
//! Safe where ptxas reads the directive: before PTX 2.0 it applies
//! `.maxnctapersm N` as `.minnctapersm N` (a 1.4 kernel and its 2.0 rewrite
//! assemble to byte-identical cubins, ptxas 12.9), so the rewrite keeps what
//! the kernel asked for; in a PTX 2.1 or later module, which ptxas rejects, it
//! restores that meaning. Unsafe in a PTX 2.0 module, where ptxas ignores the
//! directive: applying it may change register allocation. No fix before PTX
//! 2.0, which has no `.minnctapersm`.

use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit};

use crate::checker::{Captures, Checker};
use crate::rule::{Rule, Visits};
use ptxkit_isa::deprecations::{self, Deprecation};

pub(crate) const NAME: &str = "deprecated-maxnctapersm";

pub(crate) const RULE: Rule = Rule {
    code: "PTX203",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Sometimes,
    summary: "`.maxnctapersm` (removed after PTX 2.0)",
    visits: Visits::query(&["function_directive"], query!("deprecated_maxnctapersm"), check),
};

/// The deprecation row of the directive (ptxas 11.8, 12.9, 13.5 reject it from its version on).
fn row() -> &'static Deprecation {
    &deprecations::MAXNCTAPERSM
}

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let Some(name) = captures.get("name") else { return };
    let row = row();
    let rejected = checker.version().is_none_or(|v| row.rejected_at(v));
    let severity = if rejected { Severity::Error } else { Severity::Warning };
    // The file's own `.version` (a migration lints as if at its destination): ptxas
    // ignores the directive only where it is deprecated and not yet rejected.
    let ignored = checker
        .header
        .version()
        .is_some_and(|v| v >= row.deprecated_in && !row.rejected_at(v));
    let applicability = if ignored {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    };
    // `.minnctapersm` arrived with the deprecation: before it there is no replacement.
    let replaceable = checker.version().is_none_or(|v| row.deprecated_at(v));
    let note = if rejected {
        format!("ptxas: \"{}\"", row.error)
    } else if replaceable {
        format!(
            "deprecated since PTX {}; ptxas ignores it with a warning",
            row.deprecated_in
        )
    } else {
        format!(
            "valid in this module; PTX {} deprecated it (ptxas ignores it there) and later versions reject it",
            row.deprecated_in
        )
    };
    let mut diagnostic = checker
        .diagnostic_with(severity, Span::of(name), "`.maxnctapersm` is deprecated")
        .with_label("deprecated directive");
    if replaceable {
        diagnostic = diagnostic
            .with_note(note)
            .with_help("use `.minnctapersm` (together with `.maxntid`)")
            .with_fix(Fix {
                message: "replace `.maxnctapersm` with `.minnctapersm`".to_string(),
                applicability,
                edits: vec![TextEdit::replace(Span::of(name), ".minnctapersm")],
            });
    } else {
        diagnostic = diagnostic.with_note(note).with_help(format!(
            "when moving to PTX {} or later, use `.minnctapersm` (`ptxrewrite` does it)",
            row.deprecated_in
        ));
    }
    checker.report(diagnostic);
}

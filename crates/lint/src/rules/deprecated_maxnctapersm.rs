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
//! Unsafe: `.minnctapersm N` asks for at least N CTAs per multiprocessor,
//! while `.maxnctapersm N` capped them, so register allocation may change.

use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit};

use crate::checker::{Captures, Checker, RuleImpl};
use ptxkit_isa::deprecations::{self, Deprecation};

pub(crate) const NAME: &str = "deprecated-maxnctapersm";

pub(crate) const RULE: crate::RuleInfo = crate::RuleInfo {
    code: "PTX203",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Unsafe,
    summary: "`.maxnctapersm` (removed after PTX 2.0)",
    imp: RuleImpl {
        query: Some(query!("deprecated_maxnctapersm")),
        on_match: Some(check),
        on_module: None,
    },
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
    let note = if rejected {
        format!("ptxas: \"{}\"", row.error)
    } else {
        format!(
            "deprecated since PTX {}; ptxas ignores it with a warning",
            row.deprecated_in
        )
    };
    let diagnostic = checker
        .diagnostic_with(severity, Span::of(name), "`.maxnctapersm` is deprecated")
        .with_label("deprecated directive")
        .with_note(note)
        .with_help("use `.minnctapersm` (together with `.maxntid`)")
        .with_fix(Fix {
            message: "replace `.maxnctapersm` with `.minnctapersm`".to_string(),
            applicability: Applicability::Unsafe,
            edits: vec![TextEdit::replace(Span::of(name), ".minnctapersm")],
        });
    checker.report(diagnostic);
}

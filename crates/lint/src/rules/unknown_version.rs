//! # unknown-version (PTX009)
//!
//! ## What it does
//! Reports a `.version` that is not a PTX ISA version: neither one of the
//! documented versions 1.0 … 9.5 nor 5.1, which every ptxas accepts anyway.
//!
//! ## Why it matters
//! ptxas rejects the module: "Unsupported .version 7.9". It happens with a
//! typo, or when a generator writes a version from its own numbering.
//!
//! ## Example
//! ```ptx
//! .version 7.9
//! .target sm_80
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 7.8
//! .target sm_80
//! ```
//!
//! ## Fix safety
//! No fix: which version was meant is for the author to say.

use ptxkit_isa::version::PTXAS_UNDOCUMENTED_VERSIONS;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "unknown-version";

pub(crate) const RULE: Rule = Rule {
    code: "PTX009",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "`.version` that is not a PTX ISA version",
    visits: Visits::module(check),
};

fn check(checker: &mut Checker<'_>) {
    let Some(written) = checker.header.versions.first() else {
        return;
    };
    let span = written.number_span;
    if span == written.span {
        // No number (a syntax error, reported as such).
        return;
    }
    let text = checker.text()[span.start..span.end].to_string();
    let known = written
        .version
        .is_some_and(|v| v.is_known() || PTXAS_UNDOCUMENTED_VERSIONS.contains(&v));
    if known {
        return;
    }
    let newest = ptxkit_isa::version::known_versions()
        .last()
        .map(|v| v.to_string())
        .unwrap_or_default();
    let diagnostic = checker
        .diagnostic(span, format!("`.version {text}` is not a PTX ISA version"))
        .with_label("unknown version")
        .with_note(format!("ptxas: \"Unsupported .version {text}\""))
        .with_help(format!("use a PTX ISA version from 1.0 to {newest}"));
    checker.report(diagnostic);
}

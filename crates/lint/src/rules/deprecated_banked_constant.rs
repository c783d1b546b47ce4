//! # deprecated-banked-constant (PTX204)
//!
//! ## What it does
//! Reports variables declared in an explicit constant bank, `.const[N]`.
//!
//! ## Why it matters
//! Constant banks were deprecated in PTX 2.2, which made `.const` one flat
//! space. ptxas rejects them from PTX 2.2 on ("Deprecated feature: 'explicit
//! constant banks' not supported as of PTX version 2.2"), and before 1.5 it
//! does not know them at all.
//!
//! ## Example
//! ```ptx
//! .const[0] .b32 table[16];
//! ```
//!
//! ## Use instead
//! ```ptx
//! .const .b32 table[16];
//! ```
//!
//! ## Fix safety
//! Safe for bank 0, which is the flat `.const` space. No fix for other banks:
//! they were bound to the host through the driver API.

use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit};

use crate::checker::{Captures, Checker, RuleImpl};
use ptxkit_isa::deprecations::{self, Deprecation};

pub(crate) const NAME: &str = "deprecated-banked-constant";

pub(crate) const RULE: crate::RuleInfo = crate::RuleInfo {
    code: "PTX204",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Sometimes,
    summary: "`.const[N]` banks (removed after PTX 2.1)",
    imp: RuleImpl {
        query: Some(query!("deprecated_banked_constant")),
        on_match: Some(check),
        on_module: None,
    },
};

/// The deprecation row of banked constants (ptxas 11.8, 12.9, 13.5 reject them from its version on).
fn row() -> &'static Deprecation {
    &deprecations::BANKED_CONSTANT
}

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let Some(space) = captures.get("space") else { return };
    let written = checker.node_text(space);
    let row = row();
    let rejected = checker.version().is_none_or(|v| row.rejected_at(v));
    let severity = if rejected { Severity::Error } else { Severity::Warning };
    let note = if rejected {
        format!("ptxas: \"{}\"", row.error)
    } else {
        format!("constant banks are deprecated from PTX {} on", row.deprecated_in)
    };
    let mut diagnostic = checker
        .diagnostic_with(
            severity,
            Span::of(space),
            format!("`{written}` declares a variable in an explicit constant bank"),
        )
        .with_label("banked constant")
        .with_note(note)
        .with_help("declare it in the flat `.const` space");
    if written.replace(' ', "") == ".const[0]" {
        diagnostic = diagnostic.with_fix(Fix {
            message: "replace `.const[0]` with `.const`".to_string(),
            applicability: Applicability::Safe,
            edits: vec![TextEdit::replace(Span::of(space), ".const")],
        });
    }
    checker.report(diagnostic);
}

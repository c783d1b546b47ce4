//! # deprecated-tex-state-space (PTX201)
//!
//! ## What it does
//! Reports variables declared in the legacy `.tex` state space, e.g.
//! `.tex .u32 tex_ref;`.
//!
//! ## Why it matters
//! `.tex` was replaced by the opaque `.texref` type in PTX 1.5. Every ptxas
//! (11.8, 12.9, 13.5) rejects it in a module whose `.version` is 1.5 or later
//! with "Deprecated feature: '.tex' not supported as of PTX version 1.5". In
//! 1.4 and older modules it is still accepted, so there it is a warning.
//!
//! ## Example
//! ```ptx
//! .version 7.8
//! .target sm_80
//! .tex .u32 tex_ref;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .global .texref tex_ref;
//! ```
//!
//! ## Fix safety
//! Safe: `.tex .u32 t` is defined as `.global .texref t`. The fix is offered
//! only for `.version` 1.5 and later, where `.texref` exists.

use ptxkit_syntax::ast::VariableDeclaration;
use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit};

use crate::checker::{Captures, Checker};
use crate::rule::{Rule, Visits};
use ptxkit_isa::deprecations::{self, Deprecation};

pub(crate) const NAME: &str = "deprecated-tex-state-space";

pub(crate) const RULE: Rule = Rule {
    code: "PTX201",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "`.tex` state space (removed after PTX 1.4)",
    visits: Visits::query(&["variable_declaration"], query!("deprecated_tex_state_space"), check),
};

/// The deprecation row of `.tex` (ptxas 11.8, 12.9 and 13.5 stopped
/// accepting it at its version).
fn row() -> &'static Deprecation {
    &deprecations::TEX_STATE_SPACE
}

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let (Some(space), Some(node)) = (captures.get("space"), captures.get("declaration")) else {
        return;
    };
    let Some(declaration) = VariableDeclaration::cast(node, checker.text()) else {
        return;
    };
    let row = row();
    let modern = checker.version().is_none_or(|v| row.rejected_at(v));
    let severity = if modern { Severity::Error } else { Severity::Warning };
    let names: Vec<_> = declaration.declarators().iter().map(|d| d.name()).collect();
    let mut diagnostic = checker
        .diagnostic_with(
            severity,
            Span::of(space),
            format!(
                "`{}` is declared in the deprecated `.tex` state space",
                names.join("`, `")
            ),
        )
        .with_label("deprecated state space");
    if modern {
        diagnostic = diagnostic
            .with_note(format!(
                "ptxas rejects `.tex` from PTX {} on: \"{}\"",
                row.deprecated_in, row.error
            ))
            .with_help("declare it as `.global .texref` instead");
        let mut edits = vec![TextEdit::replace(Span::of(space), ".global")];
        match declaration.specifiers().type_node() {
            Some(ty) => edits.push(TextEdit::replace(Span::of(ty), ".texref")),
            None => edits.push(TextEdit::insert(space.end_byte(), " .texref")),
        }
        diagnostic = diagnostic.with_fix(Fix {
            message: "replace `.tex` with `.global .texref`".to_string(),
            applicability: Applicability::Safe,
            edits,
        });
    } else {
        diagnostic = diagnostic
            .with_note("`.tex` is accepted only in PTX 1.4 and older modules")
            .with_help("when moving to PTX 1.5 or later, declare it as `.global .texref`");
    }
    checker.report(diagnostic);
}

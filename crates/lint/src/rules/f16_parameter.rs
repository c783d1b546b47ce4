//! # f16-parameter (PTX502)
//!
//! ## What it does
//! Reports `.param` parameters and return values of type `.f16` or
//! `.f16x2` in function and kernel signatures.
//!
//! ## Why it matters
//! `ld.param`/`st.param` do not take `.f16` types, so such a parameter
//! cannot be read or written: ptxas rejects every access with "Unexpected
//! instruction types specified for 'ld'", while it accepts the declaration
//! itself. Compilers pass half values as `.b16` (and `.f16x2` as `.b32`).
//!
//! ## Example
//! ```ptx
//! .func (.param .f16 r) half_add(.param .f16 a, .param .f16 b)
//! ```
//!
//! ## Use instead
//! ```ptx
//! .func (.param .b16 r) half_add(.param .b16 a, .param .b16 b)
//! ```
//!
//! ## Fix safety
//! Safe: `.b16` has the same size and alignment as `.f16` (`.b32` for
//! `.f16x2`), so callers and callees stay compatible; the accesses must then
//! use `.b16`.

use ptxkit_syntax::{Applicability, Fix, Span, TextEdit};

use crate::checker::{Captures, Checker};
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "f16-parameter";

pub(crate) const RULE: Rule = Rule {
    code: "PTX502",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "`.f16` parameter or return value (cannot be accessed)",
    visits: Visits::query(&["parameter_declaration"], query!("f16_parameter"), check),
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let (Some(ty), Some(space)) = (captures.get("type"), captures.get("space")) else {
        return;
    };
    if !checker.node_text(space).starts_with(".param") {
        return;
    }
    let written = checker.node_text(ty);
    let replacement = if written == ".f16" { ".b16" } else { ".b32" };
    let diagnostic = checker
        .diagnostic(Span::of(ty), format!("`{written}` parameter"))
        .with_label("half-precision parameter type")
        .with_note("`ld.param`/`st.param` have no `.f16` forms, so ptxas rejects every access to it (\"Unexpected instruction types specified for 'ld'\")")
        .with_help(format!("declare it `{replacement}`, as compilers do"))
        .with_fix(Fix {
            message: format!("declare it `{replacement}`"),
            applicability: Applicability::Safe,
            edits: vec![TextEdit::replace(Span::of(ty), replacement)],
        });
    checker.report(diagnostic);
}

//! # invalid-parameter-alignment (PTX501)
//!
//! ## What it does
//! Reports an `.align N` whose value is not a power of two, and a `.param`
//! parameter aligned to more than 128 bytes.
//!
//! ## Why it matters
//! ptxas rejects both: "Alignment must be a power of two" and "Parameter 'p'
//! has illegal alignment (must be aligned to 1, 2, 4, 8, 16, 32, 64, or 128
//! bytes)". The ABI passes parameters in a stack frame whose alignment is at
//! most 128 bytes.
//!
//! ## Example
//! ```ptx
//! .func f(.param .align 12 .b8 s[24]) { ret; }
//! ```
//!
//! ## Use instead
//! ```ptx
//! .func f(.param .align 8 .b8 s[24]) { ret; }
//! ```
//!
//! ## Fix safety
//! No fix: the right alignment depends on the aggregate's most strictly
//! aligned member.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::Span;
use ptxkit_syntax::literal::eval_integer;

use crate::checker::{Captures, Checker};
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "invalid-parameter-alignment";

pub(crate) const RULE: Rule = Rule {
    code: "PTX501",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "`.align` not a power of two, or a parameter above 128",
    visits: Visits::query(&["alignment"], query!("invalid_parameter_alignment"), check),
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let (Some(alignment), Some(value)) = (captures.get("alignment"), captures.get("value")) else {
        return;
    };
    let Some(n) = eval_integer(value, checker.text()) else {
        return;
    };
    let is_param = alignment.parent().is_some_and(|p| {
        p.kind_name() == "parameter_declaration"
            && p.field("state_space")
                .is_some_and(|s| checker.node_text(s).starts_with(".param"))
    });
    let diagnostic = if n <= 0 || (n as u64).count_ones() != 1 {
        checker
            .diagnostic(Span::of(value), format!("alignment {n} is not a power of two"))
            .with_label("not a power of two")
            .with_note("ptxas: \"Alignment must be a power of two\"")
            .with_help("use 1, 2, 4, 8, 16, 32, 64 or 128")
    } else if is_param && n > 128 {
        checker
            .diagnostic(
                Span::of(value),
                format!("parameter alignment {n} is larger than 128 bytes"),
            )
            .with_label("too large for a parameter")
            .with_note(
                "ptxas: \"Parameter has illegal alignment (must be aligned to 1, 2, 4, 8, 16, 32, 64, or 128 bytes)\"",
            )
            .with_help("align the parameter to at most 128 bytes")
    } else {
        return;
    };
    checker.report(diagnostic);
}

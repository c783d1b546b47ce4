//! # vector-size-mismatch (PTX415)
//!
//! ## What it does
//! Reports a braced vector (or address list) whose number of elements is not what the
//! instruction's form takes: `ld.global.v4.f32 {%f1, %f2, %f3}, [%rd1]`, an `mma` fragment with
//! one register too few, a `.v2` register where a `.v4` is needed.
//!
//! ## Why it matters
//! ptxas rejects it: "Illegal vector size: 3", "Argument vector size mismatch for instruction
//! 'ld'".
//!
//! ## Example
//! ```ptx
//! .reg .b64 %rd<4>;
//! .reg .f32 %f<8>;
//! ld.global.v4.f32 {%f1, %f2, %f3}, [%rd1];
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b64 %rd<4>;
//! .reg .f32 %f<8>;
//! ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1];
//! ```
//!
//! ## Fix safety
//! No fix: which element is missing is not known.

use ptxkit_isa::signature::Problem;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::signature_problems::{chain, each, form_note, operand_node, ordinal, ptxas_name};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "vector-size-mismatch";

pub(crate) const RULE: Rule = Rule {
    code: "PTX415",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "braced vector with the wrong number of elements",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    each(
        checker,
        node,
        |p| matches!(p, Problem::VectorSize { .. }),
        |checker, check, problem| {
            let Problem::VectorSize {
                operand,
                expected,
                found,
            } = *problem
            else {
                return;
            };
            let Some(node) = operand_node(check, operand, None) else {
                return;
            };
            let message = match (expected, found) {
                (1, 0) => format!(
                    "{} of `{}` must be a braced vector of one, found one value without braces",
                    ordinal(operand),
                    chain(check)
                ),
                (1, n) => format!(
                    "{} of `{}` is one value, found a vector of {n}",
                    ordinal(operand),
                    chain(check)
                ),
                (n, 0) => format!("{} of `{}` must be a vector of {n}", ordinal(operand), chain(check)),
                (n, m) => format!(
                    "{} of `{}` must have {n} elements, found {m}",
                    ordinal(operand),
                    chain(check)
                ),
            };
            let diagnostic = if found == 0 {
                // A vector written as one value without braces: ptxas "Vector expected".
                checker
                    .diagnostic(Span::of(node), message)
                    .with_label("not a braced vector")
                    .with_note(format!(
                        "{}; ptxas: \"Vector expected for argument {}\"",
                        form_note(check.analysis.form),
                        operand
                    ))
                    .with_help(if expected == 1 {
                        format!("write `{{{}}}`", checker.node_text(node))
                    } else {
                        format!("write a braced vector of {expected}")
                    })
            } else {
                checker
                    .diagnostic(Span::of(node), message)
                    .with_label(format!("{found} element{}", if found == 1 { "" } else { "s" }))
                    .with_note(format!(
                        "{}; ptxas: \"Argument vector size mismatch for instruction '{}'\"",
                        form_note(check.analysis.form),
                        ptxas_name(check)
                    ))
                    .with_help(format!(
                        "write {expected} element{}",
                        if expected == 1 { "" } else { "s" }
                    ))
            };
            checker.report(diagnostic);
        },
    );
}

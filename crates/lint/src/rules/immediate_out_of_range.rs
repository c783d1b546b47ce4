//! # immediate-out-of-range (PTX417)
//!
//! ## What it does
//! Reports a constant outside the range its operand allows, by the instruction's signature:
//! a `lop3` lookup table above 255, a barrier number above 15, an `st.bulk` size that is not a
//! multiple of 8.
//!
//! ## Why it matters
//! ptxas rejects the instruction ("Argument 1 of instruction 'st.bulk': unexpected value '12',
//! expected to be multiple of 8"), or the value is silently truncated.
//!
//! ## Example
//! ```ptx
//! .reg .b32 %r<5>;
//! lop3.b32 %r1, %r2, %r3, %r4, 256;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b32 %r<5>;
//! lop3.b32 %r1, %r2, %r3, %r4, 0x96;
//! ```
//!
//! ## Fix safety
//! No fix.

use ptxkit_isa::signature::Problem;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{InAsm, Rule, Visits};
use crate::signature_problems::{chain, each, operand_node, ordinal};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "immediate-out-of-range";

pub(crate) const RULE: Rule = Rule {
    code: "PTX417",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "constant outside the range (or not the multiple) its operand allows",
    visits: Visits::nodes(&["instruction", "call_instruction"], check).in_asm(InAsm::NotOnInventedOperands),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    each(
        checker,
        node,
        |p| matches!(p, Problem::ImmediateRange { .. } | Problem::ImmediateMultiple { .. }),
        |checker, check, problem| {
            let (operand, message, label, help) = match *problem {
                // Inside its range: the operand excludes 0 (`range -1..1 nonzero`).
                Problem::ImmediateRange {
                    operand,
                    range: (lo, hi),
                    value,
                } if (lo..=hi).contains(&value) => (
                    operand,
                    format!("must lie in {lo}..={hi} and not be {value}"),
                    "not allowed",
                    format!("use a nonzero value from {lo} to {hi}"),
                ),
                Problem::ImmediateRange {
                    operand,
                    range: (lo, hi),
                    value,
                } => (
                    operand,
                    format!("must lie in {lo}..={hi}, found {value}"),
                    "out of range",
                    format!("use a value from {lo} to {hi}"),
                ),
                Problem::ImmediateMultiple {
                    operand,
                    multiple,
                    value,
                } => (
                    operand,
                    format!("must be a multiple of {multiple}, found {value}"),
                    "not a multiple",
                    format!("use a multiple of {multiple}"),
                ),
                _ => return,
            };
            let Some(node) = operand_node(check, operand, None) else {
                return;
            };
            let diagnostic = checker
                .diagnostic(
                    Span::of(node),
                    format!("{} of `{}` {message}", ordinal(operand), chain(check)),
                )
                .with_label(label)
                .with_help(help);
            checker.report(diagnostic);
        },
    );
}

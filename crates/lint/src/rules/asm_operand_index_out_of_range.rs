//! # asm-operand-index-out-of-range (PTX601)
//!
//! ## What it does
//! Reports a `%N` in an asm template that names no operand: N is at least
//! the number of operands, or the statement has no operands at all (then
//! nvcc copies the template verbatim and `%0` reaches ptxas).
//!
//! ## Why it matters
//! nvcc stops with "Internal Compiler Error (codegen): asm operand index
//! requested is larger than the number of asm operands provided!"; without
//! operands ptxas rejects the `%0` it is given. The usual cause is an
//! operand removed from the list, or an input counted from 0 instead of
//! after the outputs.
//!
//! ## Example
//! ```cpp
//! asm volatile("add.s32 %0, %1, %2;" : "=r"(d) : "r"(a));
//! ```
//!
//! ## Use instead
//! ```cpp
//! asm volatile("add.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
//! ```
//!
//! ## Fix safety
//! No fix: which operand was meant cannot be known.

use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "asm-operand-index-out-of-range";

/// Checked by the inline-PTX driver for each asm statement.
pub(crate) const RULE: Rule = Rule {
    code: "PTX601",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "asm template `%N` that names no operand",
    visits: Visits::asm(check),
};

fn check(checker: &mut Checker<'_>) {
    let Some(asm) = checker.asm() else { return };
    let count = asm.statement.operand_count();
    let references: Vec<_> = asm
        .translation
        .references
        .iter()
        .filter(|r| asm.statement.extended && !r.in_range)
        .cloned()
        .collect();
    for reference in references {
        let last = if count == 1 {
            "`%0`".to_string()
        } else {
            format!("`%0`…`%{}`", count - 1)
        };
        let diagnostic = checker
            .diagnostic(
                Span::new(reference.cpp.start, reference.cpp.end),
                format!(
                    "`%{}` names no operand: the statement has {count} ({last})",
                    reference.index
                ),
            )
            .with_label("no such operand")
            .with_note("nvcc: \"asm operand index requested is larger than the number of asm operands provided!\"")
            .with_help("operands are numbered outputs first, then inputs; add the operand or fix the number");
        checker.report(diagnostic);
    }
    for span in asm.translation.unsubstituted.clone() {
        let written = asm.source(span.clone()).to_string();
        let diagnostic = checker
            .diagnostic(
                Span::new(span.start, span.end),
                format!("`{written}` is not replaced: the statement has no operands"),
            )
            .with_label("reaches ptxas as written")
            .with_note("nvcc substitutes `%N` and `%%` only in statements with at least one operand")
            .with_help("add the operand list, or write the register the template means");
        checker.report(diagnostic);
    }
}

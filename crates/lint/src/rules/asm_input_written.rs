//! # asm-input-written (PTX610)
//!
//! ## What it does
//! Reports an input operand (one in the second list, without `+`) that an
//! instruction of the template writes: it is the destination of an
//! instruction that returns a value (`mbarrier.arrive.b64 %1, [%0]` with
//! `"l"(state)` an input).
//!
//! ## Why it matters
//! The compiler assumes the template leaves its inputs alone: it keeps
//! using the register for the C++ value after the statement, or shares it
//! with another variable holding the same value. Writing it corrupts that
//! value, far from the statement.
//!
//! ## Example
//! ```cpp
//! uint64_t state = 0;
//! asm volatile("mbarrier.arrive.shared.b64 %1, [%0];" :: "r"(smem), "l"(state) : "memory");
//! ```
//!
//! ## Use instead
//! ```cpp
//! asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(state) : "r"(smem) : "memory");
//! // or discard the result: "mbarrier.arrive.shared.b64 _, [%0];"
//! ```
//!
//! ## Fix safety
//! No fix: the operand must move to the output list, which renumbers the
//! template.

use ptxkit_inline::analysis::Access;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "asm-input-written";

/// Checked by the inline-PTX driver for each asm statement.
pub(crate) const RULE: Rule = Rule {
    code: "PTX610",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "asm input operand the template writes",
    visits: Visits::asm(check),
};

fn check(checker: &mut Checker<'_>) {
    let Some(asm) = checker.asm() else { return };
    let statement = asm.statement;
    for operand in statement.operands.iter().filter(|o| !o.output && o.is_register()) {
        let Some(write) = asm
            .analysis
            .uses
            .iter()
            .find(|u| u.operand == operand.index && u.access == Access::Write)
        else {
            continue;
        };
        let chain = asm
            .analysis
            .instructions
            .get(write.instruction)
            .map_or("", |i| i.chain.as_str())
            .to_string();
        let diagnostic = checker
            .diagnostic(
                Span::new(write.cpp.start, write.cpp.end),
                format!("input {} is written by `{chain}`", asm.describe_operand(operand.index)),
            )
            .with_label("destination")
            .with_secondary(
                Span::new(operand.constraint_span.start, operand.constraint_span.end),
                "declared as an input",
            )
            .with_note("the compiler assumes inputs are unchanged and may reuse the register for the C++ value")
            .with_help(
                "make it an output (`\"=…\"` or `\"+…\"`), or write the result to `_` or a scratch `.reg` in `{ }`",
            );
        checker.report(diagnostic);
    }
}

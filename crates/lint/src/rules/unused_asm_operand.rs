//! # unused-asm-operand (PTX602)
//!
//! ## What it does
//! Reports an operand of an asm statement that its template never names
//! with `%N`.
//!
//! ## Why it matters
//! An output the template never writes leaves the C++ variable with an
//! undefined value; an input it never reads is work the compiler does for
//! nothing, and usually a sign that a `%N` points at the wrong operand
//! (the template reads `%1` twice where it meant `%1` and `%2`). Empty
//! templates (`asm volatile("" : "+r"(x))`, the compiler-barrier idiom)
//! are not reported, nor the read-write (`+`) operands of a template that
//! names no operand at all: `asm volatile("wgmma.fence.sync.aligned;" :
//! "+r"(a0), "+r"(a1) :: "memory")` keeps the registers' writes before the
//! fence and their reads after it, and leaves their values as they were.
//!
//! ## Example
//! ```cpp
//! asm("add.s32 %0, %1, %1;" : "=r"(d) : "r"(a), "r"(b));
//! ```
//!
//! ## Use instead
//! ```cpp
//! asm("add.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
//! ```
//!
//! ## Fix safety
//! No fix: the template or the operand list may be what is wrong.

use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "unused-asm-operand";

/// Checked by the inline-PTX driver for each asm statement.
pub(crate) const RULE: Rule = Rule {
    code: "PTX602",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "asm operand the template never uses",
    visits: Visits::asm(check),
};

fn check(checker: &mut Checker<'_>) {
    let Some(asm) = checker.asm() else { return };
    let statement = asm.statement;
    if statement.is_empty_template() || !asm.translation.unsupported.is_empty() {
        return;
    }
    // Operands only there to order the compiler's code around the statement.
    let names_none = asm.translation.references.is_empty();
    for operand in &statement.operands {
        if asm.translation.references.iter().any(|r| r.index == operand.index)
            || (names_none && operand.constraint.read_write)
        {
            continue;
        }
        let end = if asm.text[operand.value_span.end..].starts_with(')') {
            operand.value_span.end + 1
        } else {
            operand.value_span.end
        };
        let (message, why) = if operand.output {
            (
                format!(
                    "output {} is never written by the template",
                    asm.describe_operand(operand.index)
                ),
                "the C++ variable gets an undefined value",
            )
        } else {
            (
                format!(
                    "input {} is never used by the template",
                    asm.describe_operand(operand.index)
                ),
                "no `%N` names it; another `%N` may point at the wrong operand",
            )
        };
        let diagnostic = checker
            .diagnostic(Span::new(operand.constraint_span.start, end), message)
            .with_label(format!("no `%{}` in the template", operand.index))
            .with_note(why)
            .with_help("use it in the template, or remove it (and renumber the `%N` after it)");
        checker.report(diagnostic);
    }
}

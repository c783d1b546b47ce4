//! # asm-register-where-immediate-required (PTX605)
//!
//! ## What it does
//! Reports an asm operand with a register constraint (`"r"`, `"l"`, ...)
//! in a position where the instruction's signature takes only a constant:
//! `lop3`'s truth table, `setmaxnreg`'s count, a `wgmma` scale. Such an
//! operand must be `"n"` (an integer constant expression).
//!
//! ## Why it matters
//! nvcc passes the operand in a register; ptxas rejects the instruction
//! ("Arguments mismatch for instruction 'lop3'"). The C++ value is usually
//! a compile-time constant already (a template parameter), so `"n"` is the
//! fix.
//!
//! ## Example
//! ```cpp
//! asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(c), "r"(0x96));
//! ```
//!
//! ## Use instead
//! ```cpp
//! asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(c), "n"(0x96));
//! ```
//!
//! ## Fix safety
//! No fix: the C++ value must be a constant expression, which ptxlint
//! cannot check.
//!
//! Positions are known for the instructions `ptxkit_isa::signature`
//! describes.

use ptxkit_inline::analysis::Analysis;
use ptxkit_inline::{AsmStatement, Reference};
use ptxkit_syntax::{Diagnostic, Span};

use crate::asm::AsmOrigin;
use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "asm-register-where-immediate-required";

/// Reported by the inline-PTX driver from `operand-kind-mismatch` findings
/// on substituted register operands.
pub(crate) const RULE: Rule = Rule {
    code: "PTX605",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "register asm operand where the instruction takes only a constant (needs `\"n\"`)",
    visits: Visits::rewording(&["operand-kind-mismatch"], takes, reword),
};

/// Whether an operand-kind finding is this rule's: on a register operand where the
/// signature takes only a constant.
fn takes(asm: &AsmOrigin<'_>, ptx: &Diagnostic) -> bool {
    asm.operand_at(ptx.span)
        .is_some_and(|reference| applies(asm.statement, reference, asm.analysis))
}

/// Reports an operand-kind finding it takes.
fn reword(checker: &mut Checker<'_>, ptx: &Diagnostic) {
    if let Some(reference) = checker.asm().and_then(|asm| asm.operand_at(ptx.span)) {
        report(checker, reference);
    }
}

/// Whether an operand-kind finding on `reference` is this rule's: a
/// register operand where the signature takes only a constant.
fn applies(statement: &AsmStatement, reference: &Reference, analysis: &Analysis) -> bool {
    let Some(operand) = statement.operands.get(reference.index) else {
        return false;
    };
    if !operand.is_register() {
        return false;
    }
    let Some(used) = analysis.uses.iter().find(|u| u.ptx == reference.ptx) else {
        return false;
    };
    let Some(instruction) = analysis.instructions.get(used.instruction) else {
        return false;
    };
    let explained = ptxkit_isa::signature::explain(&instruction.chain);
    explained
        .matches
        .first()
        .is_some_and(|m| m.operands.get(used.position).is_some_and(|o| o.kinds == "a constant"))
}

fn report(checker: &mut Checker<'_>, reference: &Reference) {
    let Some(asm) = checker.asm() else { return };
    let Some(operand) = asm.statement.operands.get(reference.index) else {
        return;
    };
    let chain = asm
        .analysis
        .uses
        .iter()
        .find(|u| u.ptx == reference.ptx)
        .and_then(|u| asm.analysis.instructions.get(u.instruction))
        .map_or_else(String::new, |i| i.chain.clone());
    let diagnostic = checker
        .diagnostic(
            Span::new(reference.cpp.start, reference.cpp.end),
            format!(
                "`%{}` is a register (constraint \"{}\"), but `{chain}` takes only a constant here",
                reference.index, operand.constraint.text
            ),
        )
        .with_label("must be a constant")
        .with_secondary(
            Span::new(operand.constraint_span.start, operand.constraint_span.end),
            "register constraint",
        )
        .with_note(format!(
            "ptxas: \"Arguments mismatch for instruction '{}'\"",
            chain.split('.').next().unwrap_or("")
        ))
        .with_help("use an \"n\" operand with a constant expression");
    checker.report(diagnostic);
}

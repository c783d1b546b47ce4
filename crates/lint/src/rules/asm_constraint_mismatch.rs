//! # asm-constraint-mismatch (PTX604)
//!
//! ## What it does
//! Reports an asm operand whose constraint gives a register the
//! instruction cannot take where `%N` puts it: a 32-bit `"r"` where
//! `add.s64` needs 64 bits, an `"l"` in a 32-bit slot, a 32-bit register
//! holding a generic or global address, or an `"f"` (an `.f32` register)
//! where an integer instruction needs an integer. Same-width punning
//! through bit registers is legal: `"r"` into an `.f32` slot is fine.
//!
//! ## Why it matters
//! nvcc checks only that the C++ value has the size of the constraint
//! letter; it never reads the template. ptxas then rejects the temporary
//! PTX file: "Arguments mismatch for instruction 'mov'", or, for a 32-bit
//! address in 64-bit code, "Program uses 32-bit address ... conflicting
//! with .address_size 64".
//!
//! ## Example
//! ```cpp
//! asm("mov.b64 %0, %1;" : "=l"(wide) : "r"(narrow));
//! ```
//!
//! ## Use instead
//! ```cpp
//! asm("cvt.u64.u32 %0, %1;" : "=l"(wide) : "r"(narrow));
//! ```
//!
//! ## Fix safety
//! No fix: the C++ type, the constraint or the instruction may be what is
//! wrong.

use ptxkit_inline::constraint::RegisterType;
use ptxkit_syntax::{Diagnostic, Span};

use crate::asm::AsmOrigin;
use crate::checker::Checker;
use crate::inline::{mentions_operand, operand_names};
use crate::rule::{Rule, Visits};
use crate::types::{TypeClass, type_shape};

pub(crate) const NAME: &str = "asm-constraint-mismatch";

/// Reported by the inline-PTX driver from the PTX type rules' findings on
/// substituted operands.
pub(crate) const RULE: Rule = Rule {
    code: "PTX604",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "asm constraint whose register the instruction cannot take there",
    visits: Visits::rewording(&["operand-type-mismatch", "address-width-mismatch"], takes, from_ptx),
};

/// Whether a PTX type finding is this rule's: about a substituted operand.
fn takes(asm: &AsmOrigin<'_>, ptx: &Diagnostic) -> bool {
    mentions_operand(ptx, asm.translation)
}

/// Rewords a PTX type finding (`operand-type-mismatch`,
/// `address-width-mismatch`) about substituted operands in terms of their
/// constraints.
fn from_ptx(checker: &mut Checker<'_>, ptx: &Diagnostic) {
    let Some(asm) = checker.asm() else { return };
    let translation = asm.translation;
    let chain = asm
        .analysis
        .instructions
        .iter()
        .find(|i| i.ptx.start <= ptx.span.start && ptx.span.end <= i.ptx.end)
        .map_or_else(String::new, |i| i.chain.clone());
    let note = ptx.note.clone().unwrap_or_default();
    if let Some(reference) = asm.operand_at(ptx.span) {
        let index = reference.index;
        let Some(operand) = asm.statement.operands.get(index) else {
            return;
        };
        let Some(register) = operand.constraint.register() else {
            return;
        };
        let (expected, letter) = if ptx.rule == "address-width-mismatch" {
            ("a 64-bit address".to_string(), Some('l'))
        } else {
            let expected = ptx
                .label
                .as_deref()
                .and_then(|l| l.strip_prefix("expected `"))
                .and_then(|l| l.strip_suffix('`'))
                .unwrap_or("another type")
                .to_string();
            let letter = type_shape(&expected)
                .and_then(|shape| RegisterType::letter_for(shape.bits, shape.class == TypeClass::Float));
            (format!("`{expected}`"), letter)
        };
        let mut diagnostic = checker
            .diagnostic(
                Span::new(reference.cpp.start, reference.cpp.end),
                format!(
                    "`%{index}` is a {}-bit `{}` register (constraint \"{}\"), but `{chain}` needs {expected} here",
                    register.bits, register.ptx_type, operand.constraint.text
                ),
            )
            .with_label(format!("\"{}\" operand", operand.constraint.text))
            .with_secondary(
                Span::new(operand.constraint_span.start, operand.constraint_span.end),
                "constraint",
            )
            .with_note(note);
        diagnostic = match letter {
            Some(letter) if letter != register.letter => diagnostic.with_help(format!(
                "use a \"{letter}\" operand (and a C++ value of that size), or an instruction of the operand's width"
            )),
            _ => diagnostic.with_help("use an operand of the width the instruction needs"),
        };
        checker.report(diagnostic);
        return;
    }
    // Several operands at once: `operand-type-mismatch` reports them at the
    // instruction's type suffix.
    let Some(span) = translation.map.try_to_cpp(ptx.span.range()) else {
        return;
    };
    let label = operand_names(ptx.label.as_deref().unwrap_or(""));
    let diagnostic = checker
        .diagnostic(
            Span::new(span.start, span.end),
            format!("`{chain}` does not match the registers its operands' constraints give"),
        )
        .with_label(label)
        .with_note(note)
        .with_help("change the constraints (\"h\" 16, \"r\" 32, \"l\" 64 bits, \"f\" .f32, \"d\" .f64) or the instruction's type");
    checker.report(diagnostic);
}

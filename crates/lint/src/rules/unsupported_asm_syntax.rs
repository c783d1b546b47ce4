//! # unsupported-asm-syntax (PTX608)
//!
//! ## What it does
//! Reports asm syntax that GCC and Clang accept but nvcc rejects in device
//! code, or that does not mean in nvcc what it means elsewhere: symbolic
//! operand names (`%[x]`), operand modifiers (`%c1`, `%r1`), a `%` at the
//! end of the template, `%%` in a statement without operands (nvcc leaves
//! it as `%%`), constraint letters other than `h r l q f d n C` (`m`, `i`,
//! `g`, alternatives such as `"rn"`), and clobbers other than `"memory"`
//! (`"cc"`, register names).
//!
//! ## Why it matters
//! nvcc stops with "symbolic operand reference not supported!", "Asm
//! operand modifier not supported", "asm constraint letter 'm' is not
//! allowed inside a __device__/__global__ function", "The cc clobber
//! constraint is not supported in device code" or "unknown register name";
//! a `%%` that stays `%%` makes ptxas reject the template.
//!
//! ## Example
//! ```cpp
//! asm volatile("st.global.u32 [%[p]], %[v];" :: [p] "l"(ptr), [v] "r"(x) : "memory", "cc");
//! ```
//!
//! ## Use instead
//! ```cpp
//! asm volatile("st.global.u32 [%0], %1;" :: "l"(ptr), "r"(x) : "memory");
//! ```
//!
//! ## Fix safety
//! No fix.

use ptxkit_inline::constraint::OperandKind;
use ptxkit_inline::template::Unsupported;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "unsupported-asm-syntax";

/// Checked by the inline-PTX driver for each asm statement.
pub(crate) const RULE: Rule = Rule {
    code: "PTX608",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "asm syntax nvcc rejects in device code (`%[x]`, `%c1`, `\"m\"`, `\"cc\"`)",
    visits: Visits::asm(check),
};

fn check(checker: &mut Checker<'_>) {
    let Some(asm) = checker.asm() else { return };
    let mut found: Vec<(Span, String, &str, String)> = Vec::new();
    for sequence in &asm.translation.unsupported {
        let span = Span::new(sequence.cpp.start, sequence.cpp.end);
        let written = asm.source(sequence.cpp.clone()).to_string();
        let (message, note, help) = match &sequence.problem {
            Unsupported::Symbolic(name) => (
                format!("nvcc does not support symbolic operand names (`{written}`)"),
                "nvcc: \"symbolic operand reference not supported!\"",
                match asm.statement.operands.iter().find(|o| o.name.as_deref() == Some(name)) {
                    Some(o) => format!("write `%{}`", o.index),
                    None => "refer to operands by number, `%N`".to_string(),
                },
            ),
            Unsupported::Modifier(letter) => (
                format!("nvcc supports no operand modifiers (`{written}`)"),
                "nvcc: \"Asm operand modifier not supported ... try removing modifier or escaping with %\"",
                format!(
                    "write `%{}` for the operand, or `%%{letter}...` for a PTX name",
                    &written[2..]
                ),
            ),
            Unsupported::Trailing => (
                "the template ends with a lone `%`".to_string(),
                "nvcc: \"%% at end of asm string is invalid!\"",
                "write `%%` for a `%`, or complete the `%N`".to_string(),
            ),
            Unsupported::Percent => (
                "`%%` stays `%%` in a statement without operands".to_string(),
                "nvcc substitutes `%%` only in statements with at least one operand; ptxas then rejects `%%`",
                "write a single `%` here, or give the statement operands".to_string(),
            ),
        };
        found.push((span, message, note, help));
    }
    for operand in &asm.statement.operands {
        let span = Span::new(operand.constraint_span.start, operand.constraint_span.end);
        match operand.constraint.kind {
            OperandKind::Unsupported(letter) => found.push((
                span,
                format!(
                    "constraint \"{}\" is not accepted by nvcc in device code",
                    operand.constraint.text
                ),
                "nvcc: \"asm constraint letter ... is not allowed inside a __device__/__global__ function\"",
                format!("use one of h, r, l, q, f, d (registers), n (constant) or C (string) instead of '{letter}'"),
            )),
            OperandKind::Missing => found.push((
                span,
                format!("constraint \"{}\" has no letter", operand.constraint.text),
                "nvcc needs a letter saying what the operand becomes",
                "add one of h, r, l, q, f, d, n or C".to_string(),
            )),
            _ => {}
        }
    }
    for clobber in &asm.statement.clobbers {
        if clobber.text == "memory" {
            continue;
        }
        let note = if clobber.text == "cc" {
            "nvcc: \"The cc clobber constraint is not supported in device code\""
        } else {
            "nvcc: \"unknown register name\": device code has no named registers to clobber"
        };
        found.push((
            Span::new(clobber.span.start, clobber.span.end),
            format!("nvcc accepts only the \"memory\" clobber, not \"{}\"", clobber.text),
            note,
            "remove it; declare scratch registers inside the template with `.reg` in `{ }`".to_string(),
        ));
    }
    for (span, message, note, help) in found {
        let diagnostic = checker
            .diagnostic(span, message)
            .with_label("nvcc rejects this")
            .with_note(note)
            .with_help(help);
        checker.report(diagnostic);
    }
}

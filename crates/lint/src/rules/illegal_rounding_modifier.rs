//! # illegal-rounding-modifier (PTX102)
//!
//! ## What it does
//! Reports a rounding modifier (or `.approx`, `.full`, `.rs`) that the
//! instruction form does not allow, e.g. `.rn` on a widening `cvt.f64.f32`,
//! `.approx` on `add`, `.full` on `sqrt`, or `.rm` on `fma.f16` (while
//! `fma.rm.bf16` is fine: ptxas 11.8, 12.9 and 13.5 take every IEEE mode on
//! `.bf16`, whatever the manual says).
//!
//! ## Why it matters
//! ptxas rejects it: "Illegal rounding modifier for instruction 'cvt'". A
//! widening conversion is exact, so a rounding mode has no meaning there.
//!
//! ## Example
//! ```ptx
//! cvt.rn.f64.f32 %fd1, %f1;
//! ```
//!
//! ## Use instead
//! ```ptx
//! cvt.f64.f32 %fd1, %f1;
//! ```
//!
//! ## Fix safety
//! Safe: the modifier is removed; the instruction it was on is exact or
//! never had that mode, so the result does not change.

use ptxkit_isa::Issue;
use ptxkit_syntax::{Applicability, Fix, Span, TextEdit};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "illegal-rounding-modifier";

pub(crate) const RULE: Rule = Rule {
    code: "PTX102",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "rounding modifier the instruction form does not allow",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    for issue in checker.isa_issues(node).iter() {
        let (Issue::IllegalRounding { modifier, .. }
        | Issue::IllegalModifier { modifier, .. }
        | Issue::UnknownModifier { modifier }) = issue
        else {
            continue;
        };
        let Some(m) = insn.modifier(modifier).map(|m| m.node) else {
            continue;
        };
        let diagnostic = checker
            .diagnostic(
                Span::of(m),
                format!("`{modifier}` is not allowed on `{}`", insn.full_opcode()),
            )
            .with_label("not allowed here")
            .with_note(format!("ptxas: \"{issue}\""))
            .with_help(format!("remove `{modifier}`"))
            .with_fix(Fix {
                message: format!("remove `{modifier}`"),
                applicability: Applicability::Safe,
                edits: vec![TextEdit::delete(Span::of(m))],
            });
        checker.report(diagnostic);
    }
}

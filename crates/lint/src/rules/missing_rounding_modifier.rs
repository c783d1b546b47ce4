//! # missing-rounding-modifier (PTX101)
//!
//! ## What it does
//! Reports a floating-point instruction without the rounding (or `.approx`
//! / `.full`) modifier that ptxas requires for it: `mad.f32` on sm_20+ from
//! PTX 3.2, `fma`, int↔float and narrowing `cvt`, `div`/`sqrt`/`rcp`
//! without `.approx`, `.full` or a rounding mode, `ex2`/`tanh` without
//! `.approx`, and so on (ptxkit-isa's rounding rules). Also the `.ftz` that
//! ptxas requires on `rcp.approx.f64` and `ex2.bf16`/`ex2.bf16x2`.
//!
//! ## Why it matters
//! ptxas rejects the instruction: "Rounding modifier required for
//! instruction 'cvt'", "Rounding modifier or '.approx' modifier required for
//! instruction 'div'". Old PTX (before 1.4, or `mad.f32` before 3.2) had
//! implicit defaults that newer modules must spell out.
//!
//! ## Example
//! ```ptx
//! cvt.f32.s32 %f1, %r1;
//! div.f32 %f2, %f3, %f4;
//! ```
//!
//! ## Use instead
//! ```ptx
//! cvt.rn.f32.s32 %f1, %r1;
//! div.rn.f32 %f2, %f3, %f4;
//! ```
//!
//! ## Fix safety
//! Unsafe: the fix inserts the first modifier the rule allows (usually
//! `.rn`, or `.approx` where only that exists), which may not be the
//! rounding the author meant (float→int C casts truncate: `.rzi`).

use ptxkit_isa::Issue;
use ptxkit_syntax::{Applicability, Fix, TextEdit};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "missing-rounding-modifier";

pub(crate) const RULE: Rule = Rule {
    code: "PTX101",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Unsafe,
    summary: "float instruction without the rounding modifier ptxas requires",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    for issue in checker.isa_issues(node).iter() {
        if let Issue::MissingModifier { modifier, .. } = issue {
            let diagnostic = checker
                .diagnostic(
                    checker.opcode_span(node),
                    format!("`{}` needs `{modifier}`", insn.full_opcode()),
                )
                .with_label(format!("add `{modifier}`"))
                .with_note(format!("ptxas: \"{issue}\""))
                .with_help(format!(
                    "write `{modifier}` (ptxas has no other form of this instruction)"
                ));
            checker.report(diagnostic);
            continue;
        }
        let Issue::MissingRounding { opcode, rule } = issue else {
            continue;
        };
        let choices = rule.allowed.join("`, `");
        let mut diagnostic = checker
            .diagnostic(
                checker.opcode_span(node),
                format!("`{}` needs a rounding modifier", insn.full_opcode()),
            )
            .with_label(format!("add one of `{choices}`"))
            .with_note(format!("ptxas: \"{issue}\""))
            .with_help(format!(
                "write the rounding explicitly, e.g. `{opcode}{}`",
                rule.allowed.first().copied().unwrap_or(".rn")
            ));
        if let (Some(first), Some(op)) = (rule.allowed.first(), insn.opcode_node()) {
            diagnostic = diagnostic.with_fix(Fix {
                message: format!("insert `{first}`"),
                applicability: Applicability::Unsafe,
                edits: vec![TextEdit::insert(op.end_byte(), *first)],
            });
        }
        checker.report(diagnostic);
    }
}

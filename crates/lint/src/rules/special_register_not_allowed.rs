//! # special-register-not-allowed (PTX416)
//!
//! ## What it does
//! Reports a special register (`%tid.x`, `%laneid`, `%clock64`, …) used directly by an
//! instruction that cannot read one: only a few instructions (`mov`, `cvt`, …) take special
//! registers, by their signatures.
//!
//! ## Why it matters
//! ptxas rejects it: "Special register argument not allowed for instruction 'setp'".
//!
//! ## Example
//! ```ptx
//! .reg .pred %p<2>;
//! setp.gt.u32 %p1, %tid.x, 15;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .pred %p<2>;
//! .reg .b32 %r<2>;
//! mov.u32 %r1, %tid.x;
//! setp.gt.u32 %p1, %r1, 15;
//! ```
//!
//! ## Fix safety
//! No fix: it needs a new register.

use ptxkit_isa::signature::Problem;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::signature_problems::{chain, each, operand_node, ordinal, ptxas_name};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "special-register-not-allowed";

pub(crate) const RULE: Rule = Rule {
    code: "PTX416",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "special register used by an instruction that cannot read one",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    each(
        checker,
        node,
        |p| matches!(p, Problem::SpecialRegister { .. }),
        |checker, check, problem| {
            let Problem::SpecialRegister { operand, element } = *problem else {
                return;
            };
            let Some(node) = operand_node(check, operand, element) else {
                return;
            };
            let name = &checker.text()[node.byte_range()];
            let opcode = ptxas_name(check);
            let diagnostic = checker
                .diagnostic(
                    Span::of(node),
                    format!(
                        "`{}` cannot read the special register `{name}` ({})",
                        chain(check),
                        ordinal(operand)
                    ),
                )
                .with_label("special register")
                .with_note(format!(
                    "ptxas: \"Special register argument not allowed for instruction '{opcode}'\""
                ))
                .with_help(format!("copy `{name}` into a register with `mov` first"));
            checker.report(diagnostic);
        },
    );
}

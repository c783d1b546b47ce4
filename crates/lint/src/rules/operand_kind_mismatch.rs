//! # operand-kind-mismatch (PTX414)
//!
//! ## What it does
//! Reports an operand of the wrong kind for its position, by the instruction's signature: a
//! constant or an address where a register must go (`add.s32 1, %r2, %r3`), a register where
//! an address must go, a variable name where only registers are allowed (`add.u64 %rd1, sym,
//! 4`), a sink `_` where the instruction cannot discard its result (`ld.global.b32 _, [a]`),
//! a braced vector of sinks only (`ld.global.v2.b32 {_, _}, [a]`).
//!
//! ## Why it matters
//! ptxas rejects the instruction: "Result register required for instruction 'add'",
//! "Argument 1 of instruction 'add': must be register", "Result discard mode is not allowed".
//!
//! ## Example
//! ```ptx
//! .reg .b32 %r<4>;
//! add.s32 1, %r2, %r3;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b32 %r<4>;
//! add.s32 %r1, %r2, %r3;
//! ```
//!
//! ## Fix safety
//! No fix.

use ptxkit_isa::signature::{Found, Problem};
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::signature_problems::{chain, each, form_note, operand_node, ordinal, ptxas_name};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "operand-kind-mismatch";

pub(crate) const RULE: Rule = Rule {
    code: "PTX414",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "constant, address, name or sink where the instruction takes something else",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

/// The operand (or element) the problem is about, as the matcher saw it.
fn found<'f, 'a>(operands: &'f [Found<'a>], operand: usize, element: Option<usize>) -> Option<&'f Found<'a>> {
    let outer = operands.get(operand)?;
    match (outer, element) {
        (_, None) => Some(outer),
        (Found::Address(e) | Found::Vector(e), Some(i)) => e.get(i),
        (Found::Pair(a, _), Some(0)) => Some(a),
        (Found::Pair(_, b), Some(_)) => Some(b),
        _ => Some(outer),
    }
}

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    each(
        checker,
        node,
        |p| matches!(p, Problem::OperandKind { .. }),
        |checker, check, problem| {
            let Problem::OperandKind {
                operand,
                element,
                expected,
                destination,
            } = *problem
            else {
                return;
            };
            let Some(node) = operand_node(check, operand, element) else {
                return;
            };
            let what = found(&check.instance.operands, operand, element).map_or("this", Found::describe);
            let opcode = ptxas_name(check);
            let position = match element {
                Some(e) => format!("element {} of {}", e + 1, ordinal(operand)),
                None => ordinal(operand),
            };
            let only_sinks = matches!(check.instance.operands.get(operand),
                Some(Found::Vector(e)) if !e.is_empty() && e.iter().all(|f| *f == Found::Sink));
            let ptxas = if only_sinks {
                "Unable to infer type of vector elements".to_string()
            } else if destination && what == "a constant" {
                format!("Result register required for instruction '{opcode}'")
            } else if what == "the sink '_'" {
                format!("Result discard mode is not allowed for instruction '{opcode}'")
            } else {
                format!("Arguments mismatch for instruction '{opcode}'")
            };
            let diagnostic = checker
                .diagnostic(
                    Span::of(node),
                    format!(
                        "{position} of `{}` must be {}, found {what}",
                        chain(check),
                        expected.describe()
                    ),
                )
                .with_label(format!("{what} is not allowed here"))
                .with_note(format!("{}; ptxas: \"{ptxas}\"", form_note(check.analysis.form)))
                .with_help(if only_sinks {
                    "write at least one element to a register: ptxas takes the elements' type from the registers"
                        .to_string()
                } else if destination {
                    "write the result to a register".to_string()
                } else {
                    format!("use {}", expected.describe())
                });
            checker.report(diagnostic);
        },
    );
}

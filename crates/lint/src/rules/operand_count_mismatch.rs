//! # operand-count-mismatch (PTX413)
//!
//! ## What it does
//! Reports an instruction with fewer or more operands than its form takes, by the
//! instruction's signature: `add.s32 %r1, %r2;`, a `mad` with three operands, a store with an
//! extra value. Optional operands count (a cache policy after `.L2::cache_hint`).
//!
//! ## Why it matters
//! ptxas rejects it: "Arguments mismatch for instruction 'add'". An operand dropped or
//! repeated while editing is the usual cause.
//!
//! ## Example
//! ```ptx
//! .reg .b32 %r<4>;
//! add.s32 %r1, %r2;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b32 %r<4>;
//! add.s32 %r1, %r2, %r3;
//! ```
//!
//! ## Fix safety
//! No fix: which operand is missing or extra is not known.

use ptxkit_isa::signature::Problem;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::signature_problems::{chain, chain_span, each, form_note, ptxas_name};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "operand-count-mismatch";

pub(crate) const RULE: Rule = Rule {
    code: "PTX413",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "fewer or more operands than the instruction takes",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn count(n: usize) -> String {
    if n == 1 {
        "1 operand".to_string()
    } else {
        format!("{n} operands")
    }
}

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let chain_span = chain_span(checker, node);
    each(
        checker,
        node,
        |p| matches!(p, Problem::OperandCount { .. }),
        |checker, check, problem| {
            let Problem::OperandCount { min, max, found } = *problem else {
                return;
            };
            let expected = if min == max {
                count(min)
            } else {
                format!("{min} to {max} operands")
            };
            // Extra operands are pointed at; missing ones at the whole operand list.
            let nodes = check.insn.operands();
            let span = if found > max {
                Span::new(nodes[max].start_byte(), nodes[found - 1].end_byte())
            } else if let (Some(first), Some(last)) = (nodes.first(), nodes.last()) {
                Span::new(first.start_byte(), last.end_byte())
            } else {
                chain_span
            };
            let diagnostic = checker
                .diagnostic(span, format!("`{}` takes {expected}, found {found}", chain(check)))
                .with_label(if found > max {
                    "extra operands"
                } else {
                    "operands missing"
                })
                .with_note(format!(
                    "{}; ptxas: \"Arguments mismatch for instruction '{}'\"",
                    form_note(check.analysis.form),
                    ptxas_name(check)
                ))
                .with_help(format!("write the operands of `{}`", check.analysis.form.text));
            checker.report(diagnostic);
        },
    );
}

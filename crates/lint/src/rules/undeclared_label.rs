//! # undeclared-label (PTX402)
//!
//! ## What it does
//! Reports a branch (`bra`, `brx.idx`) to a label that the function does not
//! define.
//!
//! ## Why it matters
//! Labels are local to their function; ptxas rejects the branch with
//! "Unknown symbol '$L__BB0_9'". Typical causes: a block deleted by hand, or
//! a label copied from another function.
//!
//! ## Example
//! ```ptx
//! @%p1 bra $L__BB0_9;
//! ```
//!
//! ## Use instead
//! ```ptx
//! @%p1 bra $L__BB0_2;
//! $L__BB0_2:
//! ```
//!
//! ## Fix safety
//! No fix: the intended target cannot be known.

use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::names::{NameUse, Resolution, closest};
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "undeclared-label";

pub(crate) const RULE: Rule = Rule {
    code: "PTX402",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "branch to a label the function does not define",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    for (ident, resolution) in checker.resolved(&insn).iter().copied() {
        if !matches!(resolution, Resolution::Undeclared(NameUse::Label)) {
            continue;
        }
        let name = checker.node_text(ident);
        let labels = checker
            .symbols
            .body_at(node.start_byte())
            .map(|b| b.declarations.labels.keys().cloned().collect::<Vec<_>>())
            .unwrap_or_default();
        let mut diagnostic = checker
            .diagnostic(
                Span::of(ident),
                format!("label `{name}` is not defined in this function"),
            )
            .with_label("undefined label")
            .with_note(format!(
                "ptxas: \"Unknown symbol '{name}'\"; labels are local to their function"
            ));
        diagnostic = match closest(name, labels) {
            Some(close) => diagnostic.with_help(format!("did you mean `{close}`?")),
            None => diagnostic.with_help(format!(
                "define `{name}:` in this function, or branch to an existing label"
            )),
        };
        checker.report(diagnostic);
    }
}

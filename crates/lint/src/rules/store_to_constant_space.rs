//! # store-to-constant-space (PTX304)
//!
//! ## What it does
//! Reports `st`, `atom` and `red` on the `.const` state space.
//!
//! ## Why it matters
//! Constant memory is read-only for kernels; the host writes it. ptxas
//! rejects the instruction: "State space incorrect for instruction 'st'".
//!
//! ## Example
//! ```ptx
//! st.const.u32 [table], %r1;
//! ```
//!
//! ## Use instead
//! ```ptx
//! st.global.u32 [table], %r1;   // with `table` declared .global
//! ```
//!
//! ## Fix safety
//! No fix: the data must move to another state space.

use ptxkit_syntax::Span;
use ptxkit_syntax::tree_sitter::Node;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "store-to-constant-space";

pub(crate) const RULE: Rule = Rule {
    code: "PTX304",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "store or atomic on the read-only `.const` space",
    visits: Visits::nodes(&["instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn_with_opcode(node, &["st", "atom", "red"]) else {
        return;
    };
    for space in insn.modifiers().iter().filter(|m| m.text.starts_with(".const")) {
        report(checker, insn.opcode(), space.node);
    }
}

/// A store (`opcode`) to the constant space named by modifier `space`.
fn report<'a>(checker: &mut Checker<'a>, opcode: &str, space: Node<'a>) {
    let diagnostic = checker
        .diagnostic(
            Span::of(space),
            format!("`{opcode}` writes to the read-only `.const` state space"),
        )
        .with_label("constant memory is read-only in kernels")
        .with_note(format!("ptxas: \"State space incorrect for instruction '{opcode}'\""))
        .with_help("write to `.global` or `.shared` memory instead; constants are set by the host");
    checker.report(diagnostic);
}

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

use crate::checker::{Captures, Checker, RuleImpl};

pub(crate) const NAME: &str = "store-to-constant-space";

pub(crate) const RULE: crate::RuleInfo = crate::RuleInfo {
    code: "PTX304",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "store or atomic on the read-only `.const` space",
    imp: RuleImpl {
        query: Some(query!("store_to_constant_space")),
        on_match: Some(check),
        on_module: None,
    },
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let Some((_, insn)) = checker.captured_opcode(captures, &["st", "atom", "red"]) else {
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

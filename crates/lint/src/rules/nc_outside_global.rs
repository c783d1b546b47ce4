//! # nc-outside-global (PTX303)
//!
//! ## What it does
//! Reports `ld.nc` (the non-coherent, read-only cache load) whose state
//! space is not `.global`: generic `ld.nc`, `ld.shared.nc`, `ld.param.nc`,
//! `ld.const.nc`.
//!
//! ## Why it matters
//! The non-coherent path exists only for global memory. ptxas rejects the
//! instruction: "Modifier '.nc' requires .global space".
//!
//! ## Example
//! ```ptx
//! ld.shared.nc.f32 %f1, [smem];
//! ```
//!
//! ## Use instead
//! ```ptx
//! ld.shared.f32 %f1, [smem];
//! ```
//!
//! ## Fix safety
//! Safe: removing `.nc` keeps the load's meaning (it only drops a caching
//! hint). If the address really is global, write `ld.global.nc` instead.

use ptxkit_syntax::{Applicability, Fix, Span, TextEdit};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_semantic::{Instruction, base_space};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "nc-outside-global";

pub(crate) const RULE: Rule = Rule {
    code: "PTX303",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "`ld.nc` outside the global space",
    visits: Visits::nodes(&["instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn_with_opcode(node, &["ld"]) else {
        return;
    };
    for nc in insn.modifiers().iter().filter(|m| m.text == ".nc") {
        check_nc(checker, &insn, nc.node);
    }
}

/// One `.nc` of an `ld`.
fn check_nc<'a>(checker: &mut Checker<'a>, insn: &Instruction<'a>, nc: Node<'a>) {
    let space = insn.space().map(|s| s.text);
    if space.is_some_and(|s| base_space(s) == ".global") {
        return;
    }
    let shown = space.map_or("generic".to_string(), |s| format!("`{s}`"));
    let diagnostic = checker
        .diagnostic(Span::of(nc), format!("`.nc` load from {shown} memory"))
        .with_label("`.nc` needs `.global`")
        .with_note("ptxas: \"Modifier '.nc' requires .global space\"")
        .with_help("remove `.nc`, or write `ld.global.nc` if the address is in global memory")
        .with_fix(Fix {
            message: "remove `.nc`".to_string(),
            applicability: Applicability::Safe,
            edits: vec![TextEdit::delete(Span::of(nc))],
        });
    checker.report(diagnostic);
}

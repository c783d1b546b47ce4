//! # shfl-vote-without-sync (PTX202)
//!
//! ## What it does
//! Reports `shfl` and `vote` without `.sync` (and without a member mask).
//!
//! ## Why it matters
//! The non-`.sync` forms assume that a warp executes in lock step, which
//! Volta's independent thread scheduling broke. They are deprecated since
//! PTX 6.0, and for `.target sm_70` and later ptxas rejects them from PTX 6.4
//! on: "Instruction 'shfl' without '.sync' is not supported on .target sm_70
//! and higher from PTX ISA version 6.4". For older targets they are a
//! warning.
//!
//! ## Example
//! ```ptx
//! shfl.bfly.b32 %r1, %r2, 1, 31;
//! vote.ballot.b32 %r3, %p1;
//! ```
//!
//! ## Use instead
//! ```ptx
//! shfl.sync.bfly.b32 %r1, %r2, 1, 31, 0xffffffff;
//! vote.sync.ballot.b32 %r3, %p1, 0xffffffff;
//! ```
//!
//! ## Fix safety
//! Unsafe: the fix adds `.sync` with the full member mask `0xffffffff`, which
//! is right only when every lane of the warp reaches the instruction (the
//! usual case for code written for lock-step warps). Offered from PTX 6.0,
//! where the `.sync` forms exist.

use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_isa::deprecations::{self, Status};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "shfl-vote-without-sync";

pub(crate) const RULE: Rule = Rule {
    code: "PTX202",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Unsafe,
    summary: "`shfl`/`vote` without `.sync` (removed for sm_70+ from PTX 6.4)",
    visits: Visits::nodes(&["instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn_with_opcode(node, &["shfl", "vote"]) else {
        return;
    };
    if insn.has(".sync") || node.has_error() {
        return;
    }
    let Some(opcode_node) = insn.opcode_node() else {
        return;
    };
    let opcode = insn.opcode();
    // The row of `shfl !.sync` or `vote !.sync`: deprecated when the `.sync`
    // forms appeared, rejected later on targets with independent scheduling.
    let row = if opcode == "vote" {
        &deprecations::VOTE_WITHOUT_SYNC
    } else {
        &deprecations::SHFL_WITHOUT_SYNC
    };
    let version = checker.version();
    let rejected = match (version, checker.target()) {
        (Some(version), Some(target)) => row.status(version, target) == Status::Rejected,
        _ => false,
    };
    let severity = if rejected { Severity::Error } else { Severity::Warning };
    let note = if rejected {
        format!("ptxas: \"{}\"", row.error)
    } else {
        format!(
            "deprecated since PTX {}; rejected for sm_{} and later from PTX {}",
            row.deprecated_in,
            row.rejected_on_sm,
            row.rejected_from.unwrap_or(row.deprecated_in)
        )
    };
    let mut diagnostic = checker
        .diagnostic_with(severity, Span::of(opcode_node), format!("`{opcode}` without `.sync`"))
        .with_label("assumes lock-step warps")
        .with_note(note)
        .with_help(format!(
            "use `{opcode}.sync` with a member mask (`0xffffffff` for the whole warp)"
        ));
    if version.is_none_or(|v| row.deprecated_at(v))
        && let Some(last) = insn.operands().last()
    {
        diagnostic = diagnostic.with_fix(Fix {
            message: format!("use `{opcode}.sync` with the full member mask"),
            applicability: Applicability::Unsafe,
            edits: full_mask_sync_form(opcode_node, *last),
        });
    }
    checker.report(diagnostic);
}

/// The edits that make a `shfl` or `vote` without `.sync` (its opcode and last operand) its
/// `.sync` form with the full member mask.
pub(crate) fn full_mask_sync_form(
    opcode: ptxkit_syntax::tree_sitter::Node<'_>,
    last_operand: ptxkit_syntax::tree_sitter::Node<'_>,
) -> Vec<TextEdit> {
    vec![
        TextEdit::insert(opcode.end_byte(), ".sync"),
        TextEdit::insert(last_operand.end_byte(), ", 0xffffffff"),
    ]
}

//! # deprecated-banked-constant (PTX204)
//!
//! ## What it does
//! Reports variables declared in an explicit constant bank, `.const[N]`, and
//! instructions that name one (`ld.const[2].f32`).
//!
//! ## Why it matters
//! Constant banks were deprecated in PTX 2.2, which made `.const` one flat
//! space. ptxas rejects them from PTX 2.2 on ("Deprecated feature: 'explicit
//! constant banks' not supported as of PTX version 2.2"), and before 1.5 it
//! does not know them at all.
//!
//! ## Example
//! ```ptx
//! .const[0] .b32 table[16];
//! ```
//!
//! ## Use instead
//! ```ptx
//! .const .b32 table[16];
//! ```
//! (and `ld.const` for `ld.const[0]`).
//!
//! ## Fix safety
//! Safe for bank 0, which is the flat `.const` space (a 2.1 kernel assembles
//! to the same cubin with `.const[0]` or `.const`, in the declaration and in
//! `ld`). No fix for other banks:
//! they were bound to the host through the driver API.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit};

use crate::checker::{Captures, Checker};
use crate::rule::{Rule, Visits};
use ptxkit_isa::deprecations::{self, Deprecation};

pub(crate) const NAME: &str = "deprecated-banked-constant";

pub(crate) const RULE: Rule = Rule {
    code: "PTX204",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Sometimes,
    summary: "`.const[N]` banks (removed after PTX 2.1)",
    visits: Visits::nodes(&["instruction"], check_instruction).and_query(
        &["variable_declaration"],
        query!("deprecated_banked_constant"),
        check,
    ),
};

/// The deprecation row of banked constants (ptxas 11.8, 12.9, 13.5 reject them from its version on).
fn row() -> &'static Deprecation {
    &deprecations::BANKED_CONSTANT
}

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    if let Some(space) = captures.get("space") {
        report(checker, space);
    }
}

/// An instruction's `.const[N]` modifiers, read from the instruction's shared view (walking
/// the node's children again cost as much as building it).
fn check_instruction<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    let banked: smallvec::SmallVec<[Node<'a>; 1]> = insn
        .modifiers()
        .iter()
        .filter(|m| m.node.kind_name() == "modifier" && m.text.starts_with(".const["))
        .map(|m| m.node)
        .collect();
    for space in banked {
        report(checker, space);
    }
}

/// Reports the `.const[N]` written at `space` (a declaration's state space or a modifier).
fn report<'a>(checker: &mut Checker<'a>, space: Node<'a>) {
    let written = checker.node_text(space);
    let what = if space.kind_name() == "modifier" {
        format!("`{written}` names an explicit constant bank")
    } else {
        format!("`{written}` declares a variable in an explicit constant bank")
    };
    let row = row();
    let rejected = checker.version().is_none_or(|v| row.rejected_at(v));
    let severity = if rejected { Severity::Error } else { Severity::Warning };
    let note = if rejected {
        format!("ptxas: \"{}\"", row.error)
    } else {
        format!("constant banks are deprecated from PTX {} on", row.deprecated_in)
    };
    let mut diagnostic = checker
        .diagnostic_with(severity, Span::of(space), what)
        .with_label("banked constant")
        .with_note(note)
        .with_help(if space.kind_name() == "modifier" {
            "use the flat `.const` space (`ld.const`)"
        } else {
            "declare it in the flat `.const` space"
        });
    if written.replace(' ', "") == ".const[0]" {
        diagnostic = diagnostic.with_fix(Fix {
            message: "replace `.const[0]` with `.const`".to_string(),
            applicability: Applicability::Safe,
            edits: vec![TextEdit::replace(Span::of(space), ".const")],
        });
    }
    checker.report(diagnostic);
}

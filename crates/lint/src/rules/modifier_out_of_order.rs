//! # modifier-out-of-order (PTX422)
//!
//! ## What it does
//! Reports a modifier written where ptxas does not take it. ptxas reads most
//! modifiers in any order, but a vector modifier (`.v2`, `.v4`, `.v8`) must
//! come right before a type, and `.lo`, `.hi` and `.wide` of `mul`, `mad`,
//! `mul24` and `mad24` must come first (ptxkit-isa's `modifier_order`, probed
//! with ptxas 11.8, 12.9 and 13.5).
//!
//! ## Why it matters
//! A misplaced width is an error, in words that hide the cause: `mul.u32.lo`
//! is "Unexpected instruction types specified for 'mul'", `mad.u32.wide`
//! "Unknown modifier '.wide'". A misplaced vector modifier (`ld.global.u32.v2`)
//! is only a warning, "Vector Type not specified properly", easy to miss in a
//! build log; generators that emit it are one ptxas release away from an error.
//!
//! ## Example
//! ```ptx
//! mul.u32.lo %r1, %r2, %r3;
//! ```
//!
//! ## Use instead
//! ```ptx
//! mul.lo.u32 %r1, %r2, %r3;
//! ```
//!
//! ## Fix safety
//! Safe: the fix moves the modifier where ptxas reads it; the instruction
//! means what its modifiers say, in any order.

use ptxkit_isa::modifier_order::misplaced;
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "modifier-out-of-order";

pub(crate) const RULE: Rule = Rule {
    code: "PTX422",
    name: NAME,
    severity: Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "modifier where ptxas does not take it (`mul.u32.lo`, `ld.global.u32.v2`)",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    if node.has_error() {
        return;
    }
    let Some(insn) = checker.insn(node) else { return };
    // Plain instructions with two modifiers or more.
    if node.kind_name() != "instruction" || insn.modifiers().len() < 2 {
        return;
    }
    let modifiers: Vec<&str> = insn.modifiers().iter().map(|m| m.text).collect();
    let Some(found) = misplaced(insn.opcode(), &modifiers) else {
        return;
    };
    let nodes = insn.modifiers();
    let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
        return;
    };
    let moved = modifiers[found.index];
    let reordered = found.reordered(&modifiers);
    let written = format!("{}{}", insn.opcode(), modifiers.concat());
    let wanted = format!("{}{}", insn.opcode(), reordered.concat());
    let place = if found.to == 0 {
        "right after the opcode".to_string()
    } else {
        "right before the type".to_string()
    };
    let severity = if found.rejected {
        Severity::Error
    } else {
        Severity::Warning
    };
    let diagnostic = checker
        .diagnostic_with(
            severity,
            Span::of(nodes[found.index].node),
            format!("`{moved}` out of place in `{written}`"),
        )
        .with_label(format!("ptxas takes `{moved}` {place}"))
        .with_note(format!("ptxas: \"{}\"", found.ptxas))
        .with_help(format!("write `{wanted}`"))
        .with_fix(Fix {
            message: format!("write `{wanted}`"),
            applicability: Applicability::Safe,
            edits: vec![TextEdit::replace(
                Span::new(first.node.start_byte(), last.node.end_byte()),
                reordered.concat(),
            )],
        });
    checker.report(diagnostic);
}

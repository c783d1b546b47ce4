//! # state-space-mismatch (PTX302)
//!
//! ## What it does
//! Reports a memory instruction whose state space differs from the space
//! of the variable it addresses, e.g. `ld.shared` of a `.global` variable or
//! `ld.global` of a kernel `.param`.
//!
//! ## Why it matters
//! A variable's name is an address within its own state space, so the
//! instruction would read the wrong memory. ptxas rejects it: "State space
//! mismatch between instruction and address in instruction 'ld'".
//!
//! ## Example
//! ```ptx
//! .global .align 4 .b32 counter;
//! ld.shared.u32 %r1, [counter];
//! ```
//!
//! ## Use instead
//! ```ptx
//! ld.global.u32 %r1, [counter];
//! ```
//!
//! ## Fix safety
//! Unsafe: the fix writes the variable's state space into the instruction,
//! which changes which memory is accessed; the variable's declaration may be
//! what is wrong.

use ptxkit_syntax::{Applicability, Fix, Span, TextEdit};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_semantic::{Modifier, base_space, symbol_address};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "state-space-mismatch";

pub(crate) const RULE: Rule = Rule {
    code: "PTX302",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Unsafe,
    summary: "instruction state space differs from the variable's",
    visits: Visits::nodes(&["instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn_with_opcode(node, &["ld", "ldu", "st", "atom", "red"]) else {
        return;
    };
    let Some(Modifier {
        text: space,
        node: space_node,
    }) = insn.space()
    else {
        return;
    };
    let Some(address) = insn.address_operand().and_then(|a| symbol_address(a, checker.text())) else {
        return;
    };
    let name = checker.node_text(address.base);
    // Call sequences declare the same `.param` name several times with
    // different types and alignments; only the state space must agree.
    let Some((variable, have)) = checker.symbols.variable_space(node.start_byte(), name) else {
        return;
    };
    let want = base_space(space);
    if want == have || have.is_empty() || matches!(have, ".reg" | ".sreg" | ".tex") || want == ".tex" {
        return;
    }
    let diagnostic = checker
        .diagnostic(
            Span::of(space_node),
            format!(
                "`{}` accesses `{name}`, which is declared `{}`",
                insn.opcode().to_string() + space,
                variable.space
            ),
        )
        .with_label(format!("`{space}` instruction"))
        .with_secondary(variable.span, format!("declared in `{}` here", variable.space))
        .with_note(format!(
            "ptxas: \"State space mismatch between instruction and address in instruction '{}'\"",
            insn.opcode()
        ))
        .with_help(format!("use `{}{}` (or fix the declaration)", insn.opcode(), have))
        .with_fix(Fix {
            message: format!("replace `{space}` with `{have}`"),
            applicability: Applicability::Unsafe,
            edits: vec![TextEdit::replace(Span::of(space_node), have)],
        });
    checker.report(diagnostic);
}

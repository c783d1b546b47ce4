//! What the signature rules share: walking the problems the matcher found for an instruction,
//! the syntax node each one points at, and how the closest form reads in a note.

use ptxkit_isa::signature::{Form, Problem};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::Span;
use ptxkit_syntax::tree_sitter::Node;

use crate::checker::{Checker, SignatureCheck};

/// Rounding-like modifiers: their problems are the rounding rules' business (PTX101, PTX102),
/// which know the version- and target-dependent defaults.
fn is_rounding(modifier: &str) -> bool {
    ptxkit_isa::rounding::ALL_ROUNDING.contains(&modifier) || matches!(modifier, ".approx" | ".full")
}

/// Calls `report` for every problem of the instruction at `node` that `wanted` selects,
/// leaving out those the rounding rules own.
pub(crate) fn each<'a>(
    checker: &mut Checker<'a>,
    node: Node<'a>,
    wanted: fn(&Problem) -> bool,
    mut report: impl FnMut(&mut Checker<'a>, &SignatureCheck<'a>, &Problem),
) {
    let check = checker.signature(node);
    let Some(check) = check.as_ref() else { return };
    for problem in &check.analysis.problems {
        if !wanted(problem) || owned_by_rounding_rules(check, problem) {
            continue;
        }
        report(checker, check, problem);
    }
}

/// Whether a problem belongs to the rounding rules (a rounding-like modifier where the form
/// takes another or none).
pub(crate) fn owned_by_rounding_rules(check: &SignatureCheck<'_>, problem: &Problem) -> bool {
    match problem {
        Problem::UnknownModifier { .. } => false,
        Problem::IllegalModifier { modifier } | Problem::ConflictingModifier { modifier } => {
            is_rounding(check.instance.modifiers[*modifier])
        }
        Problem::MissingModifier { part } => check.analysis.form.parts[*part].values.iter().all(|v| is_rounding(v)),
        _ => false,
    }
}

/// The chain as written (`ld.global.v4.f32`).
pub(crate) fn chain(check: &SignatureCheck<'_>) -> String {
    let mut out = check.instance.opcode.to_string();
    for m in &check.instance.modifiers {
        out.push_str(m);
    }
    out
}

/// The name ptxas gives the instruction in its messages (`multimem.st`, `mul.wide`, `atom`).
pub(crate) fn ptxas_name(check: &SignatureCheck<'_>) -> String {
    ptxkit_isa::ptxas_names::ptxas_instruction_name(check.instance.opcode, &check.instance.modifiers)
}

/// The span of modifier `index`.
pub(crate) fn modifier_span(check: &SignatureCheck<'_>, index: usize) -> Span {
    Span::of(check.insn.modifiers()[index].node)
}

/// The span of the opcode and its modifiers.
pub(crate) fn chain_span<'a>(checker: &Checker<'a>, node: Node<'a>) -> Span {
    checker.opcode_span(node)
}

/// The node of operand `operand`, or of its element `element` inside an address, vector or
/// pair.
pub(crate) fn operand_node<'a>(check: &SignatureCheck<'a>, operand: usize, element: Option<usize>) -> Option<Node<'a>> {
    let node = *check.insn.operands().get(operand)?;
    let Some(element) = element else { return Some(node) };
    let inner = match node.kind_name() {
        "address_operand" | "vector_operand" => ptxkit_semantic::elements(node).nth(element),
        "predicate_pair" => node.field(if element == 0 { "value" } else { "predicate" }),
        _ => None,
    };
    Some(inner.unwrap_or(node))
}

/// A note naming the closest form and where it is written.
pub(crate) fn form_note(form: &Form) -> String {
    format!(
        "the closest form is `{}` (PTX ISA §{}; crates/isa/signatures/{}.sig:{})",
        form.text, form.section, form.family, form.line
    )
}

/// 1-based ordinal in words for messages ("operand 2").
pub(crate) fn ordinal(index: usize) -> String {
    format!("operand {}", index + 1)
}

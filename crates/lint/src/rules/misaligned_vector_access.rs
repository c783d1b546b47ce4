//! # misaligned-vector-access (PTX301)
//!
//! ## What it does
//! Reports a vector (`.v2`, `.v4`, `.v8`) or 128-bit (`.b128`) `ld`, `st`,
//! `ldu`, `atom` or `red` whose address is provably not a multiple of the
//! access size: a variable whose alignment is known (its `.align`, or the
//! natural alignment of its type, which is how `.param` aggregates are laid
//! out by the ABI) plus a constant offset, written as `[var+C]` or as
//! `[%rd+C]` where `%rd` provably holds the variable's address (an unguarded
//! `mov %rd, var` earlier in the same straight-line block, with no label
//! and no other write of `%rd` in between).
//!
//! ## Why it matters
//! Vector accesses must be aligned to their full size. ptxas accepts
//! misaligned ones silently (checked with 11.8, 12.9 and 13.5), and the
//! kernel then dies at run time with "misaligned address".
//!
//! ## Example
//! ```ptx
//! .shared .align 16 .b8 smem[1024];
//! ld.shared.v4.u32 {%r1, %r2, %r3, %r4}, [smem+97];
//! ```
//!
//! ## Use instead
//! ```ptx
//! ld.shared.v4.u32 {%r1, %r2, %r3, %r4}, [smem+96];
//! ```
//!
//! ## Fix safety
//! No fix: the right offset depends on the data layout.

use ptxkit_syntax::Span;

use ptxkit_syntax::tree_sitter::Node;

use crate::checker::{Captures, Checker, RuleImpl};
use crate::types::type_shape;
use ptxkit_semantic::{Instruction, symbol_address};

pub(crate) const NAME: &str = "misaligned-vector-access";

pub(crate) const RULE: crate::RuleInfo = crate::RuleInfo {
    code: "PTX301",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "vector access at a provably misaligned address (ptxas misses it)",
    imp: RuleImpl {
        query: Some(query!("misaligned_vector_access")),
        on_match: Some(check),
        on_module: None,
    },
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let Some((node, insn)) = checker.captured_instruction(captures) else {
        return;
    };
    let vector = insn.vector();
    let Some(element) = insn.types().last().and_then(|t| type_shape(t)) else {
        return;
    };
    if vector.is_none() && element.bits < 128 {
        return;
    }
    let size = u64::from(element.bits / 8) * u64::from(vector.unwrap_or(1));
    let Some(operand) = insn.address_operand() else { return };
    let Some(address) = symbol_address(operand, checker.text()) else {
        return;
    };
    let written = checker.node_text(address.base);
    let (name, via) = match checker.symbols.variable(node.start_byte(), written) {
        Some(_) => (written, None),
        None => match symbol_in_register(node, written, checker.text()) {
            Some((symbol, mov)) => (checker.node_text(symbol), Some(mov)),
            None => return,
        },
    };
    let Some(variable) = checker.symbols.variable(node.start_byte(), name) else {
        return;
    };
    let Some(alignment) = variable.known_alignment() else {
        return;
    };
    let provable = alignment.min(size);
    if provable <= 1 || address.offset.rem_euclid(provable as i64) == 0 {
        return;
    }
    let why = if variable.align.is_some() {
        format!("`{name}` is declared `.align {alignment}`")
    } else {
        format!("`{name}` is aligned to {alignment} bytes by its type")
    };
    let mut diagnostic = checker
        .diagnostic(
            Span::of(operand),
            format!("{size}-byte access at `{written}{:+}` is misaligned", address.offset),
        )
        .with_label(format!("offset {} is not a multiple of {provable}", address.offset))
        .with_secondary(variable.span, why);
    if let Some(mov) = via {
        diagnostic = diagnostic.with_secondary(Span::of(mov), format!("`{written}` holds the address of `{name}`"));
    }
    let diagnostic = diagnostic
        .with_note("ptxas accepts this, and the kernel faults at run time with \"misaligned address\"")
        .with_help(format!(
            "use an offset that is a multiple of {size}, or split the access into narrower ones"
        ));
    checker.report(diagnostic);
}

/// The symbol whose address register `register` provably holds at
/// `instruction`: the nearest earlier statement of the same block that
/// writes `register` is an unguarded `mov register, symbol`, and no label,
/// nested block or other write lies between them (so every path to
/// `instruction` passes through the `mov`). Returns the symbol's name node
/// and the `mov`.
fn symbol_in_register<'t>(instruction: Node<'t>, register: &str, source: &'t str) -> Option<(Node<'t>, Node<'t>)> {
    let mut at = instruction.prev_named_sibling();
    while let Some(node) = at {
        match node.kind() {
            "instruction" => {
                let insn = Instruction::cast(node, source)?;
                if writes(&insn, register, source) {
                    let [destination, value] = insn.operands() else {
                        return None;
                    };
                    let is_mov = insn.opcode() == "mov" && insn.guard().is_none() && !node.has_error();
                    let plain = destination.kind() == "identifier" && value.kind() == "identifier";
                    return (is_mov && plain).then_some((*value, node));
                }
            }
            "variable_declaration" | "pragma_directive" | "loc_directive" | "comment" => {}
            // a label (a jump may enter here), a nested block, a call or anything else
            _ => return None,
        }
        at = node.prev_named_sibling();
    }
    None
}

/// Whether an instruction may write `register`: destinations come first in
/// PTX, so `register` in its first operand outside an address.
fn writes(insn: &Instruction<'_>, register: &str, source: &str) -> bool {
    let Some(first) = insn.operands().first() else {
        return false;
    };
    let mut stack = vec![*first];
    while let Some(node) = stack.pop() {
        if node.kind() == "address_operand" {
            continue;
        }
        if node.kind() == "identifier" && &source[node.byte_range()] == register {
            return true;
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    false
}

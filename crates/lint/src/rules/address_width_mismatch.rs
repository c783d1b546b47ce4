//! # address-width-mismatch (PTX305)
//!
//! ## What it does
//! Reports a generic address (an instruction without a state space, such
//! as `ld.u32` or `mbarrier.arrive.b64`) or a `.global` address
//! (`ld.global.u32`, `atom.global.add.u32`) held in a 32-bit register in a
//! module declared `.address_size 64`.
//!
//! ## Why it matters
//! Generic and global addresses are as wide as `.address_size`. ptxas warns "Program
//! uses 32-bit address on line N which is conflicting with .address_size
//! 64" and then stops: "32-Bit ABI (--machine 32 or 32-Bit addressing) is
//! not supported on sm_90 or higher architectures" (ptxas 12.9, 13.5) or
//! "32-Bit compilation is no longer supported" (ptxas 13.x on older
//! targets).
//!
//! ## Example
//! ```ptx
//! .address_size 64
//! .reg .b32 %r<3>;
//! ld.u32 %r1, [%r2];
//! ld.global.u32 %r1, [%r2];
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b32 %r<3>;
//! .reg .b64 %rd<3>;
//! ld.u32 %r1, [%rd2];          // a 64-bit register
//! ld.shared.u32 %r1, [%r2];    // or a state space with 32-bit offsets
//! ```
//!
//! ## Fix safety
//! No fix: the address must be computed in a 64-bit register.

use ptxkit_semantic::Instruction;
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::Span;
use ptxkit_syntax::tree_sitter::Node;

use crate::checker::{Captures, Checker, RuleImpl};
use crate::types::type_shape;
use ptxkit_semantic::{base_space, elements};

pub(crate) const NAME: &str = "address-width-mismatch";

pub(crate) const RULE: crate::RuleInfo = crate::RuleInfo {
    code: "PTX305",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "generic address in a 32-bit register in a 64-bit module",
    imp: RuleImpl {
        query: Some(query!("address_width_mismatch")),
        on_match: Some(check),
        on_module: None,
    },
};

/// The instructions that take an address.
const ADDRESSING: &[&str] = &["ld", "ldu", "st", "atom", "red", "prefetch", "prefetchu", "mbarrier"];

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let Some((node, insn)) = checker.captured_opcode(captures, ADDRESSING) else {
        return;
    };
    if !checker.header.is_64bit() || node.has_error() {
        return;
    }
    for &address in insn.operands().iter().filter(|o| o.kind_name() == "address_operand") {
        check_address(checker, node, &insn, address);
    }
}

/// One address operand of `insn`.
fn check_address<'a>(checker: &mut Checker<'a>, node: Node<'a>, insn: &Instruction<'a>, address: Node<'a>) {
    // Generic addresses, and `.global` ones (ptxas treats both alike); other
    // spaces take 32-bit offsets. A generic form with a `::` modifier may
    // address another memory (`mbarrier … .shared::cta`).
    let space = match insn.space() {
        None if insn.modifiers().iter().any(|m| m.text.contains("::")) => return,
        None => "generic",
        Some(space) if base_space(space.text) == ".global" && insn.opcode() != "mbarrier" => "global",
        Some(_) => return,
    };
    let mut elements = elements(address);
    let (Some(element), None) = (elements.next(), elements.next()) else {
        return;
    };
    let register = match element.kind_name() {
        "identifier" => element,
        "binary_expression" => match element.field("left") {
            Some(left) if left.kind_name() == "identifier" => left,
            _ => return,
        },
        _ => return,
    };
    let name = checker.node_text(register);
    let Some((ty, None)) = checker.symbols.register_type(node.start_byte(), name) else {
        return;
    };
    if type_shape(ty).is_none_or(|s| s.bits != 32) {
        return;
    }
    let diagnostic = checker
        .diagnostic(Span::of(register), format!("{space} address in 32-bit register `{name}` in a 64-bit module"))
        .with_label(format!("`{name}` is `{ty}`"))
        .with_note("ptxas: \"Program uses 32-bit address ... conflicting with .address_size 64\", then \"32-Bit ABI ... is not supported\"")
        .with_help("compute the address in a 64-bit register, or name the state space (`.shared`, `.local`) for a 32-bit offset");
    checker.report(diagnostic);
}

//! # address-width-mismatch (PTX305)
//!
//! ## What it does
//! Reports a 32-bit register holding an address that ptxas wants 64 bits wide in a module
//! declared `.address_size 64`: the generic or `.global` address of `ld`, `ldu`, `st`, `atom`,
//! `red`, `prefetch`, `prefetchu`, `applypriority`, `discard`, `mbarrier` and `multimem`
//! (`ld.u32 %r1, [%r2]`, `atom.global.add.u32`), and `cvta` with a 32-bit type
//! (`cvta.shared.u32`, a 32-bit generic address).
//!
//! A state space's offset (`.shared`, `.shared::cta`, `.shared::cluster`, `.local`, `.param`,
//! `.const`) may be 32 bits wide, and so may every address of the bulk, asynchronous and
//! tensor instructions (`st.bulk`, `st.async`, `red.async`, `cp.async`, `ldmatrix`,
//! `wmma.load`, `tcgen05`, `tensormap`, `prefetch.tensormap`, `createpolicy`), `isspacep`'s and
//! `mapa`'s: ptxas takes them without a word (every address of every instruction probed with
//! ptxas 11.8, 12.9 and 13.5: `cargo xtask isa-probes --only address-width`).
//!
//! ## Why it matters
//! Generic and global addresses are as wide as `.address_size`. ptxas warns "Program
//! uses 32-bit address on line N which is conflicting with .address_size
//! 64" and then stops: "32-Bit ABI (--machine 32 or 32-Bit addressing) is
//! not supported on sm_90 or higher architectures" (ptxas 12.9, 13.5) or
//! "32-Bit compilation is no longer supported" (ptxas 12.x and 13.x on older
//! targets); ptxas 11.8 silently compiles the whole module as 32-bit code.
//!
//! ## Example
//! ```ptx
//! .address_size 64
//! .reg .b32 %r<3>;
//! ld.u32 %r1, [%r2];
//! ld.global.u32 %r1, [%r2];
//! cvta.shared.u32 %r1, %r2;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b32 %r<3>;
//! .reg .b64 %rd<3>;
//! ld.u32 %r1, [%rd2];          // a 64-bit register
//! ld.shared.u32 %r1, [%r2];    // or a state space with 32-bit offsets
//! cvta.shared.u64 %rd1, %rd2;
//! ```
//!
//! ## Fix safety
//! No fix: the address must be computed in a 64-bit register.

use ptxkit_semantic::Instruction;
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::Span;
use ptxkit_syntax::tree_sitter::Node;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::types::type_shape;
use ptxkit_isa::signature::{AddressWidth, address_width, is_32bit_address_conversion};
use ptxkit_semantic::{base_space, elements};

pub(crate) const NAME: &str = "address-width-mismatch";

pub(crate) const RULE: Rule = Rule {
    code: "PTX305",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "generic address in a 32-bit register in a 64-bit module",
    visits: Visits::nodes(&["instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    if !checker.header.is_64bit() || node.has_error() {
        return;
    }
    let Some(insn) = checker.insn(node) else { return };
    let modifiers: Vec<&str> = insn.modifiers().iter().map(|m| m.text).collect();
    if is_32bit_address_conversion(insn.opcode(), &modifiers) {
        report_conversion(checker, &insn);
        return;
    }
    if address_width(insn.opcode(), &modifiers) != AddressWidth::Wide {
        return;
    }
    let space = match insn.space() {
        Some(space) if base_space(space.text) == ".global" => "global",
        Some(_) => "constant-bank",
        None => "generic",
    };
    for &address in insn.operands().iter().filter(|o| o.kind_name() == "address_operand") {
        check_address(checker, node, space, address);
    }
}

/// `cvta` with a 32-bit type in a 64-bit module.
fn report_conversion<'a>(checker: &mut Checker<'a>, insn: &Instruction<'a>) {
    let Some(ty) = insn.type_modifiers().last() else {
        return;
    };
    let diagnostic = checker
        .diagnostic(
            Span::of(ty.node),
            format!("`{}` uses a 32-bit generic address in a 64-bit module", insn.full_opcode()),
        )
        .with_label("32-bit address")
        .with_note("ptxas: \"Program uses 32-bit address ... conflicting with .address_size 64\", then \"32-Bit ABI ... is not supported\"")
        .with_help("convert in 64 bits (`.u64` and 64-bit registers); a state-space offset may then be truncated with `cvt.u32.u64`");
    checker.report(diagnostic);
}

/// One address operand of an instruction whose address ptxas wants 64 bits wide.
fn check_address<'a>(checker: &mut Checker<'a>, node: Node<'a>, space: &str, address: Node<'a>) {
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

//! # misaligned-vector-access (PTX301)
//!
//! ## What it does
//! Reports a vector (`.v2`, `.v4`, `.v8`) or 128-bit (`.b128`) `ld`, `st`,
//! `ldu`, `atom` or `red` whose address is provably not a multiple of the
//! access size: a variable whose alignment is known (its `.align`, or the
//! natural alignment of its type, which is how `.param` aggregates are laid
//! out by the ABI) plus a constant offset.
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

use ptx_syntax::Span;

use crate::checker::{Captures, Checker, RuleImpl};
use crate::insn::symbol_address;
use crate::types::type_shape;

pub(crate) const NAME: &str = "misaligned-vector-access";

pub(crate) const RULE: RuleImpl = RuleImpl {
    query: Some(query!("misaligned_vector_access")),
    on_match: Some(check),
    on_module: None,
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let Some(node) = captures.get("instruction") else {
        return;
    };
    let Some(insn) = checker.insn(node) else { return };
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
    let name = checker.node_text(address.base);
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
    let diagnostic = checker
        .diagnostic(
            Span::of(operand),
            format!("{size}-byte access at `{name}{:+}` is misaligned", address.offset),
        )
        .with_label(format!("offset {} is not a multiple of {provable}", address.offset))
        .with_secondary(variable.span, why)
        .with_note("ptxas accepts this, and the kernel faults at run time with \"misaligned address\"")
        .with_help(format!(
            "use an offset that is a multiple of {size}, or split the access into narrower ones"
        ));
    checker.report(diagnostic);
}

//! # constant-address-out-of-bounds (PTX307)
//!
//! ## What it does
//! Reports a memory access at a constant offset from a variable of known size
//! that falls outside the variable: `[smem+4096]` on `.shared .b8 smem[4096]`,
//! written directly or through a register that provably holds `smem+C` (the
//! address followed through `mov`, `cvta`, `add`/`sub` of constants, across
//! blocks). The access's whole width counts: a `.v4.u32` at `smem+4088` ends
//! past a 4096-byte array (trailing `_` elements of a vector load do not).
//! `.extern` arrays, the `.local` stack depot and scalar parameters are not
//! checked.
//!
//! ## Why it matters
//! ptxas accepts the access; at run time it reads or overwrites a neighbouring
//! variable, or faults.
//!
//! ## Example
//! ```ptx
//! .shared .align 16 .b8 smem[4096];
//! st.shared.u32 [smem+4096], %r1;
//! ```
//!
//! ## Use instead
//! ```ptx
//! st.shared.u32 [smem+4092], %r1;
//! ```
//!
//! ## Fix safety
//! No fix: the right offset depends on the data layout.

use ptxkit_semantic::flow::alignment::{Alignment, Base, Congruence, OPAQUE};
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::memory_access::Requirement;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "constant-address-out-of-bounds";

pub(crate) const RULE: Rule = Rule {
    code: "PTX307",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "constant address outside a variable of known size (ptxas misses it)",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    let accesses = checker.addressed_accesses(function);
    if let Some((alignment, accesses)) = accesses.as_ref() {
        check_function(checker, alignment, accesses);
    }
}

fn check_function<'a>(
    checker: &mut Checker<'a>,
    alignment: &Alignment<'a>,
    accesses: &[(Requirement<'a>, Congruence)],
) {
    for (check, value) in accesses.iter().filter(|(check, _)| check.size.is_some()) {
        let Some((base, offset)) = value.exact_offset() else {
            continue;
        };
        if base == 0 || base >= OPAQUE {
            continue;
        }
        let Base::Symbol(variable) = alignment.bases[base as usize] else {
            continue;
        };
        let Some(bytes) = variable_size(variable) else { continue };
        let size = check.size.unwrap_or(1) as i64;
        if offset >= 0 && offset + size <= bytes as i64 {
            continue;
        }
        let name = &variable.name;
        let (message, label) = if offset < 0 {
            (
                format!("access at `{name}`{offset:+} is before the start of `{name}`"),
                format!("{} bytes before `{name}`", -offset),
            )
        } else {
            (
                format!("{size}-byte access at `{name}`{offset:+} is outside `{name}` ({bytes} bytes)"),
                format!("bytes {offset}..{} of a {bytes}-byte variable", offset + size),
            )
        };
        let diagnostic = checker
            .diagnostic(Span::of(check.address), message)
            .with_label(label)
            .with_secondary(variable.span, format!("`{name}` is {bytes} bytes"))
            .with_note("ptxas accepts this; at run time it touches another variable's memory or faults")
            .with_help(format!("keep the access within `{name}`, or declare it larger"));
        checker.report(diagnostic);
    }
}

/// The size in bytes of a variable with a known element count and type.
fn variable_size(variable: &ptxkit_semantic::Variable) -> Option<u64> {
    // `.extern` arrays have no size; the `.local` depot is a stack frame that calls
    // address past; a scalar `.b8` parameter is how PTX 1.x declared a struct of any size.
    if variable.is_extern || variable.base_space() == ".local" || (variable.is_parameter && !variable.is_array) {
        return None;
    }
    let bits = u64::from(ptxkit_isa::type_info(variable.ty.as_deref()?)?.bits);
    let element = (bits / 8).max(1) * u64::from(variable.vector.unwrap_or(1));
    element.checked_mul(variable.elements?).filter(|&b| b > 0)
}

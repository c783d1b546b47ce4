//! # illegal-declaration-specifier (PTX410)
//!
//! ## What it does
//! Reports what the PTX grammar reads in a declaration but no ptxas accepts,
//! at any version: the instruction-only state spaces `.shared::cta`,
//! `.shared::cluster`, `.param::entry`, `.param::func` and `.sreg`; types
//! that exist only on instructions (`.bf16`, `.bf16x2`, `.tf32`, the FP8,
//! FP6 and FP4 formats, `.f32x2`, packed integers); vectors wider than `.v4`;
//! and casts to anything but `(.s64)`/`(.u64)` in constant expressions.
//!
//! ## Why it matters
//! ptxas 11.8, 12.9 and 13.5 reject the module ("Parsing error near
//! '.bf16': syntax error", "Type .e4m3 may only be used as an instruction
//! type", "Unsupported cast operation"). Registers holding `.bf16` values are
//! declared `.b16`; the `::cta` spellings belong on instructions
//! (`ld.shared::cta`).
//!
//! ## Example
//! ```ptx
//! .reg .bf16 %h<4>;
//! .shared::cta .align 4 .b8 buf[64];
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b16 %h<4>;
//! .shared .align 4 .b8 buf[64];
//! ```
//!
//! ## Fix safety
//! No fix: the right replacement (`.b16` or `.b32`, `.shared`) depends on
//! the use.

use ptxkit_isa::Issue;

use crate::checker::{Checker, RuleImpl};

pub(crate) const NAME: &str = "illegal-declaration-specifier";

pub(crate) const RULE: RuleImpl = RuleImpl {
    query: None,
    on_match: None,
    on_module: Some(check),
};

fn check(checker: &mut Checker<'_>) {
    let unsupported: Vec<_> = checker
        .construct_issues()
        .iter()
        .filter_map(|(span, issue)| match issue {
            Issue::Unsupported(u) => Some((*span, *u)),
            _ => None,
        })
        .collect();
    for (span, u) in unsupported {
        let written = checker.text()[span.start..span.end].lines().next().unwrap_or("").trim();
        let diagnostic = checker
            .diagnostic(span, format!("`{written}` is accepted by no ptxas ({})", u.name))
            .with_label("not accepted here")
            .with_note(format!("ptxas: \"{}\" ({})", u.ptxas, u.source))
            .with_help(help(u.name));
        checker.report(diagnostic);
    }
}

fn help(name: &str) -> &'static str {
    match name {
        "instruction-only type variable" => {
            "declare the register with the bit type of the same width (`.b16` for `.bf16`, `.b32` for `.bf16x2`)"
        }
        "vector variable wider than .v4" => "declare an array, or two `.v4` variables",
        "cast to a type other than .s64/.u64" => "constant expressions are 64-bit: cast to `(.s64)` or `(.u64)`",
        ".sreg variable" => "special registers are predefined: read them with `mov`",
        _ => "declare it in the plain state space (`.shared`, `.param`); the `::` spellings belong on instructions",
    }
}

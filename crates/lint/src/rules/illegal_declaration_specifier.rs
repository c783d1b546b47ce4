//! # illegal-declaration-specifier (PTX420)
//!
//! ## What it does
//! Reports what the PTX grammar reads in a declaration but no ptxas accepts,
//! at any version: the instruction-only state spaces `.shared::cta`,
//! `.shared::cluster`, `.param::entry`, `.param::func` and `.sreg`; vectors
//! wider than `.v4`; and casts to anything but `(.s64)`/`(.u64)` in constant
//! expressions. Types that exist only on instructions (`.bf16`, `.e4m3`,
//! `.f32x2`) are `undeclarable-type` (PTX419), which fixes them.
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
//! .shared::cta .align 4 .b8 buf[64];
//! ```
//!
//! ## Use instead
//! ```ptx
//! .shared .align 4 .b8 buf[64];
//! ```
//!
//! ## Fix safety
//! No fix: the right replacement (`.shared`, an array, a 64-bit cast)
//! depends on the use.

use ptxkit_isa::Issue;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "illegal-declaration-specifier";

pub(crate) const RULE: Rule = Rule {
    code: "PTX420",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "state space, vector width or cast no ptxas accepts in a declaration (`.shared::cta` variables, `.v8`, `(.s32)` casts)",
    visits: Visits::module(check),
};

fn check(checker: &mut Checker<'_>) {
    let unsupported: Vec<_> = checker
        .construct_issues()
        .iter()
        .filter_map(|(span, issue)| match issue {
            // Instruction-only types are undeclarable-type's (PTX419), with a fix.
            Issue::Unsupported(u) if u.name != "instruction-only type variable" => Some((*span, *u)),
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
        "vector variable wider than .v4" => "declare an array, or two `.v4` variables",
        "cast to a type other than .s64/.u64" => "constant expressions are 64-bit: cast to `(.s64)` or `(.u64)`",
        ".sreg variable" => "special registers are predefined: read them with `mov`",
        _ => "declare it in the plain state space (`.shared`, `.param`); the `::` spellings belong on instructions",
    }
}

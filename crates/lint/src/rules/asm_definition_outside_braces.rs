//! # asm-definition-outside-braces (PTX609)
//!
//! ## What it does
//! Reports a `.reg` (or other) declaration or a label at the top level of
//! an asm template, outside any `{ }` scope.
//!
//! ## Why it matters
//! nvcc pastes the template into the PTX function as is. When the
//! statement is inlined twice into one kernel (a `__forceinline__` helper
//! called twice, a loop unrolled), the name is defined twice and ptxas
//! stops: "Duplicate definition of variable 'p'" or "Duplicate definition
//! of label". Inside braces each copy has its own scope.
//!
//! ## Example
//! ```cpp
//! asm volatile(".reg .pred p;\n setp.ne.b32 p, %1, 0;\n selp.b32 %0, 1, 0, p;" : "=r"(r) : "r"(x));
//! ```
//!
//! ## Use instead
//! ```cpp
//! asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %1, 0;\n selp.b32 %0, 1, 0, p;\n}" : "=r"(r) : "r"(x));
//! ```
//!
//! ## Fix safety
//! No fix.

use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "asm-definition-outside-braces";

/// Checked by the inline-PTX driver for each asm statement.
pub(crate) const RULE: Rule = Rule {
    code: "PTX609",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "`.reg` or label outside `{ }` in an asm template",
    visits: Visits::asm(check),
};

fn check(checker: &mut Checker<'_>) {
    let Some(asm) = checker.asm() else { return };
    for definition in asm.analysis.top_level.clone() {
        let what = if definition.kind == "label" {
            format!("label `{}`", definition.name)
        } else {
            format!("`{}`", definition.name)
        };
        let diagnostic = checker
            .diagnostic(
                Span::new(definition.cpp.start, definition.cpp.end),
                format!(
                    "{what} is defined outside `{{ }}`: a second copy of this statement in one function redefines it"
                ),
            )
            .with_label("function scope")
            .with_note("ptxas: \"Duplicate definition of variable\" (or label) when the statement is inlined twice")
            .with_help("wrap the template in `{ }`: \"{\\n\" ... \"}\\n\"");
        checker.report(diagnostic);
    }
}

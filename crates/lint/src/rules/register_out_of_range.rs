//! # register-out-of-range (PTX404)
//!
//! ## What it does
//! Reports a register such as `%r10` whose prefix is declared with a count,
//! `.reg .b32 %r<10>;`, that does not include it (`%r0` to `%r9`).
//!
//! ## Why it matters
//! ptxas rejects the instruction ("Unknown symbol '%r10'"). Generators size
//! the range exactly, so an index past it means a hand edit or a mismatch
//! between the declaration and the code.
//!
//! ## Example
//! ```ptx
//! .reg .b32 %r<10>;
//! mov.b32 %r10, 0;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b32 %r<11>;
//! mov.b32 %r10, 0;
//! ```
//!
//! ## Fix safety
//! No fix offered; enlarging the range is usually right but should be a
//! deliberate edit.

use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::names::Resolution;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "register-out-of-range";

pub(crate) const RULE: Rule = Rule {
    code: "PTX404",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "register index outside its `%r<N>` range",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    for (ident, resolution) in checker.resolved(&insn).iter().copied() {
        let Resolution::OutOfRange(range, index) = resolution else {
            continue;
        };
        let name = checker.node_text(ident);
        let diagnostic = checker
            .diagnostic(
                Span::of(ident),
                format!(
                    "register `{name}` is outside `{}<{}>`, which declares `{0}0` to `{0}{}`",
                    range.prefix,
                    range.count,
                    range.count.saturating_sub(1)
                ),
            )
            .with_label("index out of range")
            .with_secondary(range.span, format!("declared with {} registers here", range.count))
            .with_note(format!("ptxas: \"Unknown symbol '{name}'\""))
            .with_help(format!(
                "declare `{}<{}>`, or use a register in range",
                range.prefix,
                index + 1
            ));
        checker.report(diagnostic);
    }
}

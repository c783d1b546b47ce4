//! # undeclared-register (PTX401)
//!
//! ## What it does
//! Reports a `%`-prefixed register that no `.reg` declaration in the
//! function (or at module scope) declares and that is not a special
//! register such as `%tid`.
//!
//! ## Why it matters
//! ptxas rejects the instruction; its first message is often only
//! "Arguments mismatch for instruction 'add'" or "Illegal operand type",
//! with "Unknown symbol '%r10'" second. The usual cause is a hand edit or a
//! generator that renamed one use.
//!
//! ## Example
//! ```ptx
//! .reg .b32 %r<4>;
//! add.s32 %r1, %q2, 1;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b32 %r<4>;
//! add.s32 %r1, %r2, 1;
//! ```
//!
//! ## Fix safety
//! No fix: which register was meant cannot be known.

use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::names::{NameUse, Resolution, closest_register};
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "undeclared-register";

pub(crate) const RULE: Rule = Rule {
    code: "PTX401",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "register used but never declared",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    for (ident, resolution) in checker.resolved(&insn).iter().copied() {
        if !matches!(resolution, Resolution::Undeclared(NameUse::Register)) {
            continue;
        }
        let name = checker.node_text(ident);
        let mut diagnostic = checker
            .diagnostic(Span::of(ident), format!("register `{name}` is not declared"))
            .with_label("undeclared register")
            .with_note(format!("ptxas: \"Unknown symbol '{name}'\""));
        diagnostic = match closest_register(checker, node.start_byte(), name) {
            Some(close) => diagnostic.with_help(format!("did you mean `{close}`? Otherwise declare it with `.reg`")),
            None => diagnostic.with_help("declare it with `.reg .<type> {name};` in the function"),
        };
        checker.report(diagnostic);
    }
}

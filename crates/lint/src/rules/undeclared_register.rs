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

use crate::checker::{Captures, Checker, RuleImpl};
use crate::names::{NameUse, Resolution, closest_register};

pub(crate) const NAME: &str = "undeclared-register";

pub(crate) const RULE: crate::RuleInfo = crate::RuleInfo {
    code: "PTX401",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "register used but never declared",
    imp: RuleImpl {
        query: Some(query!("undeclared_register")),
        on_match: Some(check),
        on_module: None,
    },
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let Some((node, insn)) = checker.captured_instruction(captures) else {
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

//! # unknown-instruction (PTX409)
//!
//! ## What it does
//! Reports an opcode that is not a PTX instruction, with the closest known
//! opcode.
//!
//! ## Why it matters
//! ptxas stops with a syntax error at it. Typos (`mov.u23` is a type typo,
//! `shfll` an opcode typo) and instructions from other assemblers (SASS
//! mnemonics such as `IMAD`) end up here.
//!
//! ## Example
//! ```ptx
//! shfll.sync.bfly.b32 %r1, %r2, 1, 31, 0xffffffff;
//! ```
//!
//! ## Use instead
//! ```ptx
//! shfl.sync.bfly.b32 %r1, %r2, 1, 31, 0xffffffff;
//! ```
//!
//! ## Fix safety
//! No fix offered: the closest opcode is only a guess.

use ptxkit_isa::Issue;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "unknown-instruction";

pub(crate) const RULE: Rule = Rule {
    code: "PTX409",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "opcode that is not a PTX instruction",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    for issue in checker.isa_issues(node).iter() {
        let Issue::UnknownOpcode { opcode, closest } = issue else {
            continue;
        };
        let span = insn.opcode_node().map_or(Span::of(node), Span::of);
        let mut diagnostic = checker
            .diagnostic(span, format!("`{opcode}` is not a PTX instruction"))
            .with_label("unknown opcode")
            .with_note("ptxas stops with a syntax error here");
        diagnostic = match closest {
            Some(c) => diagnostic.with_help(format!("did you mean `{c}`?")),
            None => diagnostic.with_help("see the PTX ISA's list of instructions"),
        };
        checker.report(diagnostic);
    }
}

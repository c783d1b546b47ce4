//! # undeclared-symbol (PTX403)
//!
//! ## What it does
//! Reports a name in an operand that is neither a register, a variable, a
//! parameter, a function nor a label visible from the instruction.
//!
//! ## Why it matters
//! ptxas rejects the instruction ("Unknown symbol 'name'", usually after an
//! "Arguments mismatch"). Typical causes: a global renamed in its declaration
//! only, or a kernel parameter name copied from another kernel.
//!
//! ## Example
//! ```ptx
//! .entry k(.param .u64 k_param_0) { ld.param.u64 %rd1, [k2_param_0]; }
//! ```
//!
//! ## Use instead
//! ```ptx
//! .entry k(.param .u64 k_param_0) { ld.param.u64 %rd1, [k_param_0]; }
//! ```
//!
//! ## Fix safety
//! No fix: which symbol was meant cannot be known.

use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::names::{NameUse, Resolution, closest};
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "undeclared-symbol";

pub(crate) const RULE: Rule = Rule {
    code: "PTX403",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "variable, parameter or function used but never declared",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    for (ident, resolution) in checker.resolved(&insn).iter().copied() {
        if !matches!(resolution, Resolution::Undeclared(NameUse::Symbol)) {
            continue;
        }
        let name = checker.node_text(ident);
        let symbols = checker.symbols;
        let mut candidates: Vec<String> = symbols
            .module()
            .variables
            .keys()
            .chain(symbols.functions().keys())
            .cloned()
            .collect();
        if let Some(scope) = symbols.body_at(node.start_byte()).map(|b| &b.declarations) {
            candidates.extend(scope.variables.keys().cloned());
            candidates.extend(scope.registers.keys().cloned());
        }
        let mut diagnostic = checker
            .diagnostic(Span::of(ident), format!("`{name}` is not declared"))
            .with_label("unknown symbol")
            .with_note(format!("ptxas: \"Unknown symbol '{name}'\""));
        diagnostic = match closest(name, candidates) {
            Some(close) => diagnostic.with_help(format!("did you mean `{close}`?")),
            None => diagnostic.with_help("declare it, or fix the name"),
        };
        checker.report(diagnostic);
    }
}

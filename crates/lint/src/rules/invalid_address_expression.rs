//! # invalid-address-expression (PTX306)
//!
//! ## What it does
//! Reports an address that ptxas cannot read. An address in brackets is a register or a
//! variable, optionally `+` a constant (`[%rd1+8]`, `[buf+16]`, `[%rd1+-4]`), or a constant
//! alone for `.local` accesses. Reported: a variable plus a register (`[smem+%r10]`), two
//! registers (`[%rd1+%rd2]`), the constant first (`[4+%rd1]`), a minus sign after the base
//! (`[%rd1-4]`), other operators (`[%rd1*2]`), and a constant address outside `.local`.
//!
//! ## Why it matters
//! ptxas stops with "Parsing error near '%r10': syntax error", or rejects the instruction with
//! "Immediate addresses allowed only for .local state space". Our grammar accepts these
//! expressions (they are valid constant expressions elsewhere), so without this rule the
//! mistake would go unreported.
//!
//! ## Example
//! ```ptx
//! .shared .align 4 .b8 smem[1024];
//! .reg .b32 %r<4>;
//! .reg .f32 %f<4>;
//! ld.shared.f32 %f1, [smem+%r1];
//! ```
//!
//! ## Use instead
//! ```ptx
//! .shared .align 4 .b8 smem[1024];
//! .reg .b32 %r<4>;
//! .reg .f32 %f<4>;
//! mov.u32 %r2, smem;
//! add.u32 %r2, %r2, %r1;
//! ld.shared.f32 %f1, [%r2];
//! ```
//!
//! ## Fix safety
//! `[%rd1-4]` is rewritten `[%rd1+-4]` (safe: the same address). Other cases have no fix.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Applicability, Fix, Span, TextEdit};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_semantic::{Instruction, RegisterLookup, elements};

pub(crate) const NAME: &str = "invalid-address-expression";

pub(crate) const RULE: Rule = Rule {
    code: "PTX306",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Sometimes,
    summary: "address ptxas cannot read (`[smem+%r1]`, `[%rd1-4]`, a constant outside `.local`)",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

/// Memory instructions whose address may be a constant (for `.local` only).
const MEMORY: &[&str] = &["ld", "ldu", "st", "atom", "red", "prefetch", "prefetchu"];

/// One `+`/`-` term of an address: the operator before it (`+` for the first) and its node.
fn terms<'t>(node: Node<'t>, source: &str, out: &mut Vec<(&'static str, Node<'t>)>) {
    if node.kind_name() == "binary_expression"
        && let (Some(left), Some(op), Some(right)) = (node.field("left"), node.field("operator"), node.field("right"))
    {
        match &source[op.byte_range()] {
            "+" => {
                terms(left, source, out);
                out.push(("+", right));
                return;
            }
            "-" => {
                terms(left, source, out);
                out.push(("-", right));
                return;
            }
            _ => {}
        }
    }
    out.push(("+", node));
}

/// What a term names: a register, a variable (or other name), or nothing (a constant).
#[derive(PartialEq, Eq, Clone, Copy)]
enum Term {
    Register,
    Name,
    Constant,
    /// Another operator (`*`, `<<`, …) applied to a register or name.
    Other,
}

fn classify(checker: &Checker<'_>, node: Node<'_>) -> Term {
    let source = checker.text();
    let names: Vec<Node<'_>> = ptxkit_syntax::preorder(node)
        .filter(|n| n.kind_name() == "identifier")
        .collect();
    if names.is_empty() {
        return Term::Constant;
    }
    if node.kind_name() != "identifier" {
        return Term::Other;
    }
    let name = &source[node.byte_range()];
    match checker.symbols.register(node.start_byte(), name) {
        RegisterLookup::Undeclared if !name.starts_with('%') => Term::Name,
        _ => Term::Register,
    }
}

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    if node.kind_name() != "instruction" {
        return;
    }
    for &address in insn.operands().iter().filter(|o| o.kind_name() == "address_operand") {
        check_address(checker, &insn, address);
    }
}

/// One address operand of `insn`.
fn check_address<'a>(checker: &mut Checker<'a>, insn: &Instruction<'a>, address: Node<'a>) {
    let mut elements = elements(address);
    let (Some(element), None) = (elements.next(), elements.next()) else {
        return;
    };
    let source = checker.text();
    let mut parts = Vec::new();
    terms(element, source, &mut parts);
    let kinds: Vec<Term> = parts.iter().map(|(_, n)| classify(checker, *n)).collect();
    let span = Span::of(element);
    if kinds.iter().all(|k| *k == Term::Constant) {
        let space = insn.space().map(|s| s.text);
        if MEMORY.contains(&insn.opcode()) && space != Some(".local") {
            let diagnostic = checker
                .diagnostic(span, "a constant address is allowed only for `.local` accesses")
                .with_label("constant address")
                .with_note("ptxas: \"Immediate addresses allowed only for .local state space\"")
                .with_help("put the address in a register, or address a variable by name");
            checker.report(diagnostic);
        }
        return;
    }
    let base_ok = matches!(kinds[0], Term::Register | Term::Name);
    let offsets_constant = kinds[1..].iter().all(|k| *k == Term::Constant);
    if base_ok && offsets_constant {
        // `[%rd1-4]`: ptxas takes only `+` after the base.
        if let Some((_, term)) = parts.iter().skip(1).find(|(op, _)| *op == "-") {
            let operator = term
                .prev_sibling()
                .filter(|n| &source[n.byte_range()] == "-")
                .map(Span::of);
            let mut diagnostic = checker
                .diagnostic(span, "ptxas reads no `-` after the base of an address")
                .with_label("write `+-` for a negative offset")
                .with_note("ptxas: \"Parsing error near '-': syntax error\"");
            if let Some(operator) = operator {
                diagnostic = diagnostic.with_fix(Fix {
                    message: "write `+-`".to_string(),
                    applicability: Applicability::Safe,
                    edits: vec![TextEdit::replace(operator, "+-")],
                });
            }
            checker.report(diagnostic);
        }
        return;
    }
    let near = parts
        .iter()
        .zip(&kinds)
        .skip(usize::from(base_ok))
        .find(|(_, k)| **k != Term::Constant)
        .or_else(|| parts.iter().zip(&kinds).next())
        .map_or("", |((_, n), _)| &source[n.byte_range()]);
    let registers = kinds.iter().filter(|k| **k == Term::Register).count();
    let what = if registers > 0 && kinds.contains(&Term::Name) {
        "a variable plus a register"
    } else if registers > 1 {
        "two registers"
    } else if kinds[0] == Term::Constant {
        "a constant before the register or variable"
    } else {
        "an expression"
    };
    let diagnostic = checker
        .diagnostic(span, format!("an address cannot be {what}"))
        .with_label("not a register or variable plus a constant")
        .with_note(format!("ptxas: \"Parsing error near '{near}': syntax error\""))
        .with_help("compute the address into a register first (mov the variable's address, then add)");
    checker.report(diagnostic);
}

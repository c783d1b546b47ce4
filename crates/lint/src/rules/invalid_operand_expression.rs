//! # invalid-operand-expression (PTX418)
//!
//! ## What it does
//! Reports operand expressions ptxas rejects although they read like PTX: a negated register
//! (`-%r2`, `~%r2`: PTX has no operand negation; use `neg`/`not`), `!` on a register that is not a
//! predicate, a vector member (`.x`) of a register that is not a vector, and a variable plus a
//! register outside an address (`mov.u64 %rd1, buf+%rd2`).
//!
//! ## Why it matters
//! ptxas rejects the instruction: "Operand negation not allowed for instruction 'add'",
//! "Illegal argument to predicate negation", "Unknown video selector: '.x'", or a syntax error.
//!
//! ## Example
//! ```ptx
//! .reg .b32 %r<4>;
//! add.s32 %r1, -%r2, %r3;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b32 %r<4>;
//! sub.s32 %r1, %r3, %r2;
//! ```
//!
//! ## Fix safety
//! No fix.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::Span;
use ptxkit_syntax::tree_sitter::Node;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_semantic::{Instruction, RegisterLookup, elements};

pub(crate) const NAME: &str = "invalid-operand-expression";

pub(crate) const RULE: Rule = Rule {
    code: "PTX418",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "operand expression ptxas rejects (`-%r2`, `!%r1`, `%r1.x`, `buf+%rd2`)",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

/// Vector member names.
const MEMBERS: &[&str] = &[".x", ".y", ".z", ".w", ".r", ".g", ".b", ".a"];

/// Whether `node` names a register (declared, in a range, or `%`-named), with its declared
/// type and vector width when known.
fn register<'a>(checker: &Checker<'a>, node: Node<'_>) -> Option<(Option<&'a str>, Option<u32>)> {
    if node.kind_name() != "identifier" {
        return None;
    }
    let name = checker.node_text(node);
    match checker.symbols.register(node.start_byte(), name) {
        RegisterLookup::Declared(_) | RegisterLookup::InRange(_) => Some(
            checker
                .symbols
                .register_type(node.start_byte(), name)
                .map_or((None, None), |(t, v)| (Some(t), v)),
        ),
        RegisterLookup::Special => None,
        _ if name.starts_with('%') => Some((None, None)),
        _ => None,
    }
}

/// The operand kinds this rule looks into (not addresses).
const EXPRESSIONS: &[&str] = &[
    "unary_expression",
    "member_operand",
    "binary_expression",
    "vector_operand",
];

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    if node.kind_name() != "instruction" {
        return;
    }
    for &operand in insn.operands().iter().filter(|o| EXPRESSIONS.contains(&o.kind_name())) {
        check_operand(checker, &insn, operand);
    }
}

/// One operand expression of `insn`.
fn check_operand<'a>(checker: &mut Checker<'a>, insn: &Instruction<'a>, operand: Node<'a>) {
    let nodes = if operand.kind_name() == "vector_operand" {
        elements(operand).collect()
    } else {
        vec![operand]
    };
    for node in nodes {
        let Some((message, ptxas)) = problem(checker, node, insn.opcode()) else {
            continue;
        };
        let diagnostic = checker
            .diagnostic(Span::of(node), message)
            .with_label("not a PTX operand")
            .with_note(format!("ptxas: \"{ptxas}\""));
        checker.report(diagnostic);
    }
}

/// What is wrong with one operand expression, and ptxas's words for it.
fn problem(checker: &Checker<'_>, node: Node<'_>, opcode: &str) -> Option<(String, String)> {
    match node.kind_name() {
        "unary_expression" => {
            let operator = checker.node_text(node.field("operator")?);
            let argument = node.field("argument")?;
            let (ty, _) = register(checker, argument)?;
            match operator {
                "-" | "~" => Some((
                    format!(
                        "a register cannot be negated in an operand (`{}`); use `{}` first",
                        checker.node_text(node),
                        if operator == "-" { "neg" } else { "not" }
                    ),
                    format!("Operand negation not allowed for instruction '{opcode}'"),
                )),
                "!" if ty.is_some_and(|t| t != ".pred") => Some((
                    format!(
                        "`!` applies to predicates, and `{}` is `{}`",
                        checker.node_text(argument),
                        ty?
                    ),
                    "Illegal argument to predicate negation".to_string(),
                )),
                _ => None,
            }
        }
        "member_operand" => {
            let member = checker.node_text(node.field("member")?);
            let object = node.field("object")?;
            let (_, vector) = register(checker, object)?;
            let declared = checker
                .symbols
                .register_type(object.start_byte(), checker.node_text(object));
            (MEMBERS.contains(&member) && declared.is_some() && vector.is_none_or(|v| v == 0)).then(|| {
                (
                    format!(
                        "`{}` is not a vector register, so it has no member `{member}`",
                        checker.node_text(object)
                    ),
                    format!("Unknown video selector: '{member}'"),
                )
            })
        }
        "binary_expression" => {
            let identifiers: Vec<Node<'_>> = ptxkit_syntax::preorder(node)
                .filter(|n| n.kind_name() == "identifier")
                .collect();
            let has_register = identifiers.iter().any(|n| register(checker, *n).is_some());
            let has_name = identifiers.iter().any(|n| {
                register(checker, *n).is_none()
                    && !matches!(
                        checker.symbols.register(n.start_byte(), checker.node_text(*n)),
                        RegisterLookup::Special
                    )
            });
            (has_register && has_name).then(|| {
                (
                    "a variable plus a register is not an operand; add them with `add`".to_string(),
                    "Parsing error near the register: syntax error".to_string(),
                )
            })
        }
        _ => None,
    }
}

//! # illegal-instruction-type (PTX408)
//!
//! ## What it does
//! Reports a type suffix the instruction does not accept, by ptxkit-isa's
//! legal-type tables: `add.u8`, `ld.param.f16`, `mul.lo.f32`, `abs.u32`.
//!
//! ## Why it matters
//! ptxas rejects it: "Unexpected instruction types specified for 'add'".
//! Arithmetic has no 8-bit forms, half values move through memory as
//! `.b16`, and so on.
//!
//! ## Example
//! ```ptx
//! add.u8 %rs1, %rs2, %rs3;
//! ```
//!
//! ## Use instead
//! ```ptx
//! add.u16 %rs1, %rs2, %rs3;
//! ```
//!
//! ## Fix safety
//! No fix: the right type depends on the registers and the intent.

use ptxkit_isa::Issue;
use ptxkit_isa::signature::Problem;

use crate::signature_problems::{chain, each, form_note, modifier_span};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "illegal-instruction-type";

pub(crate) const RULE: Rule = Rule {
    code: "PTX408",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "type suffix the instruction does not accept (`add.u8`)",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let Some(insn) = checker.insn(node) else {
        return;
    };
    // A type ptxas rejects because of a rounding-like modifier (`div.full.f64`: `.full` takes
    // only `.f32`) is a problem the signature rules leave to the rounding rules, which do not
    // judge types: the table's verdict stands.
    let masked = checker.signature(node).as_ref().as_ref().is_some_and(|check| {
        !check.analysis.is_match()
            && check
                .analysis
                .problems
                .iter()
                .all(|p| crate::signature_problems::owned_by_rounding_rules(check, p))
    });
    if checker.signature(node).is_some() && !masked {
        // The opcode has a signature: it says which types go with which modifiers.
        each(
            checker,
            node,
            |p| matches!(p, Problem::IllegalType { .. }),
            |checker, check, problem| {
                let Problem::IllegalType { modifier } = *problem else {
                    return;
                };
                let ty = check.instance.modifiers[modifier];
                let opcode = check.instance.opcode;
                // The chain without the type: `ld.param` does not take `.f16`.
                let without: String = check
                    .instance
                    .modifiers
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != modifier)
                    .map(|(_, m)| *m)
                    .collect();
                let diagnostic = checker
                    .diagnostic(
                        modifier_span(check, modifier),
                        format!("`{opcode}{without}` does not take type `{ty}`"),
                    )
                    .with_label("illegal type for this instruction")
                    .with_note(format!(
                        "{}; ptxas: \"Unexpected instruction types specified for '{opcode}'\"",
                        form_note(check.analysis.form)
                    ))
                    .with_help(format!(
                        "see `ptxlint --explain-instruction {opcode}` for the types it takes"
                    ));
                let key = format!("{NAME} {} {ty}", chain(check));
                checker.report_once(key, diagnostic);
            },
        );
        return;
    }
    for issue in checker.isa_issues(node).iter() {
        let Issue::IllegalType { ty, opcode } = issue else {
            continue;
        };
        let span = insn
            .modifier(ty)
            .map_or(checker.opcode_span(node), |m| ptxkit_syntax::Span::of(m.node));
        let diagnostic = checker
            .diagnostic(span, format!("`{opcode}` does not take type `{ty}`"))
            .with_label("illegal type for this instruction")
            .with_note(format!("ptxas: \"{issue}\""))
            .with_help("use a type the instruction supports (see the PTX ISA for its `.type` list)");
        checker.report(diagnostic);
    }
}

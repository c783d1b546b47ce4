//! # missing-modifier (PTX412)
//!
//! ## What it does
//! Reports an instruction that leaves out a modifier every form of it requires: `bmsk.b32`
//! without `.clamp` or `.wrap`, `mul.s32` without `.lo`, `.hi` or `.wide`, a bulk tensor copy
//! without its completion mechanism. Rounding modifiers are left to
//! `missing-rounding-modifier`. Reported once per distinct instruction per file.
//!
//! ## Why it matters
//! ptxas rejects the instruction ("Clamp modifier required for instruction 'bmsk'",
//! "Unexpected instruction types specified for 'mul'").
//!
//! ## Example
//! ```ptx
//! .reg .b32 %r<4>;
//! mul.s32 %r1, %r2, %r3;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b32 %r<4>;
//! mul.lo.s32 %r1, %r2, %r3;
//! ```
//!
//! ## Fix safety
//! No fix: which of the values was meant changes what the instruction does.

use ptxkit_isa::signature::Problem;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::signature_problems::{chain, chain_span, each, form_note};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "missing-modifier";

pub(crate) const RULE: Rule = Rule {
    code: "PTX412",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "instruction without a modifier every form of it requires (`bmsk.b32` without `.clamp`/`.wrap`)",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let span = chain_span(checker, node);
    wmma_without_aligned(checker, node, span);
    each(
        checker,
        node,
        |p| matches!(p, Problem::MissingModifier { .. }),
        |checker, check, problem| {
            let Problem::MissingModifier { part } = problem else {
                return;
            };
            let part = &check.analysis.form.parts[*part];
            // A misspelling of the missing modifier (`mbarrier.ival`) is the unknown-modifier
            // rule's finding, with its fix; saying `.inval` is missing too would be noise.
            let misspelt = check.analysis.problems.iter().any(|p| match p {
                Problem::UnknownModifier { suggestions, .. } => suggestions.iter().any(|s| part.values.contains(s)),
                _ => false,
            });
            if misspelt {
                return;
            }
            let values: Vec<String> = part.values.iter().map(|v| format!("`{v}`")).collect();
            let what = match values.as_slice() {
                [] => return,
                [one] => one.clone(),
                [a, b] => format!("{a} or {b}"),
                [init @ .., last] => format!("one of {} or {last}", init.join(", ")),
            };
            let diagnostic = checker
                .diagnostic(span, format!("`{}` needs {what}", chain(check)))
                .with_label(if part.slot {
                    format!("no `{}` modifier", part.name)
                } else {
                    format!("no `{}`", part.name)
                })
                .with_note(form_note(check.analysis.form))
                .with_help(format!("add {what}"));
            let key = format!("{NAME} {} {}", chain(check), part.name);
            checker.report_once(key, diagnostic);
        },
    );
}

/// `wmma` without `.aligned` from PTX 6.3 (ptxkit-isa's `WMMA_ALIGNED_REQUIRED_FROM`; ptxas:
/// ".aligned modifier required for instruction 'wmma.load.a'"). The signatures take `.aligned`
/// as optional, as PTX 6.0 to 6.2 do.
fn wmma_without_aligned<'a>(checker: &mut Checker<'a>, node: Node<'a>, span: ptxkit_syntax::Span) {
    let Some(insn) = checker.insn(node) else { return };
    if insn.opcode() != "wmma" || insn.has(".aligned") || node.has_error() {
        return;
    }
    if checker
        .version()
        .is_none_or(|v| v < ptxkit_isa::deprecations::WMMA_ALIGNED_REQUIRED_FROM)
    {
        return;
    }
    // Forms that arrived after 6.3 require `.aligned` in their signature already.
    let signature = checker.signature(node);
    let said = signature.as_ref().as_ref().is_some_and(|check| {
        check.analysis.problems.iter().any(
            |p| matches!(p, Problem::MissingModifier { part } if check.analysis.form.parts[*part].name == ".aligned"),
        )
    });
    if said {
        return;
    }
    let modifiers: Vec<&str> = insn.modifiers().iter().map(|m| m.text).collect();
    let name = ptxkit_isa::ptxas_names::ptxas_instruction_name("wmma", &modifiers);
    let diagnostic = checker
        .diagnostic(span, format!("`{}` needs `.aligned`", insn.full_opcode()))
        .with_label("no `.aligned`")
        .with_note(format!(
            "ptxas: \".aligned modifier required for instruction '{name}'\" (from PTX {})",
            ptxkit_isa::deprecations::WMMA_ALIGNED_REQUIRED_FROM
        ))
        .with_help("add `.aligned` after `.sync`");
    checker.report(diagnostic);
}

//! # illegal-modifier (PTX411)
//!
//! ## What it does
//! Reports a modifier the instruction does not take (`ld.global.sync`), does not take together
//! with the other modifiers written (`add.sat.u16`: `.sat` goes only with `.s32`), or that is
//! written twice, or a combination the instruction's form excludes (`.v8` without `.global`).
//! The instruction's forms come from its signature (`ptxlint
//! --explain-instruction`). Reported once per distinct instruction per file.
//!
//! ## Why it matters
//! ptxas rejects the instruction: "Illegal modifier '.sync' for instruction 'ld'", or
//! "Unexpected instruction types" when the combination is wrong.
//!
//! ## Example
//! ```ptx
//! .reg .b64 %rd<4>;
//! .reg .f32 %f<4>;
//! ld.global.sync.f32 %f1, [%rd1];
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b64 %rd<4>;
//! .reg .f32 %f<4>;
//! ld.global.f32 %f1, [%rd1];
//! ```
//!
//! ## Fix safety
//! A modifier written twice is removed (safe: the instruction means the same). Other cases
//! have no fix: either the modifier or the rest of the chain may be what is wrong.

use ptxkit_isa::signature::{Problem, forms};
use ptxkit_syntax::{Applicability, Fix, TextEdit};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::signature_problems::{chain, chain_span, each, form_note, modifier_span, ptxas_name};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "illegal-modifier";

pub(crate) const RULE: Rule = Rule {
    code: "PTX411",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "modifier the instruction does not take, or not in this combination",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    each(
        checker,
        node,
        |p| {
            matches!(
                p,
                Problem::IllegalModifier { .. }
                    | Problem::ConflictingModifier { .. }
                    | Problem::DuplicateModifier { .. }
                    | Problem::ExcludedCombination { .. }
            )
        },
        |checker, check, problem| {
            let opcode = check.instance.opcode;
            if let Problem::ExcludedCombination { reason } = problem {
                let diagnostic = checker
                    .diagnostic(chain_span(checker, node), format!("`{}`: {reason}", chain(check)))
                    .with_label("modifiers not allowed together")
                    .with_note(form_note(check.analysis.form));
                checker.report_once(format!("{NAME} {} except", chain(check)), diagnostic);
                return;
            }
            let (Problem::IllegalModifier { modifier }
            | Problem::ConflictingModifier { modifier }
            | Problem::DuplicateModifier { modifier }) = problem
            else {
                return;
            };
            let written = check.instance.modifiers[*modifier];
            let span = modifier_span(check, *modifier);
            let diagnostic = match problem {
                Problem::DuplicateModifier { .. } => {
                    // Remove the modifier and nothing else.
                    checker
                        .diagnostic(span, format!("`{written}` is written twice"))
                        .with_label("repeated modifier")
                        .with_note("ptxas rejects a repeated modifier")
                        .with_fix(Fix {
                            message: format!("remove the second `{written}`"),
                            applicability: Applicability::Safe,
                            edits: vec![TextEdit::delete(span)],
                        })
                }
                Problem::IllegalModifier { .. } => checker
                    .diagnostic(span, format!("`{opcode}` does not take `{written}`"))
                    .with_label("not a modifier of this instruction")
                    .with_note(format!(
                        "ptxas: \"Illegal modifier '{written}' for instruction '{}'\"",
                        ptxas_name(check)
                    ))
                    .with_help(format!(
                        "remove `{written}`, or see `ptxlint --explain-instruction {opcode}`"
                    )),
                _ => {
                    let takers: Vec<&str> = forms(opcode)
                        .iter()
                        .filter(|f| f.parts.iter().any(|p| p.takes(written)))
                        .map(|f| f.text)
                        .take(3)
                        .collect();
                    checker
                        .diagnostic(
                            span,
                            format!(
                                "`{written}` cannot be combined with the other modifiers of `{}`",
                                chain(check)
                            ),
                        )
                        .with_label("not allowed in this combination")
                        .with_note(form_note(check.analysis.form))
                        .with_help(format!("`{written}` appears in: {}", takers.join("; ")))
                }
            };
            let key = format!("{NAME} {} {modifier}", chain(check));
            checker.report_once(key, diagnostic);
        },
    );
}

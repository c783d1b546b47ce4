//! # unknown-modifier (PTX410)
//!
//! ## What it does
//! Reports a modifier that no PTX instruction has (a misspelling such as `.rne`, `.globl`,
//! `.snyc`), with the closest modifiers this instruction takes. Reported once per distinct
//! instruction per file, with every other place it occurs as a related location.
//!
//! ## Why it matters
//! ptxas stops with "Unknown modifier '.rne'". Without this rule the mistake shows up as some
//! other complaint about the instruction (a missing rounding mode, a type mismatch).
//!
//! ## Example
//! ```ptx
//! .reg .f32 %f<4>;
//! add.rne.f32 %f1, %f2, %f3;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .f32 %f<4>;
//! add.rn.f32 %f1, %f2, %f3;
//! ```
//!
//! ## Fix safety
//! Unsafe: when exactly one of the instruction's modifiers is close, the fix replaces the
//! misspelling with it; the closest spelling is not always what was meant.

use ptxkit_isa::signature::Problem;
use ptxkit_syntax::{Applicability, Fix, TextEdit};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::signature_problems::{chain, each, modifier_span};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "unknown-modifier";

pub(crate) const RULE: Rule = Rule {
    code: "PTX410",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Unsafe,
    summary: "modifier no PTX instruction has (a misspelling; did-you-mean from the signatures)",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    each(
        checker,
        node,
        |p| matches!(p, Problem::UnknownModifier { .. }),
        |checker, check, problem| {
            let Problem::UnknownModifier { modifier, suggestions } = problem else {
                return;
            };
            let written = check.instance.modifiers[*modifier];
            let span = modifier_span(check, *modifier);
            let mut diagnostic = checker
                .diagnostic(span, format!("`{written}` is not a modifier of any PTX instruction"))
                .with_label("unknown modifier")
                .with_note(format!("ptxas: \"Unknown modifier '{written}'\""));
            diagnostic = match suggestions.as_slice() {
                [] => diagnostic.with_help(format!(
                    "see `ptxlint --explain-instruction {}` for the modifiers `{}` takes",
                    chain(check),
                    check.instance.opcode
                )),
                [one] => diagnostic.with_help(format!("did you mean `{one}`?")).with_fix(Fix {
                    message: format!("replace `{written}` with `{one}`"),
                    applicability: Applicability::Unsafe,
                    edits: vec![TextEdit::replace(span, (*one).to_string())],
                }),
                many => diagnostic.with_help(format!(
                    "did you mean one of {}?",
                    many.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", ")
                )),
            };
            let key = format!("{NAME} {} {written}", chain(check));
            checker.report_once(key, diagnostic);
        },
    );
}

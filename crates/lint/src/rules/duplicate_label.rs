//! # duplicate-label (PTX406)
//!
//! ## What it does
//! Reports a label defined twice in one block of a function (labels inside
//! a nested `{ }` block, as inline assembly produces, are local to it).
//!
//! ## Why it matters
//! ptxas rejects the module ("Duplicate definition of label 'L1'"): a branch
//! to the label would be ambiguous.
//!
//! ## Example
//! ```ptx
//! LOOP:
//!     bra LOOP;
//! LOOP:
//!     ret;
//! ```
//!
//! ## Use instead
//! ```ptx
//! LOOP:
//!     bra LOOP;
//! DONE:
//!     ret;
//! ```
//!
//! ## Fix safety
//! No fix: which branches mean which label is not known.

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "duplicate-label";

pub(crate) const RULE: Rule = Rule {
    code: "PTX406",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "label defined twice in one function",
    visits: Visits::module(check),
};

fn check(checker: &mut Checker<'_>) {
    let mut found = Vec::new();
    for body in checker.symbols.bodies() {
        for (name, labels) in &body.declarations.labels {
            let mut spans: Vec<_> = labels.iter().map(|l| (l.scope, l.span)).collect();
            spans.sort();
            for pair in spans.windows(2) {
                if pair[0].0 == pair[1].0 {
                    found.push((name.clone(), pair[1].1, pair[0].1));
                }
            }
        }
    }
    found.sort_by_key(|(_, at, _)| at.start);
    for (name, at, first) in found {
        let diagnostic = checker
            .diagnostic(at, format!("label `{name}` is defined twice in this function"))
            .with_label("defined again here")
            .with_secondary(first, "first defined here")
            .with_note(format!("ptxas: \"Duplicate definition of label '{name}'\""))
            .with_help("rename one of the labels and the branches that mean it");
        checker.report(diagnostic);
    }
}

//! # misplaced-module-directive (PTX007)
//!
//! ## What it does
//! Reports a `.version` that is not the first directive of the module, a
//! `.target` that does not follow `.version` immediately, and an
//! `.address_size` that does not follow `.target` immediately.
//!
//! ## Why it matters
//! The ISA requires `.version`, then `.target`, then the optional
//! `.address_size`, before anything else. ptxas stops with "Missing .version
//! directive at start of file", "Missing .target directive at start of file"
//! or a syntax error near `.address_size`.
//!
//! ## Example
//! ```ptx
//! .target sm_80
//! .version 7.8
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 7.8
//! .target sm_80
//! ```
//!
//! ## Fix safety
//! No fix: moving directives is left to the author (comments and
//! preprocessor lines around them may belong with them).

use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{InAsm, Rule, Visits};

pub(crate) const NAME: &str = "misplaced-module-directive";

pub(crate) const RULE: Rule = Rule {
    code: "PTX007",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "`.version`/`.target`/`.address_size` out of order",
    visits: Visits::module(check).in_asm(InAsm::NotReported),
};

fn check(checker: &mut Checker<'_>) {
    let items = checker.module_items();
    let position = |kind: &str| items.iter().position(|(k, _)| *k == kind);
    let report = |checker: &mut Checker<'_>, (_, span): (&str, Span), message: &str, help: &str| {
        let diagnostic = checker
            .diagnostic(span, message)
            .with_note("the ISA requires `.version`, then `.target`, then `.address_size`, before anything else")
            .with_help(help.to_string());
        checker.report(diagnostic);
    };
    let version = position("version_directive");
    if let Some(v) = version
        && v != 0
    {
        report(
            checker,
            items[v],
            "`.version` is not the first directive of the module",
            "move `.version` to the top of the file",
        );
    }
    let target = position("target_directive");
    if let (Some(v), Some(t)) = (version, target)
        && t != v + 1
        && v == 0
    {
        report(
            checker,
            items[t],
            "`.target` does not immediately follow `.version`",
            "move `.target` right after `.version`",
        );
    }
    if let (Some(t), Some(a)) = (target, position("address_size_directive"))
        && a != t + 1
    {
        report(
            checker,
            items[a],
            "`.address_size` does not immediately follow `.target`",
            "move `.address_size` right after `.target`",
        );
    }
}

//! # syntax-error (PTX900)
//!
//! ## What it does
//! Reports text that does not parse as PTX: an `ERROR` region, a missing
//! token such as `;`, or a `/*` comment that is never closed.
//!
//! ## Why it matters
//! ptxas stops at the first syntax error ("syntax error at or near ..."), so
//! nothing else in the file is assembled. ptxlint still checks the parts of
//! the file that do parse, but declarations lost in an error region can hide
//! or cause other findings.
//!
//! ## Example
//! ```ptx
//! add.s32 %r1, %r2, %r3
//! ```
//!
//! ## Use instead
//! ```ptx
//! add.s32 %r1, %r2, %r3;
//! ```
//!
//! ## Fix safety
//! No fix: the intended text cannot be known.

use ptxkit_syntax::{Span, SyntaxErrorKind};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "syntax-error";

pub(crate) const RULE: Rule = Rule {
    code: "PTX900",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "the file does not parse",
    visits: Visits::module(check),
};

fn check(checker: &mut Checker<'_>) {
    for error in checker.syntax_errors().iter() {
        let diagnostic = match &error.kind {
            SyntaxErrorKind::UnclosedComment => checker
                .diagnostic(error.span, "unterminated `/*` comment")
                .with_label("comment never closed")
                .with_help("close the comment with `*/` on the same line, or use `//`"),
            SyntaxErrorKind::Missing(token) => checker
                .diagnostic(
                    Span::new(error.span.start, error.span.start),
                    format!("syntax error: missing `{token}`"),
                )
                .with_label(format!("expected `{token}` here"))
                .with_note("ptxas stops at the first syntax error and assembles nothing")
                .with_help(format!("insert `{token}`")),
            SyntaxErrorKind::OutsideFunction => {
                let shown = excerpt(&checker.text()[error.span.range()]);
                checker
                    .diagnostic(error.span, format!("syntax error: `{shown}` outside a function"))
                    .with_label("instructions, labels and blocks go in an `.entry` or `.func` body")
                    .with_note("ptxas stops at the first syntax error and assembles nothing")
                    .with_help("move it into a function body")
            }
            SyntaxErrorKind::Unexpected => {
                let shown = excerpt(&checker.text()[error.span.range()]);
                checker
                    .diagnostic(error.span, format!("syntax error near `{shown}`"))
                    .with_label("not valid PTX")
                    .with_note("ptxas stops at the first syntax error and assembles nothing")
            }
        };
        checker.report(diagnostic);
    }
}

/// The first line of an error's text, at most 40 characters, with `…` when more follows.
fn excerpt(text: &str) -> String {
    let first_line = text.lines().next().unwrap_or("").trim();
    let shown: String = first_line.chars().take(40).collect();
    if shown.len() < first_line.len() || text.lines().count() > 1 {
        format!("{shown}…")
    } else {
        shown
    }
}

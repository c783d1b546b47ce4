//! # unused-suppression (PTX901)
//!
//! ## What it does
//! Reports a rule named in a `// ptxlint: allow(...)` or
//! `// ptxlint: allow-file(...)` comment that suppressed no finding.
//!
//! ## Why it matters
//! A stale suppression hides the next real finding of that rule on its line,
//! and tells readers the code has a problem it no longer has.
//!
//! ## Example
//! ```ptx
//! add.rn.f32 %f1, %f2, %f3; // ptxlint: allow(missing-rounding-modifier)
//! ```
//!
//! ## Use instead
//! ```ptx
//! add.rn.f32 %f1, %f2, %f3;
//! ```
//!
//! ## Fix safety
//! Safe: removes the rule from the comment, or the whole comment when no rule
//! is left. Only rules that are enabled count as unused.

use ptxkit_syntax::{Applicability, Fix, Span, TextEdit};

use crate::checker::SuppressionCheck;
use crate::rule::{InAsm, Rule, Visits};
use crate::suppress::Suppressions;

pub(crate) const NAME: &str = "unused-suppression";

/// Checks the suppression comments once they are applied.
pub(crate) const RULE: Rule = Rule {
    code: "PTX901",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "a suppression comment that suppresses nothing",
    visits: Visits::suppressions(report).in_asm(InAsm::NotReported),
};

fn report(check: &mut SuppressionCheck<'_>) {
    for diagnostic in diagnostics(check.text, check.settings, check.suppressions) {
        check.report(diagnostic);
    }
}

/// The diagnostics for the suppressions of a text (PTX, or C++ with
/// inline PTX).
fn diagnostics(
    text: &str,
    settings: &crate::settings::Settings,
    suppressions: &Suppressions,
) -> Vec<ptxkit_syntax::Diagnostic> {
    let rule = crate::find_rule(NAME).expect("registered");
    let make = |span: Span, message: String| {
        ptxkit_syntax::Diagnostic::new(rule.code, rule.name, settings.severity(rule), message, span)
    };
    let mut out = Vec::new();
    for item in &suppressions.items {
        let known: Vec<_> = item.rules.iter().filter(|r| r.rule.is_some()).collect();
        let unused: Vec<_> = known
            .iter()
            .filter(|r| !r.used && r.rule.is_some_and(|rule| settings.is_enabled(rule)))
            .collect();
        if unused.is_empty() {
            continue;
        }
        let all_unused = unused.len() == item.rules.len();
        for named in &unused {
            let rule = named.rule.expect("filtered to known rules");
            let fix = if all_unused {
                // Remove the comment and the blank it leaves before it.
                let line_start = text[..item.comment.start].rfind('\n').map_or(0, |i| i + 1);
                let before = &text[line_start..item.comment.start];
                let start = if before.trim().is_empty() {
                    line_start
                } else {
                    item.comment.start - (before.len() - before.trim_end().len())
                };
                let end = if before.trim().is_empty() && text[item.comment.end..].starts_with('\n') {
                    item.comment.end + 1
                } else {
                    item.comment.end
                };
                Fix {
                    message: "remove the suppression comment".to_string(),
                    applicability: Applicability::Safe,
                    edits: vec![TextEdit::delete(Span::new(start, end))],
                }
            } else {
                Fix {
                    message: format!("remove `{}` from the suppression", named.written),
                    applicability: Applicability::Safe,
                    edits: vec![TextEdit::delete(list_item_span(text, named.span))],
                }
            };
            let diagnostic = make(named.span, format!("unused suppression of `{}`", rule.name))
                .with_label("nothing to suppress here")
                .with_note(format!(
                    "no `{}` finding on {}",
                    rule.name,
                    if item.file_level {
                        "this file"
                    } else {
                        "this line or the next"
                    }
                ))
                .with_help("remove it, so that it cannot hide a future finding")
                .with_fix(fix);
            out.push(diagnostic);
        }
    }
    out
}

/// The span of one item of a comma-separated list with its separator.
fn list_item_span(text: &str, span: Span) -> Span {
    let after = &text[span.end..];
    let trailing = after.len() - after.trim_start().len();
    if after[trailing..].starts_with(',') {
        let rest = &after[trailing + 1..];
        let spaces = rest.len() - rest.trim_start().len();
        return Span::new(span.start, span.end + trailing + 1 + spaces);
    }
    let before = &text[..span.start];
    let trimmed = before.trim_end();
    if trimmed.ends_with(',') {
        return Span::new(trimmed.len() - 1, span.end);
    }
    span
}

//! # invalid-suppression (PTX902)
//!
//! ## What it does
//! Reports a `// ptxlint:` comment that is not a valid suppression: a
//! malformed directive, or a rule name or code that no rule has.
//!
//! ## Why it matters
//! A misspelled suppression suppresses nothing, so the finding it was meant
//! for still fails the build, and readers believe it is handled.
//!
//! ## Example
//! ```ptx
//! mad.f32 %f1, %f2, %f3, %f4; // ptxlint: allow(missing-rounding)
//! ```
//!
//! ## Use instead
//! ```ptx
//! mad.f32 %f1, %f2, %f3, %f4; // ptxlint: allow(missing-rounding-modifier) legacy kernel
//! ```
//!
//! ## Fix safety
//! No fix: which rule was meant cannot be known.

use ptxkit_syntax::Span;

use crate::checker::SuppressionCheck;
use crate::rule::{InAsm, Rule, Visits};
use crate::suppress::Suppressions;

pub(crate) const NAME: &str = "invalid-suppression";

/// Checks the suppression comments once they are applied.
pub(crate) const RULE: Rule = Rule {
    code: "PTX902",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "a suppression comment naming no known rule",
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
    _text: &str,
    settings: &crate::settings::Settings,
    suppressions: &Suppressions,
) -> Vec<ptxkit_syntax::Diagnostic> {
    let rule = crate::find_rule(NAME).expect("registered");
    let make = |span: Span, message: String| {
        ptxkit_syntax::Diagnostic::new(rule.code, rule.name, settings.severity(rule), message, span)
    };
    let mut out = Vec::new();
    for malformed in &suppressions.malformed {
        let diagnostic = make(malformed.span, format!("malformed suppression: {}", malformed.message))
            .with_help("write `// ptxlint: allow(rule-name) reason` or `// ptxlint: allow-file(rule-name) reason`");
        out.push(diagnostic);
    }
    for item in &suppressions.items {
        for named in item.rules.iter().filter(|r| r.rule.is_none()) {
            let closest = crate::rules()
                .iter()
                .filter_map(|r| {
                    ptxkit_isa::spelling::distance_within(&named.written, r.name, named.written.len() / 2 + 2)
                        .map(|d| (d, r))
                })
                .min_by_key(|(d, _)| *d)
                .map(|(_, r)| r);
            let mut diagnostic = make(named.span, format!("unknown rule `{}` in suppression", named.written))
                .with_label("no rule has this name or code")
                .with_note("the suppression has no effect");
            diagnostic = match closest {
                Some(rule) => diagnostic.with_help(format!("did you mean `{}` ({})?", rule.name, rule.code)),
                None => diagnostic.with_help("see `ptxlint --list-rules` for the rule names and codes"),
            };
            out.push(diagnostic);
        }
    }
    out
}

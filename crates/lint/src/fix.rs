//! Applying fixes: pick non-overlapping fixes, apply them as text edits on
//! the original, re-parse and re-lint, and repeat (bounded) until nothing
//! changes. A round that would add syntax errors or error-severity findings
//! is thrown away, so `--fix` never writes a file that is worse than before.

use ptxkit_syntax::{Applicability, Diagnostic, Severity, Span, TextEdit, apply_edits};

use crate::engine::{LintResult, lint_source};
use crate::settings::Settings;

/// How many lint-and-fix rounds run at most.
const MAX_ROUNDS: usize = 10;

/// The outcome of fixing one text.
pub struct FixResult {
    /// The final lint of the (possibly) fixed text.
    pub result: LintResult,
    /// How many fixes were applied.
    pub applied: usize,
    /// Whether a round was rejected because it made things worse.
    pub rejected: bool,
}

/// Whether a diagnostic's fix may be applied.
pub fn is_applicable(diagnostic: &Diagnostic, unsafe_fixes: bool) -> bool {
    diagnostic
        .fix
        .as_ref()
        .is_some_and(|f| f.applicability == Applicability::Safe || unsafe_fixes)
}

/// The edits of the applicable fixes that do not overlap (earliest
/// first), and how many fixes they make.
pub fn choose_fixes(diagnostics: &[Diagnostic], unsafe_fixes: bool) -> (Vec<TextEdit>, usize) {
    let mut chosen: Vec<TextEdit> = Vec::new();
    let mut count = 0;
    let mut fixes: Vec<_> = diagnostics
        .iter()
        .filter(|d| is_applicable(d, unsafe_fixes))
        .filter_map(|d| d.fix.as_ref())
        .collect();
    fixes.sort_by_key(|f| f.edits.iter().map(|e| e.span.start).min());
    for fix in fixes {
        let overlaps = fix.edits.iter().any(|e| {
            chosen.iter().any(|c| {
                e.span.start < c.span.end && c.span.start < e.span.end
                    || (e.span.is_empty() && c.span.is_empty() && e.span.start == c.span.start)
            })
        });
        if !overlaps {
            chosen.extend(fix.edits.iter().cloned());
            count += 1;
        }
    }
    (chosen, count)
}

/// Lints `text` and applies every applicable fix.
pub fn fix_source(text: &str, settings: &Settings, unsafe_fixes: bool) -> FixResult {
    let mut current = lint_source(text, settings);
    let mut applied = 0;
    let mut rejected = false;
    for _ in 0..MAX_ROUNDS {
        let (chosen, count) = choose_fixes(&current.diagnostics, unsafe_fixes);
        if chosen.is_empty() {
            break;
        }
        let Ok(new_text) = apply_edits(current.parsed.text(), &chosen) else {
            rejected = true;
            break;
        };
        let next = lint_source(&new_text, settings);
        let errors = |r: &LintResult| r.diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
        let worse = next.parsed.syntax_errors().len() > current.parsed.syntax_errors().len()
            || errors(&next) > errors(&current);
        if worse {
            rejected = true;
            break;
        }
        applied += count;
        current = next;
    }
    FixResult {
        result: current,
        applied,
        rejected,
    }
}

/// The edit that deletes the statement at `span` (instructions include their `;`), with its
/// line when nothing else is on it (a trailing comment stays).
pub fn delete_statement(text: &str, span: Span) -> TextEdit {
    let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[span.end..].find('\n').map_or(text.len(), |i| span.end + i);
    let before = &text[line_start..span.start];
    let after = &text[span.end..line_end];
    if before.trim().is_empty() && after.trim().is_empty() {
        let end = if line_end < text.len() { line_end + 1 } else { line_end };
        TextEdit::delete(Span::new(line_start, end))
    } else if after.trim().is_empty() {
        TextEdit::delete(Span::new(
            span.start - (before.len() - before.trim_end().len()),
            span.end,
        ))
    } else {
        let trailing = after.len() - after.trim_start().len();
        TextEdit::delete(Span::new(span.start, span.end + trailing))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applies_safe_fixes_until_clean() {
        let text = ".version 7.8\n.target sm_80\n.tex .u32 a;\n.tex .u32 b; // ptxlint: allow(syntax-error)\n";
        let fixed = fix_source(text, &Settings::default(), false);
        assert_eq!(
            fixed.result.parsed.text(),
            ".version 7.8\n.target sm_80\n.global .texref a;\n.global .texref b;\n"
        );
        assert_eq!(fixed.applied, 3);
        assert!(fixed.result.diagnostics.is_empty());
    }
}

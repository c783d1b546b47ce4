//! ptxlint on C, C++ and CUDA files: every `asm()` statement's template is
//! translated into PTX by `ptxkit-inline`, linted by the PTX rules, and
//! checked by the asm rules (`PTX6xx`); every finding points into the C++
//! file, and suppression comments are read from its C++ comments.

pub mod fix;
pub mod requirements;

use std::path::Path;

use ptxkit_inline::analysis::{Analysis, analyze};
use ptxkit_inline::{AsmStatement, Destination, Translation, translate};
use ptxkit_syntax::{Diagnostic, Fix, LineIndex, Span, TextEdit};

use crate::registry::{RuleInfo, find_rule};
use crate::rules::{
    asm_constraint_mismatch, asm_definition_outside_braces, asm_input_written, asm_missing_memory_clobber,
    asm_operand_index_out_of_range, asm_output_read_before_written, asm_register_where_immediate_required,
    asm_side_effects_without_volatile, invalid_suppression, unsupported_asm_syntax, unused_asm_operand,
    unused_suppression,
};
use crate::settings::Settings;
use crate::suppress::Suppressions;

/// File extensions read as C, C++ or CUDA.
pub const CPP_EXTENSIONS: &[&str] = &[
    "cu", "cuh", "h", "hh", "hpp", "hxx", "c", "cc", "cpp", "cxx", "inl", "ipp", "tcc",
];

/// Whether a path names a C, C++ or CUDA file (by its extension).
pub fn is_cpp_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| CPP_EXTENSIONS.iter().any(|c| c.eq_ignore_ascii_case(e)))
}

/// How many asm statements a run looked at.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AsmStats {
    /// Statements translated and checked.
    pub analysed: usize,
    /// Statements found but not checked (host code, templates built from
    /// macros defined elsewhere, ...).
    pub skipped: usize,
}

impl AsmStats {
    /// Adds another file's counts.
    pub fn add(&mut self, other: AsmStats) {
        self.analysed += other.analysed;
        self.skipped += other.skipped;
    }
}

/// The outcome of linting one C++ text.
pub struct CppLintResult {
    /// The findings, in C++ offsets, sorted, suppressions applied.
    pub diagnostics: Vec<Diagnostic>,
    /// The text's line index.
    pub lines: LineIndex,
    /// The statements looked at.
    pub stats: AsmStats,
}

/// What an asm rule sees: one statement, its PTX and its analysis.
pub(crate) struct AsmChecker<'a> {
    /// The C++ text.
    pub text: &'a str,
    /// The statement.
    pub statement: &'a AsmStatement,
    /// Its PTX.
    pub translation: &'a Translation,
    /// What its template does.
    pub analysis: &'a Analysis,
    settings: &'a Settings,
    rule: &'static RuleInfo,
    diagnostics: Vec<Diagnostic>,
}

impl AsmChecker<'_> {
    /// A diagnostic of the current rule at its configured severity.
    pub fn diagnostic(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(
            self.rule.code,
            self.rule.name,
            self.settings.severity(self.rule),
            message,
            span,
        )
    }

    /// Records a diagnostic.
    pub fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// The C++ text of a span.
    pub fn source(&self, span: std::ops::Range<usize>) -> &str {
        self.text.get(span).unwrap_or("")
    }

    /// `%N (`value`)`, for messages.
    pub fn describe_operand(&self, index: usize) -> String {
        match self.statement.operands.get(index) {
            Some(o) => format!("`%{index}` (\"{}\"(`{}`))", o.constraint.text, o.value.trim()),
            None => format!("`%{index}`"),
        }
    }
}

/// An asm rule: checks one statement.
type AsmRule = fn(&mut AsmChecker<'_>);

/// The asm rules, by name.
const ASM_RULES: &[(&str, AsmRule)] = &[
    (
        asm_operand_index_out_of_range::NAME,
        asm_operand_index_out_of_range::check,
    ),
    (unused_asm_operand::NAME, unused_asm_operand::check),
    (
        asm_output_read_before_written::NAME,
        asm_output_read_before_written::check,
    ),
    (asm_missing_memory_clobber::NAME, asm_missing_memory_clobber::check),
    (
        asm_side_effects_without_volatile::NAME,
        asm_side_effects_without_volatile::check,
    ),
    (unsupported_asm_syntax::NAME, unsupported_asm_syntax::check),
    (
        asm_definition_outside_braces::NAME,
        asm_definition_outside_braces::check,
    ),
    (asm_input_written::NAME, asm_input_written::check),
];

/// PTX rules whose finding on a substituted operand is a constraint that
/// does not fit the instruction: reported as `asm-constraint-mismatch`.
/// (The instruction-signature rules join this list when they land.)
const CONSTRAINT_RULES: &[&str] = &["operand-type-mismatch", "address-width-mismatch"];

/// Rules about the PTX module itself, which the translation writes: never
/// reported for a template.
const MODULE_RULES: &[&str] = &[
    "missing-version-or-target",
    "misplaced-module-directive",
    "duplicate-version-directive",
    "target-needs-newer-version",
    "unknown-target",
    "unused-suppression",
    "invalid-suppression",
];

/// The destination `--ptx-version`/`--target` (or `ptxlint.toml`) configure.
pub fn configured_destination(settings: &Settings) -> Destination {
    Destination {
        version: settings
            .version_override
            .and_then(|v| ptxkit_isa::version(&v.to_string()).ok()),
        target: settings
            .target_override
            .and_then(|t| ptxkit_isa::target(&t.to_string()).ok()),
    }
}

/// Lints the asm statements of a C, C++ or CUDA text.
pub fn lint_cpp_source(text: &str, settings: &Settings) -> CppLintResult {
    let lines = LineIndex::new(text);
    let extraction = ptxkit_inline::extract(text);
    let destination = configured_destination(settings);
    let mut ptx_settings = settings.clone();
    ptx_settings.version_override = None;
    ptx_settings.target_override = None;
    if settings.is_enabled(find_rule(asm_constraint_mismatch::NAME).expect("registered")) {
        for name in CONSTRAINT_RULES {
            ptx_settings.enable(find_rule(name).expect("registered"));
        }
    }
    if settings.is_enabled(find_rule(asm_register_where_immediate_required::NAME).expect("registered")) {
        ptx_settings.enable(find_rule("operand-kind-mismatch").expect("registered"));
    }
    // Statements are independent: a header with thousands of them uses
    // every worker thread.
    use rayon::prelude::*;
    let mut diagnostics: Vec<Diagnostic> = extraction
        .statements
        .par_iter()
        .flat_map_iter(|statement| lint_statement(text, statement, &destination, settings, &ptx_settings))
        .collect();
    let comments = extraction.comments.iter().map(|range| {
        let span = Span::new(range.start, range.end);
        (span, &text[range.clone()], lines.line_of(range.start))
    });
    let mut suppressions = Suppressions::from_comments(comments);
    diagnostics.retain(|d| !suppressions.suppress(d, lines.line_of(d.span.start)));
    for (name, report) in [
        (
            unused_suppression::NAME,
            unused_suppression::diagnostics as fn(&str, &Settings, &Suppressions) -> Vec<Diagnostic>,
        ),
        (invalid_suppression::NAME, invalid_suppression::diagnostics),
    ] {
        let rule = find_rule(name).expect("meta rules are registered");
        if settings.is_enabled(rule) {
            diagnostics.extend(report(text, settings, &suppressions));
        }
    }
    diagnostics.sort_by(|a, b| (a.span.start, &a.code, a.span.end).cmp(&(b.span.start, &b.code, b.span.end)));
    diagnostics.dedup();
    CppLintResult {
        diagnostics,
        lines,
        stats: AsmStats {
            analysed: extraction.statements.len(),
            skipped: extraction.skipped.len(),
        },
    }
}

/// The findings of one statement, in C++ offsets.
fn lint_statement(
    text: &str,
    statement: &AsmStatement,
    destination: &Destination,
    settings: &Settings,
    ptx_settings: &Settings,
) -> Vec<Diagnostic> {
    let translation = translate(statement, destination);
    let parsed = ptxkit_syntax::parse(translation.text.clone());
    let analysis = analyze(&translation, &parsed);
    let ptx = crate::lint_parsed(&parsed, ptx_settings);
    let mut checker = AsmChecker {
        text,
        statement,
        translation: &translation,
        analysis: &analysis,
        settings,
        rule: find_rule(asm_constraint_mismatch::NAME).expect("registered"),
        diagnostics: Vec::new(),
    };
    let constraint_rule = checker.rule;
    for diagnostic in ptx {
        // The asm operands are written by the C++ around the template (outputs read
        // before written have their own rule, asm-output-read-before-written).
        if MODULE_RULES.contains(&diagnostic.rule.as_str()) || diagnostic.rule == "register-read-before-written" {
            continue;
        }
        if diagnostic.rule == "immediate-out-of-range"
            && operand_at(&translation, diagnostic.span).is_some_and(|r| r.invented)
        {
            // The value was made up (`"n"(Size)`): nothing to say about it.
            continue;
        }
        if diagnostic.rule == "operand-kind-mismatch"
            && let Some(reference) = operand_at(&translation, diagnostic.span)
            && asm_register_where_immediate_required::applies(statement, reference, &analysis)
        {
            let rule = find_rule(asm_register_where_immediate_required::NAME).expect("registered");
            if settings.is_enabled(rule) {
                checker.rule = rule;
                asm_register_where_immediate_required::report(&mut checker, reference);
            }
            continue;
        }
        if CONSTRAINT_RULES.contains(&diagnostic.rule.as_str()) && mentions_operand(&diagnostic, &translation) {
            if settings.is_enabled(constraint_rule) {
                checker.rule = constraint_rule;
                asm_constraint_mismatch::from_ptx(&mut checker, &diagnostic);
            }
            continue;
        }
        let selected = find_rule(&diagnostic.rule).is_none_or(|rule| settings.is_enabled(rule));
        if !selected {
            continue;
        }
        if let Some(mut mapped) = map_diagnostic(diagnostic, &translation, text) {
            explain_destination(&mut mapped, statement, &translation);
            checker.diagnostics.push(mapped);
        }
    }
    for (name, check) in ASM_RULES {
        let rule = find_rule(name).expect("asm rules are registered");
        if settings.is_enabled(rule) {
            checker.rule = rule;
            check(&mut checker);
        }
    }
    checker.diagnostics
}

/// Says where a statement's version and target come from, in the words
/// of a C++ file: "the module targets `sm_80`" is the statement's guard
/// or the configuration.
fn explain_destination(diagnostic: &mut Diagnostic, statement: &AsmStatement, translation: &Translation) {
    use ptxkit_inline::Source;
    let resolved = &translation.resolved;
    let guard = || format!("`{}`", statement.guard_text.join(" && "));
    let (from, about) = if diagnostic.message.contains("the module targets") {
        (resolved.target_from, "target")
    } else if diagnostic.message.contains("the module is `.version") {
        (resolved.version_from, "PTX version")
    } else {
        (resolved.target_from, "target")
    };
    let origin = match from {
        Source::Guard => format!("the statement's {about} comes from its guard {}", guard()),
        Source::Configured => format!("the {about} comes from --target/--ptx-version or ptxlint.toml"),
        Source::Default => return,
    };
    diagnostic.message = diagnostic
        .message
        .replace("the module targets", "the statement is compiled for")
        .replace("the module is `.version", "the statement is compiled at `.version");
    if matches!(
        diagnostic.rule.as_str(),
        "feature-needs-newer-target" | "feature-needs-newer-version" | "arch-specific-feature-on-generic-target"
    ) {
        diagnostic.help = Some(match diagnostic.help.take() {
            Some(help) => format!("{help} ({origin})"),
            None => origin,
        });
    }
}

/// Whether a PTX diagnostic is about a substituted operand: its span lies
/// in one, or its label names one.
fn mentions_operand(diagnostic: &Diagnostic, translation: &Translation) -> bool {
    translation
        .references
        .iter()
        .any(|r| r.ptx.start <= diagnostic.span.start && diagnostic.span.end <= r.ptx.end)
        || diagnostic.label.as_deref().is_some_and(|l| l.contains("%_asm"))
}

/// The operand a PTX span lies in.
pub(crate) fn operand_at(translation: &Translation, span: Span) -> Option<&ptxkit_inline::Reference> {
    translation
        .references
        .iter()
        .find(|r| r.ptx.start <= span.start && span.end <= r.ptx.end)
}

/// A PTX diagnostic in C++ offsets and words (`%_asm1` becomes `%1`), or
/// `None` when it is about the wrapper around the template.
fn map_diagnostic(mut diagnostic: Diagnostic, translation: &Translation, text: &str) -> Option<Diagnostic> {
    let span = translation.map.try_to_cpp(diagnostic.span.range())?;
    diagnostic.span = Span::new(span.start, span.end);
    diagnostic.message = operand_names(&diagnostic.message);
    diagnostic.label = diagnostic.label.map(|l| operand_names(&l));
    diagnostic.note = diagnostic.note.map(|n| operand_names(&n));
    diagnostic.help = diagnostic.help.map(|h| operand_names(&h));
    diagnostic.labels = diagnostic
        .labels
        .into_iter()
        .filter_map(|mut label| {
            let span = translation.map.try_to_cpp(label.span.range())?;
            label.span = Span::new(span.start, span.end);
            label.message = operand_names(&label.message);
            Some(label)
        })
        .collect();
    diagnostic.fix = diagnostic.fix.and_then(|fix| map_fix(fix, translation, text));
    Some(diagnostic)
}

/// A fix whose edits touch only template text written verbatim in the C++
/// file (no escapes, no operands), with replacements that need no escaping.
fn map_fix(fix: Fix, translation: &Translation, text: &str) -> Option<Fix> {
    let mut edits = Vec::new();
    for edit in &fix.edits {
        let range = edit.span.range();
        let verbatim = if range.is_empty() {
            translation.map.try_to_cpp(range.clone()).is_some()
                && range.start > translation.body.start
                && range.start <= translation.body.end
        } else {
            translation.map.is_verbatim(range.clone(), &translation.text, text)
        };
        if !verbatim || edit.replacement.contains(['"', '\\', '\n', '%']) {
            return None;
        }
        let cpp = translation.map.try_to_cpp(range)?;
        edits.push(TextEdit::replace(
            Span::new(cpp.start, cpp.end),
            edit.replacement.clone(),
        ));
    }
    Some(Fix { edits, ..fix })
}

/// Replaces the translation's register names with the operands they
/// stand for: `%_asm1` → `%1`.
pub(crate) fn operand_names(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("%_asm") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 5..];
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        if digits == 0 {
            out.push_str("%_asm");
        } else {
            out.push('%');
            out.push_str(&after[..digits]);
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operand_names_are_rewritten() {
        assert_eq!(operand_names("`%_asm1` is `.b32`, `%_asm12`"), "`%1` is `.b32`, `%12`");
        assert_eq!(operand_names("%_asmx"), "%_asmx");
    }

    #[test]
    fn cpp_paths() {
        assert!(is_cpp_path(Path::new("a/b.cu")));
        assert!(is_cpp_path(Path::new("b.HPP")));
        assert!(!is_cpp_path(Path::new("k.ptx")));
    }
}

//! ptxlint on C, C++ and CUDA files: every `asm()` statement's template is
//! translated into PTX by `ptxkit-inline` and linted like any PTX, with the statement as
//! the origin of the text ([`crate::asm::AsmOrigin`]): the rules about asm statements
//! (`PTX6xx`) read it, and rules reword the findings they declare
//! ([`crate::rule::Rewords`]). Every finding points into the C++ file, and suppression
//! comments are read from its C++ comments.

pub mod fix;
pub mod requirements;

use std::path::Path;

use ptxkit_inline::analysis::analyze;
use ptxkit_inline::{AsmStatement, Destination, Translation, translate};
use ptxkit_semantic::SemanticModel;
use ptxkit_syntax::{Diagnostic, Fix, LineIndex, Span, TextEdit};

use crate::asm::AsmOrigin;
use crate::pipeline::{Pipeline, enable_reworded, in_asm, rewording_rule, suppression_findings};
use crate::registry::find_rule;
use crate::rule::InAsm;
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
    enable_reworded(&mut ptx_settings);
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
    diagnostics.extend(suppression_findings(text, settings, &suppressions));
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

/// The findings of one statement, in C++ offsets: its PTX linted with `ptx_settings` (the
/// asm rules with `settings`), each finding on the PTX reported as it is (moved into the
/// C++ file) or in the words of a rule that rewords it, then the asm rules'.
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
    let origin = AsmOrigin {
        text,
        statement,
        translation: &translation,
        analysis: &analysis,
    };
    let model = SemanticModel::build(&parsed);
    let mut ptx = Pipeline::for_asm(&parsed, &model, ptx_settings, &origin);
    ptx.module_rules();
    ptx.visit(None, |_, _| true);
    let mut asm = Pipeline::for_asm(&parsed, &model, settings, &origin);
    let mut found = Vec::new();
    for diagnostic in ptx.finish() {
        match in_asm(&diagnostic.rule) {
            InAsm::NotReported => continue,
            // The value was made up (`"n"(Size)`): nothing to say about it.
            InAsm::NotOnInventedOperands if origin.operand_at(diagnostic.span).is_some_and(|r| r.invented) => {
                continue;
            }
            _ => {}
        }
        if let Some(rule) = rewording_rule(&origin, &diagnostic) {
            asm.reword(rule, &diagnostic);
            continue;
        }
        if find_rule(&diagnostic.rule).is_some_and(|rule| !settings.is_enabled(rule)) {
            continue;
        }
        if let Some(mapped) = map_diagnostic(diagnostic, &translation, text) {
            found.push(mapped);
        }
    }
    asm.asm_rules();
    found.extend(asm.into_findings().diagnostics);
    found
}

/// Whether a PTX diagnostic is about a substituted operand: its span lies
/// in one, or its label names one.
pub(crate) fn mentions_operand(diagnostic: &Diagnostic, translation: &Translation) -> bool {
    translation
        .references
        .iter()
        .any(|r| r.ptx.start <= diagnostic.span.start && diagnostic.span.end <= r.ptx.end)
        || diagnostic.label.as_deref().is_some_and(|l| l.contains("%_asm"))
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

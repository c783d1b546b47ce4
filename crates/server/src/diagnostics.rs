//! ptxlint findings as LSP diagnostics: the same engine, settings and
//! suppressions as `ptxlint`, so that editor and CI report the same thing.

use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location, NumberOrString, Uri};
use ptxkit_syntax::{Diagnostic, Severity};

use crate::document::Document;
use crate::position::Encoding;

/// One ptxlint finding as an LSP diagnostic: code (`PTX205`, or the rule
/// name for a finding without a code), severity, the message with its label,
/// note and help on following lines, secondary locations as related
/// information, and the rule's name and summary in `data`.
pub(crate) fn to_lsp(
    uri: &Uri,
    document: &Document,
    diagnostic: &Diagnostic,
    encoding: Encoding,
) -> lsp_types::Diagnostic {
    let mut message = diagnostic.message.clone();
    if let Some(label) = diagnostic
        .label
        .as_deref()
        .filter(|l| !l.is_empty() && *l != diagnostic.message)
    {
        message.push_str(&format!("\n{label}"));
    }
    if let Some(note) = &diagnostic.note {
        message.push_str(&format!("\nnote: {note}"));
    }
    if let Some(help) = &diagnostic.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = diagnostic
        .labels
        .iter()
        .map(|label| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), document.range(label.span.range(), encoding)),
            message: label.message.clone(),
        })
        .collect();
    let code = if diagnostic.code.is_empty() {
        diagnostic.rule.clone()
    } else {
        diagnostic.code.clone()
    };
    let rule = ptxkit_lint::find_rule(&diagnostic.rule);
    let mut tags = Vec::new();
    if diagnostic.rule.starts_with("deprecated-") {
        tags.push(DiagnosticTag::DEPRECATED);
    }
    if diagnostic.rule == "unused-suppression" {
        tags.push(DiagnosticTag::UNNECESSARY);
    }
    lsp_types::Diagnostic {
        range: document.range(diagnostic.span.range(), encoding),
        severity: Some(severity(diagnostic.severity)),
        code: Some(NumberOrString::String(code)),
        code_description: None,
        source: Some("ptxlint".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: (!tags.is_empty()).then_some(tags),
        data: Some(serde_json::json!({
            "rule": diagnostic.rule,
            "summary": rule.map(|r| r.summary),
            "fixable": diagnostic.fix.is_some(),
        })),
    }
}

fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

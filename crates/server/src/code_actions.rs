//! Code actions: each ptxlint finding's fix as a quick fix (marked unsafe when
//! it may change behaviour, as `ptxlint --fix` needs `--unsafe-fixes` for it),
//! a suppression comment for each finding, and "fix all safe" for the file
//! (what `ptxlint --fix` applies).

use std::collections::HashMap;
use std::ops::Range;

use lsp_types::{CodeAction, CodeActionKind, CodeActionOrCommand, TextEdit, Uri, WorkspaceEdit};
use ptxkit_syntax::{Applicability, Diagnostic};

use crate::diagnostics;
use crate::document::Document;
use crate::position::Encoding;

/// The kind of the "fix all safe" action (`source.fixAll` is what editors run on save).
pub const FIX_ALL: &str = "source.fixAll.ptxlint";

/// The code actions for the findings that touch the byte range `range`, and "fix all
/// safe" when the file has safe fixes. `only` filters by kind, as the client asks.
pub fn code_actions(
    uri: &Uri,
    document: &Document,
    findings: &[Diagnostic],
    range: Range<usize>,
    only: Option<&[CodeActionKind]>,
    encoding: Encoding,
) -> Vec<CodeActionOrCommand> {
    let wanted = |kind: &CodeActionKind| {
        only.is_none_or(|only| {
            only.iter()
                .any(|o| kind.as_str() == o.as_str() || kind.as_str().starts_with(&format!("{}.", o.as_str())))
        })
    };
    let mut actions = Vec::new();
    let touches = |d: &Diagnostic| d.span.start <= range.end && range.start <= d.span.end;
    for finding in findings.iter().filter(|d| touches(d)) {
        let lsp = diagnostics::to_lsp(uri, document, finding, encoding);
        if let Some(fix) = &finding.fix
            && wanted(&CodeActionKind::QUICKFIX)
        {
            let safe = fix.applicability == Applicability::Safe;
            let title = if safe {
                format!("{} ({})", fix.message, code(finding))
            } else {
                format!("{} ({}, unsafe: may change behaviour)", fix.message, code(finding))
            };
            let edits = fix
                .edits
                .iter()
                .map(|e| TextEdit::new(document.range(e.span.range(), encoding), e.replacement.clone()))
                .collect();
            actions.push(action(
                uri,
                title,
                CodeActionKind::QUICKFIX,
                edits,
                Some(lsp.clone()),
                safe,
            ));
        }
        if finding.rule != "syntax-error" && wanted(&CodeActionKind::QUICKFIX) {
            let edit = suppression(document, finding, encoding);
            let title = format!("Suppress {} on this line ({})", code(finding), finding.rule);
            actions.push(action(
                uri,
                title,
                CodeActionKind::QUICKFIX,
                vec![edit],
                Some(lsp),
                false,
            ));
        }
    }
    let fix_all = CodeActionKind::from(FIX_ALL);
    if wanted(&fix_all) {
        let (edits, count) = ptxkit_lint::fix::choose_fixes(findings, false);
        if count > 0 {
            let edits = edits
                .iter()
                .map(|e| TextEdit::new(document.range(e.span.range(), encoding), e.replacement.clone()))
                .collect();
            let title = format!("Apply {count} safe ptxlint fix{}", if count == 1 { "" } else { "es" });
            actions.push(action(uri, title, fix_all, edits, None, false));
        }
    }
    actions
}

fn code(finding: &Diagnostic) -> &str {
    if finding.code.is_empty() {
        &finding.rule
    } else {
        &finding.code
    }
}

fn action(
    uri: &Uri,
    title: String,
    kind: CodeActionKind,
    edits: Vec<TextEdit>,
    diagnostic: Option<lsp_types::Diagnostic>,
    preferred: bool,
) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title,
        kind: Some(kind),
        diagnostics: diagnostic.map(|d| vec![d]),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }),
        command: None,
        is_preferred: preferred.then_some(true),
        disabled: None,
        data: None,
    })
}

/// A `// ptxlint: allow(rule)` comment on its own line above the finding's line, indented
/// as that line (a suppression applies to its own line and the next).
fn suppression(document: &Document, finding: &Diagnostic, encoding: Encoding) -> TextEdit {
    let text = document.text();
    let at = finding.span.start.min(text.len());
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let indent: String = text[line_start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let newline = if text[line_start..].split('\n').next().is_some_and(|l| l.ends_with('\r')) {
        "\r\n"
    } else {
        "\n"
    };
    let comment = format!(
        "{indent}// {}allow({}){newline}",
        ptxkit_lint::suppress::MARKER.to_string() + " ",
        finding.rule
    );
    TextEdit::new(document.range(line_start..line_start, encoding), comment)
}

//! `--format json`: one JSON array of findings, each with its file, rule,
//! severity, message, start and end positions, notes and fix edits.

use ptxkit_syntax::{Applicability, Diagnostic};
use serde_json::{Value, json};

use super::file::{FileReport, position};

fn location(report: &FileReport<'_>, offset: usize) -> Value {
    let (line, column) = position(report, offset);
    json!({ "line": line, "column": column, "offset": offset })
}

fn diagnostic_json(report: &FileReport<'_>, d: &Diagnostic) -> Value {
    let fix = d.fix.as_ref().map(|fix| {
        json!({
            "message": fix.message,
            "applicability": match fix.applicability { Applicability::Safe => "safe", Applicability::Unsafe => "unsafe" },
            "edits": fix.edits.iter().map(|e| json!({
                "location": location(report, e.span.start),
                "end_location": location(report, e.span.end),
                "content": e.replacement,
            })).collect::<Vec<_>>(),
        })
    });
    json!({
        "filename": report.path,
        "code": d.code,
        "rule": d.rule,
        "severity": d.severity.as_str(),
        "message": d.message,
        "location": location(report, d.span.start),
        "end_location": location(report, d.span.end),
        "label": d.label,
        "note": d.note,
        "help": d.help,
        "related": d.labels.iter().map(|l| json!({
            "message": l.message,
            "location": location(report, l.span.start),
            "end_location": location(report, l.span.end),
        })).collect::<Vec<_>>(),
        "fix": fix,
    })
}

/// Renders every file's findings as one pretty-printed JSON array.
pub fn render_json(reports: &[FileReport<'_>]) -> String {
    let all: Vec<Value> = reports
        .iter()
        .flat_map(|r| r.diagnostics.iter().map(move |d| diagnostic_json(r, d)))
        .collect();
    let mut out = serde_json::to_string_pretty(&Value::Array(all)).expect("JSON values serialize");
    out.push('\n');
    out
}

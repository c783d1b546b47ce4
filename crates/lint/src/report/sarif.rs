//! `--format sarif`: SARIF 2.1.0, the format code-scanning services read.
//! Every rule appears in `tool.driver.rules` with its documentation; each
//! finding is a `result` with a region and, when it has one, a fix.

use ptxkit_syntax::{Diagnostic, Severity};
use serde_json::{Value, json};

use super::file::{FileReport, position};
use crate::registry::rules;

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn uri(path: &str) -> String {
    path.replace('\\', "/").replace(' ', "%20")
}

fn region(report: &FileReport<'_>, start: usize, end: usize) -> Value {
    let (start_line, start_column) = position(report, start);
    let (end_line, end_column) = position(report, end);
    json!({
        "startLine": start_line,
        "startColumn": start_column,
        "endLine": end_line,
        "endColumn": end_column,
        "charOffset": start,
        "charLength": end - start,
    })
}

fn result(report: &FileReport<'_>, d: &Diagnostic) -> Value {
    let rule_index = rules().iter().position(|r| r.code == d.code);
    let mut text = d.message.clone();
    if let Some(note) = &d.note {
        text.push_str(&format!("\n{note}"));
    }
    if let Some(help) = &d.help {
        text.push_str(&format!("\nhelp: {help}"));
    }
    let location = json!({
        "physicalLocation": {
            "artifactLocation": { "uri": uri(report.path) },
            "region": region(report, d.span.start, d.span.end),
        }
    });
    let mut value = json!({
        "ruleId": d.code,
        "level": level(d.severity),
        "message": { "text": text },
        "locations": [location],
    });
    if let Some(index) = rule_index {
        value["ruleIndex"] = json!(index);
    }
    if !d.labels.is_empty() {
        value["relatedLocations"] = Value::Array(
            d.labels
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    json!({
                        "id": i,
                        "message": { "text": l.message },
                        "physicalLocation": {
                            "artifactLocation": { "uri": uri(report.path) },
                            "region": region(report, l.span.start, l.span.end),
                        }
                    })
                })
                .collect(),
        );
    }
    if let Some(fix) = &d.fix {
        value["fixes"] = json!([{
            "description": { "text": fix.message },
            "artifactChanges": [{
                "artifactLocation": { "uri": uri(report.path) },
                "replacements": fix.edits.iter().map(|e| json!({
                    "deletedRegion": region(report, e.span.start, e.span.end),
                    "insertedContent": { "text": e.replacement },
                })).collect::<Vec<_>>(),
            }],
        }]);
    }
    value
}

/// Renders every file's findings as one SARIF 2.1.0 log.
pub fn render_sarif(reports: &[FileReport<'_>]) -> String {
    let driver_rules: Vec<Value> = rules()
        .iter()
        .map(|r| {
            json!({
                "id": r.code,
                "name": r.name,
                "shortDescription": { "text": r.summary },
                "fullDescription": { "text": r.doc() },
                "help": { "text": r.doc(), "markdown": r.doc() },
                "defaultConfiguration": { "level": level(r.severity) },
                "properties": { "category": r.category() },
            })
        })
        .collect();
    let results: Vec<Value> = reports
        .iter()
        .flat_map(|r| r.diagnostics.iter().map(move |d| result(r, d)))
        .collect();
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "ptxlint",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": env!("CARGO_PKG_REPOSITORY"),
                    "rules": driver_rules,
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    });
    let mut out = serde_json::to_string_pretty(&log).expect("JSON values serialize");
    out.push('\n');
    out
}

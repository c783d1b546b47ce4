//! `--format github`: GitHub Actions workflow commands, which GitHub shows as
//! annotations on the pull request's diff.

use ptxkit_syntax::Severity;

use super::file::{FileReport, position};

/// Escapes a workflow-command property value.
fn property(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
        .replace(':', "%3A")
        .replace(',', "%2C")
}

/// Escapes a workflow-command message.
fn message(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Renders one file's findings as `::error file=...::message` lines.
pub fn render_github(report: &FileReport<'_>) -> String {
    let mut out = String::new();
    for d in report.diagnostics {
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let (line, col) = position(report, d.span.start);
        let (end_line, end_col) = position(report, d.span.end);
        let mut text = format!("{} {}", d.identity(), d.message);
        if let Some(help) = &d.help {
            text.push_str(&format!("\nhelp: {help}"));
        }
        out.push_str(&format!(
            "::{level} title={},file={},line={line},col={col},endLine={end_line},endColumn={end_col}::{}\n",
            property(&format!("ptxlint ({})", d.identity())),
            property(report.path),
            message(&text)
        ));
    }
    out
}

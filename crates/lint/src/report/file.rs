//! One file's findings, as every reporter reads them.

use ptxkit_syntax::{Diagnostic, LineIndex, SourceRef};

/// The findings for one file, with what reporters need to locate them.
pub struct FileReport<'a> {
    /// The path as shown to users.
    pub path: &'a str,
    /// The text the diagnostics refer to.
    pub text: &'a str,
    /// Its line index.
    pub lines: &'a LineIndex,
    /// The findings, sorted.
    pub diagnostics: &'a [Diagnostic],
}

impl FileReport<'_> {
    /// As a [`SourceRef`] for the shared renderers.
    pub fn source(&self) -> SourceRef<'_> {
        SourceRef {
            path: self.path,
            text: self.text,
            lines: self.lines,
        }
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub(crate) fn position(report: &FileReport<'_>, offset: usize) -> (usize, usize) {
    let at = report.lines.line_column(report.text, offset);
    (at.line, at.column)
}

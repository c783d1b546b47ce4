//! Document and range formatting with ptxfmt. A document with syntax errors
//! is formatted around them (the top-level items holding an error are kept
//! byte for byte), as `ptxkit_fmt::format_document` does. The result is the
//! smallest whitespace edits, so the editor keeps cursors and marks.

use lsp_types::TextEdit;

use crate::document::Document;
use crate::position::Encoding;

/// The edits that format the whole document, or the byte range `range` of
/// it (only the statements it touches). `Err` carries ptxfmt's one-line
/// reason (too large, nested too deeply, an internal check that failed).
pub fn format(
    document: &mut Document,
    range: Option<std::ops::Range<usize>>,
    options: &ptxkit_fmt::Options,
    encoding: Encoding,
) -> Result<Vec<TextEdit>, String> {
    ptxkit_fmt::check_size(document.text()).map_err(|err| err.to_string())?;
    let parsed = &document.analysis().parsed;
    let formatted = match range {
        None => ptxkit_fmt::format_parsed_document(parsed, options),
        Some(range) => ptxkit_fmt::format_parsed_range(parsed, range, options),
    }
    .map_err(|err| err.to_string())?;
    let edits = formatted.edits(document.text());
    Ok(edits
        .into_iter()
        .map(|edit| TextEdit::new(document.range(edit.span.range(), encoding), edit.replacement))
        .collect())
}

//! What the editor-facing entry points return: the new text, the input's
//! syntax errors, and the edits between the two.

use std::fmt;

use ptxkit_syntax::{ParsedSource, Span, TextEdit};

/// A syntax error in the input: where it is and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The bytes of the error (an `ERROR` node, or the empty span where a
    /// token is missing).
    pub span: Span,
    /// 1-based line of its start.
    pub line: usize,
    /// 1-based column (in characters) of its start.
    pub column: usize,
    /// `near '…'` or `missing '…'`.
    pub detail: String,
}

impl SyntaxError {
    /// Every syntax error of `parsed`, in source order.
    pub fn all(parsed: &ParsedSource) -> Vec<SyntaxError> {
        parsed
            .syntax_errors()
            .into_iter()
            .map(|error| {
                let position = parsed.lines().line_column(parsed.text(), error.span.start);
                let detail = error.detail(parsed.text());
                SyntaxError {
                    span: error.span,
                    line: position.line,
                    column: position.column,
                    detail,
                }
            })
            .collect()
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: syntax error {}", self.line, self.column, self.detail)
    }
}

/// The result of [`crate::format_document`] or [`crate::format_range`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formatted {
    /// The new text.
    pub text: String,
    /// The input's syntax errors, in source order. The top-level items that
    /// hold them are kept byte for byte.
    pub syntax_errors: Vec<SyntaxError>,
    /// True when the input has syntax errors and formatting around them
    /// would have changed how the rest parses: `text` is then the input,
    /// unchanged.
    pub left_unchanged: bool,
}

impl Formatted {
    /// The smallest edits that turn `original` (the formatted input) into
    /// [`Formatted::text`]: formatting changes only whitespace, so each edit
    /// replaces the whitespace between two non-whitespace characters.
    /// Sorted and non-overlapping, in byte offsets of `original`.
    pub fn edits(&self, original: &str) -> Vec<TextEdit> {
        whitespace_edits(original, &self.text)
    }
}

/// The edits from `old` to `new`, two texts with the same non-whitespace
/// characters: one per whitespace run that differs.
pub fn whitespace_edits(old: &str, new: &str) -> Vec<TextEdit> {
    let mut edits = Vec::new();
    let (mut i, mut j) = (0, 0);
    let (old_bytes, new_bytes) = (old.as_bytes(), new.as_bytes());
    loop {
        let old_run = run_end(old, i);
        let new_run = run_end(new, j);
        if old[i..old_run] != new[j..new_run] {
            edits.push(TextEdit::replace(Span::new(i, old_run), &new[j..new_run]));
        }
        i = old_run;
        j = new_run;
        // The same non-whitespace character in both texts.
        let (Some(a), Some(b)) = (old[i..].chars().next(), new[j..].chars().next()) else {
            break;
        };
        debug_assert_eq!(a, b, "the texts differ in more than whitespace");
        if a != b {
            break;
        }
        i += a.len_utf8();
        j += b.len_utf8();
        while i < old.len()
            && j < new.len()
            && old_bytes[i] == new_bytes[j]
            && old_bytes[i].is_ascii()
            && !old_bytes[i].is_ascii_whitespace()
        {
            // Skip runs of identical ASCII non-whitespace quickly.
            i += 1;
            j += 1;
        }
    }
    edits
}

/// Where the whitespace run starting at `at` ends.
fn run_end(text: &str, at: usize) -> usize {
    text[at..]
        .char_indices()
        .find(|(_, c)| !c.is_whitespace())
        .map_or(text.len(), |(offset, _)| at + offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_touch_only_changed_whitespace() {
        let old = "add.s32 %r1,%r2 ;  // x   \nret;";
        let new = "add.s32 %r1, %r2; // x\nret;\n";
        let edits = whitespace_edits(old, new);
        let spans: Vec<(usize, usize, &str)> = edits
            .iter()
            .map(|e| (e.span.start, e.span.end, e.replacement.as_str()))
            .collect();
        assert_eq!(
            spans,
            [
                (12, 12, " "),
                (15, 16, ""),
                (17, 19, " "),
                (23, 27, "\n"),
                (31, 31, "\n")
            ]
        );
        assert_eq!(ptxkit_syntax::apply_edits(old, &edits).unwrap(), new);
    }
}

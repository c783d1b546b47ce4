//! Text edits on an original source, shared by linter fixes and rewrite
//! passes: sorted, non-overlapping replacements, so untouched text keeps its
//! bytes.

use crate::span::Span;

/// Replace the bytes of `span` with `replacement` (an insertion when the
/// span is empty, a deletion when the replacement is).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TextEdit {
    /// The bytes to replace.
    pub span: Span,
    /// The new text.
    pub replacement: String,
}

impl TextEdit {
    /// Replaces `span` with `replacement`.
    pub fn replace(span: Span, replacement: impl Into<String>) -> Self {
        Self {
            span,
            replacement: replacement.into(),
        }
    }

    /// Inserts `text` at byte `offset`.
    pub fn insert(offset: usize, text: impl Into<String>) -> Self {
        Self::replace(Span::new(offset, offset), text)
    }

    /// Deletes `span`.
    pub fn delete(span: Span) -> Self {
        Self::replace(span, "")
    }
}

/// Why a set of edits cannot be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// Two edits touch the same bytes.
    #[error("edits overlap at bytes {}..{} and {}..{}", .0.start, .0.end, .1.start, .1.end)]
    Overlap(Span, Span),
    /// An edit lies outside the text or splits a character.
    #[error("edit at bytes {}..{} is outside the text or splits a character", .0.start, .0.end)]
    OutOfBounds(Span),
}

/// Applies `edits` to `text`. Edits may come in any order; they must not
/// overlap (two insertions at the same offset are applied in the given order).
///
/// ```
/// use ptxkit_syntax::{Span, TextEdit, apply_edits};
/// let text = "shfl.bfly.b32 %r1, %r2, 1, 31;";
/// let edits = [TextEdit::insert(4, ".sync"), TextEdit::insert(24, "0xffffffff, ")];
/// assert_eq!(apply_edits(text, &edits).unwrap(), "shfl.sync.bfly.b32 %r1, %r2, 0xffffffff, 1, 31;");
/// ```
pub fn apply_edits(text: &str, edits: &[TextEdit]) -> Result<String, EditError> {
    let mut sorted: Vec<(usize, &TextEdit)> = edits.iter().enumerate().collect();
    sorted.sort_by_key(|(index, edit)| (edit.span.start, edit.span.end, *index));
    let mut out = String::with_capacity(text.len() + edits.iter().map(|e| e.replacement.len()).sum::<usize>());
    let mut cursor = 0usize;
    let mut previous: Option<Span> = None;
    for (_, edit) in sorted {
        let span = edit.span;
        if span.start > span.end
            || span.end > text.len()
            || !text.is_char_boundary(span.start)
            || !text.is_char_boundary(span.end)
        {
            return Err(EditError::OutOfBounds(span));
        }
        if let Some(prev) = previous
            && span.start < prev.end
        {
            return Err(EditError::Overlap(prev, span));
        }
        out.push_str(&text[cursor..span.start]);
        out.push_str(&edit.replacement);
        cursor = span.end;
        previous = Some(span);
    }
    out.push_str(&text[cursor..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_overlaps_and_bad_bounds() {
        let overlapping = [
            TextEdit::replace(Span::new(0, 4), "x"),
            TextEdit::replace(Span::new(2, 6), "y"),
        ];
        assert!(matches!(
            apply_edits("abcdefgh", &overlapping),
            Err(EditError::Overlap(..))
        ));
        assert!(matches!(
            apply_edits("ab", &[TextEdit::delete(Span::new(1, 5))]),
            Err(EditError::OutOfBounds(_))
        ));
        assert!(matches!(
            apply_edits("é", &[TextEdit::insert(1, "x")]),
            Err(EditError::OutOfBounds(_))
        ));
    }

    #[test]
    fn insertions_at_one_offset_keep_their_order() {
        let edits = [
            TextEdit::insert(1, "1"),
            TextEdit::insert(1, "2"),
            TextEdit::delete(Span::new(2, 3)),
        ];
        assert_eq!(apply_edits("abc", &edits).unwrap(), "a12b");
    }
}

//! Mapping byte offsets of a rewritten text back to the original, through the
//! rounds of edits that produced it, so that every diagnostic points at the
//! file as the user wrote it.

use ptxkit_syntax::{Span, TextEdit};

/// The edits of every round, in order.
#[derive(Debug, Default, Clone)]
pub struct Origin {
    rounds: Vec<Vec<TextEdit>>,
}

impl Origin {
    /// Records one round's edits (applied to the text of the previous round).
    pub fn push_round(&mut self, mut edits: Vec<TextEdit>) {
        edits.sort_by_key(|e| (e.span.start, e.span.end));
        self.rounds.push(edits);
    }

    /// How many rounds were recorded.
    pub fn rounds(&self) -> usize {
        self.rounds.len()
    }

    /// The original offset of `offset` in the text after the first `after`
    /// rounds. An offset inside replaced text maps to the start of what it
    /// replaced.
    pub fn original_offset(&self, mut offset: usize, after: usize) -> usize {
        for edits in self.rounds[..after.min(self.rounds.len())].iter().rev() {
            offset = map_back(edits, offset);
        }
        offset
    }

    /// [`Self::original_offset`] for both ends of a span.
    pub fn original_span(&self, span: Span, after: usize) -> Span {
        let start = self.original_offset(span.start, after);
        let end = self.original_offset(span.end, after).max(start);
        Span::new(start, end)
    }
}

fn map_back(edits: &[TextEdit], offset: usize) -> usize {
    // `delta` is (new length - old length) of the edits before the current one.
    let mut delta: isize = 0;
    for edit in edits {
        let new_start = (edit.span.start as isize + delta) as usize;
        let new_end = new_start + edit.replacement.len();
        if offset < new_start {
            break;
        }
        if offset < new_end {
            return edit.span.start;
        }
        delta += edit.replacement.len() as isize - edit.span.len() as isize;
    }
    (offset as isize - delta).max(0) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxkit_syntax::apply_edits;

    #[test]
    fn maps_offsets_through_rounds() {
        let original = "aaa bbb ccc";
        let round1 = vec![TextEdit::replace(Span::new(0, 3), "x"), TextEdit::insert(8, "zz ")];
        let text1 = apply_edits(original, &round1).unwrap();
        assert_eq!(text1, "x bbb zz ccc");
        let round2 = vec![TextEdit::delete(Span::new(0, 2))];
        let text2 = apply_edits(&text1, &round2).unwrap();
        assert_eq!(text2, "bbb zz ccc");
        let mut origin = Origin::default();
        origin.push_round(round1);
        origin.push_round(round2);
        // `ccc` in the final text is at 7; in the original at 8.
        assert_eq!(origin.original_offset(text2.find("ccc").unwrap(), 2), 8);
        // `bbb` at 0 maps to 4.
        assert_eq!(origin.original_offset(0, 2), 4);
        // Inserted text maps to where it was inserted.
        assert_eq!(origin.original_offset(text2.find("zz").unwrap(), 2), 8);
    }
}

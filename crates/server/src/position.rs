//! LSP positions (line, character) and byte offsets in a document's text.
//!
//! LSP counts characters in UTF-16 code units unless client and server agree
//! on UTF-8 at `initialize` ([`Encoding`]). A line ends at `\n`, `\r\n` or a
//! `\r` alone (LSP 3.17), which is not part of the line. Positions the client
//! gets wrong are clamped, never trusted: a line past the end is the end of the
//! text, a character past the end of its line is the end of that line, and a
//! character inside a UTF-16 surrogate pair is the start of that character.

use std::ops::Range;

use ptxkit_syntax::tree_sitter;

/// How the `character` of an LSP position counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-16 code units (the LSP default).
    Utf16,
    /// Bytes.
    Utf8,
}

impl Encoding {
    /// The encoding to use given what the client offers
    /// (`general.positionEncodings`): UTF-8 when offered, as it needs no
    /// conversion, else UTF-16.
    pub fn negotiate(offered: Option<&[lsp_types::PositionEncodingKind]>) -> Encoding {
        match offered {
            Some(kinds) if kinds.contains(&lsp_types::PositionEncodingKind::UTF8) => Encoding::Utf8,
            _ => Encoding::Utf16,
        }
    }

    /// The LSP name of this encoding.
    pub fn kind(self) -> lsp_types::PositionEncodingKind {
        match self {
            Encoding::Utf16 => lsp_types::PositionEncodingKind::UTF16,
            Encoding::Utf8 => lsp_types::PositionEncodingKind::UTF8,
        }
    }
}

/// Where each line of a text starts, to convert between byte offsets and
/// LSP positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineMap {
    /// Where each LSP line starts (after `\n`, `\r\n` or a lone `\r`).
    starts: Vec<usize>,
    /// Where each tree-sitter row starts (after `\n` only: tree-sitter counts no other).
    rows: Vec<usize>,
    len: usize,
}

impl LineMap {
    /// The line starts of `text`.
    pub fn new(text: &str) -> LineMap {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut rows = vec![0];
        // Only the line ends are visited (a keystroke in a large file rebuilds the map).
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            match bytes[i] {
                b'\n' => {
                    starts.push(i + 1);
                    rows.push(i + 1);
                }
                _ if bytes.get(i + 1) != Some(&b'\n') => starts.push(i + 1),
                _ => {}
            }
        }
        LineMap {
            starts,
            rows,
            len: text.len(),
        }
    }

    /// The byte range of line `line` without its line ending (`\n`, `\r\n` or `\r`).
    pub(crate) fn line(&self, text: &str, line: usize) -> Range<usize> {
        let start = self.starts[line];
        let end = match self.starts.get(line + 1) {
            Some(&next) if text[..next].ends_with("\r\n") => next - 2,
            Some(&next) => next - 1,
            None => self.len,
        };
        start..end.max(start)
    }

    /// Where line `line` starts, if the text has it.
    pub(crate) fn line_start(&self, line: usize) -> Option<usize> {
        self.starts.get(line).copied()
    }

    /// The line holding byte `offset` (clamped to the text).
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset.min(self.len)) - 1
    }

    /// The byte offset of `position` in `text`, clamped as the module
    /// documentation says; always on a character boundary.
    pub fn offset(&self, text: &str, position: lsp_types::Position, encoding: Encoding) -> usize {
        let line = position.line as usize;
        if line >= self.starts.len() {
            return self.len;
        }
        let range = self.line(text, line);
        let wanted = position.character as usize;
        let mut counted = 0;
        for (index, ch) in text[range.clone()].char_indices() {
            let width = match encoding {
                Encoding::Utf16 => ch.len_utf16(),
                Encoding::Utf8 => ch.len_utf8(),
            };
            if counted + width > wanted {
                return range.start + index;
            }
            counted += width;
        }
        range.end
    }

    /// The LSP position of byte `offset` (clamped to the text, and moved back
    /// to a character boundary).
    pub fn position(&self, text: &str, offset: usize, encoding: Encoding) -> lsp_types::Position {
        let mut offset = offset.min(self.len);
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        // Inside a line ending (between `\r` and `\n`): the end of the line.
        let offset = offset.min(self.line(text, line).end);
        let prefix = &text[self.starts[line]..offset];
        let character = match encoding {
            Encoding::Utf16 => prefix.chars().map(char::len_utf16).sum(),
            Encoding::Utf8 => prefix.len(),
        };
        lsp_types::Position::new(to_u32(line), to_u32(character))
    }

    /// The tree-sitter point of byte `offset` (0-based row, column in bytes).
    pub fn point(&self, offset: usize) -> tree_sitter::Point {
        let offset = offset.min(self.len);
        let row = self.rows.partition_point(|&start| start <= offset) - 1;
        tree_sitter::Point::new(row, offset - self.rows[row])
    }

    /// The LSP range of a byte range.
    pub fn range(&self, text: &str, bytes: Range<usize>, encoding: Encoding) -> lsp_types::Range {
        lsp_types::Range::new(
            self.position(text, bytes.start, encoding),
            self.position(text, bytes.end, encoding),
        )
    }

    /// The byte range of an LSP range (clamped; an end before the start is
    /// the start).
    pub fn bytes(&self, text: &str, range: lsp_types::Range, encoding: Encoding) -> Range<usize> {
        let start = self.offset(text, range.start, encoding);
        let end = self.offset(text, range.end, encoding).max(start);
        start..end
    }
}

fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use lsp_types::Position;

    use super::*;

    #[test]
    fn utf16_positions_count_surrogate_pairs_twice() {
        let text = "a😀b\nc\r\nd";
        let map = LineMap::new(text);
        assert_eq!(map.offset(text, Position::new(0, 3), Encoding::Utf16), 5);
        assert_eq!(map.offset(text, Position::new(0, 3), Encoding::Utf8), 1);
        assert_eq!(map.position(text, 5, Encoding::Utf16), Position::new(0, 3));
        assert_eq!(map.position(text, 5, Encoding::Utf8), Position::new(0, 5));
        // Inside the surrogate pair: the start of the emoji.
        assert_eq!(map.offset(text, Position::new(0, 2), Encoding::Utf16), 1);
        // Inside the emoji's bytes: back to its start.
        assert_eq!(map.position(text, 3, Encoding::Utf16), Position::new(0, 1));
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        // LSP 3.17: `\n`, `\r\n` and `\r` end lines (the fuzz target found a formatting edit
        // after a final lone `\r` given as a character past its line's end).
        let text = "ab\rcd\r\nef\r";
        let map = LineMap::new(text);
        assert_eq!(map.position(text, 3, Encoding::Utf16), Position::new(1, 0));
        assert_eq!(map.position(text, 2, Encoding::Utf16), Position::new(0, 2));
        assert_eq!(map.position(text, text.len(), Encoding::Utf16), Position::new(3, 0));
        assert_eq!(map.offset(text, Position::new(1, 9), Encoding::Utf16), 5);
        assert_eq!(map.offset(text, Position::new(2, 9), Encoding::Utf16), 9);
        // Between `\r` and `\n`: the end of the line.
        assert_eq!(map.position(text, 6, Encoding::Utf16), Position::new(1, 2));
        // tree-sitter counts rows at `\n` only.
        assert_eq!(map.point(8), tree_sitter::Point::new(1, 1));
    }

    #[test]
    fn positions_past_the_end_are_clamped() {
        let text = "ab\r\ncd\n";
        let map = LineMap::new(text);
        // Past the end of a CRLF line: before the `\r`.
        assert_eq!(map.offset(text, Position::new(0, 99), Encoding::Utf16), 2);
        assert_eq!(map.offset(text, Position::new(1, 99), Encoding::Utf16), 6);
        assert_eq!(map.offset(text, Position::new(2, 0), Encoding::Utf16), 7);
        assert_eq!(map.offset(text, Position::new(99, 0), Encoding::Utf16), 7);
        assert_eq!(map.offset(text, Position::new(u32::MAX, u32::MAX), Encoding::Utf8), 7);
        assert_eq!(map.position(text, 999, Encoding::Utf16), Position::new(2, 0));
        let reversed = lsp_types::Range::new(Position::new(1, 1), Position::new(0, 0));
        assert_eq!(map.bytes(text, reversed, Encoding::Utf16), 5..5);
    }

    #[test]
    fn empty_text_has_one_line() {
        let map = LineMap::new("");
        assert_eq!(map.offset("", Position::new(3, 4), Encoding::Utf16), 0);
        assert_eq!(map.position("", 0, Encoding::Utf16), Position::new(0, 0));
    }
}

//! LSP positions (line, character) and byte offsets in a document's text.
//!
//! LSP counts characters in UTF-16 code units unless client and server agree
//! on UTF-8 at `initialize` ([`Encoding`]). A line ends at `\n`; a `\r`
//! before it is not part of the line (`\r\n` files). Positions the client gets
//! wrong are clamped, never trusted: a line past the end is the end of the
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
    starts: Vec<usize>,
    len: usize,
}

impl LineMap {
    /// The line starts of `text`.
    pub fn new(text: &str) -> LineMap {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineMap {
            starts,
            len: text.len(),
        }
    }

    /// The byte range of line `line` without its line ending (`\n` or `\r\n`).
    fn line(&self, text: &str, line: usize) -> Range<usize> {
        let start = self.starts[line];
        let mut end = self.starts.get(line + 1).map_or(self.len, |next| next - 1);
        if end > start && text.as_bytes()[end - 1] == b'\r' {
            end -= 1;
        }
        start..end
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
        let line = self.starts.partition_point(|&start| start <= offset) - 1;
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
        let row = self.starts.partition_point(|&start| start <= offset) - 1;
        tree_sitter::Point::new(row, offset - self.starts[row])
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

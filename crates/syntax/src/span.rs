//! Byte spans and line/column positions.

use tree_sitter::Node;

/// A half-open byte range `start..end` in a source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Self { start, end }
    }

    /// The span of a syntax node.
    pub fn of(node: Node<'_>) -> Self {
        let range = node.byte_range();
        Self::new(range.start, range.end)
    }

    /// Length in bytes.
    pub const fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no bytes.
    pub const fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The span as a `Range`.
    pub const fn range(&self) -> std::ops::Range<usize> {
        self.start..self.end
    }
}

/// A 1-based line and column (column counted in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineColumn {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// Maps byte offsets of one text to lines and columns.
///
/// ```
/// use ptxkit_syntax::LineIndex;
/// let index = LineIndex::new("ab\ncd\n");
/// assert_eq!(index.line_column("ab\ncd\n", 4).line, 2);
/// assert_eq!(index.line_column("ab\ncd\n", 4).column, 2);
/// ```
#[derive(Debug, Clone)]
pub struct LineIndex {
    line_starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes the line starts of `text`.
    pub fn new(text: &str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        Self { line_starts }
    }

    /// The 0-based line that holds byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&start| start <= offset) - 1
    }

    /// The byte offset where 0-based `line` starts.
    pub fn line_start(&self, line: usize) -> usize {
        self.line_starts[line.min(self.line_starts.len() - 1)]
    }

    /// Number of lines (a trailing newline starts an empty last line).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The text of 0-based `line`, without its line ending.
    pub fn line_text<'t>(&self, text: &'t str, line: usize) -> &'t str {
        let start = self.line_start(line);
        let end = self.line_starts.get(line + 1).copied().unwrap_or(text.len());
        text[start..end].trim_end_matches(['\n', '\r'])
    }

    /// 1-based line and column of byte `offset` in `text`.
    pub fn line_column(&self, text: &str, offset: usize) -> LineColumn {
        let offset = offset.min(text.len());
        let line = self.line_of(offset);
        let start = self.line_start(line);
        let column = text.get(start..offset).map_or(offset - start, |s| s.chars().count()) + 1;
        LineColumn { line: line + 1, column }
    }
}

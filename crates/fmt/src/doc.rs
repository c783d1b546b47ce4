//! The document layer: a small Wadler-style document that the PTX layer
//! builds, lowered to the `pretty` crate for layout, and printable for
//! `ptxfmt --print-doc`.
//!
//! The PTX layer never talks to `pretty` directly: it builds [`Doc`] values
//! with the constructors below. Lowering turns them into `pretty` documents;
//! [`Doc`]'s `Display` shows the structure (`group(…)`, `align(…)`, …).

use std::borrow::Cow;
use std::fmt;

use pretty::{Arena, DocAllocator, DocBuilder};

/// Marks the start of a line that must begin at column 0 (preprocessor
/// lines, verbatim regions). Removed by the post-layout pass.
pub const COLUMN_ZERO: char = '\u{FDD0}';
/// Stands for a trailing comment's separating space; the post-layout pass
/// turns it into padding that aligns trailing comments in a block.
pub const COMMENT_MARK: char = '\u{FDD1}';
/// Stands for a line break inside verbatim text (block comments, verbatim
/// regions), so that the post-layout pass never touches those lines.
pub const VERBATIM_NEWLINE: char = '\u{FDD2}';

/// A document: text and the line breaks and groups that lay it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Doc<'a> {
    /// Text without line breaks.
    Text(Cow<'a, str>),
    /// Text printed exactly as given (may span lines); counts as `width`
    /// columns for layout.
    Verbatim {
        /// The text, with line breaks replaced by [`VERBATIM_NEWLINE`].
        text: String,
        /// Columns the layout should assume it takes.
        width: usize,
    },
    /// A space when its group is flat, a line break when broken.
    Line,
    /// Nothing when its group is flat, a line break when broken.
    LineEmpty,
    /// A space if the rest up to the next possible break fits, else a line
    /// break (a one-break group: lists laid out this way fill lines).
    SoftLine,
    /// Always a line break.
    Hardline,
    /// Documents one after the other.
    Concat(Vec<Doc<'a>>),
    /// Flat if it fits on the line, else broken.
    Group(Box<Doc<'a>>),
    /// Line breaks inside are indented by `offset` more columns.
    Nest(isize, Box<Doc<'a>>),
    /// Line breaks inside are indented to the column where this starts.
    Align(Box<Doc<'a>>),
}

impl<'a> Doc<'a> {
    /// Text (must not contain line breaks).
    pub fn text(text: impl Into<Cow<'a, str>>) -> Self {
        Doc::Text(text.into())
    }

    /// Verbatim text that may span lines.
    pub fn verbatim(text: &str) -> Self {
        let last_line = text.rsplit('\n').next().unwrap_or("");
        let multi_line = text.contains('\n');
        Doc::Verbatim {
            text: text.replace('\n', &VERBATIM_NEWLINE.to_string()),
            // Width of the text's last line: what follows starts there.
            // A multi-line text never fits: its enclosing groups break.
            width: if multi_line { 1 << 24 } else { last_line.chars().count() },
        }
    }

    /// Concatenation.
    pub fn concat(docs: Vec<Doc<'a>>) -> Self {
        Doc::Concat(docs)
    }

    /// A group.
    pub fn group(self) -> Self {
        Doc::Group(Box::new(self))
    }

    /// Nested by `offset` columns.
    pub fn nest(self, offset: isize) -> Self {
        Doc::Nest(offset, Box::new(self))
    }

    /// Aligned to the current column.
    pub fn align(self) -> Self {
        Doc::Align(Box::new(self))
    }

    /// Lowers to a `pretty` document allocated in `arena`.
    pub fn lower<'b>(&'b self, arena: &'b Arena<'b>) -> DocBuilder<'b, Arena<'b>> {
        match self {
            Doc::Text(text) => arena.text(text.as_ref()),
            Doc::Verbatim { text, width } => {
                // `RenderLen` must wrap plain text; `arena.text` may wrap
                // non-ASCII text in a `RenderLen` of its own.
                let raw = arena.alloc(pretty::Doc::BorrowedText(text.as_str()));
                DocBuilder(arena, pretty::Doc::RenderLen(*width, raw).into())
            }
            Doc::Line => arena.line(),
            Doc::LineEmpty => arena.line_(),
            Doc::SoftLine => arena.softline(),
            Doc::Hardline => arena.hardline(),
            Doc::Concat(docs) => arena.concat(docs.iter().map(|d| d.lower(arena))),
            Doc::Group(doc) => doc.lower(arena).group(),
            Doc::Nest(offset, doc) => doc.lower(arena).nest(*offset),
            Doc::Align(doc) => doc.lower(arena).align(),
        }
    }

    /// Lays the document out for `width` columns.
    pub fn render(&self, width: usize) -> String {
        let arena = Arena::new();
        let mut out = String::new();
        self.lower(&arena)
            .render_fmt(width, &mut out)
            .expect("writing to a String cannot fail");
        out
    }
}

impl fmt::Display for Doc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_doc(self, f, 0)
    }
}

fn write_doc(doc: &Doc<'_>, f: &mut fmt::Formatter<'_>, depth: usize) -> fmt::Result {
    let pad = "  ".repeat(depth);
    match doc {
        Doc::Text(text) => writeln!(f, "{pad}{:?}", shown(text)),
        Doc::Verbatim { text, .. } => writeln!(f, "{pad}verbatim({:?})", shown(text)),
        Doc::Line => writeln!(f, "{pad}line"),
        Doc::LineEmpty => writeln!(f, "{pad}line_"),
        Doc::SoftLine => writeln!(f, "{pad}softline"),
        Doc::Hardline => writeln!(f, "{pad}hardline"),
        Doc::Concat(docs) => docs.iter().try_for_each(|d| write_doc(d, f, depth)),
        Doc::Group(inner) => write_wrapped(f, depth, "group", inner),
        Doc::Nest(offset, inner) => write_wrapped(f, depth, &format!("nest({offset})"), inner),
        Doc::Align(inner) => write_wrapped(f, depth, "align", inner),
    }
}

fn write_wrapped(f: &mut fmt::Formatter<'_>, depth: usize, name: &str, inner: &Doc<'_>) -> fmt::Result {
    writeln!(f, "{}{name}(", "  ".repeat(depth))?;
    write_doc(inner, f, depth + 1)?;
    writeln!(f, "{})", "  ".repeat(depth))
}

/// Shows the markers by name in `--print-doc` output.
fn shown(text: &str) -> String {
    text.replace(COLUMN_ZERO, "<col0>")
        .replace(COMMENT_MARK, "<comment-align>")
        .replace(VERBATIM_NEWLINE, "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_lines_fill_and_align() {
        let items: Vec<Doc> = (1..=8)
            .flat_map(|i| {
                let sep = if i == 1 {
                    vec![]
                } else {
                    vec![Doc::text(","), Doc::SoftLine]
                };
                sep.into_iter().chain([Doc::text(format!("%r{i}"))])
            })
            .collect();
        let doc = Doc::concat(vec![Doc::text("op {"), Doc::concat(items).align(), Doc::text("};")]);
        assert_eq!(doc.render(20), "op {%r1, %r2, %r3,\n    %r4, %r5, %r6,\n    %r7, %r8};");
    }

    #[test]
    fn groups_break_every_line() {
        let doc = Doc::concat(vec![
            Doc::text("f("),
            Doc::concat(vec![Doc::LineEmpty, Doc::text("a,"), Doc::Line, Doc::text("b")]).nest(4),
            Doc::LineEmpty,
            Doc::text(")"),
        ])
        .group();
        assert_eq!(doc.render(80), "f(a, b)");
        assert_eq!(doc.render(5), "f(\n    a,\n    b\n)");
    }

    #[test]
    fn verbatim_keeps_line_breaks_hidden() {
        let doc = Doc::verbatim("/* a\n b */");
        assert!(!doc.render(80).contains('\n'));
        assert!(doc.to_string().contains("verbatim"));
    }
}

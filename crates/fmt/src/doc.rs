//! The document layer: a small Wadler-style document that the PTX layer
//! builds, lowered to the `pretty` crate for layout, and printable for
//! `ptxfmt --print-doc`.
//!
//! The PTX layer never talks to `pretty` directly: it builds [`Doc`] values
//! with the constructors below. Layout facts that the Wadler algebra does
//! not express (a line that starts at column 0, a trailing comment to align,
//! text whose line breaks are not the layout's) travel as [`Mark`]
//! annotations; the line model ([`crate::lines`]) reads them after layout.

use std::borrow::Cow;
use std::fmt;

use pretty::{Arena, DocAllocator, DocBuilder};

use crate::rows::Rows;

/// A layout fact attached to part of a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The line this starts on begins at column 0 when nothing but
    /// indentation precedes it (preprocessor lines, verbatim regions).
    ColumnZero,
    /// A `//` comment: when code precedes it on its line, it is a trailing
    /// comment, aligned with those of the neighbouring lines.
    Comment,
    /// Text printed exactly as written, line breaks and all (block comments,
    /// verbatim regions, items with syntax errors).
    Verbatim,
    /// One statement: the trailing comments of its lines are aligned
    /// together even where its lines are indented differently.
    Statement,
}

/// A document: text and the line breaks and groups that lay it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Doc<'a> {
    /// Text without line breaks.
    Text(Cow<'a, str>),
    /// Text that counts as `width` columns for layout (comments that do not
    /// count toward the line width).
    Sized {
        /// The text.
        text: Cow<'a, str>,
        /// Columns the layout should assume it takes.
        width: usize,
    },
    /// Text whose line breaks are its own, printed as written: each line
    /// counts its width, a line break in it breaks the groups around it, and
    /// the text after it continues where its last line ends (its lines after
    /// the first start at column 0).
    Lines(Cow<'a, str>),
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
    /// The first document when the enclosing group is broken, the second
    /// when it is flat.
    FlatAlt(Box<Doc<'a>>, Box<Doc<'a>>),
    /// A document carrying a layout fact.
    Marked(Mark, Box<Doc<'a>>),
    /// A list's elements in rows of equal count aligned at the column where
    /// this starts ([`Rows`]); the count is chosen during layout, when that
    /// column is known. With one element per row, `single` is printed: the
    /// elements' own documents, each ending its line.
    Rows {
        /// The elements, measured.
        rows: Box<Rows>,
        /// The one-element-per-row layout.
        single: Box<Doc<'a>>,
    },
}

impl<'a> Doc<'a> {
    /// Text (must not contain line breaks).
    pub fn text(text: impl Into<Cow<'a, str>>) -> Self {
        Doc::Text(text.into())
    }

    /// Verbatim text that may span lines ([`Doc::Lines`] when it does: the
    /// groups around it break).
    pub fn verbatim(text: impl Into<Cow<'a, str>>) -> Self {
        let text = text.into();
        let doc = if text.contains('\n') {
            Doc::Lines(text)
        } else {
            let width = text.chars().count();
            Doc::sized(text, width)
        };
        doc.marked(Mark::Verbatim)
    }

    /// Text without line breaks that counts as `width` columns for layout.
    pub fn sized(text: impl Into<Cow<'a, str>>, width: usize) -> Self {
        Doc::Sized {
            text: text.into(),
            width,
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

    /// `self` when the enclosing group breaks, `flat` when it is flat.
    pub fn flat_alt(self, flat: Doc<'a>) -> Self {
        Doc::FlatAlt(Box::new(self), Box::new(flat))
    }

    /// `self` carrying `mark`.
    pub fn marked(self, mark: Mark) -> Self {
        Doc::Marked(mark, Box::new(self))
    }

    /// Lowers to a `pretty` document allocated in `arena`.
    pub fn lower<'b>(&'b self, arena: &'b Arena<'b, Mark>) -> DocBuilder<'b, Arena<'b, Mark>, Mark> {
        match self {
            Doc::Text(text) => arena.text(text.as_ref()),
            Doc::Sized { text, width } => {
                // `RenderLen` must wrap plain text; `arena.text` may wrap
                // non-ASCII text in a `RenderLen` of its own.
                let raw = arena.alloc(pretty::Doc::BorrowedText(text.as_ref()));
                DocBuilder(arena, pretty::Doc::RenderLen(*width, raw).into())
            }
            Doc::Lines(text) => lines(arena, text),
            Doc::Line => arena.line(),
            Doc::LineEmpty => arena.line_(),
            Doc::SoftLine => arena.softline(),
            Doc::Hardline => arena.hardline(),
            Doc::Concat(docs) => arena.concat(docs.iter().map(|d| d.lower(arena))),
            Doc::Group(doc) => doc.lower(arena).group(),
            Doc::Nest(offset, doc) => doc.lower(arena).nest(*offset),
            Doc::Align(doc) => doc.lower(arena).align(),
            Doc::FlatAlt(broken, flat) => broken.lower(arena).flat_alt(flat.lower(arena)),
            Doc::Marked(mark, doc) => doc.lower(arena).annotate(*mark),
            Doc::Rows { rows, single } => {
                let single = single.lower(arena).align().into_doc();
                arena.column(move |column| match rows.per_row(column) {
                    0 | 1 => single,
                    per_row => {
                        let lines = rows.row_texts(per_row).into_iter().map(|row| arena.text(row));
                        arena.intersperse(lines, arena.hardline()).align().into_doc()
                    }
                })
            }
        }
    }

    /// Lays the document out for `width` columns as plain text (marks are
    /// ignored; the formatter itself goes through [`crate::lines`]).
    pub fn render(&self, width: usize) -> String {
        let arena = Arena::new();
        let mut out = String::new();
        self.lower(&arena)
            .render_fmt(width, &mut out)
            .expect("writing to a String cannot fail");
        out
    }
}

/// `text`'s lines joined by hard line breaks at indentation 0, each line
/// `RenderLen` of its own width (a `\r` before a line break takes none), so
/// that `pretty` breaks the groups around the text and knows the column after
/// it. A hard line break is written as `\n` alone, and the line writer keeps
/// verbatim text as written, so the text comes out unchanged.
fn lines<'b>(arena: &'b Arena<'b, Mark>, text: &'b str) -> DocBuilder<'b, Arena<'b, Mark>, Mark> {
    let line = |line: &'b str| {
        let width = line.strip_suffix('\r').unwrap_or(line).chars().count();
        let raw = arena.alloc(pretty::Doc::BorrowedText(line));
        DocBuilder(arena, pretty::Doc::RenderLen(width, raw).into())
    };
    // A hard line break takes the indentation of the document after it: every
    // line, the empty last one included, is a `RenderLen` inside the nest.
    arena
        .intersperse(text.split('\n').map(line), arena.hardline())
        .nest(isize::MIN)
}

impl fmt::Display for Doc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_doc(self, f, 0)
    }
}

fn write_doc(doc: &Doc<'_>, f: &mut fmt::Formatter<'_>, depth: usize) -> fmt::Result {
    let pad = "  ".repeat(depth);
    match doc {
        Doc::Text(text) => writeln!(f, "{pad}{text:?}"),
        Doc::Sized { text, width } => writeln!(f, "{pad}{text:?} (width {width})"),
        Doc::Lines(text) => writeln!(f, "{pad}{text:?} (lines)"),
        Doc::Line => writeln!(f, "{pad}line"),
        Doc::LineEmpty => writeln!(f, "{pad}line_"),
        Doc::SoftLine => writeln!(f, "{pad}softline"),
        Doc::Hardline => writeln!(f, "{pad}hardline"),
        Doc::Concat(docs) => docs.iter().try_for_each(|d| write_doc(d, f, depth)),
        Doc::Group(inner) => write_wrapped(f, depth, "group", inner),
        Doc::Nest(offset, inner) => write_wrapped(f, depth, &format!("nest({offset})"), inner),
        Doc::Align(inner) => write_wrapped(f, depth, "align", inner),
        Doc::FlatAlt(broken, flat) => {
            write_wrapped(f, depth, "if-broken", broken)?;
            write_wrapped(f, depth, "if-flat", flat)
        }
        Doc::Rows { rows, single } => {
            writeln!(
                f,
                "{pad}rows({} elements, {:?} at most)",
                rows.cells.len(),
                rows.max_per_row
            )?;
            write_wrapped(f, depth, "if-one-per-row", single)
        }
        Doc::Marked(mark, inner) => {
            let name = match mark {
                Mark::ColumnZero => "column-zero",
                Mark::Comment => "comment",
                Mark::Verbatim => "verbatim",
                Mark::Statement => "statement",
            };
            write_wrapped(f, depth, name, inner)
        }
    }
}

fn write_wrapped(f: &mut fmt::Formatter<'_>, depth: usize, name: &str, inner: &Doc<'_>) -> fmt::Result {
    writeln!(f, "{}{name}(", "  ".repeat(depth))?;
    write_doc(inner, f, depth + 1)?;
    writeln!(f, "{})", "  ".repeat(depth))
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
    fn flat_alternatives_follow_their_group() {
        let doc = Doc::concat(vec![
            Doc::text("head"),
            Doc::concat(vec![Doc::Hardline.flat_alt(Doc::text("  ")), Doc::text("operands;")]).nest(4),
        ])
        .group();
        assert_eq!(doc.render(80), "head  operands;");
        assert_eq!(doc.render(10), "head\n    operands;");
    }

    #[test]
    fn verbatim_text_breaks_its_groups_and_is_shown_marked() {
        let doc = Doc::concat(vec![Doc::text("a"), Doc::Line, Doc::verbatim("/* a\n b */")]).group();
        assert_eq!(doc.render(80), "a\n/* a\n b */");
        assert!(doc.to_string().contains("verbatim("));
    }

    #[test]
    fn text_after_lines_continues_where_their_last_line_ends() {
        let list = Doc::concat(vec![Doc::text("x,"), Doc::Hardline, Doc::text("y")]).align();
        let doc = Doc::concat(vec![
            Doc::text("op "),
            Doc::verbatim("/* a\r\n  b */"),
            Doc::text(" {"),
            list,
            Doc::text("}"),
        ]);
        assert_eq!(doc.render(80), "op /* a\r\n  b */ {x,\n        y}");
        // Only the first line counts toward the line the text starts on.
        let group = |comment| Doc::concat(vec![Doc::text("a"), Doc::Line, Doc::text("b"), Doc::verbatim(comment)]);
        assert_eq!(group("/*\n*/").group().render(4), "a\nb/*\n*/");
        assert_eq!(
            Doc::concat(vec![group("/*\n*/").group(), Doc::Hardline]).render(6),
            "a\nb/*\n*/\n"
        );
    }
}

//! The line model: the laid-out document as lines (indentation, text, and
//! where a trailing comment starts), the trailing-comment alignment pass run
//! over them (as Taplo aligns after layout), and the final text (tabs, blank
//! lines, line endings).
//!
//! `pretty` lays the document out into a [`LineWriter`], which reads the
//! [`Mark`]s: a [`Mark::ColumnZero`] line loses its indentation, a
//! [`Mark::Comment`] after code records where a trailing comment starts, and
//! [`Mark::Verbatim`] text keeps its line breaks and spaces untouched.

use pretty::Arena;
use pretty::{Render, RenderAnnotated};

use crate::doc::{Doc, Mark};
use crate::options::{IndentStyle, Options};

/// One output line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Line {
    /// Columns of indentation.
    pub indent: usize,
    /// The text after the indentation; verbatim text in it may hold line
    /// breaks (they belong to the text, not to the layout).
    pub text: String,
    /// Byte offset in `text` where a trailing `//` comment starts.
    pub comment: Option<usize>,
    /// The innermost statement holding the trailing comment (0: none).
    pub owner: usize,
    /// Whether anything but indentation has been written.
    started: bool,
}

impl Line {
    /// Columns of code before the trailing comment, on the last physical
    /// line (from the line's start, indentation included).
    fn code_width(&self) -> Option<usize> {
        let code = self.text[..self.comment?].trim_end();
        Some(match code.rsplit_once('\n') {
            Some((_, last)) => last.chars().count(),
            None => self.indent + code.chars().count(),
        })
    }
}

/// Lays `doc` out for `width` columns into lines.
pub fn layout(doc: &Doc<'_>, width: usize) -> Vec<Line> {
    let arena = Arena::new();
    let mut writer = LineWriter {
        lines: vec![Line::default()],
        marks: Vec::new(),
        verbatim: 0,
        statements: Vec::new(),
        statement_count: 0,
    };
    // The writer never fails, and nothing in a document fails to render.
    let _ = doc.lower(&arena).render_raw(width, &mut writer);
    writer.lines
}

/// Receives `pretty`'s output and builds lines.
struct LineWriter {
    lines: Vec<Line>,
    marks: Vec<Mark>,
    verbatim: usize,
    /// The statements open at this point, innermost last.
    statements: Vec<usize>,
    statement_count: usize,
}

impl LineWriter {
    fn current(&mut self) -> &mut Line {
        self.lines.last_mut().expect("there is always a current line")
    }

    /// Text without line breaks: leading spaces of a line are indentation.
    fn push_piece(&mut self, piece: &str) {
        let line = self.current();
        let mut piece = piece;
        if !line.started {
            let body = piece.trim_start_matches(' ');
            line.indent += piece.len() - body.len();
            if body.is_empty() {
                return;
            }
            line.started = true;
            piece = body;
        }
        line.text.push_str(piece);
    }
}

impl Render for LineWriter {
    type Error = ();

    fn write_str(&mut self, s: &str) -> Result<usize, ()> {
        if self.verbatim > 0 {
            let line = self.current();
            line.started = true;
            line.text.push_str(s);
            return Ok(s.len());
        }
        if !s.contains('\n') {
            // Most pieces are one token or one run of spaces.
            self.push_piece(s);
            return Ok(s.len());
        }
        let mut pieces = s.split('\n');
        if let Some(first) = pieces.next() {
            self.push_piece(first);
        }
        for piece in pieces {
            self.lines.push(Line::default());
            self.push_piece(piece);
        }
        Ok(s.len())
    }

    fn fail_doc(&self) {}
}

impl RenderAnnotated<'_, Mark> for LineWriter {
    fn push_annotation(&mut self, mark: &Mark) -> Result<(), ()> {
        self.marks.push(*mark);
        if *mark == Mark::Statement {
            self.statement_count += 1;
            self.statements.push(self.statement_count);
        }
        let owner = self.statements.last().copied().unwrap_or(0);
        let line = self.current();
        match mark {
            Mark::ColumnZero if !line.started => {
                line.indent = 0;
                line.started = true;
            }
            Mark::Comment if line.started && line.comment.is_none() => {
                line.comment = Some(line.text.len());
                line.owner = owner;
            }
            Mark::Verbatim => self.verbatim += 1,
            _ => {}
        }
        Ok(())
    }

    fn pop_annotation(&mut self) -> Result<(), ()> {
        match self.marks.pop() {
            Some(Mark::Verbatim) => self.verbatim -= 1,
            Some(Mark::Statement) => {
                self.statements.pop();
            }
            _ => {}
        }
        Ok(())
    }
}

/// Aligns trailing comments: in a run of consecutive lines that each have
/// one, each at the indentation of the line before or in the same statement
/// (a wrapped instruction's operand lines), the comments start one column
/// after the longest code (as gofmt does: a line without a trailing comment
/// ends the run). With `align` off, one space separates code and comment.
pub fn align_comments(lines: &mut [Line], align: bool) {
    let mut start = 0;
    while start < lines.len() {
        let Some(first) = lines[start].code_width() else {
            start += 1;
            continue;
        };
        let mut column = first;
        let mut end = start + 1;
        while end < lines.len() {
            let (prev, line) = (&lines[end - 1], &lines[end]);
            let joined = line.indent == prev.indent || (line.owner != 0 && line.owner == prev.owner);
            let Some(width) = line.code_width().filter(|_| joined) else {
                break;
            };
            column = column.max(width);
            end += 1;
        }
        for line in &mut lines[start..end] {
            let (Some(at), Some(width)) = (line.comment, line.code_width()) else {
                continue;
            };
            let pad = if align { column - width + 1 } else { 1 };
            let code_end = line.text[..at].trim_end().len();
            line.text.replace_range(code_end..at, &" ".repeat(pad));
            line.comment = Some(code_end + pad);
        }
        start = end;
    }
}

/// The final text: trailing whitespace dropped, runs of blank lines
/// collapsed to one (none at the start or end), indentation as spaces or
/// tabs, each line ended by `\n` or `\r\n`. A last line that ends in a line
/// break of its own (a verbatim preprocessor line whose `\` continuation
/// holds the file's final line break) gets no other.
pub fn finish(lines: &[Line], options: &Options, crlf: bool) -> String {
    let newline = if crlf { "\r\n" } else { "\n" };
    let size: usize = lines.iter().map(|l| l.indent + l.text.len() + 2).sum();
    let mut out = String::with_capacity(size);
    let mut pending_blank = false;
    let mut last_ends_in_break = false;
    for line in lines {
        let text = line.text.trim_end_matches([' ', '\t']);
        if text.is_empty() {
            pending_blank = !out.is_empty();
            continue;
        }
        if pending_blank {
            out.push_str(newline);
            pending_blank = false;
        }
        match options.indent_style {
            IndentStyle::Spaces => out.extend(std::iter::repeat_n(' ', line.indent)),
            IndentStyle::Tabs => {
                out.extend(std::iter::repeat_n('\t', line.indent / options.indent_width));
                out.extend(std::iter::repeat_n(' ', line.indent % options.indent_width));
            }
        }
        out.push_str(text);
        out.push_str(newline);
        last_ends_in_break = text.ends_with('\n');
    }
    if last_ends_in_break {
        out.truncate(out.len() - newline.len());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comment(text: &'static str) -> Doc<'static> {
        Doc::text(text).marked(Mark::Comment)
    }

    fn statement(code: &'static str, note: Option<&'static str>) -> Vec<Doc<'static>> {
        let mut docs = vec![Doc::Hardline, Doc::text(code)];
        if let Some(note) = note {
            docs.extend([Doc::text(" "), comment(note)]);
        }
        docs
    }

    #[test]
    fn aligns_trailing_comments_per_run() {
        let mut body = Vec::new();
        body.extend(statement("a;", Some("// x")));
        body.extend(statement("bbbb;", Some("// y")));
        body.extend(statement("cc;", None));
        body.extend(statement("d;", Some("// z")));
        body.push(Doc::Hardline);
        body.extend(statement("e;", Some("// w")));
        let doc = Doc::concat(vec![
            Doc::text("{"),
            Doc::concat(body).nest(4),
            Doc::Hardline,
            Doc::text("}"),
        ]);
        let mut lines = layout(&doc, 80);
        align_comments(&mut lines, true);
        assert_eq!(
            finish(&lines, &Options::default(), false),
            "{\n    a;    // x\n    bbbb; // y\n    cc;\n    d; // z\n\n    e; // w\n}\n"
        );
    }

    #[test]
    fn column_zero_verbatim_tabs_and_crlf() {
        let doc = Doc::concat(vec![
            Doc::text("{"),
            Doc::concat(vec![
                Doc::Hardline,
                Doc::text("#define X").marked(Mark::ColumnZero),
                Doc::Hardline,
                Doc::text("ret;   "),
                Doc::Hardline,
                Doc::Hardline,
                Doc::verbatim("  kept  \n        as is").marked(Mark::ColumnZero),
            ])
            .nest(4),
            Doc::Hardline,
            Doc::text("}"),
        ]);
        let options = Options {
            indent_style: IndentStyle::Tabs,
            ..Options::default()
        };
        let lines = layout(&doc, 80);
        assert_eq!(
            finish(&lines, &options, true),
            "{\r\n#define X\r\n\tret;\r\n\r\n  kept  \n        as is\r\n}\r\n"
        );
    }
}

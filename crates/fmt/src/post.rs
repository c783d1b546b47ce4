//! The post-layout pass, run on the laid-out text line by line (as Taplo
//! aligns after layout): column-0 lines, trailing whitespace, trailing
//! comment alignment, tabs, verbatim line breaks and line endings.

use crate::doc::{COLUMN_ZERO, COMMENT_MARK, VERBATIM_NEWLINE};
use crate::options::{IndentStyle, Options};

/// Turns the laid-out text into the final output.
pub fn finish(rendered: &str, options: &Options, crlf: bool) -> String {
    let mut lines: Vec<String> = rendered
        .split('\n')
        .map(|line| {
            // The marker moves a line to column 0: only indentation goes.
            let line = match line.find(COLUMN_ZERO) {
                Some(at) if line[..at].trim().is_empty() => line[at + COLUMN_ZERO.len_utf8()..].to_string(),
                Some(_) => line.replace(COLUMN_ZERO, ""),
                None => line.to_string(),
            };
            line.trim_end_matches([' ', '\t']).to_string()
        })
        .collect();
    align_comments(&mut lines, options.align_comments);
    let newline = if crlf { "\r\n" } else { "\n" };
    let mut out = String::with_capacity(rendered.len() + rendered.len() / 8);
    let mut pending_blank = false;
    for line in &lines {
        if line.is_empty() {
            pending_blank = !out.is_empty();
            continue;
        }
        if pending_blank {
            out.push_str(newline);
            pending_blank = false;
        }
        match options.indent_style {
            IndentStyle::Spaces => out.push_str(line),
            IndentStyle::Tabs => push_tabbed(&mut out, line, options.indent_width),
        }
        out.push_str(newline);
    }
    if out.contains(VERBATIM_NEWLINE) {
        out = out.replace(VERBATIM_NEWLINE, "\n");
    }
    out
}

/// Lines with a trailing-comment mark: in a run of consecutive lines that
/// each have one, at one indentation, the comments start one column after
/// the longest code (as gofmt does: a line without a trailing comment ends
/// the run). With alignment off, one space.
fn align_comments(lines: &mut [String], align: bool) {
    let indent_of = |line: &str| line.len() - line.trim_start_matches(' ').len();
    let code_width = |line: &str| line.find(COMMENT_MARK).map(|at| line[..at].trim_end().chars().count());
    let mut start = 0;
    while start < lines.len() {
        if code_width(&lines[start]).is_none() {
            start += 1;
            continue;
        }
        let indent = indent_of(&lines[start]);
        let mut end = start + 1;
        while end < lines.len() && code_width(&lines[end]).is_some() && indent_of(&lines[end]) == indent {
            end += 1;
        }
        let column = lines[start..end]
            .iter()
            .filter_map(|l| code_width(l))
            .max()
            .unwrap_or(0);
        for line in &mut lines[start..end] {
            let Some(at) = line.find(COMMENT_MARK) else { continue };
            let code = line[..at].trim_end();
            let comment = &line[at + COMMENT_MARK.len_utf8()..];
            let pad = if align { column - code.chars().count() + 1 } else { 1 };
            *line = format!("{code}{}{comment}", " ".repeat(pad));
        }
        start = end;
    }
}

/// Writes `line` with its leading spaces as tabs of `width` columns (and
/// the remainder, an alignment, as spaces).
fn push_tabbed(out: &mut String, line: &str, width: usize) {
    let body = line.trim_start_matches(' ');
    let spaces = line.len() - body.len();
    out.extend(std::iter::repeat_n('\t', spaces / width));
    out.extend(std::iter::repeat_n(' ', spaces % width));
    out.push_str(body);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_trailing_comments_per_run() {
        let m = COMMENT_MARK;
        let text = format!("    a;{m}// x\n    bbbb;{m}// y\n    cc;\n    d;{m}// z\n\n    e;{m}// w\n");
        let out = finish(&text, &Options::default(), false);
        assert_eq!(
            out,
            "    a;    // x\n    bbbb; // y\n    cc;\n    d; // z\n\n    e; // w\n"
        );
    }

    #[test]
    fn column_zero_tabs_and_crlf() {
        let text = format!("{{\n    {COLUMN_ZERO}#define X\n    ret;   \n\n\n}}");
        let options = Options {
            indent_style: IndentStyle::Tabs,
            ..Options::default()
        };
        assert_eq!(finish(&text, &options, true), "{\r\n#define X\r\n\tret;\r\n\r\n}\r\n");
    }
}

//! Range formatting: only the statements a range touches are formatted; the
//! rest of the text keeps its bytes.
//!
//! The whole text is formatted and the statements are taken from the
//! result, so a statement formatted alone looks exactly as it does when the
//! whole file is formatted (its indentation, its operand column). A
//! statement is an item of a statement list (a directive, declaration,
//! instruction, label or comment at the top level or inside `{ }`); a
//! function's header is one statement and each brace of a block is one.
//! Formatting changes only whitespace, so the tokens of the input and of
//! the formatted text pair up one to one; the text from the first to the
//! last touched token is taken from the formatted text, with the
//! indentation of the first line and without trailing whitespace on the
//! last.

use std::collections::HashSet;
use std::ops::Range;

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ParsedSource;
use ptxkit_syntax::tree_sitter::Node;

/// The byte range of lines `first..=last` (1-based), line breaks excluded;
/// lines past the end of the text are clamped to it.
pub fn line_range(text: &str, first: usize, last: usize) -> Range<usize> {
    let mut starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1));
    let start = starts.nth(first.saturating_sub(1)).unwrap_or(text.len());
    let mut starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1));
    let end = match starts.nth(last) {
        Some(next) => next.saturating_sub(1),
        None => text.len(),
    };
    start..end.max(start)
}

/// `source` with the statements that `range` touches replaced by their
/// formatted text from `formatted` (which must be `source` formatted, with
/// the same tokens).
pub fn splice(source: &ParsedSource, formatted: &ParsedSource, range: Range<usize>) -> Result<String, String> {
    let old = leaves(source.root());
    let new = leaves(formatted.root());
    if old.len() != new.len() {
        return Err(format!(
            "the formatted text has {} tokens, the input {}",
            new.len(),
            old.len()
        ));
    }
    let units: Vec<usize> = old.iter().map(|leaf| statement_of(*leaf).id()).collect();
    let touched: HashSet<usize> = old
        .iter()
        .zip(&units)
        .filter(|(leaf, _)| leaf.start_byte() <= range.end && leaf.end_byte() >= range.start)
        .map(|(_, unit)| *unit)
        .collect();
    let (Some(first), Some(last)) = (
        units.iter().position(|u| touched.contains(u)),
        units.iter().rposition(|u| touched.contains(u)),
    ) else {
        return Ok(source.text().to_string());
    };
    let (src, out) = (source.text(), formatted.text());
    let (src_start, out_start) =
        if starts_line(src, old[first].start_byte()) && starts_line(out, new[first].start_byte()) {
            (
                line_start(src, old[first].start_byte()),
                line_start(out, new[first].start_byte()),
            )
        } else if first == 0 {
            (0, 0)
        } else {
            (old[first - 1].end_byte(), new[first - 1].end_byte())
        };
    let (src_end, out_end) = {
        let end = old[last].end_byte();
        let blanks = src[end..].len() - src[end..].trim_start_matches([' ', '\t']).len();
        let at_line_end = src[end + blanks..].is_empty() || src[end + blanks..].starts_with(['\n', '\r']);
        (if at_line_end { end + blanks } else { end }, new[last].end_byte())
    };
    let mut text = String::with_capacity(src.len() + out_end - out_start);
    text.push_str(&src[..src_start]);
    text.push_str(&out[out_start..out_end]);
    text.push_str(&src[src_end..]);
    Ok(text)
}

/// Every token (leaf), comments included, in order.
fn leaves<'t>(root: Node<'t>) -> Vec<Node<'t>> {
    ptxkit_syntax::preorder(root).filter(|n| n.child_count() == 0).collect()
}

/// The statement a token belongs to: the innermost node on its path (the
/// token included) that is an item of a statement list.
fn statement_of(leaf: Node<'_>) -> Node<'_> {
    let mut node = leaf;
    loop {
        match node.parent() {
            None => return node,
            Some(parent) if matches!(parent.kind_name(), "source_file" | "block" | "section_body") => return node,
            Some(parent) => node = parent,
        }
    }
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// Whether only spaces and tabs precede `at` on its line.
fn starts_line(text: &str, at: usize) -> bool {
    text[line_start(text, at)..at].bytes().all(|b| b == b' ' || b == b'\t')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_byte_ranges() {
        let text = "a\nbb\nccc\n";
        assert_eq!(line_range(text, 1, 1), 0..1);
        assert_eq!(line_range(text, 2, 3), 2..8);
        assert_eq!(line_range(text, 3, 9), 5..9);
        assert_eq!(line_range(text, 7, 9), 9..9);
    }
}

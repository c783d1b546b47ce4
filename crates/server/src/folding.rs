//! Folding ranges from the syntax tree: `{ }` blocks (function bodies and nested blocks),
//! parameter lists, initializer lists and `.section` bodies that span lines, block
//! comments, and runs of line comments.

use lsp_types::{FoldingRange, FoldingRangeKind};
use ptxkit_syntax::preorder;

use crate::document::Document;

/// The node kinds that fold when they span more than one line.
const FOLDING: &[&str] = &["block", "parameter_list", "initializer_list", "section_body"];

/// The folding ranges of a document, in source order (lines, as LSP counts them).
pub fn folding_ranges(document: &mut Document) -> Vec<FoldingRange> {
    let parsed = &document.analysis().parsed;
    let lines = parsed.lines();
    let text = parsed.text();
    let mut out = Vec::new();
    let mut comment_run: Option<(usize, usize)> = None;
    let flush = |run: &mut Option<(usize, usize)>, out: &mut Vec<FoldingRange>| {
        if let Some((first, last)) = run.take()
            && last > first
        {
            out.push(range(first, last, Some(FoldingRangeKind::Comment)));
        }
    };
    for node in preorder(parsed.root()) {
        let first = lines.line_of(node.start_byte());
        let last = lines.line_of(node.end_byte().saturating_sub(1).max(node.start_byte()));
        if node.kind() == "comment" {
            let is_line_comment = text[node.byte_range()].starts_with("//");
            if is_line_comment {
                match &mut comment_run {
                    Some((_, end)) if *end + 1 == first => *end = first,
                    _ => {
                        flush(&mut comment_run, &mut out);
                        comment_run = Some((first, first));
                    }
                }
                continue;
            }
            flush(&mut comment_run, &mut out);
            if last > first {
                out.push(range(first, last, Some(FoldingRangeKind::Comment)));
            }
            continue;
        }
        if FOLDING.contains(&node.kind()) && last > first {
            flush(&mut comment_run, &mut out);
            // Keep the closing line visible (`}`, `)`): fold up to the line before it.
            out.push(range(first, last.saturating_sub(1).max(first), None));
        }
    }
    flush(&mut comment_run, &mut out);
    out.retain(|r| r.end_line > r.start_line);
    out.sort_by_key(|r| (r.start_line, r.end_line));
    out
}

fn range(first: usize, last: usize, kind: Option<FoldingRangeKind>) -> FoldingRange {
    FoldingRange {
        start_line: u32::try_from(first).unwrap_or(u32::MAX),
        start_character: None,
        end_line: u32::try_from(last).unwrap_or(u32::MAX),
        end_character: None,
        kind,
        collapsed_text: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_parameter_lists_and_comment_runs_fold() {
        let text = "// a\n// b\n// c\n.version 8.0\n.target sm_90\n.entry k(\n\t.param .u64 p\n)\n{\n\t.reg .b32 %r1;\n\t{\n\t\tret;\n\t}\n\tret;\n}\n/* one\n two */\n";
        let mut document = Document::new(None, 0, text.to_string());
        let folds: Vec<(u32, u32, bool)> = folding_ranges(&mut document)
            .iter()
            .map(|r| (r.start_line, r.end_line, r.kind == Some(FoldingRangeKind::Comment)))
            .collect();
        assert_eq!(
            folds,
            [
                (0, 2, true),
                (5, 6, false),
                (8, 13, false),
                (10, 11, false),
                (15, 16, true)
            ]
        );
    }
}

//! Bracketed lists: `{%r1, %r2}` vectors, `[%rd1+8]` and `[tmap, {%r1, %r2}]`
//! addresses, `(a, b)` call argument lists and `{1, 2, 3}` initializers.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::doc::Doc;
use crate::printer::{Printer, children};
use crate::rows::Rows;
use crate::tokens::{ends_line, is_comment};

/// `open`, the `element`/`argument` children, then `close`: on one line when
/// it fits; otherwise in rows of equal count aligned just inside the
/// bracket ([`Rows`]). A list with `//` comments inside keeps each comment
/// at the end of its line: the elements between two such comments stay on
/// one line when they fit, else go one per line.
pub fn bracketed_list<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    let parts = children(node);
    let (Some(&open), Some(&close)) = (parts.first(), parts.last()) else {
        return p.sequence(&parts);
    };
    if parts.len() < 2 || !matches!(open.kind_name(), "{" | "[" | "(") {
        return p.sequence(&parts);
    }
    let inner = &parts[1..parts.len() - 1];
    let Some((&first, &last)) = inner.first().zip(inner.last()) else {
        return Doc::concat(vec![
            p.node(open),
            p.separator(open, close, &Doc::text(" ")),
            p.node(close),
        ]);
    };
    Doc::concat(vec![
        p.node(open),
        p.separator(open, first, &Doc::text(" ")),
        wrapped_list(p, inner),
        p.separator(last, close, &Doc::text(" ")),
        p.node(close),
    ])
}

/// The comma-separated `inner` on one line if it fits, else in rows (or,
/// with `//` comments inside, in runs that end at each comment).
pub fn wrapped_list<'a>(p: &Printer<'a>, inner: &[Node<'a>]) -> Doc<'a> {
    match cells(p, inner) {
        Some(cells) => rows(p, inner, cells),
        None => segments(p, inner),
    }
}

/// Each element's one-line text, or `None` when an element cannot be put on
/// one line or the list ends with a comma.
fn cells<'a>(p: &Printer<'a>, inner: &[Node<'a>]) -> Option<Vec<String>> {
    if inner.last().is_some_and(|n| n.kind_name() == ",") {
        return None;
    }
    inner
        .split(|n| n.kind_name() == ",")
        .map(|element| p.flat_text(element))
        .collect()
}

/// The elements on one line if they fit, else in rows.
fn rows<'a>(p: &Printer<'a>, inner: &[Node<'a>], cells: Vec<String>) -> Doc<'a> {
    let flat = Doc::text(cells.join(", "));
    let single = p.sequence_with(inner, &Doc::Hardline);
    let rows = Doc::Rows {
        rows: Box::new(Rows {
            cells,
            width: p.options.line_width,
            max_per_row: p.options.max_elements_per_row,
        }),
        single: Box::new(single),
    };
    rows.flat_alt(flat).group()
}

/// A list with comments inside: one group per run of elements that ends
/// with a `//` comment (or the list), aligned inside the bracket.
fn segments<'a>(p: &Printer<'a>, inner: &[Node<'a>]) -> Doc<'a> {
    let mut docs = Vec::new();
    let mut start = 0;
    for (i, &node) in inner.iter().enumerate() {
        let ends_segment = i + 1 == inner.len() || (is_comment(node) && ends_line(node, p.source));
        if !ends_segment {
            continue;
        }
        if start > 0 {
            docs.push(p.separator(inner[start - 1], inner[start], &Doc::Line));
        }
        docs.push(p.sequence_with(&inner[start..=i], &Doc::Line).group());
        start = i + 1;
    }
    Doc::concat(docs).align()
}

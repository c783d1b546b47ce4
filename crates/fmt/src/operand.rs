//! Bracketed operand lists: `{%r1, %r2}` vectors, `[%rd1+8]` addresses,
//! `(a, b)` call argument lists and `{1, 2, 3}` initializers.

use ptxkit_syntax::tree_sitter::Node;

use crate::doc::Doc;
use crate::printer::{Printer, children};

/// `open`, the elements filled to the line width and aligned just inside the
/// bracket, then `close`. Fields used: the node's `element`/`argument`
/// children, which are laid out generically.
pub fn bracketed_list<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    let parts = children(node);
    let (Some(&open), Some(&close)) = (parts.first(), parts.last()) else {
        return p.sequence(&parts);
    };
    if parts.len() < 2 || !matches!(open.kind(), "{" | "[" | "(") {
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
        p.sequence_with(inner, &Doc::SoftLine).align(),
        p.separator(last, close, &Doc::text(" ")),
        p.node(close),
    ])
}

//! `.section` directives: `.section .debug_info { … }` and their data lines.
//! (`.loc` and `.file` need nothing special: the generic layout puts single
//! spaces between their parts.)

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::block;
use crate::doc::Doc;
use crate::printer::{HeadList, Printer, children};

/// `.section name`, then the body on the next line.
pub fn section<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    let parts = children(node);
    let mut docs = Vec::with_capacity(parts.len() * 2);
    for (i, &part) in parts.iter().enumerate() {
        if i > 0 {
            docs.push(if part.kind_name() == "section_body" {
                Doc::Hardline
            } else {
                p.separator(parts[i - 1], part, &Doc::text(" "))
            });
        }
        docs.push(p.node(part));
    }
    Doc::concat(docs)
}

/// The body: like a block, one label or data line per line.
pub fn section_body<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    block::block(p, node)
}

/// `.b8 1, 2, 3` with the `value`s filled to the line width after the `type`.
pub fn section_data<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    let parts = children(node);
    let Some(&first) = parts.first() else {
        return p.sequence(&parts);
    };
    if first.kind_name() != "type" {
        return p.sequence(&parts);
    }
    let end = parts.last().filter(|n| n.kind_name() == ";").copied();
    let rest_end = if end.is_some() { parts.len() - 1 } else { parts.len() };
    let list = HeadList {
        head_last: first,
        rest: parts[1..rest_end.max(1)].to_vec(),
        end,
    };
    p.head_and_list(p.node(first), list, Doc::text(" "))
}

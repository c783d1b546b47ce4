//! Variable declarations: `.reg .b32 %r<10>;`, `.shared .align 16 .b8 buf[64];`,
//! `.global .u32 table[4] = {1, 2, 3, 4};`.

use ptxkit_syntax::tree_sitter::Node;

use crate::doc::Doc;
use crate::printer::{HeadList, Printer, children};

/// Linkages and specifiers (`linkage`, `state_space`, `align`, `type`, …)
/// separated by single spaces, then the `declarator`s filled to the line
/// width and aligned after the specifiers; initializer lists wrap inside
/// their braces.
pub fn variable_declaration<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    let parts = children(node);
    let Some(split) = parts.iter().position(|n| n.kind() == "declarator") else {
        return p.sequence(&parts);
    };
    if split == 0 {
        return p.sequence(&parts);
    }
    let end = parts.last().filter(|n| n.kind() == ";").copied();
    let rest_end = if end.is_some() { parts.len() - 1 } else { parts.len() };
    let head = p.sequence(&parts[..split]);
    let list = HeadList {
        head_last: parts[split - 1],
        rest: parts[split..rest_end].to_vec(),
        end,
    };
    p.head_and_list(head, list, Doc::text(" "))
}

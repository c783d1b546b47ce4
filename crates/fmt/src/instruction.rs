//! Instructions and calls: `[guard] opcode.modifiers operands;`.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::doc::Doc;
use crate::operand_columns::Parts;
use crate::printer::{HeadList, ListStyle, Printer};

/// The head (`guard`, `opcode`, `modifier`s, glued as written), then the
/// `operand`s (or a call's `returns`, `callee`, `arguments`, `targets`)
/// separated by `, `: on the head's line when the whole fits, else on the
/// following lines, indented one level (see
/// [`Printer::head_and_operands`]). `column`, when the alignment pass gives
/// one, is the width the head is padded to so that the operands of a run of
/// instructions line up.
pub fn instruction<'a>(p: &Printer<'a>, node: Node<'a>, column: Option<usize>) -> Doc<'a> {
    instruction_parts(p, Parts::of(p.source, node), column)
}

/// [`instruction`] for an instruction's [`Parts`], found already.
pub fn instruction_parts<'a>(p: &Printer<'a>, parts: Parts<'a>, column: Option<usize>) -> Doc<'a> {
    let Parts {
        nodes: parts,
        head_end,
        head,
    } = parts;
    let Some(head_end) = head_end else {
        return p.sequence(&parts);
    };
    let end = parts.last().filter(|n| n.kind_name() == ";").copied();
    let rest_end = if end.is_some() { parts.len() - 1 } else { parts.len() };
    let head_parts = &parts[..head_end];
    let (head, width) = match head {
        Some(text) => {
            let width = text.chars().count();
            (Doc::text(text), Some(width))
        }
        None => (p.sequence(head_parts), None),
    };
    let pad = match (column, width) {
        (Some(column), Some(width)) if column > width => " ".repeat(column - width + 1),
        _ => " ".to_string(),
    };
    let list = HeadList {
        head_last: parts[head_end - 1],
        rest: parts[head_end..rest_end.max(head_end)].to_vec(),
        end,
    };
    p.head_and_operands(head, list, Doc::text(pad), ListStyle::OnePerLine)
}

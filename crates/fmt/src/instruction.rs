//! Instructions and calls: `[guard] opcode.modifiers operands;`.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::doc::Doc;
use crate::operand_columns::Parts;
use crate::printer::{HeadList, ListStyle, Printer};
use crate::tokens::{Sep, between, ends_line, is_comment};

/// The head (`guard`, `opcode`, `modifier`s, glued as written), then the
/// `operand`s (or a call's `returns`, `callee`, `arguments`, `targets`)
/// separated by `, `: on the head's line when the whole fits, else on the
/// following lines, indented one level (see
/// [`Printer::head_and_operands`]). `column`, when the alignment pass gives
/// one, is the width the head is padded to so that the operands of a run of
/// instructions line up.
pub fn instruction<'a>(p: &Printer<'a>, node: Node<'a>, column: Option<usize>) -> Doc<'a> {
    instruction_parts(p, Parts::of(p, node), column)
}

/// [`instruction`] for an instruction's [`Parts`], found already.
pub fn instruction_parts<'a>(p: &Printer<'a>, parts: Parts<'a>, column: Option<usize>) -> Doc<'a> {
    let Parts {
        nodes: parts,
        head_end,
        head,
        ..
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
    let pad = head_pad(column, width);
    let list = HeadList {
        head_last: parts[head_end - 1],
        rest: parts[head_end..rest_end.max(head_end)].to_vec(),
        end,
    };
    p.head_and_operands(head, list, Doc::text(pad), ListStyle::OnePerLine)
}

/// What goes between an instruction's head of `width` columns (when known)
/// and its operands: one space, or as many as line the operands up at
/// `column` (the alignment pass's head width for the run).
fn head_pad(column: Option<usize>, width: Option<usize>) -> String {
    match (column, width) {
        (Some(column), Some(width)) if column > width => " ".repeat(column - width + 1),
        _ => " ".to_string(),
    }
}

/// The instruction of `parts` as [`instruction_parts`] prints it when its
/// group stays flat (on one line), or `None` when that is not plain text:
/// a comment or line break in the head, a `//` comment, preprocessor line
/// or multi-line token anywhere, a line break the layout must keep, or
/// non-ASCII text (whose width the layout measures its own way). A caller
/// that knows the flat line fits may print this text instead of laying out
/// the instruction's document: the output is the same, without building it.
pub fn one_line<'a>(p: &Printer<'a>, parts: &Parts<'a>, column: Option<usize>) -> Option<String> {
    let (Some(head_end), Some(head)) = (parts.head_end, parts.head.as_deref()) else {
        return None;
    };
    let nodes = &parts.nodes;
    let head_last = nodes[head_end - 1];
    let rest = &nodes[head_end..];
    let has_end = rest.last().is_some_and(|n| n.kind_name() == ";");
    let operands = if has_end { &rest[..rest.len() - 1] } else { rest };
    let mut text = String::with_capacity(head.len() + 64);
    text.push_str(head);
    match operands.first() {
        // `head;` or `head`: the head, the separator, the `;`.
        None => {
            if let Some(&end) = rest.last() {
                match between(head_last, end, p.source) {
                    Sep::Break => return None,
                    Sep::Space => text.push(' '),
                    Sep::None => {}
                }
                text.push_str(p.text(end));
            }
        }
        Some(&first) => {
            // A line break before the operands, or a `//` comment that stays on the
            // head's line, breaks the group.
            if between(head_last, first, p.source) == Sep::Break || (is_comment(first) && ends_line(first, p.source)) {
                return None;
            }
            text.push_str(&head_pad(column, Some(head.chars().count())));
            text.push_str(parts.after_head.as_deref()?);
        }
    }
    text.is_ascii().then_some(text)
}

//! The operand-alignment pass: measures the instruction heads in each run of
//! consecutive instructions so that their operands start in one column (as
//! Go's asmfmt does). It runs before layout and hands each instruction the
//! width to pad its head to; trailing-comment alignment is done after
//! layout, in [`crate::lines`].

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::printer::{Printer, children};
use crate::tokens::{Sep, between, is_extra, newlines_between, written_len};

/// Heads wider than this neither set nor follow a run's operand column: one
/// long `wgmma` opcode should not push every `mov` operand far right.
pub const MAX_ALIGNED_HEAD: usize = 40;

/// How many leading children of an instruction form its head: everything up
/// to the last `guard`, `opcode` or `modifier`. `None` when there is no opcode.
pub fn head_len(parts: &[Node<'_>]) -> Option<usize> {
    let last = parts
        .iter()
        .rposition(|n| matches!(n.kind_name(), "opcode" | "modifier" | "guard"))?;
    parts.iter().any(|n| n.kind_name() == "opcode").then_some(last + 1)
}

/// The head as one string, or `None` when comments or line breaks sit
/// inside it (such an instruction is laid out but not aligned).
pub fn head_text(source: &str, head: &[Node<'_>]) -> Option<String> {
    let mut text = String::with_capacity(written_len(head));
    for (i, node) in head.iter().enumerate() {
        if is_extra(*node) {
            return None;
        }
        if i > 0 {
            match between(head[i - 1], *node, source) {
                Sep::None => {}
                Sep::Space => text.push(' '),
                Sep::Break => return None,
            }
        }
        text.push_str(&source[node.byte_range()]);
    }
    Some(text)
}

/// An instruction's children and head, found once for the alignment pass and
/// the layout (finding a node's children walks the tree).
#[derive(Clone)]
pub struct Parts<'a> {
    /// The children, extras included.
    pub nodes: Vec<Node<'a>>,
    /// How many of them form the head ([`head_len`]).
    pub head_end: Option<usize>,
    /// The head as one string ([`head_text`]), when there is a head.
    pub head: Option<String>,
    /// What follows the head (operands and `;`) as it prints on one line
    /// ([`Printer::flat_text`]), when there is a head string and it can.
    pub after_head: Option<String>,
}

impl<'a> Parts<'a> {
    /// The parts of the instruction or call `node`.
    pub fn of(p: &Printer<'a>, node: Node<'a>) -> Self {
        let nodes = children(node);
        let head_end = head_len(&nodes);
        let head = head_end.and_then(|end| head_text(p.source, &nodes[..end]));
        let after_head = match (head_end, &head) {
            (Some(end), Some(_)) => p.flat_text(&nodes[end..]),
            _ => None,
        };
        Parts {
            nodes,
            head_end,
            head,
            after_head,
        }
    }
}

/// For each statement of a block, the width to pad its head to, or `None`.
///
/// A run is a sequence of instructions with operands, not interrupted by a
/// blank line or by anything but comments and `.loc` lines. Items marked
/// `verbatim` (`ptxfmt: off`/`skip`), instructions whose head is longer than
/// [`MAX_ALIGNED_HEAD`] and instructions that do not fit on one line (they
/// wrap after the head) end a run.
/// `parts` holds the [`Parts`] of each instruction not marked `verbatim`.
pub fn operand_columns<'a>(
    p: &Printer<'a>,
    items: &[Node<'a>],
    parts: &[Option<Parts<'a>>],
    verbatim: &[bool],
) -> Vec<Option<usize>> {
    let source = p.source;
    let mut columns = vec![None; items.len()];
    let mut run: Vec<(usize, usize)> = Vec::new();
    let flush = |run: &mut Vec<(usize, usize)>, columns: &mut Vec<Option<usize>>| {
        if let Some(max) = run.iter().map(|&(_, w)| w).max() {
            for &(i, _) in run.iter() {
                columns[i] = Some(max);
            }
        }
        run.clear();
    };
    for (i, item) in items.iter().enumerate() {
        if i > 0 && newlines_between(items[i - 1], *item, source) > 1 {
            flush(&mut run, &mut columns);
        }
        if verbatim[i] {
            flush(&mut run, &mut columns);
            continue;
        }
        match item.kind_name() {
            "comment" | "loc_directive" => continue,
            "instruction" | "call_instruction" => {}
            _ => {
                flush(&mut run, &mut columns);
                continue;
            }
        }
        let Some(Parts {
            nodes,
            head_end: Some(head_end),
            head,
            after_head,
        }) = &parts[i]
        else {
            continue;
        };
        let has_operands = nodes[*head_end..].iter().any(|n| !is_extra(*n) && n.kind_name() != ";");
        if !has_operands {
            continue;
        }
        let Some(width) = head.as_ref().map(|t| t.chars().count()) else {
            continue;
        };
        // As the layout prints it on one line: the head, a space (even where the input
        // glues the first operand to the head: `and.b32!%r1`), the operands.
        let fits = after_head
            .as_ref()
            .is_some_and(|flat| p.statement_column() + width + 1 + flat.chars().count() <= p.options.line_width);
        if width <= MAX_ALIGNED_HEAD && fits {
            run.push((i, width));
        } else {
            flush(&mut run, &mut columns);
        }
    }
    flush(&mut run, &mut columns);
    columns
}

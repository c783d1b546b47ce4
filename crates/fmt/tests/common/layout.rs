//! The layout promises, checked on formatted text through its own syntax
//! tree:
//!
//! - no line is longer than the line width unless it holds one element the
//!   formatter never breaks (a parameter, a declarator, an operand, a
//!   directive, a label, a function header) or the excess is a trailing `//`
//!   comment (comments never move and take no width);
//! - a wrapped instruction's continuation lines start at most
//!   [`MAX_CONTINUATION_DEPTH`] columns deeper than the instruction.

use ptxkit_syntax::tree_sitter::Node;

/// How much deeper than its statement a continuation line may start.
pub const MAX_CONTINUATION_DEPTH: usize = 16;

/// What the checks found in one text.
#[derive(Debug, Default)]
pub struct Layout {
    /// Lines longer than the width.
    pub over_width: usize,
    /// Of those, lines whose code fits and whose trailing comment does not.
    pub comment_overflow: usize,
    /// Of those, lines that hold one element the formatter never breaks.
    pub single_element: usize,
    /// Broken promises, one line each.
    pub violations: Vec<String>,
    /// The deepest continuation line seen, relative to its instruction.
    pub deepest_continuation: usize,
}

/// Whether a line break may go between `a` and `b` (adjacent leaves on one
/// line): after a comma, after an instruction's head, after a
/// declaration's specifiers, after a declarator's `=`.
fn breakable<'t>(a: Node<'t>, b: Node<'t>) -> bool {
    if a.kind() == "," {
        // Directives (`.file 1 "f", 123, 456`) are never broken.
        return !ancestors(a).any(|n| n.kind().ends_with("_directive"));
    }
    if a.kind() == "=" {
        return a.parent().is_some_and(|p| p.kind() == "declarator");
    }
    let statement = |n: Node<'t>| {
        ancestors(n).find(|p| matches!(p.kind(), "instruction" | "call_instruction" | "variable_declaration"))
    };
    let (Some(sa), Some(sb)) = (statement(a), statement(b)) else {
        return false;
    };
    if sa != sb {
        return false;
    }
    let part_of = |n: Node<'t>| ancestors(n).take_while(|p| *p != sa).last().unwrap_or(n);
    let (first, second) = (part_of(a), part_of(b));
    let head = |n: Node<'_>| matches!(n.kind(), "opcode" | "modifier" | "guard");
    match sa.kind() {
        "variable_declaration" => first.kind() != "declarator" && second.kind() == "declarator",
        _ => head(first) && !head(second) && second.kind() != ";",
    }
}

fn ancestors(node: Node<'_>) -> impl Iterator<Item = Node<'_>> {
    std::iter::successors(node.parent(), |n| n.parent())
}

/// Checks `text`, formatted with `width` columns.
pub fn check(text: &str, width: usize) -> Layout {
    let parsed = ptxkit_syntax::parse(text);
    let leaves: Vec<Node<'_>> = ptxkit_syntax::preorder(parsed.root())
        .filter(|n| n.child_count() == 0 && n.end_byte() > n.start_byte())
        .collect();
    let mut layout = Layout::default();
    let mut by_line: Vec<Vec<Node<'_>>> = vec![Vec::new(); text.lines().count() + 1];
    for leaf in &leaves {
        let row = leaf.start_position().row;
        if row < by_line.len() {
            by_line[row].push(*leaf);
        }
    }
    for (row, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.chars().count() <= width {
            continue;
        }
        layout.over_width += 1;
        let code: Vec<Node<'_>> = by_line[row]
            .iter()
            .copied()
            .filter(|n| n.kind() != "comment" || !parsed.node_text(*n).starts_with("//"))
            .collect();
        let code_end = code.last().map_or(0, |n| {
            line.get(..n.end_position().column)
                .map_or(usize::MAX, |s| s.chars().count())
        });
        if code_end <= width {
            layout.comment_overflow += 1;
            continue;
        }
        if code
            .windows(2)
            .any(|w| w[0].end_position().row == w[1].start_position().row && breakable(w[0], w[1]))
        {
            layout.violations.push(format!(
                "line {} is {} columns and could break: {line}",
                row + 1,
                line.chars().count()
            ));
        } else {
            layout.single_element += 1;
        }
    }
    for node in
        ptxkit_syntax::preorder(parsed.root()).filter(|n| matches!(n.kind(), "instruction" | "call_instruction"))
    {
        let (start, end) = (node.start_position(), node.end_position());
        for row in start.row + 1..=end.row {
            let Some(first) = by_line
                .get(row)
                .and_then(|l| l.iter().find(|n| n.start_byte() >= node.start_byte()))
            else {
                continue;
            };
            if first.kind() == "preprocessor" || first.start_byte() >= node.end_byte() {
                continue;
            }
            let depth = first.start_position().column.saturating_sub(start.column);
            layout.deepest_continuation = layout.deepest_continuation.max(depth);
            if depth > MAX_CONTINUATION_DEPTH {
                layout.violations.push(format!(
                    "line {}: continuation {depth} columns deeper than its instruction",
                    row + 1
                ));
            }
        }
    }
    layout
}

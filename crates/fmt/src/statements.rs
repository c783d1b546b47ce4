//! Statement lists: the items of a module, a block or a `.section` body,
//! one per line, with comments attached, blank lines collapsed, labels
//! dedented, and `ptxfmt: off`/`skip` regions and top-level items with
//! syntax errors kept verbatim.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::doc::{Doc, Mark};
use crate::instruction::{instruction, instruction_parts, one_line};
use crate::operand_columns::{self, Parts};
use crate::printer::Printer;
use crate::suppress::{Plan, plan};
use crate::tokens::{ends_line, is_comment, newlines_between};

/// Where a statement list sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Top level: functions and `.section`s get a blank line on each side.
    Module,
    /// Inside `{ }`: labels sit one level left of the statements.
    Block,
}

/// Lays out `items`. `open` is the `{` before them (a comment on its line
/// stays there); with no `open` the first item starts the document.
pub fn items<'a>(p: &Printer<'a>, open: Option<Node<'a>>, items: &[Node<'a>], scope: Scope) -> Doc<'a> {
    let mut blank_before = blank_lines(p, open, items, scope);
    let mut plan = plan(items, p.source);
    if scope == Scope::Module {
        keep_syntax_errors(&mut plan, &mut blank_before, items, p.source);
    }
    let (mut parts, columns) = instruction_layouts(p, items, &plan);
    let mut docs = Vec::with_capacity(items.len() * 2);
    let mut prev = open;
    let mut prev_broken = false;
    let mut leading_block_comment = false;
    let mut i = 0;
    while i < items.len() {
        let item = items[i];
        let same_line =
            prev.is_some_and(|prev| newlines_between(prev, item, p.source) == 0 && !ends_line(prev, p.source));
        let mut line = Vec::new();
        match prev {
            // The whitespace around an item with a syntax error stays as
            // written: before it, as part of its verbatim text; after it,
            // when the next item follows on the same line.
            _ if matches!(plan[i], Plan::Broken { .. }) => {}
            Some(prev) if prev_broken && same_line => {
                line.push(Doc::verbatim(&p.source[prev.end_byte()..item.start_byte()]));
            }
            Some(_) if is_comment(item) && same_line && plan[i] == Plan::Format => {
                // A trailing comment stays on its statement's line.
                docs.push(Doc::text(" "));
                docs.push(p.token(item));
                prev = Some(item);
                prev_broken = false;
                leading_block_comment = false;
                i += 1;
                continue;
            }
            // `/* note */ add.s32 …` stays on one line.
            Some(_) if leading_block_comment && same_line && item.kind_name() != "preprocessor" => {
                line.push(Doc::text(" "));
            }
            Some(_) => {
                line.push(Doc::Hardline);
                if blank_before[i] {
                    line.push(Doc::Hardline);
                }
            }
            None => {}
        }
        let last = match plan[i] {
            Plan::Region { start, last } => {
                line.push(verbatim_from(p, start, items[last].end_byte()));
                last
            }
            Plan::Skipped { start } | Plan::Broken { start } => {
                line.push(verbatim_from(p, start, item.end_byte()));
                i
            }
            Plan::Format | Plan::Inside => {
                let starts_line = prev.is_none() || matches!(line.first(), Some(Doc::Hardline));
                let doc = match parts[i].take() {
                    Some(parts) => {
                        let after = columns_after(p, items, &plan, i);
                        match fitting_line(p, item, &parts, columns[i], starts_line, after) {
                            Some(text) => Doc::text(text),
                            None => instruction_parts(p, parts, columns[i]),
                        }
                    }
                    None if is_instruction(item) => instruction(p, item, columns[i]),
                    None => p.node(item),
                };
                line.push(doc.marked(Mark::Statement));
                i
            }
        };
        if scope == Scope::Block && item.kind_name() == "label" {
            docs.push(Doc::concat(line).nest(-p.indent()));
        } else {
            docs.extend(line);
        }
        leading_block_comment = last == i && is_comment(item) && !p.text(item).starts_with("//");
        prev_broken = matches!(plan[last], Plan::Broken { .. });
        prev = Some(items[last]);
        i = last + 1;
    }
    Doc::concat(docs)
}

/// Whether `item` is an instruction or a call.
fn is_instruction(item: Node<'_>) -> bool {
    matches!(item.kind_name(), "instruction" | "call_instruction")
}

/// Each formatted instruction's children and head (found once for the alignment pass and
/// the layout), and the column its operands start at (when they are aligned).
fn instruction_layouts<'a>(
    p: &Printer<'a>,
    items: &[Node<'a>],
    plan: &[Plan],
) -> (Vec<Option<Parts<'a>>>, Vec<Option<usize>>) {
    let parts: Vec<Option<Parts<'a>>> = items
        .iter()
        .zip(plan)
        .map(|(item, step)| (*step == Plan::Format && is_instruction(*item)).then(|| Parts::of(p, *item)))
        .collect();
    let columns = if p.options.align_operands {
        let verbatim: Vec<bool> = plan.iter().map(|step| *step != Plan::Format).collect();
        operand_columns::operand_columns(p, items, &parts, &verbatim)
    } else {
        vec![None; items.len()]
    };
    (parts, columns)
}

/// The instruction `item` (with its `parts`) as one line of text, when the
/// layout would print it so: it starts a line (at the statement column), the
/// `after` columns that follow it on that line are known, and its flat text
/// ([`one_line`]) fits in the line width with them. This is the condition
/// under which `pretty` keeps the instruction's group flat (its fit check
/// counts the text after the group up to the next line break), so the text
/// is exactly what laying out the instruction's document prints (checked in
/// debug builds), built without that document.
fn fitting_line<'a>(
    p: &Printer<'a>,
    item: Node<'a>,
    parts: &Parts<'a>,
    column: Option<usize>,
    starts_line: bool,
    after: Option<usize>,
) -> Option<String> {
    if !starts_line || item.has_error() {
        return None;
    }
    let after = after?;
    let text = one_line(p, parts, column)?;
    if p.statement_column() + text.len() + after > p.options.line_width {
        return None;
    }
    #[cfg(debug_assertions)]
    {
        let doc = instruction_parts(p, parts.clone(), column);
        debug_assert_eq!(
            doc.render(usize::MAX / 2),
            text,
            "one_line differs from the flat layout"
        );
    }
    Some(text)
}

/// The columns the layout puts after item `i` on its line before the next
/// line break, where they are known: 0 when the next item starts a new line
/// (or nothing follows: a block's `}` goes on a line of its own, and a
/// module's items end the document), 1 when a `//` comment on the same line
/// follows (a space, then the comment, which takes no width) and then a line
/// break. `None` otherwise (a `/* */` comment after it, or verbatim text
/// around an item with a syntax error).
fn columns_after(p: &Printer<'_>, items: &[Node<'_>], plan: &[Plan], i: usize) -> Option<usize> {
    // Whether a line break follows item `at`: the next item starts its own line (but an item
    // with a syntax error starts with the whitespace before it, as written), and after the
    // last item a block's `}` goes on a new line and a module's document ends.
    let breaks_after = |at: usize| !matches!(plan.get(at + 1), Some(Plan::Broken { .. }));
    let Some(&next) = items.get(i + 1) else {
        return breaks_after(i).then_some(0);
    };
    let same_line = newlines_between(items[i], next, p.source) == 0 && !ends_line(items[i], p.source);
    if is_comment(next) && same_line && plan[i + 1] == Plan::Format {
        let trailing_line_comment = p.text(next).starts_with("//");
        return (trailing_line_comment && breaks_after(i + 1)).then_some(1);
    }
    breaks_after(i).then_some(0)
}

/// Marks each item that holds a syntax error (an `ERROR` node, a missing
/// token, an unclosed `/*`) to be printed as written, with the whitespace
/// before it; the item after it gets a blank line only where the author
/// left one.
pub fn keep_syntax_errors(plan: &mut [Plan], blank_before: &mut [bool], items: &[Node<'_>], source: &str) {
    for i in 0..items.len() {
        let item = items[i];
        let broken = item.has_error() || item.kind_name() == "unterminated_comment";
        if broken && plan[i] == Plan::Format {
            let start = if i == 0 { 0 } else { items[i - 1].end_byte() };
            plan[i] = Plan::Broken { start };
            if let Some(next) = items.get(i + 1) {
                blank_before[i + 1] = newlines_between(item, *next, source) > 1;
            }
        }
    }
}

/// Source text from `start` to `end`, printed verbatim from column 0.
fn verbatim_from<'a>(p: &Printer<'a>, start: usize, end: usize) -> Doc<'a> {
    Doc::verbatim(&p.source[start..end]).marked(Mark::ColumnZero)
}

/// Whether a blank line goes before each item: where the author left one
/// (runs collapse to one), never right after `{`, and at module level always
/// around functions and `.section`s (before their leading comments).
fn blank_lines(p: &Printer<'_>, open: Option<Node<'_>>, items: &[Node<'_>], scope: Scope) -> Vec<bool> {
    let mut blank: Vec<bool> = items
        .iter()
        .enumerate()
        .map(|(i, item)| match i {
            0 => false,
            _ => newlines_between(items[i - 1], *item, p.source) > 1,
        })
        .collect();
    if open.is_some() || scope != Scope::Module {
        return blank;
    }
    let is_big = |n: &Node<'_>| {
        matches!(
            n.kind_name(),
            "function_definition" | "function_declaration" | "section_directive"
        )
    };
    let trailing = |i: usize| i > 0 && is_comment(items[i]) && newlines_between(items[i - 1], items[i], p.source) == 0;
    for i in 0..items.len() {
        if !is_big(&items[i]) {
            continue;
        }
        let mut start = i;
        while start > 0 && is_comment(items[start - 1]) && !trailing(start - 1) && !blank[start] {
            start -= 1;
        }
        if start > 0 {
            blank[start] = true;
        }
        if let Some(next) = (i + 1..items.len()).find(|&j| !trailing(j)) {
            blank[next] = true;
        }
    }
    blank
}

#[cfg(test)]
mod tests {
    use crate::{Options, format_text};

    /// How many lines `add.s32 %r1, %r2, xx…x;` with an operand of `length` columns and
    /// `tail` after it on its line takes in a block (at column 4, width 100): 1 flat, 2 with
    /// the operands on the line after the head.
    fn lines_taken(length: usize, tail: &str) -> usize {
        let text = format!(
            ".entry k()\n{{\nadd.s32 %r1, %r2, {};{tail}\nret;\n}}\n",
            "x".repeat(length)
        );
        let formatted = format_text(&text, &Options::default()).unwrap();
        formatted.lines().count() - 4
    }

    #[test]
    fn an_instruction_stays_on_one_line_exactly_when_it_and_what_follows_fit() {
        // 4 + `add.s32 %r1, %r2, ` (18) + 77 + `;` = 100 columns.
        assert_eq!(lines_taken(77, ""), 1);
        assert_eq!(lines_taken(78, ""), 2);
        // A trailing `//` comment takes no width, but the space before it does.
        assert_eq!(lines_taken(76, " // c"), 1);
        assert_eq!(lines_taken(77, " // c"), 2);
        // A `/* */` comment after it counts its width.
        assert_eq!(lines_taken(69, " /* c */"), 1);
        assert_eq!(lines_taken(70, " /* c */"), 2);
    }
}

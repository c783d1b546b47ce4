//! Variable declarations: `.reg .b32 %r<10>;`, `.shared .align 16 .b8 buf[64];`,
//! `.global .u32 table[4] = {1, 2, 3, 4};`.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::doc::Doc;
use crate::printer::{HeadList, ListStyle, Printer, children};
use crate::tokens::{Sep, between};

/// Linkages and specifiers (`linkage`, `state_space`, `align`, `type`, …)
/// separated by single spaces, then the `declarator`s, in the Wadler style:
/// on the specifiers' line when they fit, else on the following lines,
/// indented one level (several declarators on one line, or in rows of
/// equal count). A declarator's ` = initializer` stays on its name's line
/// when it fits, else the initializer goes on the next line, one level in
/// (a long initializer list then wraps in rows inside its braces).
pub fn variable_declaration<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    let parts = children(node);
    let Some(split) = parts.iter().position(|n| n.kind_name() == "declarator") else {
        return p.sequence(&parts);
    };
    if split == 0 {
        return p.sequence(&parts);
    }
    let end = parts.last().filter(|n| n.kind_name() == ";").copied();
    let rest_end = if end.is_some() { parts.len() - 1 } else { parts.len() };
    let head = p.sequence(&parts[..split]);
    let rest = &parts[split..rest_end];
    if let [declarator] = rest {
        return single(p, head, parts[split - 1], *declarator, end);
    }
    let list = HeadList {
        head_last: parts[split - 1],
        rest: rest.to_vec(),
        end,
    };
    p.head_and_operands(head, list, Doc::text(" "), ListStyle::Rows)
}

/// One declarator: `head name[dims]` broken after the head only when that
/// much does not fit, then the initializer (see [`initializer`]).
fn single<'a>(
    p: &Printer<'a>,
    head: Doc<'a>,
    head_last: Node<'a>,
    declarator: Node<'a>,
    end: Option<Node<'a>>,
) -> Doc<'a> {
    let parts = children(declarator);
    let equals = parts.iter().position(|n| n.kind_name() == "=");
    let name_end = match equals {
        Some(at) if initializer(p, &parts[at..]).is_some() => at,
        _ => parts.len(),
    };
    let gap = match between(head_last, declarator, p.source) {
        Sep::Break => Doc::Hardline,
        Sep::Space => Doc::Line,
        Sep::None => Doc::text(""),
    };
    let mut docs = vec![
        Doc::concat(vec![
            head,
            Doc::concat(vec![gap, p.sequence(&parts[..name_end])]).nest(p.indent()),
        ])
        .group(),
    ];
    let mut last = parts[..name_end].last().copied().unwrap_or(declarator);
    if name_end < parts.len() {
        docs.push(p.separator(last, parts[name_end], &Doc::text(" ")));
        docs.extend(initializer(p, &parts[name_end..]));
        last = declarator;
    }
    if let Some(end) = end {
        docs.push(p.separator(last, end, &Doc::text(" ")));
        docs.push(p.node(end));
    }
    Doc::concat(docs)
}

/// `= initializer`: the initializer after `= ` when it fits, else on the
/// next line, one level in. `None` unless `parts` is exactly `=` and an
/// initializer separated by a space.
fn initializer<'a>(p: &Printer<'a>, parts: &[Node<'a>]) -> Option<Doc<'a>> {
    let [equals, value] = parts else { return None };
    if equals.kind_name() != "=" || between(*equals, *value, p.source) != Sep::Space {
        return None;
    }
    Some(
        Doc::concat(vec![
            p.node(*equals),
            Doc::concat(vec![Doc::Line, p.node(*value)]).nest(p.indent()),
        ])
        .group(),
    )
}

/// A declarator in a list: `name[dims]`, then its initializer (see
/// [`initializer`]).
pub fn declarator<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    let parts = children(node);
    let Some(equals) = parts.iter().position(|n| n.kind_name() == "=") else {
        return p.sequence(&parts);
    };
    match initializer(p, &parts[equals..]) {
        Some(init) if equals > 0 => Doc::concat(vec![
            p.sequence(&parts[..equals]),
            p.separator(parts[equals - 1], parts[equals], &Doc::text(" ")),
            init,
        ]),
        _ => p.sequence(&parts),
    }
}

//! Functions: `.visible .entry k(…)`, `.func (.param .b32 r) f(…)`, their
//! performance directives, prototypes and bodies.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::doc::Doc;
use crate::printer::{Printer, children};

/// The header on one line — `linkage`s, `kind`, `returns`, `name` glued to
/// its `parameters` — with each parameter list broken one parameter per
/// line when it does not fit; each `directive` (`.maxntid …`) on its own
/// line; the `body` block on the next line, or the prototype's `;`.
pub fn function<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    let parts = children(node);
    let name = node.child_by_field_name("name");
    let mut docs = Vec::with_capacity(parts.len() * 2);
    for (i, &part) in parts.iter().enumerate() {
        if i > 0 {
            let prev = parts[i - 1];
            let own_line = matches!(part.kind_name(), "block" | "function_directive" | "pragma_directive");
            docs.push(if own_line {
                Doc::Hardline
            } else if part.kind_name() == "parameter_list" && Some(prev) == name {
                p.after(prev, Doc::text(""))
            } else {
                p.separator(prev, part, &Doc::text(" "))
            });
        }
        docs.push(p.node(part));
    }
    Doc::concat(docs)
}

/// `(` and the `parameter`s separated by `, ` when they fit; otherwise one
/// per line, indented one level, with `)` on a line of its own.
pub fn parameter_list<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    let parts = children(node);
    if parts.len() < 2 || parts[0].kind_name() != "(" || parts[parts.len() - 1].kind_name() != ")" {
        return p.sequence(&parts);
    }
    let (open, close) = (parts[0], parts[parts.len() - 1]);
    let inner = &parts[1..parts.len() - 1];
    let Some(&last) = inner.last() else {
        return Doc::concat(vec![p.node(open), p.node(close)]);
    };
    Doc::concat(vec![
        p.node(open),
        Doc::concat(vec![Doc::LineEmpty, p.sequence_with(inner, &Doc::Line)]).nest(p.indent()),
        p.after(last, Doc::LineEmpty),
        p.node(close),
    ])
    .group()
}

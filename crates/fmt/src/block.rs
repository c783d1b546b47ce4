//! `{ … }` blocks: function bodies, nested blocks and `.section` bodies.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::doc::Doc;
use crate::printer::{Printer, children};
use crate::statements::{Scope, items};

/// `{`, the statements one per line indented one level (labels one level
/// left of them), `}` on its own line at the block's column.
pub fn block<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    let parts = children(node);
    let (Some(&open), Some(&close)) = (parts.first(), parts.last()) else {
        return p.sequence(&parts);
    };
    if parts.len() < 2 || open.kind_name() != "{" || close.kind_name() != "}" {
        return p.sequence(&parts);
    }
    let inner = &parts[1..parts.len() - 1];
    Doc::concat(vec![
        p.node(open),
        p.nested(|| items(p, Some(open), inner, Scope::Block)).nest(p.indent()),
        Doc::Hardline,
        p.node(close),
    ])
}

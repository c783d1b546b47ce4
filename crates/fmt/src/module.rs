//! The module: directives, declarations, functions and sections at column 0.

use ptxkit_syntax::tree_sitter::Node;

use crate::doc::Doc;
use crate::printer::{Printer, children};
use crate::statements::{Scope, items};

/// Every top-level item on its own line at column 0; one blank line around
/// functions and `.section`s; elsewhere the author's blank lines, collapsed.
pub fn source_file<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    items(p, None, &children(node), Scope::Module)
}

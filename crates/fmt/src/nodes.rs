//! Which area formats which node kind: the table the printer dispatches through (see
//! [`crate::printer::Layouts`]).

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::doc::Doc;
use crate::printer::{Layouts, Printer, children};
use crate::{block, declaration, function, instruction, module, operand, section};

/// The areas' layouts.
pub(crate) const LAYOUTS: Layouts = Layouts {
    node,
    rows: operand::wrapped_list,
};

/// The document of a node with children, by its kind.
fn node<'a>(p: &Printer<'a>, node: Node<'a>) -> Doc<'a> {
    match node.kind_name() {
        "source_file" => module::source_file(p, node),
        "function_definition" | "function_declaration" => function::function(p, node),
        "parameter_list" => function::parameter_list(p, node),
        "block" => block::block(p, node),
        "instruction" | "call_instruction" => instruction::instruction(p, node, None),
        "variable_declaration" => declaration::variable_declaration(p, node),
        "declarator" => declaration::declarator(p, node),
        "vector_operand" | "argument_list" | "initializer_list" | "address_operand" => operand::bracketed_list(p, node),
        "section_directive" => section::section(p, node),
        "section_body" => section::section_body(p, node),
        "section_data" => section::section_data(p, node),
        "label" => p.label(node),
        _ => p.sequence(&children(node)),
    }
}

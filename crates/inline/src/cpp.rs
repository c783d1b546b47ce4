//! Parsing C and C++ (CUDA included) with tree-sitter-cpp.

use tree_sitter::{Language, Node, Parser, Tree};

/// The tree-sitter language for C++.
pub fn language() -> Language {
    tree_sitter_cpp::LANGUAGE.into()
}

/// Parses C or C++ text. Never fails: what the grammar does not understand
/// (CUDA keywords such as `__device__`, macro calls) becomes `ERROR` nodes
/// that tree-sitter recovers around.
pub fn parse(text: &str) -> Tree {
    let mut parser = Parser::new();
    parser
        .set_language(&language())
        .expect("tree-sitter-cpp matches the tree-sitter runtime ABI");
    parser
        .parse(text, None)
        .expect("a parser with a language and no timeout always returns a tree")
}

/// Every node of `kind` under `root`, in source order (iteratively, so deep
/// trees do not overflow the stack).
pub fn descendants_of_kind<'t>(root: Node<'t>, kind: &str) -> Vec<Node<'t>> {
    let mut out = Vec::new();
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        if node.kind() == kind {
            out.push(node);
        }
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
        }
    }
}

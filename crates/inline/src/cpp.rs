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

#[cfg(test)]
mod tests {
    /// `NodeKind`'s tables are the PTX grammar's: on a C++ node they would answer with PTX
    /// names, so debug builds refuse (this crate's trees use tree-sitter's own lookups).
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "NodeKind on a node of another grammar")]
    fn node_kind_tables_refuse_cpp_nodes() {
        use ptxkit_syntax::NodeKind as _;
        let tree = super::parse("int f(int x) { return x; }");
        let _ = tree.root_node().kind_name();
    }
}

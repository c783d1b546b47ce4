//! `--print-tree`, and the nesting-depth limit that keeps the recursive
//! layout away from a stack overflow (the printer enforces it as it
//! descends: see `Printer::too_deep`).

use std::fmt::Write;

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ParsedSource;
use ptxkit_syntax::tree_sitter::Node;

/// The deepest syntax tree the formatter lays out: its layout recursion
/// descends one tree level per call and refuses to go deeper than this, so
/// a tree it refuses is deeper. Real PTX stays far below (function bodies
/// with a few nested blocks are about 15 levels deep).
pub const MAX_TREE_DEPTH: usize = 400;

/// How deep the tree under `root` is (the root is depth 0), walked without
/// recursion (for the message of a tree too deep to format).
pub fn tree_depth(root: Node<'_>) -> usize {
    let mut cursor = root.walk();
    let mut depth = 0usize;
    let mut max = 0usize;
    loop {
        if cursor.goto_first_child() {
            depth += 1;
            max = max.max(depth);
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return max;
            }
            depth -= 1;
        }
    }
}

/// The concrete syntax tree, one node per line, indented by depth, with
/// field names and the text of leaves.
pub fn print_tree(parsed: &ParsedSource) -> String {
    let mut out = String::new();
    let mut cursor = parsed.root().walk();
    let mut depth = 0usize;
    loop {
        let node = cursor.node();
        let field = cursor.field_name().map(|f| format!("{f}: ")).unwrap_or_default();
        let position = node.start_position();
        let _ = write!(
            out,
            "{}{field}{} [{}:{}]",
            "  ".repeat(depth),
            if node.is_named() {
                node.kind_name().to_string()
            } else {
                format!("{:?}", node.kind_name())
            },
            position.row + 1,
            position.column + 1
        );
        if node.child_count() == 0 && node.is_named() {
            let _ = write!(out, " {:?}", parsed.node_text(node));
        }
        out.push('\n');
        if cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
            depth -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_and_tree() {
        let parsed = ptxkit_syntax::parse(".version 7.8\n");
        assert_eq!(tree_depth(parsed.root()), 2);
        let tree = print_tree(&parsed);
        assert_eq!(
            tree,
            "source_file [1:1]\n  version_directive [1:1]\n    \".version\" [1:1]\n    version: version_number [1:10] \"7.8\"\n"
        );
        let deep = format!(".entry k()\n{}{}", "{".repeat(5000), "}".repeat(5000));
        assert!(tree_depth(ptxkit_syntax::parse(deep).root()) > 5000);
    }
}

//! Iterative tree walks: no recursion, so 10,000 nested blocks cannot
//! overflow the stack.

use crate::NodeKind as _;
use tree_sitter::{Node, TreeCursor};

/// Every node under (and including) a root, in source order (pre-order).
///
/// ```
/// let parsed = ptxkit_syntax::parse(".version 7.8\n.target sm_80\n");
/// let kinds: Vec<_> = ptxkit_syntax::preorder(parsed.root()).filter(|n| n.is_named()).map(|n| n.kind()).collect();
/// assert_eq!(kinds, ["source_file", "version_directive", "version_number", "target_directive", "identifier"]);
/// ```
pub fn preorder(root: Node<'_>) -> Preorder<'_> {
    Preorder {
        cursor: root.walk(),
        done: false,
    }
}

/// Iterator returned by [`preorder`].
pub struct Preorder<'t> {
    cursor: TreeCursor<'t>,
    done: bool,
}

impl<'t> Iterator for Preorder<'t> {
    type Item = Node<'t>;

    fn next(&mut self) -> Option<Node<'t>> {
        if self.done {
            return None;
        }
        let node = self.cursor.node();
        if !self.cursor.goto_first_child() {
            loop {
                if self.cursor.goto_next_sibling() {
                    break;
                }
                if !self.cursor.goto_parent() {
                    self.done = true;
                    break;
                }
            }
        }
        Some(node)
    }
}

/// Visits every node under (and including) `root` in source order, going into a node's
/// children only when `visit` returns true for it: the walks that skip what cannot hold what
/// they look for (comments, errors, a rule's pattern roots).
///
/// ```
/// let parsed = ptxkit_syntax::parse(".version 7.8\n.target sm_80\n");
/// let mut top = Vec::new();
/// ptxkit_syntax::visit_pruned(parsed.root(), |node| {
///     top.push(node.kind());
///     node.kind() == "source_file"
/// });
/// assert_eq!(top, ["source_file", "version_directive", "target_directive"]);
/// ```
pub fn visit_pruned<'t>(root: Node<'t>, mut visit: impl FnMut(Node<'t>) -> bool) {
    let mut cursor = root.walk();
    loop {
        if visit(cursor.node()) && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
        }
    }
}

/// How deeply `{ }` blocks nest under `root` (a function body counts 1).
pub fn max_block_depth(root: Node<'_>) -> usize {
    let mut cursor = root.walk();
    let mut depth = 0usize;
    let mut max = 0usize;
    loop {
        let node = cursor.node();
        let is_block = node.kind_name() == "block";
        if is_block {
            depth += 1;
            max = max.max(depth);
        }
        if cursor.goto_first_child() {
            continue;
        }
        if is_block {
            depth -= 1;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return max;
            }
            if cursor.node().kind_name() == "block" {
                depth -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn block_depth_counts_nesting() {
        let parsed = crate::parse(".entry k()\n{\n{\n{ ret; }\n}\n{ }\n}\n");
        assert_eq!(super::max_block_depth(parsed.root()), 3);
        let deep = format!(".entry k()\n{}{}", "{".repeat(10_000), "}".repeat(10_000));
        assert_eq!(super::max_block_depth(crate::parse(deep).root()), 10_000);
    }
}

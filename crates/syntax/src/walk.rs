//! Iterative tree walks: no recursion, so 10,000 nested blocks cannot
//! overflow the stack.

use crate::Child;
use crate::NodeKind as _;
use tree_sitter::Node;

/// Every node under (and including) a root, in source order (pre-order).
///
/// ```
/// let parsed = ptxkit_syntax::parse(".version 7.8\n.target sm_80\n");
/// let kinds: Vec<_> = ptxkit_syntax::preorder(parsed.root()).filter(|n| n.is_named()).map(|n| n.kind()).collect();
/// assert_eq!(kinds, ["source_file", "version_directive", "version_number", "target_directive", "identifier"]);
/// ```
pub fn preorder(root: Node<'_>) -> Preorder<'_> {
    Preorder {
        pending: vec![as_child(root)],
    }
}

/// Iterator returned by [`preorder`].
pub struct Preorder<'t> {
    /// The nodes still to visit, the next one last: the children of each node visited so
    /// far, in reverse.
    pending: Vec<Child<'t>>,
}

impl<'t> Iterator for Preorder<'t> {
    type Item = Node<'t>;

    fn next(&mut self) -> Option<Node<'t>> {
        let child = self.pending.pop()?;
        push_children(&mut self.pending, child);
        Some(child.node)
    }
}

/// `root` as a [`Child`] of nothing, to start a walk with.
fn as_child(root: Node<'_>) -> Child<'_> {
    Child {
        node: root,
        field: None,
        has_children: root.child_count() > 0,
    }
}

/// Pushes the children of `node` on `pending` in reverse, so that the first pops first.
fn push_children<'t>(pending: &mut Vec<Child<'t>>, child: Child<'t>) {
    if child.has_children {
        let start = pending.len();
        crate::extend_with_children(pending, child.node);
        pending[start..].reverse();
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
    let mut pending = vec![as_child(root)];
    while let Some(child) = pending.pop() {
        if visit(child.node) {
            push_children(&mut pending, child);
        }
    }
}

/// One step of [`visit_tree`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'t> {
    /// A node is reached: say whether to go into its children.
    Enter(Node<'t>),
    /// The children of a node entered are done.
    Leave(Node<'t>),
}

/// Visits every node under (and including) `root` in source order: `visit(Step::Enter(node),
/// ancestors)` for each node (`ancestors` from the root down to its parent) says whether to
/// go into its children, and `visit(Step::Leave(node), ancestors)` follows the children of
/// each node entered (its answer is not read).
///
/// ```
/// use ptxkit_syntax::Step;
/// let parsed = ptxkit_syntax::parse(".entry k()\n{\n\t{ ret; }\n}\n");
/// let mut blocks = Vec::new();
/// ptxkit_syntax::visit_tree(parsed.root(), |step, ancestors| match step {
///     Step::Enter(node) => {
///         if node.kind() == "block" {
///             blocks.push(format!("enter {} under {}", node.start_byte(), ancestors.len()));
///         }
///         node.kind() != "instruction"
///     }
///     Step::Leave(node) => {
///         if node.kind() == "block" {
///             blocks.push(format!("leave {}", node.start_byte()));
///         }
///         false
///     }
/// });
/// // The function's body (under the file and the function), and the block in it.
/// assert_eq!(blocks, ["enter 11 under 2", "enter 14 under 3", "leave 14", "leave 11"]);
/// ```
pub fn visit_tree<'t>(root: Node<'t>, mut visit: impl FnMut(Step<'t>, &[Node<'t>]) -> bool) {
    // The nodes entered, outermost first; the children of all of them, one list after the
    // other in `lists`, and for each node entered the next of its children to visit and the
    // end of its list.
    let mut ancestors: Vec<Node<'t>> = Vec::new();
    let mut lists: Vec<Child<'t>> = Vec::new();
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut next = Some(root);
    while let Some(node) = next.take() {
        if visit(Step::Enter(node), &ancestors) {
            ancestors.push(node);
            let start = lists.len();
            crate::extend_with_children(&mut lists, node);
            open.push((start, lists.len()));
        }
        while let Some((at, end)) = open.last_mut() {
            if *at < *end {
                next = Some(lists[*at].node);
                *at += 1;
                break;
            }
            open.pop();
            let start = open.last().map_or(0, |&(_, end)| end);
            lists.truncate(start);
            let node = ancestors.pop().expect("a node entered for each list of children");
            visit(Step::Leave(node), &ancestors);
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

//! A node's visible children with their fields, read in one call.
//!
//! A [`tree_sitter::TreeCursor`] steps from child to child through the hidden nodes in
//! between (repetitions, hidden rules) and asks for each step's field separately: several
//! hundred instructions per child, which made tree walks cost as much as a third of a
//! parse. [`children`] reads the tree's subtrees directly (in C, `csrc/subtrees.c`, as
//! tree-sitter's own cursor does) and returns the same nodes, in the same order, with the
//! same fields, several times faster. The test `children_are_the_cursors` compares the two
//! on every node of the corpus and of mutants with syntax errors.

use std::mem::MaybeUninit;
use std::num::NonZeroU16;

use smallvec::SmallVec;
use tree_sitter::{Node, ffi};

/// A visible child of a node: what a cursor's `goto_first_child` and `goto_next_sibling`
/// visit, with the cursor's `field_id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child<'t> {
    /// The child.
    pub node: Node<'t>,
    /// The field it fills, if any (an id of [`crate::language`]'s fields).
    pub field: Option<NonZeroU16>,
    /// Whether it has children of its own (`node.child_count() > 0`).
    pub has_children: bool,
}

/// A node's children, inline up to eight (most nodes have fewer).
pub type Children<'t> = SmallVec<[Child<'t>; 8]>;

/// The named children of `node`, in order: `Node::named_children` without a cursor.
pub fn named_children(node: Node<'_>) -> impl Iterator<Item = Node<'_>> {
    children(node)
        .into_iter()
        .map(|child| child.node)
        .filter(|child| child.is_named())
}

/// The children of `node` in field `id` (a field id of [`crate::language`]), in order:
/// `Node::children_by_field_id` without a cursor.
pub fn children_in_field(node: Node<'_>, id: u16) -> impl Iterator<Item = Node<'_>> {
    children(node)
        .into_iter()
        .filter(move |child| child.field.map(u16::from) == Some(id))
        .map(|child| child.node)
}

/// What `ptxkit_children` writes for one child (`PtxkitChild` in `csrc/subtrees.c`).
#[repr(C)]
#[derive(Clone, Copy)]
struct RawChild {
    node: ffi::TSNode,
    field: u16,
    has_children: u16,
}

#[allow(unsafe_code)]
unsafe extern "C" {
    /// Writes the visible children of `parent` to `out` (at most `capacity`) and returns how
    /// many there are, or `u32::MAX` when hidden nodes nest too deeply under `parent`.
    fn ptxkit_children(parent: ffi::TSNode, out: *mut RawChild, capacity: u32) -> u32;
}

/// How many children the first call reads into a buffer on the stack.
const STACK_CHILDREN: usize = 32;

/// The visible children of `node` with their fields, in order: what a cursor visits from
/// `goto_first_child` on, in one call.
///
/// ```
/// use ptxkit_syntax::{NodeKind as _, children, language};
/// let parsed = ptxkit_syntax::parse(".entry k()\n{\n\tadd.s32 %r1, %r2, 4;\n}\n");
/// let add = ptxkit_syntax::preorder(parsed.root()).find(|n| n.kind_name() == "instruction").unwrap();
/// let language = language();
/// let fields: Vec<_> = children(add)
///     .iter()
///     .map(|c| (c.node.kind(), c.field.and_then(|f| language.field_name_for_id(f.get()))))
///     .collect();
/// assert_eq!(fields[..3], [("opcode", Some("opcode")), ("modifier", Some("modifier")), ("identifier", Some("operand"))]);
/// assert_eq!(fields.last(), Some(&(";", None)));
/// ```
pub fn children(node: Node<'_>) -> Children<'_> {
    let mut out = Children::new();
    extend_with_children(&mut out, node);
    out
}

/// Appends the children of `node` (as [`children`] returns them) to `out`: for walks that
/// keep one buffer.
pub fn extend_with_children<'t>(out: &mut impl Extend<Child<'t>>, node: Node<'t>) {
    let mut buffer = [MaybeUninit::<RawChild>::uninit(); STACK_CHILDREN];
    match read(node, &mut buffer) {
        Read::All(raw) => out.extend(raw.iter().map(|raw| to_child(node, raw))),
        Read::TooMany(count) => {
            let mut all = vec![MaybeUninit::<RawChild>::uninit(); count];
            match read(node, &mut all) {
                Read::All(raw) => out.extend(raw.iter().map(|raw| to_child(node, raw))),
                _ => unreachable!("a tree does not change between two reads"),
            }
        }
        Read::TooDeep => out.extend(children_by_cursor(node)),
    }
}

/// What one call of `ptxkit_children` gave.
enum Read<'b> {
    /// Every child, written to the start of the buffer.
    All(&'b [RawChild]),
    /// More children than the buffer holds: this many.
    TooMany(usize),
    /// Hidden nodes nest too deeply: read with a cursor instead.
    TooDeep,
}

/// Calls `ptxkit_children` with `buffer`.
fn read<'b>(node: Node<'_>, buffer: &'b mut [MaybeUninit<RawChild>]) -> Read<'b> {
    let capacity = u32::try_from(buffer.len()).unwrap_or(u32::MAX - 1);
    // SAFETY: `node` is a live node of a tree that outlives this call (its lifetime); the C
    // function only reads that tree, and writes at most `capacity` elements of `buffer`,
    // which has that many.
    #[allow(unsafe_code)]
    let count = unsafe { ptxkit_children(node.into_raw(), buffer.as_mut_ptr().cast(), capacity) };
    match count {
        u32::MAX => Read::TooDeep,
        count if count > capacity => Read::TooMany(count as usize),
        count => {
            let written = &buffer[..count as usize];
            // SAFETY: `ptxkit_children` wrote every field of the first `count` elements.
            #[allow(unsafe_code)]
            Read::All(unsafe { &*(std::ptr::from_ref(written) as *const [RawChild]) })
        }
    }
}

/// The [`Child`] that `raw` describes, read from the children of `_of` (whose lifetime it
/// takes).
fn to_child<'t>(_of: Node<'t>, raw: &RawChild) -> Child<'t> {
    // SAFETY: `ptxkit_children` built `raw.node` from a subtree of the tree of the node it
    // was given (pointer, position and alias, as `ts_node_new` does), so it is a valid node
    // of that tree, which lives as long as `_of`'s lifetime `'t` says.
    #[allow(unsafe_code)]
    let node = unsafe { Node::from_raw(raw.node) };
    Child {
        node,
        field: NonZeroU16::new(raw.field),
        has_children: raw.has_children != 0,
    }
}

/// [`children`] read with a cursor, one step at a time: the reference it must agree with
/// (its tests and the parse fuzz target compare the two), and its fallback when hidden nodes
/// nest past what it reads in one call.
pub fn children_by_cursor(node: Node<'_>) -> Children<'_> {
    let mut out = Children::new();
    let mut cursor = node.walk();
    if cursor.goto_first_child() {
        loop {
            let child = cursor.node();
            out.push(Child {
                node: child,
                field: cursor.field_id(),
                has_children: child.child_count() > 0,
            });
            if !cursor.goto_next_sibling() {
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a child is, for comparing: `Node`'s `==` compares the subtree only, not the
    /// position or alias that a wrong step would get wrong.
    fn facts(child: &Child<'_>) -> impl PartialEq + std::fmt::Debug {
        let node = child.node;
        (
            (
                node.kind_id(),
                node.grammar_id(),
                node.is_named(),
                node.is_extra(),
                node.is_missing(),
            ),
            (node.byte_range(), node.start_position(), node.end_position()),
            (child.field, child.has_children, node.child_count(), node.id()),
        )
    }

    /// Every node of `root`'s tree: its children read both ways are the same. Returns how
    /// many nodes there are.
    fn assert_same(root: Node<'_>, what: &str) -> usize {
        let mut pending = vec![root];
        let mut nodes = 0;
        while let Some(node) = pending.pop() {
            nodes += 1;
            let fast = children(node);
            let slow = children_by_cursor(node);
            let (fast_facts, slow_facts): (Vec<_>, Vec<_>) =
                (fast.iter().map(facts).collect(), slow.iter().map(facts).collect());
            assert_eq!(fast_facts, slow_facts, "{what}: children of {node:?}");
            pending.extend(fast.iter().map(|c| c.node));
        }
        nodes
    }

    #[test]
    fn children_of_small_trees() {
        for text in [
            "",
            ".version 7.8\n.target sm_80\n",
            ".entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t@%p1 add.s32.sat %r1, %r2, {%r3, _};\n\tcall.uni (r), f, (a, b);\nL1: ret;\n}\n",
            ".global .align 4 .b8 x[4] = {1, 2, 3, 4}; // c\n/* d */ .visible .func f() { { ret; } }",
            ".entry k() { add.s32 %r1, , ; } garbage ( [",
            ".section .debug_info { .b8 1, 2\n .b32 .debug_loc+8 }",
        ] {
            let parsed = crate::parse(text);
            assert_same(parsed.root(), text);
        }
    }

    #[test]
    fn many_children_and_deep_nesting() {
        let long = format!(".entry k()\n{{\n{}}}\n", "\tret;\n".repeat(1000));
        let parsed = crate::parse(long);
        assert_same(parsed.root(), "1,000 statements");
        let deep = format!(".entry k()\n{}{}", "{".repeat(3000), "}".repeat(3000));
        let parsed = crate::parse(deep);
        assert_same(parsed.root(), "3,000 nested blocks");
        let operands = format!("mov.b32 %r1, {};", vec!["%r2"; 5000].join(", "));
        let parsed = crate::parse(operands);
        assert_same(parsed.root(), "5,000 operands");
    }

    /// The corpus, whole and with single-byte deletions (syntax errors, recovered from).
    #[test]
    fn children_are_the_cursors() {
        let Some(dir) = crate::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "children corpus test") else {
            return;
        };
        let files = crate::corpus::ptx_files(&dir).expect("the corpus is readable");
        let (mut trees, mut nodes) = (0, 0);
        for (index, path) in files.iter().enumerate() {
            let Ok(text) = std::fs::read_to_string(path) else {
                continue;
            };
            let parsed = crate::parse(text.as_str());
            nodes += assert_same(parsed.root(), &path.display().to_string());
            trees += 1;
            if index % 8 == 0 && text.len() < 50_000 {
                for k in 1..6 {
                    let at = text.len() * k / 6;
                    if text.is_char_boundary(at) && text.is_char_boundary(at + 1) {
                        let mutant = format!("{}{}", &text[..at], &text[at + 1..]);
                        nodes += assert_same(
                            crate::parse(mutant).root(),
                            &format!("{} less byte {at}", path.display()),
                        );
                        trees += 1;
                    }
                }
            }
        }
        assert!(trees > 1000 && nodes > 1_000_000, "{trees} trees, {nodes} nodes");
    }
}

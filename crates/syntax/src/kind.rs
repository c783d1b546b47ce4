//! Node kinds and fields by table: [`NodeKind::kind_name`] is `Node::kind` without its
//! cost, [`NodeKind::field`] `Node::child_by_field_name`.
//!
//! tree-sitter's `Node::kind` turns the grammar's C string into a `&str` on every call (a
//! `strlen` and a UTF-8 check): about a tenth of the formatter's time went there; its
//! `child_by_field_name` compares the name with every field name of the grammar (`strncmp`)
//! on every call, about 3% of the linter's. The names are the grammar's, fixed for the life
//! of the program, so they are read once into tables.

use std::num::NonZeroU16;
use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use tree_sitter::{Node, TreeCursor};

/// The grammar's node kind names, indexed by kind id.
fn names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let language = crate::language();
        (0..language.node_kind_count())
            .map(|id| {
                let id = u16::try_from(id).expect("tree-sitter kind ids are u16");
                language.node_kind_for_id(id).unwrap_or_default().to_string()
            })
            .collect()
    })
}

/// The grammar's field ids by name.
fn fields() -> &'static FxHashMap<String, NonZeroU16> {
    static FIELDS: OnceLock<FxHashMap<String, NonZeroU16>> = OnceLock::new();
    FIELDS.get_or_init(|| {
        let language = crate::language();
        let count = u16::try_from(language.field_count()).expect("tree-sitter field ids are u16");
        (1..=count)
            .filter_map(|id| Some((language.field_name_for_id(id)?.to_string(), NonZeroU16::new(id)?)))
            .collect()
    })
}

/// The id of the grammar's field `name`, `None` when the grammar has no such field (a hash
/// lookup: the rules ask for fields by name hundreds of thousands of times a run).
fn field_id(name: &str) -> Option<NonZeroU16> {
    fields().get(name).copied()
}

/// A syntax tree node's kind and fields, read from tables.
pub trait NodeKind<'t> {
    /// The node's kind: the same text as `Node::kind` (`"instruction"`, `";"`), cheaper.
    ///
    /// ```
    /// use ptxkit_syntax::NodeKind as _;
    /// let parsed = ptxkit_syntax::parse("ret;");
    /// assert!(ptxkit_syntax::preorder(parsed.root()).all(|n| n.kind_name() == n.kind()));
    /// ```
    fn kind_name(&self) -> &'static str;

    /// The node's first child in field `name`: `Node::child_by_field_name`, cheaper.
    ///
    /// ```
    /// use ptxkit_syntax::NodeKind as _;
    /// let parsed = ptxkit_syntax::parse(".entry k()\n{\n\tret;\n}\n");
    /// let function = parsed.root().named_child(0).unwrap();
    /// assert_eq!(function.field("name"), function.child_by_field_name("name"));
    /// assert_eq!(function.field("no such field"), None);
    /// ```
    fn field(&self, name: &str) -> Option<Node<'t>>;

    /// The node's children in field `name`, in order: `Node::children_by_field_name`, cheaper.
    fn fields<'c>(&self, name: &str, cursor: &'c mut TreeCursor<'t>) -> impl Iterator<Item = Node<'t>> + 'c
    where
        't: 'c;
}

/// Whether `node` is from this grammar's trees (same kind and field counts): the tables
/// answer for PTX nodes only, and `Node` is also the type of `crates/inline`'s C++ trees.
fn is_ptx(node: &Node<'_>) -> bool {
    let (language, ptx) = (node.language(), crate::language());
    language.node_kind_count() == ptx.node_kind_count() && language.field_count() == ptx.field_count()
}

impl<'t> NodeKind<'t> for Node<'t> {
    fn kind_name(&self) -> &'static str {
        debug_assert!(is_ptx(self), "NodeKind on a node of another grammar");
        // Every kind id of this grammar is in the table but the error node's (u16::MAX).
        match names().get(usize::from(self.kind_id())) {
            Some(name) => name,
            None if self.is_error() => "ERROR",
            None => "",
        }
    }

    fn field(&self, name: &str) -> Option<Node<'t>> {
        debug_assert!(is_ptx(self), "NodeKind on a node of another grammar");
        self.child_by_field_id(field_id(name)?.get())
    }

    fn fields<'c>(&self, name: &str, cursor: &'c mut TreeCursor<'t>) -> impl Iterator<Item = Node<'t>> + 'c
    where
        't: 'c,
    {
        debug_assert!(is_ptx(self), "NodeKind on a node of another grammar");
        field_id(name)
            .map(|id| self.children_by_field_id(id, cursor))
            .into_iter()
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::NodeKind as _;

    #[test]
    fn every_node_of_a_varied_module_has_its_kind_name() {
        let text = ".version 8.0\n.target sm_90\n.address_size 64\n.const .align 4 .b32 c[2] = {1, -2};\n\
            .visible .entry k(.param .u64 p)\n.maxntid 128\n{\n\t.reg .pred %p<2>;\n\t.reg .b32 %r<4>;\n\
            $L1:\n\t@!%p1 bra $L1;\n\tld.param.u64 %rd1, [p+8];\n\tmov.b32 %r1, {%r2, %r3};\n\
            \t// c\n\t/* d */ ret;\n}\n#line 1 \"x\"\n.section .debug_info { .b8 1 }\n garbage ! \n";
        let parsed = crate::parse(text);
        let mut count = 0;
        for node in crate::preorder(parsed.root()) {
            assert_eq!(node.kind_name(), node.kind(), "at {:?}", node.byte_range());
            count += 1;
        }
        assert!(count > 100, "{count} nodes");
    }

    #[test]
    fn every_field_of_every_node_is_found_by_name() {
        let text = ".version 8.0\n.target sm_90\n.const .align 4 .b32 c[2] = {1, -2};\n\
            .visible .entry k(.param .u64 p, .param .u32 q)\n{\n\t.reg .b32 %r<4>;\n\
            @!%p1 bra $L1;\n\tld.param.u64 %rd1, [p+8];\n\tcall (%r1), f, (%r2, %r3);\n\tret;\n}\n";
        let parsed = crate::parse(text);
        let language = crate::language();
        let mut checked = 0;
        for node in crate::preorder(parsed.root()) {
            for id in 1..=language.field_count() as u16 {
                let name = language.field_name_for_id(id).unwrap();
                assert_eq!(
                    node.field(name),
                    node.child_by_field_name(name),
                    "{name} of {:?}",
                    node.kind()
                );
                let mut a = node.walk();
                let mut b = node.walk();
                let ours: Vec<_> = node.fields(name, &mut a).collect();
                let theirs: Vec<_> = node.children_by_field_name(name, &mut b).collect();
                checked += ours.len();
                assert_eq!(ours, theirs, "{name} of {:?}", node.kind());
            }
        }
        assert!(checked > 30, "{checked} field children");
        assert!(crate::parse("ret;").root().field("not a field").is_none());
    }
}

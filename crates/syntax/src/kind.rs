//! Node kinds by table: [`NodeKind::kind_name`] is `Node::kind` without its cost.
//!
//! tree-sitter's `Node::kind` turns the grammar's C string into a `&str` on every call (a
//! `strlen` and a UTF-8 check): about a tenth of the formatter's time went there. The names
//! are the grammar's, fixed for the life of the program, so they are read once into a table
//! indexed by the node's kind id.

use std::sync::OnceLock;

use tree_sitter::Node;

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

/// A syntax tree node's kind, read from a table.
pub trait NodeKind {
    /// The node's kind: the same text as `Node::kind` (`"instruction"`, `";"`), cheaper.
    ///
    /// ```
    /// use ptxkit_syntax::NodeKind as _;
    /// let parsed = ptxkit_syntax::parse("ret;");
    /// assert!(ptxkit_syntax::preorder(parsed.root()).all(|n| n.kind_name() == n.kind()));
    /// ```
    fn kind_name(&self) -> &'static str;
}

impl NodeKind for Node<'_> {
    fn kind_name(&self) -> &'static str {
        // Every kind id of this grammar is in the table but the error node's (u16::MAX).
        match names().get(usize::from(self.kind_id())) {
            Some(name) => name,
            None if self.is_error() => "ERROR",
            None => "",
        }
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
}

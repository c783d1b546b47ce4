//! Whether two parses have the same tree, compared subtree for subtree in C
//! (`csrc/subtrees.c`): the formatter's check that its output parses as its input did costs
//! a fraction of a node-by-node comparison when the trees are the same, which is the case
//! the check is there to confirm.

use crate::ParsedSource;
use tree_sitter::ffi;

#[allow(unsafe_code)]
unsafe extern "C" {
    /// Whether the trees under `a` and `b` (over the texts given) are the same subtree for
    /// subtree; false when they differ or memory runs out.
    fn ptxkit_same_subtrees(
        a: ffi::TSNode,
        a_text: *const u8,
        a_len: usize,
        b: ffi::TSNode,
        b_text: *const u8,
        b_len: usize,
    ) -> bool;
}

/// Whether `a` and `b` have the same subtrees: the same symbols, productions, flags and
/// child counts everywhere, and the same text (trailing whitespace aside) at every node
/// without visible children. Then their syntax trees are the same node for node (kinds,
/// fields, children, leaf texts: a node's kind, field and visibility come from its symbol
/// and its parent's production). `false` says only that they may differ somewhere: ask a
/// node-by-node comparison where.
///
/// ```
/// let a = ptxkit_syntax::parse(".version 7.8\n.target sm_80 // t\n");
/// let b = ptxkit_syntax::parse(".version   7.8 .target sm_80 // t   \n");
/// let c = ptxkit_syntax::parse(".version 7.8\n.target sm_90 // t\n");
/// assert!(ptxkit_syntax::same_subtrees(&a, &b));
/// assert!(!ptxkit_syntax::same_subtrees(&a, &c));
/// ```
pub fn same_subtrees(a: &ParsedSource, b: &ParsedSource) -> bool {
    let (a_text, b_text) = (a.text().as_bytes(), b.text().as_bytes());
    // SAFETY: both roots are live nodes of trees that `a` and `b` own for the whole call;
    // the C function only reads those trees and the two texts (within the lengths given:
    // it checks every leaf's range against them), and frees what it allocates.
    #[allow(unsafe_code)]
    unsafe {
        ptxkit_same_subtrees(
            a.root().into_raw(),
            a_text.as_ptr(),
            a_text.len(),
            b.root().into_raw(),
            b_text.as_ptr(),
            b_text.len(),
        )
    }
}

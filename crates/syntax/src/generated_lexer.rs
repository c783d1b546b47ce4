//! The grammar's lexer as `tree-sitter generate` wrote it, to check the faster one that
//! [`crate::parse`] uses against (`grammar/bindings/rust/build.rs` rewrites the generated
//! lexer; the two must give the same trees). For tests and fuzz targets.

use tree_sitter::{Parser, Tree};

/// `text` parsed with the generated lexer, unchanged.
pub fn parse_with_generated_lexer(text: &str) -> Tree {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_ptx::REFERENCE_LANGUAGE.into())
        .expect("the grammar's generated parser loads");
    parser
        .parse(text, None)
        .expect("the parser has a language and no time limit")
}

/// Where two trees of one text first differ, in preorder over every node, named or not:
/// kind, byte range, field, whether missing, extra or an error, and child count. `None`
/// when they are the same node for node.
///
/// ```
/// let text = ".version 8.0\n.target sm_90\n";
/// let fast = ptxkit_syntax::parse(text);
/// let generated = ptxkit_syntax::generated_lexer::parse_with_generated_lexer(text);
/// assert_eq!(ptxkit_syntax::generated_lexer::first_difference(fast.tree(), &generated), None);
/// ```
pub fn first_difference(a: &Tree, b: &Tree) -> Option<String> {
    fn facts(cursor: &tree_sitter::TreeCursor<'_>) -> impl PartialEq + std::fmt::Debug + use<> {
        let n = cursor.node();
        (
            n.kind_id(),
            n.byte_range(),
            cursor.field_id(),
            n.is_missing(),
            n.is_extra(),
            n.is_error(),
            n.child_count(),
        )
    }
    let (mut x, mut y) = (a.walk(), b.walk());
    loop {
        let (left, right) = (facts(&x), facts(&y));
        if left != right {
            return Some(format!("{left:?} against {right:?}"));
        }
        if x.goto_first_child() {
            y.goto_first_child();
            continue;
        }
        loop {
            if x.goto_next_sibling() {
                y.goto_next_sibling();
                break;
            }
            if !x.goto_parent() {
                return None;
            }
            y.goto_parent();
        }
    }
}

//! Tree-sitter grammar for NVIDIA PTX, ISA 1.0 to 9.5.
//!
//! ```
//! let code = ".version 8.0\n.target sm_90\n.address_size 64\n";
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(&tree_sitter_ptx::LANGUAGE.into()).expect("PTX grammar loads");
//! let tree = parser.parse(code, None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```

use tree_sitter_language::LanguageFn;

#[allow(unsafe_code)]
unsafe extern "C" {
    fn tree_sitter_ptx() -> *const ();
}

/// The tree-sitter [`LanguageFn`] for PTX.
#[allow(unsafe_code)]
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_ptx) };

/// The content of the [`node-types.json`] file for this grammar.
///
/// [`node-types.json`]: https://tree-sitter.github.io/tree-sitter/using-parsers/6-static-node-types
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

/// The syntax highlighting query for PTX, for editors.
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../../queries/highlights.scm");

#[cfg(test)]
mod tests {
    #[test]
    fn can_load_grammar() {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&super::LANGUAGE.into())
            .expect("Error loading PTX parser");
    }
}

//! Parsing PTX into a lossless concrete syntax tree, plus what the PTX tools
//! share: spans, typed node views, diagnostics, text edits, safe writes and
//! source loading. (Finding files and reading configuration is `ptxkit-workspace`'s job.)
//!
//! ```
//! use ptxkit_syntax::{ast::Instruction, parse, preorder};
//! let parsed = parse(".version 7.8\n.target sm_80\n.entry k() { add.s32 %r1, %r2, 4; }\n");
//! let add = preorder(parsed.root()).find_map(|n| Instruction::cast(n, parsed.text())).unwrap();
//! assert_eq!(add.full_opcode(), "add.s32");
//! assert_eq!(add.operands().len(), 3);
//! ```

pub mod ast;
mod children;
pub mod corpus;
pub mod diagnostic;
mod edit;
pub mod generated_lexer;
mod kind;
pub mod literal;
mod parse;
mod same_subtrees;
pub mod source;
mod span;
pub mod split;
mod walk;
mod write;

pub use children::{
    Child, Children, children, children_by_cursor, children_in_field, extend_with_children, named_children,
};
pub use diagnostic::{Applicability, Diagnostic, Fix, Label, Severity, SourceRef};
pub use edit::{EditError, TextEdit, apply_edits};
pub use kind::NodeKind;
pub use parse::{
    ParsedSource, SyntaxError, SyntaxErrorKind, input_edit, is_statement_outside_function, language, new_parser,
    node_types, parse, parse_group, reparse,
};
pub use same_subtrees::same_subtrees;
pub use span::{LineColumn, LineIndex, Span};
pub use tree_sitter;
pub use walk::{Preorder, Step, max_block_depth, preorder, visit_pruned, visit_tree};
pub use write::{VerifyError, WriteError, verify_replacement, write_atomic};

//! Parsing PTX into a lossless concrete syntax tree, plus what the PTX tools
//! share: spans, typed node views, diagnostics, source loading, file
//! discovery and configuration lookup.

pub mod discover;
mod parse;
pub mod source;
mod span;

pub use parse::{ParsedSource, SyntaxError, language, new_parser, parse};
pub use span::{LineColumn, LineIndex, Span};
pub use tree_sitter;

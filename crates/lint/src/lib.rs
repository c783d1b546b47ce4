//! `ptxlint`: a linter for NVIDIA PTX that catches what ptxas would reject,
//! and what it silently accepts but fails at run time, without CUDA.
//!
//! The engine parses a file once, builds a [`symbols::SymbolTable`] and the
//! module's facts (`.version`, `.target`, `.address_size`), then runs every
//! enabled rule in one pass: the rules' tree-sitter queries
//! (`queries/<rule>.scm`) are compiled once into a single query, and each
//! match is handed to the rule that owns the pattern. Rules report through the
//! shared [`ptxkit_syntax::Diagnostic`] model; suppressions and fixes are applied
//! on top.
//!
//! ```
//! use ptxkit_lint::{Settings, lint_source};
//! let text = ".version 7.8\n.target sm_80\n.tex .u32 t;\n";
//! let result = lint_source(text, &Settings::default());
//! assert_eq!(result.diagnostics[0].rule, "deprecated-tex-state-space");
//! //! ```

pub mod checker;
pub mod cli;
pub mod config;
mod engine;
pub mod facts;
pub mod fix;
pub mod inline;
pub mod insn;
pub mod isa;
pub mod names;
pub mod registry;
pub mod report;
pub mod requirements;
mod rules;
pub mod settings;
mod signature_problems;
pub mod signature_view;
pub mod suppress;
pub mod symbols;
pub mod types;

pub use engine::{LintResult, lint_parsed, lint_source};
pub use registry::{FixAvailability, RuleInfo, Status, find_rule, rules};
pub use settings::Settings;

//! `ptxlint`: a linter for NVIDIA PTX that catches what ptxas would reject,
//! and what it silently accepts but fails at run time, without CUDA.
//!
//! The engine parses a file once, builds its semantic model
//! ([`ptxkit_semantic::SemanticModel`]: the module header and the symbol
//! table), then runs every enabled rule in one pass: the rules' tree-sitter
//! queries (`queries/<rule>.scm`) are compiled once into a single query, and
//! each match is handed to the rule that owns the pattern. Rules report
//! through the shared [`ptxkit_syntax::Diagnostic`] model; suppressions and
//! fixes are applied on top.
//!
//! ```
//! use ptxkit_lint::{Settings, lint_source};
//! let text = ".version 7.8\n.target sm_80\n.tex .u32 t;\n";
//! let result = lint_source(text, &Settings::default());
//! assert_eq!(result.diagnostics[0].rule, "deprecated-tex-state-space");
//! ```

mod checker;
pub mod config;
mod dispatch;
mod engine;
pub mod fix;
pub mod grouped;
pub mod incremental;
pub mod inline;
mod isa;
mod memory_access;
pub mod migration;
pub mod migrations;
mod names;
pub mod registry;
pub mod report;
pub mod requirements;
mod rules;
pub mod settings;
mod signature_problems;
pub mod suppress;
mod types;

pub use engine::{LintResult, TextFindings, dispatch_disagreement, lint_parsed, lint_source, lint_text};
pub use incremental::IncrementalLinter;
pub use registry::{FixAvailability, RuleInfo, Status, find_rule, rules};
pub use settings::Settings;

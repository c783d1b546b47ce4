//! `ptxlint`: a linter for NVIDIA PTX that catches what ptxas would reject,
//! and what it silently accepts but fails at run time, without CUDA.
//!
//! The engine parses a file once, builds its semantic model
//! ([`ptxkit_semantic::SemanticModel`]: the module header and the symbol
//! table), then runs every enabled rule through one pipeline ([`pipeline`]): each rule
//! declares what it visits ([`rule::Visits`]: node kinds, a query when it needs captures,
//! the module, the suppression comments, inline asm statements), and one walk of the tree
//! calls each at what it visits. Rules report through the shared
//! [`ptxkit_syntax::Diagnostic`] model; suppressions and fixes are applied on top.
//!
//! ```
//! use ptxkit_lint::{Settings, lint_source};
//! let text = ".version 7.8\n.target sm_80\n.tex .u32 t;\n";
//! let result = lint_source(text, &Settings::default());
//! assert_eq!(result.diagnostics[0].rule, "deprecated-tex-state-space");
//! ```

pub mod asm;
pub mod checker;
mod dispatch;
mod engine;
mod facts;
pub mod fix;
pub mod grouped;
pub mod incremental;
pub mod inline;
mod isa;
pub mod lockstep;
mod memory_access;
mod names;
mod pipeline;
pub mod registry;
pub mod report;
pub mod requirements;
pub mod rule;
mod rules;
pub mod settings;
mod signature_problems;
pub mod suppress;
mod sync_words;
mod types;

pub use engine::{LintResult, TextFindings, dispatch_disagreement, lint_parsed, lint_source, lint_text};
pub use incremental::IncrementalLinter;
pub use pipeline::lint_as;
pub use registry::{FixAvailability, RuleInfo, Status, find_rule, rules};
pub use settings::{Selector, Settings};

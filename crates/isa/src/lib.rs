//! What every PTX ISA version, target and instruction form needs, checked against ptxas.
//!
//! The linter and the rewriter use this crate to know, without CUDA installed, what PTX allows
//! where:
//!
//! - [`version`]s 1.0 … 9.5 ([`Version`]) and the CUDA toolkits and drivers that take each
//!   ([`toolkit`]: what a module needs to assemble and to JIT-compile);
//! - [`target`]s `sm_10` … `sm_121` with `a`/`f` variants, families and minimum versions
//!   ([`Target`]);
//! - instruction signatures: every form with its modifiers and operands ([`signature`]);
//! - instruction forms → minimum version and target ([`requirements`], [`instructions::all_features`]);
//! - rounding rules ([`rounding_rule`]), legal types ([`legal_types`]) and deprecations
//!   ([`deprecations`]);
//! - directives, function-header attributes, debugging directives, pragmas, declarations and
//!   special registers ([`directives`], [`special_registers`]), and every module-level
//!   construct of the grammar mapped onto those rows ([`constructs`]);
//! - everything at once for one instruction ([`check`]) or one `.version`/`.target` pair
//!   ([`check_target`]);
//! - opcode-chain analysis in the style of PTX.jl ([`analyze_chain`]).
//!
//! Every table row cites its source, and `cargo xtask isa-probes` assembles a probe kernel
//! for each at its boundaries with real ptxas ([`probe`]); known disagreements are recorded in
//! [`quirks`].
//!
//! ```
//! use ptxkit_isa::{check, requirements, target, version, InstructionForm};
//! let form = InstructionForm::parse("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32");
//! let r = requirements(&form);
//! assert_eq!(r.min_ptx, version("7.0").unwrap());
//! assert_eq!(r.min_target, Some(target("sm_80").unwrap()));
//! let issues = check(&form, version("6.5").unwrap(), target("sm_75").unwrap());
//! assert!(issues.iter().any(|i| i.message().contains("requires .target sm_80")));
//! ```

pub mod chain;
mod check;
pub mod constructs;
pub mod deprecations;
pub mod directives;
mod feature;
mod form;
mod grid_quirks;
pub mod instructions;
pub mod legal_types;
pub mod modifier_order;
pub mod probe;
pub mod ptxas_names;
pub mod quirks;
mod requirements;
pub mod rounding;
pub mod signature;
pub mod snippet;
pub mod special_registers;
pub mod spelling;
pub mod target;
pub mod toolkit;
pub mod types;
pub mod version;

pub use chain::{Chain, ChainError, OperandShape, ResultType, SideEffects, analyze_chain};
pub use check::check_features;
pub use check::{Issue, check, check_target};
pub use feature::{Feature, TargetReq};
pub use form::InstructionForm;
pub use legal_types::{KNOWN_OPCODES, closest_opcode, legal_types};
pub use requirements::{Requirements, is_known_opcode, matching_features, requirements};
pub use rounding::{Need, RoundingRule, rounding_rule};
pub use target::{Target, TargetEntry, TargetError, TargetOption, Variant, newest_base_target, target, target_entry};
pub use types::{TypeInfo, TypeKind, type_info};
pub use version::{ParseVersionError, Version, version};

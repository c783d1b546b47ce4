//! # unknown-target (PTX005)
//!
//! ## What it does
//! Reports a `.target` entry that is neither a known architecture
//! (`sm_10` … `sm_121`, with `a`/`f` variants) nor a target option
//! (`texmode_unified`, `texmode_independent`, `debug`, `map_f64_to_f32`).
//!
//! ## Why it matters
//! ptxas refuses the module: "Unsupported .target 'sm_81'" or "Target
//! architecture not defined". Typos and binary-only architectures such as
//! `sm_21` end up here.
//!
//! ## Example
//! ```ptx
//! .target sm_81
//! ```
//!
//! ## Use instead
//! ```ptx
//! .target sm_80
//! ```
//!
//! ## Fix safety
//! No fix: the suggestion is only the closest known name.

use ptxkit_isa::TargetError;

use crate::checker::Checker;
use crate::rule::{InAsm, Rule, Visits};

pub(crate) const NAME: &str = "unknown-target";

pub(crate) const RULE: Rule = Rule {
    code: "PTX005",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "`.target` entry that is not a known architecture or option",
    visits: Visits::module(check).in_asm(InAsm::NotReported),
};

fn check(checker: &mut Checker<'_>) {
    for entry in checker.header.target_entries() {
        let Err(error) = ptxkit_isa::target_entry(&entry.name) else {
            continue;
        };
        let closest = match &error {
            TargetError::Unknown { closest, .. } => closest.map(|c| c.to_string()),
            TargetError::Syntax(_) => None,
        };
        let mut diagnostic = checker
            .diagnostic(entry.span, format!("unknown target `{}`", entry.name))
            .with_label("not a PTX target")
            .with_note(format!("ptxas: \"Unsupported .target '{}'\"", entry.name));
        diagnostic = match closest {
            Some(c) => diagnostic.with_help(format!("did you mean `{c}`?")),
            None => diagnostic.with_help("use an `sm_NN` architecture or a target option"),
        };
        checker.report(diagnostic);
    }
}

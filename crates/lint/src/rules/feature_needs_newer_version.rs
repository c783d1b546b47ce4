//! # feature-needs-newer-version (PTX002)
//!
//! ## What it does
//! Reports an instruction, modifier or type that the module's `.version`
//! does not have yet, using ptxkit-isa's table of first versions (checked
//! against ptxas 11.8, 12.9 and 13.5). Besides instructions it checks
//! directives (`.address_size`, `.weak`, `.noreturn`, `.pragma`,
//! `used_bytes_mask`), special registers, and declarations: opaque types
//! (`.texref`, 1.5), `.f16x2` and `.b128` variables, `.func` `.param`
//! parameters (2.0), unsized array parameters, kernel parameter lists (1.4),
//! `.loc … inlined_at` and labels in `.section` (7.0), and texture or
//! surface handles held in registers (3.1).
//!
//! ## Why it matters
//! ptxas rejects it: "Feature 'cp.async' requires PTX ISA .version 7.0 or
//! later". This happens when a kernel is pasted into an older module, or
//! when a generator's `.version` is pinned too low.
//!
//! ## Example
//! ```ptx
//! .version 6.5
//! .target sm_80
//! cp.async.ca.shared.global [%r1], [%rd1], 16;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 7.0
//! .target sm_80
//! cp.async.ca.shared.global [%r1], [%rd1], 16;
//! ```
//!
//! ## Fix safety
//! No fix: raising `.version` needs a newer driver; `ptxlint --requirements`
//! prints the version the whole file needs.

use ptxkit_isa::Issue;

use crate::checker::{Captures, Checker, RuleImpl};

pub(crate) const NAME: &str = "feature-needs-newer-version";

pub(crate) const RULE: RuleImpl = RuleImpl {
    query: Some(query!("feature_needs_newer_version")),
    on_match: Some(check),
    on_module: None,
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    for (span, issue) in crate::isa::captured_issues(checker, captures) {
        let Issue::NeedsVersion { min, .. } = &issue else {
            continue;
        };
        let version = checker.version().map(|v| v.to_string()).unwrap_or_default();
        let diagnostic = checker
            .diagnostic(span, format!("needs PTX {min}, but the module is `.version {version}`"))
            .with_label(format!("needs .version {min}"))
            .with_note(crate::isa::ptxas_note(&issue))
            .with_help(format!(
                "raise `.version` to {min} or later (see `ptxlint --requirements`)"
            ));
        checker.report(diagnostic);
    }
}

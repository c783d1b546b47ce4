//! # feature-needs-newer-version (PTX002)
//!
//! ## What it does
//! Reports an instruction, modifier or type that the module's `.version`
//! does not have yet, using ptxkit-isa's table of first versions (checked
//! against ptxas 11.8, 12.9 and 13.5). Besides instructions it checks every
//! module-level construct of the grammar against ptxkit-isa's construct
//! table: directives (`.address_size`, `.weak`, `.alias`, `.section`,
//! `.callprototype`), function-header attributes (`.noreturn`,
//! `.abi_preserve`, also on `.callprototype`), debugging directives
//! (`.loc … inlined_at`, `.file` timestamps), pragmas (`used_bytes_mask`,
//! `frequency`), declarations (opaque types, `.f16x2` and `.b128`
//! variables, `.func` `.param` and unsized array parameters, kernel
//! parameter lists, `.ptr`, `generic()` and `mask()` initializers), special
//! registers, and texture or surface handles held in registers (3.1).
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
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "feature-needs-newer-version";

pub(crate) const RULE: Rule = Rule {
    code: "PTX002",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "instruction, modifier or declaration needs a newer `.version`",
    visits: Visits::nodes(&["instruction", "call_instruction"], check).and_module(check_constructs),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    report_all(checker, &crate::isa::instruction_issues(checker, node));
}

/// Directives, attributes, debugging directives, pragmas, declarations and
/// special registers (ptxkit-isa's construct table).
fn check_constructs(checker: &mut Checker<'_>) {
    report_all(checker, &checker.construct_issues());
}

/// One diagnostic per span: the newest version any of its issues needs, with every
/// feature's ptxas note.
fn report_all(checker: &mut Checker<'_>, issues: &[(Span, Issue)]) {
    for (span, (), needs) in crate::isa::grouped(issues, |i| matches!(i, Issue::NeedsVersion { .. }).then_some(())) {
        let min = needs
            .iter()
            .filter_map(|i| match i {
                Issue::NeedsVersion { min, .. } => Some(*min),
                _ => None,
            })
            .max()
            .expect("a group has a member");
        let version = checker.version().map(|v| v.to_string()).unwrap_or_default();
        let diagnostic = checker
            .diagnostic(span, format!("needs PTX {min}, but {}", checker.compiled_at(version)))
            .with_label(format!("needs .version {min}"))
            .with_note(crate::isa::ptxas_notes(&needs))
            .with_help(format!(
                "raise `.version` to {min} or later (see `ptxlint --requirements`)"
            ));
        let diagnostic = checker.with_destination_origin(diagnostic, false);
        checker.report(diagnostic);
    }
}

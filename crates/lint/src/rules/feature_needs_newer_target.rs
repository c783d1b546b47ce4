//! # feature-needs-newer-target (PTX003)
//!
//! ## What it does
//! Reports an instruction, modifier or type that the module's `.target`
//! does not support, using ptxkit-isa's table of minimum targets; also
//! directives, special registers and declarations (`.f16x2` variables need
//! sm_53, `.func` `.param` parameters sm_20, `.noreturn` sm_30).
//!
//! ## Why it matters
//! ptxas rejects it: "Instruction 'match' requires .target sm_70 or higher"
//! or "Feature 'cp.async' requires .target sm_80 or higher". The kernel
//! would not run on the GPUs the target promises.
//!
//! ## Example
//! ```ptx
//! .target sm_61
//! match.any.sync.b32 %r1, %r2, 0xffffffff;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .target sm_70
//! match.any.sync.b32 %r1, %r2, 0xffffffff;
//! ```
//!
//! ## Fix safety
//! No fix: raising `.target` drops support for older GPUs; that is a product
//! decision.

use ptxkit_isa::Issue;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "feature-needs-newer-target";

pub(crate) const RULE: Rule = Rule {
    code: "PTX003",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "instruction, modifier or declaration needs a newer `.target`",
    visits: Visits::nodes(&["instruction", "call_instruction"], check).and_module(check_constructs),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    report_all(checker, &crate::isa::instruction_issues(checker, node));
}

/// Directives, attributes, pragmas, declarations and special registers.
fn check_constructs(checker: &mut Checker<'_>) {
    report_all(checker, &checker.construct_issues());
}

/// One diagnostic per span and oldest target, with every feature's ptxas note.
fn report_all(checker: &mut Checker<'_>, issues: &[(Span, Issue)]) {
    let key = |i: &Issue| match i {
        Issue::NeedsTarget { min, target, .. } => Some((*min, *target)),
        _ => None,
    };
    for (span, (min, target), needs) in crate::isa::grouped(issues, key) {
        let diagnostic = checker
            .diagnostic(
                span,
                format!("needs `.target {min}` or higher, but {}", checker.compiled_for(target)),
            )
            .with_label(format!("needs {min}"))
            .with_note(crate::isa::ptxas_notes(&needs))
            .with_help(format!("target {min} or later, or avoid this on {target}"));
        let diagnostic = checker.with_destination_origin(diagnostic, true);
        checker.report(diagnostic);
    }
}

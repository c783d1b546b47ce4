//! # arch-specific-feature-on-generic-target (PTX004)
//!
//! ## What it does
//! Reports an architecture- or family-specific feature (`wgmma`,
//! `setmaxnreg`, `tcgen05`, ...) in a module whose target lacks the `a` (or
//! `f`) suffix that enables it, e.g. `wgmma` with `.target sm_90`.
//!
//! ## Why it matters
//! These features exist only on the exact architecture (`sm_90a`) or family
//! (`sm_100f`); ptxas rejects them elsewhere: "Instruction
//! 'wgmma.mma_async' not supported on .target 'sm_90'".
//!
//! ## Example
//! ```ptx
//! .target sm_90
//! wgmma.fence.sync.aligned;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .target sm_90a
//! wgmma.fence.sync.aligned;
//! ```
//!
//! ## Fix safety
//! No fix: an `a` target runs only on that exact GPU, which the author must
//! choose deliberately.

use ptxkit_isa::Issue;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "arch-specific-feature-on-generic-target";

pub(crate) const RULE: Rule = Rule {
    code: "PTX004",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "arch-specific feature without the `a`/`f` target",
    visits: Visits::nodes(&["instruction", "call_instruction"], check).and_module(check_constructs),
};

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    let span = checker.opcode_span(node);
    for issue in checker.isa_issues(node).iter() {
        report(checker, span, issue);
    }
}

/// Directives, attributes, pragmas, declarations and special registers.
fn check_constructs(checker: &mut Checker<'_>) {
    for (span, issue) in checker.construct_issues().iter() {
        report(checker, *span, issue);
    }
}

fn report(checker: &mut Checker<'_>, span: Span, issue: &Issue) {
    {
        let Issue::NotOnTarget { feature, target } = issue else {
            return;
        };
        // A target taken from a guard with parts the analysis cannot read may be the
        // arch-specific one: say nothing.
        if checker
            .asm()
            .is_some_and(|asm| asm.translation.resolved.target_may_be_specific)
        {
            return;
        }
        let diagnostic = checker
            .diagnostic(span, format!("`{}` is not available on `{target}`", feature.name()))
            .with_label("architecture- or family-specific")
            .with_note(format!("ptxas: \"{issue}\""))
            .with_help(format!(
                "target the arch-specific variant (e.g. `{target}a`) that has it, or avoid it"
            ));
        let diagnostic = checker.with_destination_origin(diagnostic, true);
        checker.report(diagnostic);
    }
}

//! # feature-needs-newer-target (PTX003)
//!
//! ## What it does
//! Reports an instruction, modifier or type that the module's `.target`
//! does not support, using ptx-isa's table of minimum targets.
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

use ptx_isa::Issue;

use crate::checker::{Captures, Checker, RuleImpl};

pub(crate) const NAME: &str = "feature-needs-newer-target";

pub(crate) const RULE: RuleImpl = RuleImpl {
    query: Some(query!("feature_needs_newer_target")),
    on_match: Some(check),
    on_module: None,
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let (issues, span) = if let Some(node) = captures.get("instruction") {
        (checker.isa_issues(node), checker.opcode_span(node))
    } else if let Some(node) = captures.get("directive").or_else(|| captures.get("special")) {
        let is_special = captures.get("special").is_some();
        let name = crate::isa::directive_name(node.kind(), checker.node_text(node));
        let span = match node.kind() {
            "address_size_directive" => ptx_syntax::Span::of(node.child(0).unwrap_or(node)),
            _ => ptx_syntax::Span::of(node),
        };
        (
            std::rc::Rc::new(crate::isa::feature_issues(name, is_special, checker.facts)),
            span,
        )
    } else {
        return;
    };
    for issue in issues.iter() {
        let Issue::NeedsTarget { min, target, .. } = issue else {
            continue;
        };
        let diagnostic = checker
            .diagnostic(
                span,
                format!("needs `.target {min}` or higher, but the module targets `{target}`"),
            )
            .with_label(format!("needs {min}"))
            .with_note(format!("ptxas: \"{issue}\""))
            .with_help(format!("target {min} or later, or avoid this on {target}"));
        checker.report(diagnostic);
    }
}

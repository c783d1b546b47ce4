//! # module-scope-register-or-local (PTX205)
//!
//! ## What it does
//! Reports `.reg` and `.local` variables declared at module scope, outside
//! every function.
//!
//! ## Why it matters
//! Module-scope `.reg` and `.local` cannot work with the ABI's separate stack
//! frames. From PTX 3.0 on ptxas rejects them ("Module-scoped variables in
//! .reg state space are not allowed with ABI"); in older modules it warns
//! "Use of module scoped .local or .reg variable ... found, disabling ABI"
//! and compiles the whole module without the ABI (no calls through the
//! stack, no separate compilation).
//!
//! ## Example
//! ```ptx
//! .reg .b32 counter;
//! .entry k() { mov.b32 counter, 1; ret; }
//! ```
//!
//! ## Use instead
//! ```ptx
//! .entry k() { .reg .b32 counter; mov.b32 counter, 1; ret; }
//! ```
//!
//! ## Fix safety
//! No fix: the variable must move into each function that uses it, or
//! become `.global`.

use ptxkit_syntax::ast::VariableDeclaration;
use ptxkit_syntax::{Severity, Span};

use crate::checker::{Captures, Checker, RuleImpl};
use ptxkit_isa::deprecations;

pub(crate) const NAME: &str = "module-scope-register-or-local";

pub(crate) const RULE: crate::RuleInfo = crate::RuleInfo {
    code: "PTX205",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "module-scope `.reg`/`.local` (not allowed with the ABI)",
    imp: RuleImpl {
        query: Some(query!("module_scope_register_or_local")),
        on_match: Some(check),
        on_module: None,
    },
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let (Some(space), Some(node)) = (captures.get("space"), captures.get("declaration")) else {
        return;
    };
    let Some(declaration) = VariableDeclaration::cast(node, checker.text()) else {
        return;
    };
    let written = checker.node_text(space);
    let names: Vec<_> = declaration.declarators().iter().map(|d| d.name()).collect();
    let row = if written == ".reg" {
        &deprecations::MODULE_SCOPE_REG
    } else {
        &deprecations::MODULE_SCOPE_LOCAL
    };
    let rejected = checker.version().is_none_or(|v| row.rejected_at(v));
    let (severity, note) = if rejected {
        (
            Severity::Error,
            format!(
                "ptxas: \"{}\" (PTX {} and later)",
                row.error,
                row.rejected_from.unwrap_or(row.deprecated_in)
            ),
        )
    } else {
        (
            Severity::Warning,
            "ptxas warns \"Use of module scoped .local or .reg variable found, disabling ABI\" and compiles the module without the ABI".to_string(),
        )
    };
    let diagnostic = checker
        .diagnostic_with(
            severity,
            Span::of(space),
            format!("`{}` is declared `{written}` at module scope", names.join("`, `")),
        )
        .with_label("module-scope register or local")
        .with_note(note)
        .with_help(format!(
            "declare `{}` inside the functions that use it, or make it `.global`",
            names.join("`, `")
        ));
    checker.report(diagnostic);
}

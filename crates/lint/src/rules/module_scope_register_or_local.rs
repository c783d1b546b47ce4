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
//! Safe, when only kernels (`.entry`) use the variable: the declaration moves
//! into each kernel that uses it (and goes when none does). A kernel cannot
//! call another kernel, so no value crossed from one to another through it.
//! No fix when a device function uses it: legacy code can pass values between
//! functions through such a variable, which a function-scope declaration
//! cannot; make it `.global` or pass the value as a parameter. No fix in a
//! module with syntax errors, where error recovery may have left part of a
//! function at module scope.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ast::{Function, VariableDeclaration};
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit};

use crate::checker::{Captures, Checker};
use crate::rule::{Rule, Visits};
use ptxkit_isa::deprecations;

pub(crate) const NAME: &str = "module-scope-register-or-local";

/// Whether the module declares what this rule reports. Its fix reads every function of
/// the module, so such a module is not linted in groups of items ([`crate::grouped`]).
pub(crate) fn present(symbols: &ptxkit_semantic::SymbolTable) -> bool {
    let module = symbols.module();
    !module.registers.is_empty()
        || !module.ranges.is_empty()
        || module.variables.values().flatten().any(|v| v.base_space() == ".local")
}

pub(crate) const RULE: Rule = Rule {
    code: "PTX205",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "module-scope `.reg`/`.local` (not allowed with the ABI)",
    visits: Visits::query(
        &["variable_declaration"],
        query!("module_scope_register_or_local"),
        check,
    )
    .reading_other_items(present),
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let (Some(space), Some(node)) = (captures.get("space"), captures.get("declaration")) else {
        return;
    };
    if node.parent().is_none_or(|parent| parent.kind_name() != "source_file") {
        return;
    }
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
    let mut diagnostic = checker
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
    if checker.module_has_errors() {
        // Error recovery may have put a function's body (or part of it) at module scope:
        // the declaration's extent and its users are not known.
        checker.report(diagnostic);
        return;
    }
    let users = users(checker, node);
    let text = checker.text();
    let declaration_text = checker.node_text(node);
    if let Some(function) = users.iter().find(|f| !f.is_entry()) {
        let at = function.name_node().unwrap_or(function.node());
        diagnostic = diagnostic.with_secondary(
            Span::of(at),
            format!(
                "used by device function `{}`: no fix, functions may pass values through it",
                function.name()
            ),
        );
    } else {
        let mut edits = vec![crate::fix::delete_statement(text, Span::of(node))];
        for user in &users {
            if let Some(open) = user.body().and_then(|b| b.child(0)) {
                edits.push(TextEdit::insert(open.end_byte(), format!("\n\t{declaration_text}")));
            }
        }
        let message = if users.is_empty() {
            "delete the unused declaration".to_string()
        } else {
            let names: Vec<&str> = users.iter().map(|f| f.name()).collect();
            format!("declare it in {}", names.join(", "))
        };
        diagnostic = diagnostic.with_fix(Fix {
            message,
            applicability: Applicability::Safe,
            edits,
        });
    }
    checker.report(diagnostic);
}

/// The function definitions that use a name the module-scope `declaration` declares: an
/// identifier of the body that the symbol table resolves to it (a declaration of the same
/// name in the function shadows it).
/// The functions whose bodies use `declaration` (a module-scope declaration), in source order.
fn users<'a>(checker: &Checker<'a>, declaration: Node<'a>) -> Vec<Function<'a>> {
    let users = checker.declaration_users();
    let start = declaration.start_byte();
    users
        .binary_search_by_key(&start, |(span, _)| span.start)
        .map_or_else(|_| Vec::new(), |at| users[at].1.clone())
}

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

use ptxkit_semantic::RegisterLookup;
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ast::{Function, VariableDeclaration};
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit, preorder};

use crate::checker::{Captures, Checker, RuleImpl};
use crate::migration::{Boundary, Finder, Migration, Since, Tag};
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

pub(crate) const RULE: crate::RuleInfo = crate::RuleInfo {
    code: "PTX205",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "module-scope `.reg`/`.local` (not allowed with the ABI)",
    imp: RuleImpl {
        query: Some(query!("module_scope_register_or_local")),
        on_match: Some(check),
        on_module: None,
    },
};

/// `ptxrewrite` moves the construct with this rule's fixes (see [`MIGRATION_DOC`]).
pub(crate) const MIGRATION: Migration = Migration {
    name: "module-scope-variables",
    boundary: Boundary::From(Since::Fact(deprecations::MODULE_SCOPE_REG.rejected_version())),
    tag: Tag::Exact,
    same_code: false,
    summary: "module-scope `.reg`/`.local` → declared in each kernel that uses them (dropped when unused)",
    doc: MIGRATION_DOC,
    finder: Finder::Rule(&RULE),
};

const MIGRATION_DOC: &str = r#"
## What it does

Moves module-scope `.reg` and `.local` declarations into the functions that
use them: an unused one is deleted; one used only by kernels (`.entry`) is
declared at the top of each of those kernels. One used by a device function
(`.func`) is refused: the legacy code may pass values between caller and
callee through it, which no function-scope declaration can do.

## Why

"PTX ISA versions prior to 3.0 permitted variables in .reg and .local state
spaces to be defined at module scope. When compiling to use the ABI, PTX ISA
version 3.0 and later disallows module-scoped .reg and .local variables ...
When compiling legacy PTX code (ISA versions prior to 3.0) containing
module-scoped .reg or .local variables, the compiler silently disables use
of the ABI" (PTX ISA 7.8, §5.1.1 and §7). ptxas from 3.0: "Module-scoped
variables in .reg state space are not allowed with ABI". A kernel's
registers and local memory live exactly as long as the thread that runs it,
so a kernel-scope declaration holds the same values.

## Example

`ptxrewrite --to 3.0`:

```ptx
.version 2.1
.target sm_20
.reg .u32 %ra<4>;
.reg .u64 %rda<2>;
.entry k()
{
	mov.u32 %ra1, 7;
	ret;
}
```

becomes

```ptx
.version 3.0
.target sm_20
.entry k()
{
	.reg .u32 %ra<4>;
	mov.u32 %ra1, 7;
	ret;
}
```

## Safety

Exact for kernels; device-function users are refused. The machine code is
not the same: legacy PTX with module-scope registers is compiled without the
ABI, and the rewrite is compiled with it (ptxas then reserves a stack
pointer, `R1`, and allocates registers differently).
"#;

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
        let mut edits = vec![crate::migration::delete_statement(text, Span::of(node))];
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
    let users = checker
        .module_scope_users
        .get_or_init(|| std::rc::Rc::new(users_of_module_declarations(checker)))
        .clone();
    let start = declaration.start_byte();
    users
        .binary_search_by_key(&start, |(span, _)| span.start)
        .map_or_else(|_| Vec::new(), |at| users[at].1.clone())
}

/// Every module-scope variable declaration (by span, in source order) with the functions
/// whose bodies name something it declares: one walk of the function bodies for all the
/// declarations (old modules declare dozens of module-scope registers).
fn users_of_module_declarations<'a>(checker: &Checker<'a>) -> ModuleScopeUsers<'a> {
    let text = checker.text();
    let root = checker.parsed.root();
    let mut cursor = root.walk();
    let items: Vec<Node<'a>> = root.named_children(&mut cursor).collect();
    let mut users: ModuleScopeUsers<'a> = items
        .iter()
        .filter(|n| n.kind_name() == "variable_declaration")
        .map(|n| (Span::of(*n), Vec::new()))
        .collect();
    if users.is_empty() {
        return users;
    }
    // The declaration whose span holds what a name resolves to.
    let declaring = |span: Span| {
        let at = users.partition_point(|(declared, _)| declared.start <= span.start);
        at.checked_sub(1).filter(|&at| span.end <= users[at].0.end)
    };
    let mut found: Vec<(usize, Function<'a>)> = Vec::new();
    for function in items.iter().filter_map(|n| Function::cast(*n, text)) {
        let Some(body) = function.body() else { continue };
        let mut used: Vec<usize> = Vec::new();
        for node in preorder(body).filter(|n| n.kind_name() == "identifier") {
            let (at, name) = (node.start_byte(), &text[node.byte_range()]);
            let resolved = match checker.symbols.register(at, name) {
                RegisterLookup::Declared(register) => Some(register.span),
                RegisterLookup::InRange(range) => Some(range.span),
                _ => checker.symbols.variable(at, name).map(|v| v.span),
            };
            if let Some(declaration) = resolved.and_then(declaring)
                && !used.contains(&declaration)
            {
                used.push(declaration);
            }
        }
        found.extend(used.into_iter().map(|declaration| (declaration, function)));
    }
    for (declaration, function) in found {
        users[declaration].1.push(function);
    }
    users
}

/// Module-scope variable declarations (by span, in source order) with the functions that
/// use each.
pub(crate) type ModuleScopeUsers<'a> = Vec<(Span, Vec<Function<'a>>)>;

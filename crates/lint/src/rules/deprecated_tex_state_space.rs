//! # deprecated-tex-state-space (PTX201)
//!
//! ## What it does
//! Reports variables declared in the legacy `.tex` state space, e.g.
//! `.tex .u32 tex_ref;`.
//!
//! ## Why it matters
//! `.tex` was replaced by the opaque `.texref` type in PTX 1.5. Every ptxas
//! (11.8, 12.9, 13.5) rejects it in a module whose `.version` is 1.5 or later
//! with "Deprecated feature: '.tex' not supported as of PTX version 1.5". In
//! 1.4 and older modules it is still accepted, so there it is a warning.
//!
//! ## Example
//! ```ptx
//! .version 7.8
//! .target sm_80
//! .tex .u32 tex_ref;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .global .texref tex_ref;
//! ```
//!
//! ## Fix safety
//! Safe: `.tex .u32 t` is defined as `.global .texref t`. The fix is offered
//! only for `.version` 1.5 and later, where `.texref` exists.

use ptxkit_syntax::ast::VariableDeclaration;
use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit};

use crate::checker::{Captures, Checker, RuleImpl};
use crate::migration::{Boundary, Finder, Migration, Since, Tag};
use ptxkit_isa::deprecations::{self, Deprecation};

pub(crate) const NAME: &str = "deprecated-tex-state-space";

pub(crate) const RULE: crate::RuleInfo = crate::RuleInfo {
    code: "PTX201",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "`.tex` state space (removed after PTX 1.4)",
    imp: RuleImpl {
        query: Some(query!("deprecated_tex_state_space")),
        on_match: Some(check),
        on_module: None,
    },
};

/// `ptxrewrite` moves the construct with this rule's fixes (see [`MIGRATION_DOC`]).
pub(crate) const MIGRATION: Migration = Migration {
    name: "tex-state-space",
    boundary: Boundary::From(Since::Fact(deprecations::TEX_STATE_SPACE.rejected_version())),
    tag: Tag::Exact,
    same_code: true,
    summary: "`.tex .u32 t;` → `.global .texref t;`",
    doc: MIGRATION_DOC,
    finder: Finder::Rule(&RULE),
};

const MIGRATION_DOC: &str = r#"
## What it does

Declares textures as `.global .texref` instead of in the deprecated `.tex`
state space: `.tex .u32 tex0;` → `.global .texref tex0;`.

## Why

"The `.tex` state space is deprecated ... `.tex .u32 tex_a;` is equivalent
to `.global .texref tex_a;`" (PTX ISA, "Texture State Space
(deprecated)"). ptxas rejects `.tex` from PTX 1.5 on: "Deprecated feature:
'.tex' not supported as of PTX version 1.5" (11.8, 12.9 and 13.5).

## Example

`ptxrewrite --to 1.5`:

```ptx
.version 1.4
.target sm_10
.tex .u32 tex0;
.entry k()
{
	ret;
}
```

becomes

```ptx
.version 1.5
.target sm_10
.global .texref tex0;
.entry k()
{
	ret;
}
```

## Safety

Exact: the manual defines the two declarations as equivalent.
"#;

/// The deprecation row of `.tex` (ptxas 11.8, 12.9 and 13.5 stopped
/// accepting it at its version).
fn row() -> &'static Deprecation {
    &deprecations::TEX_STATE_SPACE
}

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let (Some(space), Some(node)) = (captures.get("space"), captures.get("declaration")) else {
        return;
    };
    let Some(declaration) = VariableDeclaration::cast(node, checker.text()) else {
        return;
    };
    let row = row();
    let modern = checker.version().is_none_or(|v| row.rejected_at(v));
    let severity = if modern { Severity::Error } else { Severity::Warning };
    let names: Vec<_> = declaration.declarators().iter().map(|d| d.name()).collect();
    let mut diagnostic = checker
        .diagnostic_with(
            severity,
            Span::of(space),
            format!(
                "`{}` is declared in the deprecated `.tex` state space",
                names.join("`, `")
            ),
        )
        .with_label("deprecated state space");
    if modern {
        diagnostic = diagnostic
            .with_note(format!(
                "ptxas rejects `.tex` from PTX {} on: \"{}\"",
                row.deprecated_in, row.error
            ))
            .with_help("declare it as `.global .texref` instead");
        let mut edits = vec![TextEdit::replace(Span::of(space), ".global")];
        match declaration.specifiers().type_node() {
            Some(ty) => edits.push(TextEdit::replace(Span::of(ty), ".texref")),
            None => edits.push(TextEdit::insert(space.end_byte(), " .texref")),
        }
        diagnostic = diagnostic.with_fix(Fix {
            message: "replace `.tex` with `.global .texref`".to_string(),
            applicability: Applicability::Safe,
            edits,
        });
    } else {
        diagnostic = diagnostic
            .with_note("`.tex` is accepted only in PTX 1.4 and older modules")
            .with_help("when moving to PTX 1.5 or later, declare it as `.global .texref`");
    }
    checker.report(diagnostic);
}

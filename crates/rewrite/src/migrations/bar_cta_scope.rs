//! `bar-cta-scope`: `bar.cta.sync` → `bar.sync` below PTX 7.8.

use ptxkit_syntax::{Diagnostic, Span};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "bar-cta-scope",
    boundary: Boundary::Below(Since::Introduced(Snippet::body("bar.cta.sync 0", "sm_90"))),
    tag: Tag::Exact,
    same_code: true,
    summary: "`bar.cta.*` / `barrier.cta.*` → `bar.*` / `barrier.*`",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Drops the `.cta` scope from `bar` and `barrier` (`bar.cta.sync 0` →
`bar.sync 0`, `barrier.cta.arrive.aligned` → `barrier.arrive.aligned`).

## Why

PTX 7.8 added the optional `.cta` qualifier to `bar`/`barrier` to set them
apart from `barrier.cluster`. It has no effect: a CTA barrier without it is
the same barrier (PTX ISA, `bar`/`barrier`: "The optional `.cta` qualifier
simply indicates CTA-level applicability of the barrier and it doesn't change
the semantics of the instruction").

## Example

`ptxrewrite --to 7.7`:

```ptx
.version 7.8
.target sm_80
.entry k()
{
	bar.cta.sync 0;
	ret;
}
```

becomes

```ptx
.version 7.7
.target sm_80
.entry k()
{
	bar.sync 0;
	ret;
}
```

## Safety

Exact: the qualifier has no semantic effect; ptxas produces the same code.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        if !matches!(instruction.opcode(), "bar" | "barrier") {
            continue;
        }
        let edits = ctx.drop_modifiers(&instruction, &[".cta"]);
        if let Some(first) = edits.first() {
            let span: Span = first.span;
            out.push(ctx.rewrite(span, format!("`{}`: drop `.cta`", instruction.full_opcode()), edits));
        }
    }
}

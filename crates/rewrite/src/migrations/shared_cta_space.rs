//! `shared-cta-space`: `.shared::cta` → `.shared` below PTX 7.8.

use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "shared-cta-space",
    boundary: Boundary::Below(Since::Introduced(Snippet::body(
        "ld.shared::cta.u32 %r1, [sbuf]",
        "sm_90",
    ))),
    tag: Tag::Exact,
    same_code: true,
    summary: "`.shared::cta` → `.shared`",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Spells the CTA's shared memory `.shared` instead of `.shared::cta` in
instructions (`ld`, `st`, `atom`, `red`, `cvta`, `isspacep`, `mbarrier`, ...).

## Why

PTX 7.8 introduced the `::cta` and `::cluster` sub-qualifiers of `.shared`.
Before 7.8, `.shared` is the only spelling, and it means the executing CTA's
shared memory, exactly what `.shared::cta` means (PTX ISA, "Changes in PTX ISA
Version 7.8"; "State spaces": `.shared` defaults to `.shared::cta`).
`.shared::cluster` has no older spelling and is refused.

## Example

`ptxrewrite --to 7.7`:

```ptx
.version 7.8
.target sm_80
.entry k()
{
	.reg .b32 %r<2>;
	.shared .align 4 .b8 buf[64];
	ld.shared::cta.u32 %r1, [buf];
	ret;
}
```

becomes

```ptx
.version 7.7
.target sm_80
.entry k()
{
	.reg .b32 %r<2>;
	.shared .align 4 .b8 buf[64];
	ld.shared.u32 %r1, [buf];
	ret;
}
```

## Safety

Exact: a spelling change; ptxas produces the same code.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        if let Some(modifier) = ctx.modifier(&instruction, ".shared::cta") {
            out.push(ctx.rewrite(
                Span::of(modifier),
                "`.shared::cta` → `.shared`",
                vec![TextEdit::replace(Span::of(modifier), ".shared")],
            ));
        }
    }
}

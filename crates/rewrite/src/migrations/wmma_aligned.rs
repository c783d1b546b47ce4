//! `wmma-aligned`: add `.aligned` to `wmma` instructions from PTX 6.3.

use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "wmma-aligned",
    boundary: Boundary::From(Since::Fact(ptxkit_isa::deprecations::WMMA_ALIGNED_REQUIRED_FROM)),
    tag: Tag::Exact,
    same_code: true,
    summary: "`wmma.load/store/mma.sync` → `wmma.*.sync.aligned`",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Adds `.aligned` after `.sync` in `wmma.load`, `wmma.store` and `wmma.mma`.

## Why

PTX 6.3 made `.aligned` mandatory on `wmma`; "for PTX ISA version 6.2 and
earlier, .aligned is implied" (PTX ISA, `wmma`), so the instruction always
required all threads of the warp to execute it together. ptxas: "Feature
'.aligned modifier for wmma' requires PTX ISA .version 6.3" below 6.3, and
the modifier is required from 6.3.

## Example

`ptxrewrite --to 6.3`:

```ptx
.version 6.0
.target sm_70
.entry k(.param .u64 p)
{
	.reg .b32 %r<9>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	wmma.load.a.sync.row.m16n16k16.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];
	ret;
}
```

becomes

```ptx
.version 6.3
.target sm_70
.entry k(.param .u64 p)
{
	.reg .b32 %r<9>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];
	ret;
}
```

## Safety

Exact: `.aligned` was implied before 6.3.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        if instruction.opcode() != "wmma" || instruction.has_modifier(".aligned") {
            continue;
        }
        let Some(sync) = ctx.modifier(&instruction, ".sync") else {
            continue;
        };
        out.push(ctx.rewrite(
            Span::of(sync),
            format!("`{}`: add `.aligned` (implied before 6.3)", instruction.full_opcode()),
            vec![TextEdit::insert(sync.end_byte(), ".aligned")],
        ));
    }
}

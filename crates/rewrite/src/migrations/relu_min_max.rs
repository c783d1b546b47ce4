//! `relu-min-max`: `min.relu.s32` / `max.relu.s32` → `min`/`max` then
//! `max` with 0, below PTX 8.0.

use ptxkit_syntax::{Diagnostic, Span};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "relu-min-max",
    boundary: Boundary::Below(Since::Introduced(Snippet::body("min.relu.s32 %r1, %r2, %r3", "sm_90"))),
    tag: Tag::Exact,
    same_code: false,
    summary: "`min.relu.s32`/`max.relu.s32` → `min`/`max` then `max.s32 d, d, 0`",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

`min.relu.s32 d, a, b` → `min.s32 d, a, b; max.s32 d, d, 0;` (and likewise
for `max.relu.s32`). The packed `.s16x2` forms are handled by
`packed-16bit-integer`.

## Why

PTX 8.0 added `.relu` to integer `min`/`max` (sm_90): the result is clamped
at 0 when negative (PTX ISA, `min`: "`.relu` clamps the result to 0 if
negative"). A following `max.s32 d, d, 0` does exactly that; `d` is written
only after `a` and `b` were read, so it may be one of them.

## Example

`ptxrewrite --to 7.8`:

```ptx
.version 8.0
.target sm_90
.entry k()
{
	.reg .b32 %r<4>;
	min.relu.s32 %r3, %r1, %r2;
	ret;
}
```

becomes

```ptx
.version 7.8
.target sm_90
.entry k()
{
	.reg .b32 %r<4>;
	min.s32 %r3, %r1, %r2; max.s32 %r3, %r3, 0;
	ret;
}
```

## Safety

Exact: the same value in `d`.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        let opcode = instruction.opcode();
        let modifiers = instruction.modifiers();
        if !matches!(opcode, "min" | "max") || !modifiers.contains(&".relu") || !modifiers.contains(&".s32") {
            continue;
        }
        if modifiers.len() != 2 {
            continue;
        }
        let Some(operands) = ctx.simple_operands(&instruction) else {
            continue;
        };
        let [d, a, b] = operands[..] else { continue };
        let lines = [format!("{opcode}.s32 {d}, {a}, {b}"), format!("max.s32 {d}, {d}, 0")];
        out.push(ctx.rewrite(
            Span::of(instruction.node()),
            format!("`{}` → `{opcode}.s32` then `max.s32` with 0", instruction.full_opcode()),
            vec![ctx.expansion(&instruction, "", &lines)],
        ));
    }
}

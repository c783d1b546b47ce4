//! `packed-16bit-integer`: `add`/`min`/`max` on `.u16x2`/`.s16x2` → two
//! 16-bit operations below PTX 8.0.

use ptxkit_syntax::{Diagnostic, Span};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "packed-16bit-integer",
    boundary: Boundary::Below(Since::Introduced(Snippet::body("add.u16x2 %r1, %r2, %r3", "sm_90"))),
    tag: Tag::Exact,
    same_code: false,
    summary: "`add`/`min`/`max{.relu}` `.u16x2`/`.s16x2` → unpack, two 16-bit operations, repack",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Rewrites `add`, `min` and `max` (with or without `.relu`) on packed
`.u16x2`/`.s16x2` values into: unpack both 32-bit operands into 16-bit halves
(`mov.b32 {lo, hi}, a`), the same operation on each half (`.u16`/`.s16`),
`max.s16 x, x, 0` per half for `.relu`, and repack (`mov.b32 d, {lo, hi}`).
The temporaries live in a `{ }` block of their own.

## Why

PTX 8.0 introduced the packed forms (sm_90). Each half is independent: `add`
wraps around per half, `min`/`max` compare per half, `.relu` clamps each
half at 0 (PTX ISA, `add`, `min`, `max`: "for `.u16x2`/`.s16x2`, operands are
packed 16-bit values and the operation is performed on each half"). The
scalar 16-bit `add`/`min`/`max` exist in every PTX version.

## Example

`ptxrewrite --to 7.8`:

```ptx
.version 8.0
.target sm_90
.entry k()
{
	.reg .b32 %r<4>;
	add.u16x2 %r3, %r1, %r2;
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
	{ .reg .b16 %ptxrwh<6>; mov.b32 {%ptxrwh0, %ptxrwh1}, %r1; mov.b32 {%ptxrwh2, %ptxrwh3}, %r2; add.u16 %ptxrwh4, %ptxrwh0, %ptxrwh2; add.u16 %ptxrwh5, %ptxrwh1, %ptxrwh3; mov.b32 %r3, {%ptxrwh4, %ptxrwh5}; }
	ret;
}
```

## Safety

Exact: the same operation on the same halves. Registers only; an immediate
operand is left for the destination check to refuse.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        let opcode = instruction.opcode();
        if !matches!(opcode, "add" | "min" | "max") {
            continue;
        }
        let modifiers = instruction.modifiers();
        let scalar = if modifiers.contains(&".u16x2") {
            ".u16"
        } else if modifiers.contains(&".s16x2") {
            ".s16"
        } else {
            continue;
        };
        let relu = modifiers.contains(&".relu");
        let known = modifiers.iter().all(|m| matches!(*m, ".u16x2" | ".s16x2" | ".relu"));
        let Some(operands) = ctx.simple_operands(&instruction) else {
            continue;
        };
        if !known
            || operands.len() != 3
            || operands[1..]
                .iter()
                .any(|o| !o.starts_with(|c: char| c == '%' || c.is_alphabetic() || c == '_' || c == '$'))
        {
            continue;
        }
        let t = |i: usize| format!("{}h{i}", ctx.temp_prefix());
        let (d, a, b) = (operands[0], operands[1], operands[2]);
        let mut lines = vec![
            format!("mov.b32 {{{}, {}}}, {a}", t(0), t(1)),
            format!("mov.b32 {{{}, {}}}, {b}", t(2), t(3)),
            format!("{opcode}{scalar} {}, {}, {}", t(4), t(0), t(2)),
            format!("{opcode}{scalar} {}, {}, {}", t(5), t(1), t(3)),
        ];
        if relu {
            lines.push(format!("max.s16 {}, {}, 0", t(4), t(4)));
            lines.push(format!("max.s16 {}, {}, 0", t(5), t(5)));
        }
        lines.push(format!("mov.b32 {d}, {{{}, {}}}", t(4), t(5)));
        let temps = format!(".reg .b16 {}h<6>;", ctx.temp_prefix());
        out.push(ctx.rewrite(
            Span::of(instruction.node()),
            format!("`{}` → two `{opcode}{scalar}` on the halves", instruction.full_opcode()),
            vec![ctx.expansion(&instruction, &temps, &lines)],
        ));
    }
}

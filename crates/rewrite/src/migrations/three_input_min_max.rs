//! `three-input-min-max`: `min`/`max` with three inputs → two two-input
//! operations below PTX 8.8.

use ptxkit_syntax::{Diagnostic, Span};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "three-input-min-max",
    boundary: Boundary::Below(Since::Introduced(Snippet::body("min.s32 %r1, %r2, %r3, %r4", "sm_90"))),
    tag: Tag::Exact,
    same_code: false,
    summary: "`min`/`max d, a, b, c` → `min t, a, b; min d, t, c` (same modifiers)",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

`max.f32 d, a, b, c` → `max.f32 t, a, b; max.f32 d, t, c;` with a scoped
temporary `t` of the instruction's type and the same modifiers (`.ftz`,
`.NaN`, `.xorsign.abs`) on both.

## Why

PTX 8.8 added three-input `min`/`max` (sm_100). The three-input result is
the minimum (maximum) of all three inputs under the same NaN rules, and
`min`/`max` are associative under those rules: without `.NaN` a NaN input is
ignored unless all are NaN; with `.NaN` any NaN input gives NaN; with
`.xorsign.abs` the magnitudes are compared and the sign is the XOR of all
input signs (PTX ISA, `min`/`max`). The temporary keeps `d` from being
overwritten before `c` is read.

## Example

`ptxrewrite --to 8.7`:

```ptx
.version 8.8
.target sm_100
.entry k()
{
	.reg .f32 %f<5>;
	max.NaN.f32 %f4, %f1, %f2, %f3;
	ret;
}
```

becomes

```ptx
.version 8.7
.target sm_100
.entry k()
{
	.reg .f32 %f<5>;
	{ .reg .f32 %ptxrwm; max.NaN.f32 %ptxrwm, %f1, %f2; max.NaN.f32 %f4, %ptxrwm, %f3; }
	ret;
}
```

## Safety

Exact: the same value under the same NaN and sign rules.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        let opcode = instruction.opcode();
        if !matches!(opcode, "min" | "max") {
            continue;
        }
        let Some(operands) = ctx.simple_operands(&instruction) else {
            continue;
        };
        let [d, a, b, c] = operands[..] else { continue };
        let modifiers = instruction.modifiers();
        let Some(ty) = modifiers.last() else { continue };
        if !ty.starts_with(".f") && !ty.starts_with(".bf") {
            continue;
        }
        let t = format!("{}m", ctx.temp_prefix());
        let full = instruction.full_opcode();
        let lines = [format!("{full} {t}, {a}, {b}"), format!("{full} {d}, {t}, {c}")];
        out.push(ctx.rewrite(
            Span::of(instruction.node()),
            format!("`{full}` with three inputs → two two-input `{opcode}`"),
            vec![ctx.expansion(&instruction, &format!(".reg {ty} {t};"), &lines)],
        ));
    }
}

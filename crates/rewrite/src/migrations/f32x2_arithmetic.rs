//! `f32x2-arithmetic`: `add`/`sub`/`mul`/`fma` on `.f32x2` → two `.f32`
//! operations below PTX 8.6.

use ptxkit_syntax::{Diagnostic, Span};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "f32x2-arithmetic",
    boundary: Boundary::Below(Since::Introduced(Snippet::body(
        "add.rn.f32x2 %rd1, %rd2, %rd3",
        "sm_100",
    ))),
    tag: Tag::Exact,
    same_code: false,
    summary: "`add`/`sub`/`mul`/`fma` `.f32x2` → unpack, two `.f32` operations, repack",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Rewrites `add`, `sub`, `mul` and `fma` on `.f32x2` (two `.f32` packed in a
`.b64`) into: unpack each operand (`mov.b64 {lo, hi}, a`), the same
instruction on `.f32` for each half with the same rounding, `.ftz` and `.sat`
modifiers, and repack (`mov.b64 d, {lo, hi}`). The temporaries live in a
`{ }` block of their own.

## Why

PTX 8.6 introduced `.f32x2` arithmetic (sm_100). It is defined element-wise:
each half is computed as the `.f32` instruction would compute it (PTX ISA,
`add`/`sub`/`mul`/`fma`: "for `.f32x2`, the operation is performed on each
half"). Older versions and targets only have the scalar forms.

## Example

`ptxrewrite --to 8.5`:

```ptx
.version 8.6
.target sm_100
.entry k()
{
	.reg .b64 %rd<4>;
	add.rn.f32x2 %rd3, %rd1, %rd2;
	ret;
}
```

becomes

```ptx
.version 8.5
.target sm_90
.entry k()
{
	.reg .b64 %rd<4>;
	{ .reg .f32 %ptxrwf<6>; mov.b64 {%ptxrwf0, %ptxrwf1}, %rd1; mov.b64 {%ptxrwf2, %ptxrwf3}, %rd2; add.rn.f32 %ptxrwf4, %ptxrwf0, %ptxrwf2; add.rn.f32 %ptxrwf5, %ptxrwf1, %ptxrwf3; mov.b64 %rd3, {%ptxrwf4, %ptxrwf5}; }
	ret;
}
```

## Safety

Exact: each half gets the same operation with the same rounding. ptxas may
schedule the two scalar operations differently from a paired one.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        let opcode = instruction.opcode();
        let modifiers = instruction.modifiers();
        if !matches!(opcode, "add" | "sub" | "mul" | "fma") || modifiers.last() != Some(&".f32x2") {
            continue;
        }
        let Some(operands) = ctx.simple_operands(&instruction) else {
            continue;
        };
        let sources = if opcode == "fma" { 3 } else { 2 };
        if operands.len() != sources + 1 {
            continue;
        }
        let p = ctx.temp_prefix();
        let t = |i: usize| format!("{p}f{i}");
        let scalar = format!("{opcode}{}.f32", modifiers[..modifiers.len() - 1].concat());
        let mut lines = Vec::new();
        for (i, source) in operands[1..].iter().enumerate() {
            lines.push(format!("mov.b64 {{{}, {}}}, {source}", t(2 * i), t(2 * i + 1)));
        }
        let (lo, hi) = (2 * sources, 2 * sources + 1);
        let halves = |half: usize| (0..sources).map(|i| t(2 * i + half)).collect::<Vec<_>>().join(", ");
        lines.push(format!("{scalar} {}, {}", t(lo), halves(0)));
        lines.push(format!("{scalar} {}, {}", t(hi), halves(1)));
        lines.push(format!("mov.b64 {}, {{{}, {}}}", operands[0], t(lo), t(hi)));
        let temps = format!(".reg .f32 {p}f<{}>;", 2 * sources + 2);
        out.push(ctx.rewrite(
            Span::of(instruction.node()),
            format!("`{}` → two `{scalar}`", instruction.full_opcode()),
            vec![ctx.expansion(&instruction, &temps, &lines)],
        ));
    }
}

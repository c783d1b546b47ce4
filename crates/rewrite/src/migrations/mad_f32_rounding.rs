//! `mad-f32-rounding`: `mad.f32` → `mad.rn.f32` on sm_20+ from PTX 3.1.

use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "mad-f32-rounding",
    boundary: Boundary::From(Since::Fact(ptxkit_isa::rounding::MAD_F32_ROUNDING_WARNED_FROM)),
    tag: Tag::Exact,
    same_code: false,
    summary: "`mad.f32` → `mad.rn.f32` for sm_20+ targets (what ptxas always made of it)",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

For a destination target of `sm_20` or newer, adds `.rn` to `mad.f32` (and
`mad.sat.f32`, `mad.ftz.f32`) that has no rounding modifier.

## Why

"mad.f32 requires a rounding modifier for sm_20 and higher targets. However
for PTX ISA version 3.0 and earlier, ptxas does not enforce this requirement
and mad.f32 silently defaults to mad.rn.f32. For PTX ISA version 3.1, ptxas
generates a warning and defaults to mad.rn.f32, and in subsequent releases
ptxas will enforce the requirement for PTX ISA version 3.2 and later" (PTX
ISA 7.8, `mad`). ptxas 11.8: "Rounding modifier required for instruction
'mad'" from 3.2. On sm_1x targets `mad.f32` stays legal and is left alone.
Code written for sm_1x is also given `.ftz` by `sm1x-float-flush` when it
moves to sm_20 or newer.

## Example

`ptxrewrite --to 3.2`:

```ptx
.version 2.1
.target sm_20
.entry k()
{
	.reg .f32 %f<5>;
	mad.f32 %f4, %f1, %f2, %f3;
	ret;
}
```

becomes

```ptx
.version 3.2
.target sm_20
.entry k()
{
	.reg .f32 %f<5>;
	mad.rn.f32 %f4, %f1, %f2, %f3;
	ret;
}
```

## Safety

Exact: `.rn` is what ptxas made of `mad.f32` on sm_20 and newer; the values
are the same. The machine code can differ slightly: "an instruction with an
explicit rounding modifier is treated conservatively by the code optimizer"
(PTX ISA, `add`), so ptxas may, for example, keep a negation on the other
operand (`FFMA R2, -R13, 1.57, R0` instead of `FFMA R2, R13, -1.57, R0`).
"#;

const ROUNDING: [&str; 4] = [".rn", ".rz", ".rm", ".rp"];

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    if !ctx.movement.to_target.at_least(20) {
        return;
    }
    for instruction in ctx.instructions() {
        let modifiers = instruction.modifiers();
        if instruction.opcode() != "mad"
            || modifiers.last() != Some(&".f32")
            || modifiers.iter().any(|m| ROUNDING.contains(m))
        {
            continue;
        }
        let Some(opcode) = instruction.opcode_node() else {
            continue;
        };
        out.push(ctx.rewrite(
            Span::of(opcode),
            format!("`{}` → `mad.rn…f32`", instruction.full_opcode()),
            vec![TextEdit::insert(opcode.end_byte(), ".rn")],
        ));
    }
}

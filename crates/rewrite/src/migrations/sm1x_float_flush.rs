//! `sm1x-float-flush`: explicit `.ftz` on single-precision instructions of
//! code written for sm_1x when it moves to sm_20 or newer.

use ptxkit_isa::types::is_type_name;
use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use crate::migration::{Boundary, Finder, Migration, PassContext, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "sm1x-float-flush",
    boundary: Boundary::TargetFrom(20),
    tag: Tag::Exact,
    same_code: true,
    summary: "add `.ftz` to `.f32` arithmetic, comparisons and conversions of sm_1x code moved to sm_20+",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

When a module written for `sm_10` … `sm_13` moves to `sm_20` or newer, adds
`.ftz` to the single-precision instructions that accept it and lack it:
`add sub mul mad fma div abs neg min max rcp sqrt rsqrt sin cos lg2 ex2` on
`.f32`, `setp`/`set`/`slct` comparing `.f32`, and `cvt` from `.f32` (except
to `.f64`).

## Why

On sm_1x, single-precision instructions flush subnormal inputs and results
to zero whatever the modifiers say; from sm_20 on they keep subnormals unless
`.ftz` is given (PTX ISA, "Floating-point instructions": "sm_1x: .ftz is
implied"; release notes 2.0). ptxas follows the `.target`: the same
`add.f32` assembled for `-arch sm_80` becomes `FADD.FTZ` when the PTX says
`.target sm_10` and `FADD` when it says `.target sm_20` (observed with ptxas
12.9, likewise `FMUL.FTZ`, `FFMA.FTZ`, `FMNMX.FTZ`, `FSETP.*.FTZ`,
`F2I.FTZ`, `FRND.FTZ`). Writing `.ftz` keeps the sm_1x results.

## Example

`ptxrewrite --to 2.0 --target sm_20`:

```ptx
.version 1.4
.target sm_10
.entry k()
{
	.reg .f32 %f<4>;
	.reg .pred %p<2>;
	add.f32 %f3, %f1, %f2;
	setp.lt.f32 %p1, %f1, %f2;
	ret;
}
```

becomes

```ptx
.version 2.0
.target sm_20
.entry k()
{
	.reg .f32 %f<4>;
	.reg .pred %p<2>;
	add.ftz.f32 %f3, %f1, %f2;
	setp.lt.ftz.f32 %p1, %f1, %f2;
	ret;
}
```

## Safety

Exact: ptxas produces the same machine code for the rewrite on sm_20+ as for
the sm_1x original (checked by `cargo xtask rewrite-check exact`).
"#;

const ARITHMETIC: &[&str] = &[
    "add", "sub", "mul", "mad", "fma", "div", "abs", "neg", "min", "max", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2",
    "ex2",
];

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        let opcode = instruction.opcode();
        let modifiers = instruction.modifiers();
        if modifiers.contains(&".ftz") {
            continue;
        }
        let types: Vec<&str> = modifiers.iter().copied().filter(|m| is_type_name(m)).collect();
        let flushes = if ARITHMETIC.contains(&opcode) {
            types.last() == Some(&".f32")
        } else {
            match opcode {
                "setp" | "set" | "slct" => types.last() == Some(&".f32"),
                "cvt" => types.len() == 2 && types[1] == ".f32" && types[0] != ".f64",
                _ => false,
            }
        };
        if !flushes {
            continue;
        }
        let Some(first_type) = instruction
            .modifier_nodes()
            .into_iter()
            .find(|m| is_type_name(ctx.node_text(*m)))
        else {
            continue;
        };
        out.push(ctx.rewrite(
            Span::of(first_type),
            format!("`{}`: make the sm_1x flush-to-zero explicit", instruction.full_opcode()),
            vec![TextEdit::insert(first_type.start_byte(), ".ftz")],
        ));
    }
}

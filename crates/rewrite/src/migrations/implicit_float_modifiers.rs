//! `implicit-float-modifiers`: the pre-1.4 defaults of `div`, `rcp`, `sqrt`,
//! `rsqrt`, `sin`, `cos`, `lg2`, `ex2` and `mad.f64` made explicit.

use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "implicit-float-modifiers",
    boundary: Boundary::From(Since::Rejected(Snippet::body("div.f32 %r1, %r2, %r3", "sm_10"))),
    tag: Tag::Exact,
    same_code: true,
    summary: "`div.f32` → `div.approx.ftz.f32`, `sqrt.f64` → `sqrt.rn.f64`, ... (the pre-1.4 defaults)",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Writes out the modifiers that PTX 1.0 to 1.3 implied:

| before 1.4 | from 1.4 |
|---|---|
| `div.f32` | `div.approx.ftz.f32` |
| `div.f64` | `div.rn.f64` |
| `rcp.f32`, `sqrt.f32`, `rsqrt.f32` | `rcp/sqrt/rsqrt.approx.ftz.f32` |
| `rcp.f64`, `sqrt.f64` | `rcp.rn.f64`, `sqrt.rn.f64` |
| `rsqrt.f64` | `rsqrt.approx.f64` |
| `sin/cos/lg2/ex2.f32` | `sin/cos/lg2/ex2.approx.ftz.f32` |
| `mad.f64` | `mad.rn.f64` |

## Why

From PTX 1.4 these modifiers are required. The manual gives the old
defaults: "For PTX ISA versions 1.0 through 1.3, div.f32 defaults to
div.approx.ftz.f32, and div.f64 defaults to div.rn.f64" (likewise for `rcp`,
`sqrt`, `rsqrt`, `sin`, `cos`, `lg2`, `ex2`); "In PTX ISA versions 1.4 and
later, a rounding modifier is required for mad.f64" and legacy `mad.f64`
means `mad.rn.f64` (PTX ISA 7.8, §9.7.3).

## Example

`ptxrewrite --to 1.4`:

```ptx
.version 1.3
.target sm_13
.entry k()
{
	.reg .f32 %f<4>;
	.reg .f64 %fd<3>;
	div.f32 %f3, %f1, %f2;
	sqrt.f64 %fd2, %fd1;
	ret;
}
```

becomes

```ptx
.version 1.4
.target sm_13
.entry k()
{
	.reg .f32 %f<4>;
	.reg .f64 %fd<3>;
	div.approx.ftz.f32 %f3, %f1, %f2;
	sqrt.rn.f64 %fd2, %fd1;
	ret;
}
```

## Safety

Exact: the explicit modifiers are the documented defaults.
"#;

const EXPLICIT: [&str; 6] = [".approx", ".full", ".rn", ".rz", ".rm", ".rp"];

fn default_for(opcode: &str, ty: &str) -> Option<&'static str> {
    Some(match (opcode, ty) {
        ("div" | "rcp" | "sqrt" | "rsqrt" | "sin" | "cos" | "lg2" | "ex2", ".f32") => ".approx.ftz",
        ("div" | "rcp" | "sqrt" | "mad", ".f64") => ".rn",
        ("rsqrt", ".f64") => ".approx",
        _ => return None,
    })
}

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        let modifiers = instruction.modifiers();
        let Some(ty) = modifiers.last() else { continue };
        let Some(default) = default_for(instruction.opcode(), ty) else {
            continue;
        };
        if modifiers.iter().any(|m| EXPLICIT.contains(m)) {
            continue;
        }
        let insert = if modifiers.contains(&".ftz") {
            default.trim_end_matches(".ftz")
        } else {
            default
        };
        let Some(opcode) = instruction.opcode_node() else {
            continue;
        };
        out.push(ctx.rewrite(
            Span::of(opcode),
            format!("`{}`: write the pre-1.4 default `{default}`", instruction.full_opcode()),
            vec![TextEdit::insert(opcode.end_byte(), insert)],
        ));
    }
}

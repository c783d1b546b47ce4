//! `tex-state-space`: `.tex .u32 t;` → `.global .texref t;` from PTX 1.5.

use ptxkit_isa::deprecations;
use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use crate::context::PassContext;
use crate::pass::{Boundary, Pass, Since, Tag};

pub(crate) const PASS: Pass = Pass {
    name: "tex-state-space",
    boundary: Boundary::From(Since::Fact(deprecations::TEX_STATE_SPACE.rejected_version())),
    tag: Tag::Exact,
    same_code: true,
    summary: "`.tex .u32 t;` → `.global .texref t;`",
    doc: DOC,
    run,
};

const DOC: &str = r#"
## What it does

Declares textures as `.global .texref` instead of in the deprecated `.tex`
state space: `.tex .u32 tex0;` → `.global .texref tex0;`.

## Why

"The `.tex` state space is deprecated ... `.tex .u32 tex_a;` is equivalent
to `.global .texref tex_a;`" (PTX ISA, "Texture State Space
(deprecated)"). ptxas rejects `.tex` from PTX 1.5 on: "Deprecated feature:
'.tex' not supported as of PTX version 1.5" (11.8, 12.9 and 13.5).

## Example

`ptxrewrite --to 1.5`:

```ptx
.version 1.4
.target sm_10
.tex .u32 tex0;
.entry k()
{
	ret;
}
```

becomes

```ptx
.version 1.5
.target sm_10
.global .texref tex0;
.entry k()
{
	ret;
}
```

## Safety

Exact: the manual defines the two declarations as equivalent.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for declaration in ctx.declarations() {
        let specifiers = declaration.specifiers();
        let (Some(space), Some(ty)) = (specifiers.state_space_node(), specifiers.type_node()) else {
            continue;
        };
        if ctx.node_text(space) != ".tex" {
            continue;
        }
        let span = Span::new(space.start_byte(), ty.end_byte());
        out.push(ctx.rewrite(
            span,
            "`.tex` → `.global .texref`",
            vec![TextEdit::replace(span, ".global .texref")],
        ));
    }
}

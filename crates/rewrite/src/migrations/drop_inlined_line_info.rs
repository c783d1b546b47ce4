//! `drop-inlined-line-info`: `.loc F L C, function_name S, inlined_at F L C`
//! → `.loc F L C` when moving PTX from CUDA 12+ compilers below PTX 8.0.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::{Diagnostic, Span, TextEdit, preorder};

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "drop-inlined-line-info",
    boundary: Boundary::Below(Since::Cuda("12")),
    tag: Tag::Exact,
    same_code: true,
    summary: "drop `function_name`/`inlined_at` from `.loc` (ptxas 11.8 crashes on CUDA 12+ inline line info)",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Removes the inlined-function part of `.loc` directives:
`.loc 1 73 37, function_name $L__info_string0, inlined_at 1 75 8` →
`.loc 1 73 37`.

## Why

The syntax exists since PTX 7.2, but the inline line information that CUDA
12 and later compilers emit (with `-lineinfo`) crashes the CUDA 11.8
assembler, the one that reads PTX 7.8: ptxas 11.8.89 dies with a
segmentation fault on `nvcc 13.5 -lineinfo` output lowered to 7.8 (corpus
file `generated/nvcc13.5/k16_abi_calls.sm_90a.lineinfo.ptx`), while ptxas
12.9 assembles the same text. Without the inline part ptxas 11.8 accepts it.
The pass runs only for files written at PTX 8.0 or later (that is, by CUDA
12+ tools) moved below 8.0.

## Example

`ptxrewrite --to 7.8`:

```ptx
.version 8.0
.target sm_90
.file 1 "k.cu"
.entry k()
{
	.loc 1 5 3
	.loc 1 2 7, function_name $L__info_string0, inlined_at 1 5 3
	ret;
}
	.section .debug_str
	{
$L__info_string0:
.b8 102,0
	}
```

becomes

```ptx
.version 7.8
.target sm_90
.file 1 "k.cu"
.entry k()
{
	.loc 1 5 3
	.loc 1 2 7
	ret;
}
	.section .debug_str
	{
$L__info_string0:
.b8 102,0
	}
```

## Safety

Exact for the code: line information is debug metadata, and ptxas produces
the same machine code. Debuggers and profilers attribute the inlined lines to
the inlined function's own line instead of showing the inline call chain.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for node in preorder(ctx.parsed.root()) {
        if node.kind_name() != "loc_directive" {
            continue;
        }
        let Some(column) = node.field("column") else {
            continue;
        };
        let mut cursor = node.walk();
        let extra = node
            .named_children(&mut cursor)
            .filter(|c| matches!(c.kind_name(), "loc_function_name" | "loc_inlined_at"))
            .last();
        if let Some(last) = extra {
            let span = Span::new(column.end_byte(), last.end_byte());
            out.push(ctx.rewrite(
                span,
                "`.loc`: drop the inlined-function information",
                vec![TextEdit::delete(span)],
            ));
        }
    }
}

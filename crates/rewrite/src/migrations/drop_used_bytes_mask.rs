//! `drop-used-bytes-mask`: delete `.pragma "used_bytes_mask ..."` below PTX 8.3.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::{Diagnostic, Span, preorder};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "drop-used-bytes-mask",
    boundary: Boundary::Below(Since::Introduced(Snippet::body(
        ".pragma \"used_bytes_mask 0xfff\"",
        "sm_90",
    ))),
    tag: Tag::Exact,
    same_code: true,
    summary: "delete the `.pragma \"used_bytes_mask …\"` load hint",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Deletes `.pragma "used_bytes_mask MASK";` lines.

## Why

PTX 8.3 added this pragma: a hint, placed before a load, that says which
bytes of the loaded value the program uses (PTX ISA, "Pragma Strings:
used_bytes_mask"). It does not change what the load returns. ptxas 12.9 and
13.5 reject it below 8.3 ("Feature 'used_bytes_mask' requires PTX ISA
.version 8.3 or later"); ptxas 11.8 ignores it silently, so nvcc 12.3+
output lowered to 7.8 assembles on 11.8 but not on newer ptxas.

## Example

`ptxrewrite --to 8.2`:

```ptx
.version 8.3
.target sm_80
.entry k(.param .u64 p)
{
	.reg .b32 %r<5>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	.pragma "used_bytes_mask 0xfff";
	ld.global.v4.b32 {%r1, %r2, %r3, %r4}, [%rd1];
	ret;
}
```

becomes

```ptx
.version 8.2
.target sm_80
.entry k(.param .u64 p)
{
	.reg .b32 %r<5>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	ld.global.v4.b32 {%r1, %r2, %r3, %r4}, [%rd1];
	ret;
}
```

## Safety

Exact: the loads return the same values. ptxas may narrow a load it knows
is partly unused; without the hint it loads all bytes.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for node in preorder(ctx.parsed.root()) {
        if node.kind_name() != "pragma_directive" {
            continue;
        }
        let mut cursor = node.walk();
        let is_mask = node.fields("value", &mut cursor).any(|v| {
            ctx.node_text(v)
                .trim_matches('"')
                .trim_start()
                .starts_with("used_bytes_mask")
        });
        if is_mask {
            out.push(ctx.rewrite(
                Span::of(node),
                "delete the `used_bytes_mask` hint",
                vec![ctx.delete_statement(node)],
            ));
        }
    }
}

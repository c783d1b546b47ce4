//! `default-memory-qualifiers`: drop the default `.release`/`.acquire` and
//! `.cta` of `mbarrier` and `barrier.cluster` below PTX 8.0.

use ptxkit_syntax::{Diagnostic, Span};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "default-memory-qualifiers",
    boundary: Boundary::Below(Since::Introduced(Snippet::body(
        "mbarrier.arrive.release.cta.shared.b64 %rd1, [sbuf]",
        "sm_90",
    ))),
    tag: Tag::Exact,
    same_code: true,
    summary: "drop the default `.release`/`.acquire` and `.cta` of `mbarrier` and `barrier.cluster`",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Drops the memory-ordering qualifiers that PTX 8.0 made explicit but that only
name the defaults:

- `mbarrier.arrive` / `mbarrier.arrive_drop`: `.release` and `.cta`;
- `mbarrier.test_wait` / `mbarrier.try_wait`: `.acquire` and `.cta`;
- `barrier.cluster.arrive`: `.release`; `barrier.cluster.wait`: `.acquire`.

## Why

Before PTX 8.0 these instructions had no `.sem`/`.scope` qualifiers; their
fixed semantics are exactly the defaults that 8.0 names: release (arrive) and
acquire (wait) at CTA scope for `mbarrier`, release/acquire for
`barrier.cluster` (PTX ISA, `mbarrier.arrive`: "the optional `.sem` defaults
to `.release` and `.scope` to `.cta`"; `barrier.cluster`: "`.release` and
`.acquire` are the defaults"). The `.cluster` scope and `.relaxed` have no
pre-8.0 spelling: `.relaxed` is strengthened by `relaxed-to-default-semantics`,
`.cluster` is refused.

## Example

`ptxrewrite --to 7.8`:

```ptx
.version 8.0
.target sm_90
.entry k()
{
	.reg .b64 %rd<2>;
	.shared .align 8 .b64 bar;
	mbarrier.arrive.release.cta.shared::cta.b64 %rd1, [bar];
	ret;
}
```

becomes

```ptx
.version 7.8
.target sm_90
.entry k()
{
	.reg .b64 %rd<2>;
	.shared .align 8 .b64 bar;
	mbarrier.arrive.shared::cta.b64 %rd1, [bar];
	ret;
}
```

## Safety

Exact: the dropped qualifiers name the semantics the instruction has without
them; ptxas produces the same code.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        let modifiers = instruction.modifiers();
        let first = modifiers.first().copied().unwrap_or("");
        let defaults: &[&str] = match (instruction.opcode(), first) {
            ("mbarrier", ".arrive" | ".arrive_drop") if !modifiers.contains(&".cluster") => &[".release", ".cta"],
            ("mbarrier", ".test_wait" | ".try_wait") if !modifiers.contains(&".cluster") => &[".acquire", ".cta"],
            ("barrier", ".cluster") if modifiers.get(1) == Some(&".arrive") => &[".release"],
            ("barrier", ".cluster") if modifiers.get(1) == Some(&".wait") => &[".acquire"],
            _ => continue,
        };
        // Only the qualifiers after the instruction's name: `.cta` and the
        // semantics, never the `.arrive`/`.cluster` words themselves.
        let edits: Vec<_> = instruction
            .modifier_nodes()
            .into_iter()
            .skip(if instruction.opcode() == "barrier" { 2 } else { 1 })
            .filter(|m| defaults.contains(&ctx.node_text(*m)))
            .map(|m| ptxkit_syntax::TextEdit::delete(Span::of(m)))
            .collect();
        if let Some(first) = edits.first() {
            let dropped: Vec<&str> = edits.iter().map(|e| &ctx.text()[e.span.range()]).collect();
            out.push(ctx.rewrite(
                first.span,
                format!(
                    "`{}`: drop the default `{}`",
                    instruction.full_opcode(),
                    dropped.join("")
                ),
                edits,
            ));
        }
    }
}

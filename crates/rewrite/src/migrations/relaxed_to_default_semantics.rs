//! `relaxed-to-default-semantics`: `barrier.cluster.arrive.relaxed` →
//! `barrier.cluster.arrive`, `fence.mbarrier_init.release.cluster` →
//! `fence.acq_rel.cluster` below PTX 8.0.

use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "relaxed-to-default-semantics",
    boundary: Boundary::Below(Since::Introduced(Snippet::body(
        "barrier.cluster.arrive.relaxed",
        "sm_90",
    ))),
    tag: Tag::Safe,
    same_code: true,
    summary: "`barrier.cluster.arrive.relaxed` → `.arrive`; `fence.mbarrier_init` → `fence.acq_rel.cluster`",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

- `barrier.cluster.arrive.relaxed` → `barrier.cluster.arrive` (release);
- `fence.mbarrier_init.release.cluster` → `fence.acq_rel.cluster`.

## Why

PTX 8.0 added weaker forms that 7.8 lacks. The 7.8 forms order at least as
much memory: `barrier.cluster.arrive` has release semantics, a superset of
the relaxed arrive's guarantees; `fence.acq_rel.cluster` orders every prior
memory access, including the `mbarrier.init` writes that
`fence.mbarrier_init` restricts itself to (PTX ISA, `barrier.cluster`;
`membar`/`fence`: "`fence.mbarrier_init` is a light-weight fence ... the same
ordering as `fence.acq_rel.cluster` restricted to prior `mbarrier.init`
operations").

## Example

`ptxrewrite --to 7.8`:

```ptx
.version 8.0
.target sm_90
.entry k()
{
	barrier.cluster.arrive.relaxed.aligned;
	barrier.cluster.wait.aligned;
	ret;
}
```

becomes

```ptx
.version 7.8
.target sm_90
.entry k()
{
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	ret;
}
```

## Safety

Safe: the rewrite orders more memory operations than the original. Correct
programs stay correct; they may wait slightly longer.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        let modifiers = instruction.modifiers();
        match instruction.opcode() {
            "barrier" if modifiers.starts_with(&[".cluster", ".arrive"]) => {
                if let Some(relaxed) = ctx.modifier(&instruction, ".relaxed") {
                    out.push(ctx.rewrite(
                        Span::of(relaxed),
                        "`barrier.cluster.arrive.relaxed` → `barrier.cluster.arrive` (release)",
                        vec![TextEdit::delete(Span::of(relaxed))],
                    ));
                }
            }
            "fence" if modifiers.first() == Some(&".mbarrier_init") => {
                let nodes = instruction.modifier_nodes();
                let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
                    continue;
                };
                if modifiers[1..].iter().all(|m| matches!(*m, ".release" | ".cluster")) {
                    let span = Span::new(first.start_byte(), last.end_byte());
                    out.push(ctx.rewrite(
                        span,
                        format!("`{}` → `fence.acq_rel.cluster`", instruction.full_opcode()),
                        vec![TextEdit::replace(span, ".acq_rel.cluster")],
                    ));
                }
            }
            _ => {}
        }
    }
}

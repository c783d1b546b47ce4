//! `acquire-release-fences`: PTX 8.6 `.relaxed` mbarrier operations and
//! one-sided fences → their 8.0 release/acquire and `fence.acq_rel` forms.

use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "acquire-release-fences",
    boundary: Boundary::Below(Since::Introduced(Snippet::body(
        "fence.acquire.sync_restrict::shared::cluster.cluster",
        "sm_90",
    ))),
    tag: Tag::Safe,
    same_code: true,
    summary: "`mbarrier.*.relaxed` → release/acquire; `fence.acquire`/`fence.release` → `fence.acq_rel`",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

- `mbarrier.arrive{,_drop}.relaxed.S` → `mbarrier.arrive{,_drop}.release.S`;
- `mbarrier.{test,try}_wait.relaxed.S` → `mbarrier.{test,try}_wait.acquire.S`;
- `fence.acquire.S` / `fence.release.S`, with or without
  `.sync_restrict::shared::{cta,cluster}` → `fence.acq_rel.S`.

## Why

PTX 8.6 added relaxed `mbarrier` operations and one-sided fences. Before 8.6
the same instructions exist only with the stronger semantics: a release
arrive orders everything a relaxed one does, an acquire wait likewise, and
`fence.acq_rel` is both an acquire and a release fence (PTX ISA,
`mbarrier.arrive`, `mbarrier.test_wait/try_wait`, `membar/fence`, changes in
8.6). If the destination is below 8.0, `default-memory-qualifiers` then drops
the default release/acquire at CTA scope.

## Example

`ptxrewrite --to 8.5`:

```ptx
.version 8.6
.target sm_90
.entry k()
{
	fence.acquire.sync_restrict::shared::cluster.cluster;
	ret;
}
```

becomes

```ptx
.version 8.5
.target sm_90
.entry k()
{
	fence.acq_rel.cluster;
	ret;
}
```

## Safety

Safe: the rewrite orders at least the memory operations the original orders;
it may cost a little performance.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for instruction in ctx.instructions() {
        let modifiers = instruction.modifiers();
        match (instruction.opcode(), modifiers.first().copied()) {
            ("mbarrier", Some(kind @ (".arrive" | ".arrive_drop" | ".test_wait" | ".try_wait"))) => {
                let Some(relaxed) = ctx.modifier(&instruction, ".relaxed") else {
                    continue;
                };
                let stronger = if kind.starts_with(".arrive") {
                    ".release"
                } else {
                    ".acquire"
                };
                out.push(ctx.rewrite(
                    Span::of(relaxed),
                    format!("`{}`: `.relaxed` → `{stronger}`", instruction.full_opcode()),
                    vec![TextEdit::replace(Span::of(relaxed), stronger)],
                ));
            }
            ("fence", Some(".acquire" | ".release")) => {
                let nodes = instruction.modifier_nodes();
                let Some(scope) = nodes.last().map(|n| ctx.node_text(*n)) else {
                    continue;
                };
                let restricted = modifiers[1..modifiers.len() - 1]
                    .iter()
                    .all(|m| m.starts_with(".sync_restrict::shared::"));
                if !matches!(scope, ".cta" | ".cluster" | ".gpu" | ".sys") || !restricted {
                    continue;
                }
                let span = Span::new(nodes[0].start_byte(), nodes[nodes.len() - 1].end_byte());
                out.push(ctx.rewrite(
                    span,
                    format!("`{}` → `fence.acq_rel{scope}`", instruction.full_opcode()),
                    vec![TextEdit::replace(span, format!(".acq_rel{scope}"))],
                ));
            }
            _ => {}
        }
    }
}

//! `independent-thread-scheduling`: moving code written for a pre-Volta
//! target to `sm_70` or newer.

use ptxkit_semantic::SymbolTable;
use ptxkit_syntax::ast::{field_children, target_directive};
use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use crate::migration::{Boundary, Finder, Migration, PassContext, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "independent-thread-scheduling",
    boundary: Boundary::TargetFrom(70),
    tag: Tag::Exact,
    same_code: false,
    summary: "retarget pre-Volta code (`.target` < sm_70) to sm_70+: exact when no lanes of a warp exchange data, or only where `bar.warp.sync` can order them; else refused",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Rewrites the `.target` of a module written for a target below `sm_70` to the
destination `sm_70` or newer target, after finding everything the code relies
on from lockstep warps:

- two accesses by different lanes of one warp to memory they share (shared
  memory; global memory through one pointer, or where an access is volatile or
  atomic), at least one writing, with no barrier between: lockstep ran one
  before the other;
- `shfl` and `vote` without `.sync`, which act on the lanes that happen to be
  active;
- loops in which a lane waits for a value another lane of its warp writes.

With none of these, only the target changes ("no intra-warp communication").
Where the whole warp is provably converged (no branch whose condition may
differ between the lanes of one warp leads there, every loop around runs as
often in every lane), `bar.warp.sync 0xffffffff;` goes between each writing
and reading access, and `shfl`/`vote` become their `.sync` forms with the full
mask. Otherwise the file is refused, one reason per unsynchronised pair, naming
both lines and why the warp cannot be shown converged.

## Why

ptxas compiles PTX according to its `.target`: for targets below `sm_70` it
keeps the pre-Volta warp-synchronous execution model even when it generates
code for a newer GPU (it reconverges divergent warps, so implicit lockstep
idioms keep working); for `sm_70` and newer targets, independent thread
scheduling applies and nothing reconverges a warp unless the code asks for
it (`bar.warp.sync`, `.sync` warp instructions). Code that exchanges data
through shared memory within a warp without synchronization, or that relies
on lockstep, can race after the move (PTX ISA §3.2, "Independent Thread
Scheduling"; §9.7.13.2: `bar.warp.sync` "also guarantee[s] memory ordering
among threads participating in barrier").

## Example

`ptxrewrite --to 7.0 --target sm_80`:

```ptx
.version 6.0
.target sm_60
.entry k()
{
	.reg .b32 %r<6>;
	.shared .align 4 .b8 s[128];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 31;
	shl.b32 %r3, %r2, 2;
	mov.u32 %r4, s;
	add.s32 %r4, %r4, %r3;
	st.volatile.shared.u32 [%r4], %r1;
	ld.volatile.shared.u32 %r5, [%r4+4];
	ret;
}
```

becomes

```ptx
.version 7.0
.target sm_80
.entry k()
{
	.reg .b32 %r<6>;
	.shared .align 4 .b8 s[128];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 31;
	shl.b32 %r3, %r2, 2;
	mov.u32 %r4, s;
	add.s32 %r4, %r4, %r3;
	st.volatile.shared.u32 [%r4], %r1;
	bar.warp.sync 0xffffffff;
	ld.volatile.shared.u32 %r5, [%r4+4];
	ret;
}
```

## Safety

Exact where it rewrites without `--allow-approximate`: the added barriers
order exactly what lockstep ordered, where every lane of the warp reaches
them. The analysis is the synchronisation analysis's (`ptxlint`'s PTX7xx
rules): lanes are evaluated in the block shape `.reqntid`/`.maxntid` gives or
in shapes of whole warps over the dimensions the kernel reads, loops for their
first iterations; an address it cannot place counts as meeting every access it
could meet. Two plain (weak) global accesses count only through one pointer:
distinct buffers of a kernel are taken not to overlap. With
`--allow-approximate` a refused file is retargeted as it is (its `shfl`/`vote`
made `.sync` with the full mask), and each unsynchronised pair is still
listed; omitting `--target` keeps the file's own target (an older target runs
on newer GPUs through the driver's JIT).
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    let to = ctx.movement.to_target.to_string();
    let Some((directive, _)) = target_directive(ctx.parsed.root(), ctx.text()) else {
        return;
    };
    let entries = field_children(directive, "target");
    let Some(arch) = entries.iter().find(|e| ptxkit_isa::target(ctx.node_text(**e)).is_ok()) else {
        return;
    };
    let from = ctx.node_text(*arch);
    if from == to {
        return;
    }
    let symbols = SymbolTable::build(ctx.parsed);
    let functions = ptxkit_semantic::sync::warp::module(ctx.parsed, &symbols);
    let plan = ptxkit_lint::lockstep::move_plan(ctx.text(), &functions);
    let retarget = TextEdit::replace(Span::of(*arch), to.clone());
    let moved = format!("`.target {from}` → `.target {to}`");
    if let Some(why) = plan.exact {
        let mut edits = vec![retarget];
        edits.extend(plan.edits);
        out.push(ctx.rewrite(Span::of(*arch), format!("{moved}: {why}"), edits));
        return;
    }
    let mut edits = vec![retarget];
    edits.extend(plan.approximate_edits);
    for (found, why) in plan.unsafe_findings {
        let mut diagnostic = ctx
            .approximate_rewrite(
                found.span,
                format!("{moved} with lanes scheduled independently: {}", found.message),
                edits.clone(),
            )
            .with_label(found.label)
            .with_note(ptxkit_lint::lockstep::note_and_data(Some(why), found.data_note).unwrap_or_default());
        if let Some((span, label)) = found.secondary {
            diagnostic = diagnostic.with_secondary(span, label);
        }
        out.push(diagnostic);
    }
}

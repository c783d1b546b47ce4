//! `independent-thread-scheduling`: moving code written for a pre-Volta
//! target to `sm_70` or newer.

use ptxkit_syntax::ast::{field_children, target_directive};
use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use crate::migration::{Boundary, Finder, Migration, PassContext, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "independent-thread-scheduling",
    boundary: Boundary::TargetFrom(70),
    tag: Tag::Approximate,
    same_code: true,
    summary: "retarget pre-Volta code (`.target` < sm_70) to sm_70+, where warps no longer run in lockstep",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Rewrites the `.target` of a module written for a target below `sm_70` to the
destination `sm_70` or newer target. This is the only change it makes, and it
is approximate.

## Why

ptxas compiles PTX according to its `.target`: for targets below `sm_70` it
keeps the pre-Volta warp-synchronous execution model even when it generates
code for a newer GPU (it reconverges divergent warps, so implicit lockstep
idioms keep working); for `sm_70` and newer targets, independent thread
scheduling applies and nothing reconverges a warp unless the code asks for
it (`bar.warp.sync`, `.sync` warp instructions). Assembling the same kernel
with `.target sm_62` and with `.target sm_70` for `-arch sm_80` gives different
machine code (observed on the corpus: convergence barriers `BSSY`/`BSYNC`
appear or disappear). Code that exchanges data through shared memory
within a warp without synchronization, or that relies on lockstep, can race
after the move (PTX ISA, "Independent Thread Scheduling"; CUDA Programming
Guide, "Compute Capability 7.x").

## Example

`ptxrewrite --to 7.0 --target sm_80 --allow-approximate`:

```ptx
.version 6.0
.target sm_60
.entry k()
{
	ret;
}
```

becomes

```ptx
.version 7.0
.target sm_80
.entry k()
{
	ret;
}
```

## Safety

Approximate: runs only with `--allow-approximate`. Without it the file is
refused with this reason; omitting `--target` keeps the file's own target
(an older target runs on newer GPUs through the driver's JIT).
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
    out.push(ctx.rewrite(
        Span::of(*arch),
        format!("`.target {from}` → `.target {to}`: warps of code written for {from} ran in lockstep; on {to} they are scheduled independently"),
        vec![TextEdit::replace(Span::of(*arch), to.clone())],
    ));
}

//! `shfl-vote-sync`: the fixes of ptxlint's `shfl-vote-without-sync`, found by linting the text as if it
//! were at the destination.

use ptxkit_isa::deprecations;

use crate::migration::{Boundary, Finder, Migration, Since, Tag};

/// `ptxrewrite` moves the construct with the rule's fixes (see [`DOC`]).
pub(crate) const MIGRATION: Migration = Migration {
    name: "shfl-vote-sync",
    boundary: Boundary::FromOnTarget(
        Since::Fact(deprecations::SHFL_WITHOUT_SYNC.rejected_version()),
        deprecations::SHFL_WITHOUT_SYNC.rejected_on_sm,
    ),
    tag: Tag::Approximate,
    same_code: true,
    summary: "`shfl.MODE` / `vote.MODE` → `shfl.sync.MODE` / `vote.sync.MODE` with mask 0xffffffff (sm_70+)",
    doc: DOC,
    finder: Finder::Rule("shfl-vote-without-sync"),
};

const DOC: &str = r#"
## What it does

For a destination target of `sm_70` or newer:
`shfl.MODE.b32 d{|p}, a, b, c;` → `shfl.sync.MODE.b32 d{|p}, a, b, c, 0xffffffff;`
and `vote.MODE.TYPE d, p;` → `vote.sync.MODE.TYPE d, p, 0xffffffff;`.

## Why

PTX 6.4 removed `shfl` and `vote` without `.sync` for `sm_70` and newer
targets (ptxas: "Instruction 'shfl' without '.sync' is not supported on
.target sm_70 and higher from PTX ISA version 6.4"). Below `sm_70` the old
forms stay legal and this pass does nothing. Code moved from a target below
`sm_70` to `sm_70` or newer is `independent-thread-scheduling`'s: it converts
them where it can show the whole warp executes them.

## Example

`ptxrewrite --to 7.0 --target sm_80 --allow-approximate`:

```ptx
.version 6.0
.target sm_70
.entry k()
{
	.reg .b32 %r<3>;
	.reg .pred %p<3>;
	shfl.bfly.b32 %r2, %r1, 1, 31;
	vote.any.pred %p2, %p1;
	ret;
}
```

becomes

```ptx
.version 7.0
.target sm_80
.entry k()
{
	.reg .b32 %r<3>;
	.reg .pred %p<3>;
	shfl.sync.bfly.b32 %r2, %r1, 1, 31, 0xffffffff;
	vote.sync.any.pred %p2, %p1, 0xffffffff;
	ret;
}
```

## Safety

Approximate. Where the whole warp executes the instruction together (the
usual warp-reduction and warp-vote code), ptxas produces the same machine
code for both forms (checked on sm_70, sm_80 and sm_90). Where only part of
the warp reaches it (inside a divergent branch), the old form read the
active threads' values; the `.sync` form with a full mask requires all 32
threads to execute it, and ptxas emits a different, reconverging sequence.
NVIDIA's migration advice applies: "Don't just use FULL_MASK if not all
threads in the warp can reach the primitive."
"#;

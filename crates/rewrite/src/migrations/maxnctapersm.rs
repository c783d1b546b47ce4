//! `maxnctapersm`: the fixes of ptxlint's `deprecated-maxnctapersm`, found by linting the text as if it
//! were at the destination.

use ptxkit_isa::deprecations;

use crate::migration::{Boundary, Finder, Migration, Since, Tag};

/// `ptxrewrite` moves the construct with the rule's fixes (see [`DOC`]).
pub(crate) const MIGRATION: Migration = Migration {
    name: "maxnctapersm",
    boundary: Boundary::From(Since::Fact(deprecations::MAXNCTAPERSM.deprecated_in)),
    tag: Tag::Exact,
    same_code: true,
    summary: "`.maxnctapersm N` → `.minnctapersm N`",
    doc: DOC,
    finder: Finder::Rule("deprecated-maxnctapersm"),
};

const DOC: &str = r#"
## What it does

Renames the kernel performance directive `.maxnctapersm N` to
`.minnctapersm N`.

## Why

PTX 2.0 deprecated `.maxnctapersm` in favour of `.minnctapersm`; ptxas
ignores it at 2.0 (".maxnctapersm directive deprecated in PTX version 2.0,
will be ignored") and rejects it from 2.1. For the legacy versions where it
is still read, today's ptxas applies it as a minimum: a 1.4 kernel with
`.maxntid 256 .maxnctapersm 2` and the same kernel at 2.0 with
`.minnctapersm 2` assemble to byte-identical cubins (ptxas 12.9, `-arch
sm_80`), while dropping the directive changes the cubin.

## Example

`ptxrewrite --to 2.1`:

```ptx
.version 1.4
.target sm_13
.entry k()
.maxntid 256, 1, 1
.maxnctapersm 2
{
	ret;
}
```

becomes

```ptx
.version 2.1
.target sm_13
.entry k()
.maxntid 256, 1, 1
.minnctapersm 2
{
	ret;
}
```

## Safety

Exact: ptxas produces the same cubin.
"#;

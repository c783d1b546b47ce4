//! `tex-state-space`: the fixes of ptxlint's `deprecated-tex-state-space`, found by linting the text as if it
//! were at the destination.

use ptxkit_isa::deprecations;

use crate::migration::{Boundary, Finder, Migration, Since, Tag};

/// `ptxrewrite` moves the construct with the rule's fixes (see [`DOC`]).
pub(crate) const MIGRATION: Migration = Migration {
    name: "tex-state-space",
    boundary: Boundary::From(Since::Fact(deprecations::TEX_STATE_SPACE.rejected_version())),
    tag: Tag::Exact,
    same_code: true,
    summary: "`.tex .u32 t;` → `.global .texref t;`",
    doc: DOC,
    finder: Finder::Rule("deprecated-tex-state-space"),
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

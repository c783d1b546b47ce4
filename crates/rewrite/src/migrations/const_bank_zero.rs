//! `const-bank-zero`: the fixes of ptxlint's `deprecated-banked-constant`, found by linting the text as if it
//! were at the destination.

use ptxkit_isa::deprecations;

use crate::migration::{Boundary, Finder, Migration, Since, Tag};

/// `ptxrewrite` moves bank 0 with the rule's fix (see [`DOC`]); other banks have no
/// equivalent and are refused.
pub(crate) const MIGRATION: Migration = Migration {
    name: "const-bank-zero",
    boundary: Boundary::From(Since::Fact(deprecations::BANKED_CONSTANT.rejected_version())),
    tag: Tag::Exact,
    same_code: true,
    summary: "`.const[0]` → `.const` (other banks are refused)",
    doc: DOC,
    finder: Finder::Rule("deprecated-banked-constant"),
};

const DOC: &str = r#"
## What it does

Declares variables of constant bank 0 in the flat `.const` space:
`.const[0] .b32 t[4];` → `.const .b32 t[4];`. A variable in another bank
(`.const[1]`…`.const[10]`) is refused.

## Why

PTX 2.2 made `.const` one flat space and dropped the explicit banks; ptxas
rejects them from 2.2 on: "Deprecated feature: 'explicit constant banks' not
supported as of PTX version 2.2". Bank 0 is the flat space; the other banks
were bound to the host through the driver API, which the flat space has no
equivalent for.

## Example

`ptxrewrite --to 2.2`:

```ptx
.version 2.1
.target sm_20
.const[0] .b32 table[4] = {1, 2, 3, 4};
.entry k()
{
	ret;
}
```

becomes

```ptx
.version 2.2
.target sm_20
.const .b32 table[4] = {1, 2, 3, 4};
.entry k()
{
	ret;
}
```

## Safety

Exact: a 2.1 kernel reading a `.const[0]` table and the same kernel with
`.const` assemble to byte-identical cubins (ptxas 11.8, `-m32 -arch sm_52`).
"#;

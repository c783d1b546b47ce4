//! `dwarf-directive`: the fixes of ptxlint's `deprecated-dwarf-directive`, found by linting the text as if it
//! were at the destination.

use ptxkit_isa::deprecations;

use crate::migration::{Boundary, Finder, Migration, Since, Tag};

/// `ptxrewrite` moves the construct with the rule's fixes (see [`DOC`]).
pub(crate) const MIGRATION: Migration = Migration {
    name: "dwarf-directive",
    boundary: Boundary::From(Since::Fact(deprecations::DWARF_DIRECTIVE.rejected_version())),
    tag: Tag::Exact,
    same_code: true,
    summary: "delete `@@DWARF` debug lines (`.file`/`.loc` stay)",
    doc: DOC,
    finder: Finder::Rule("deprecated-dwarf-directive"),
};

const DOC: &str = r#"
## What it does

Deletes the `@@DWARF` lines that PTX 1.x debug builds (nvcc 2.x and 3.x,
open64) carry, whole lines with their indentation. `.file` and `.loc` stay,
so the line information is kept.

## Why

PTX 2.0 replaced `@@DWARF` with `.section`, and ptxas 11.8, 12.9 and 13.5
reject it in every module from 2.0 on ("Deprecated feature: '@@DWARF
directive' not supported as of PTX version 2.0"). The lines never reach the
cubin: for a 1.x module ptxas makes the same cubin with and without them,
by default, with `-g` and with `-lineinfo`. Translating them into
`.section .debug_*` blocks would hand ptxas DWARF written for another
toolchain; deleting them loses nothing ptxas used.

## Example

`ptxrewrite --to 2.0`:

```ptx
.version 1.4
.target sm_13
.file 1 "k.cu"
.entry k
{
	.loc 1 2 0
	exit;
}
	@@DWARF .section .debug_abbrev, "",@progbits
	@@DWARF .byte 0x01, 0x11, 0x00, 0x00
```

becomes

```ptx
.version 2.0
.target sm_13
.file 1 "k.cu"
.entry k
{
	.loc 1 2 0
	exit;
}
```

## Safety

Exact: ptxas produces the same cubin; only the DWARF text goes.
"#;

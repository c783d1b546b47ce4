//! `module-scope-variables`: the fixes of ptxlint's `module-scope-register-or-local`, found by linting the text as if it
//! were at the destination.

use ptxkit_isa::deprecations;

use crate::migration::{Boundary, Finder, Migration, Since, Tag};

/// `ptxrewrite` moves the construct with the rule's fixes (see [`DOC`]).
pub(crate) const MIGRATION: Migration = Migration {
    name: "module-scope-variables",
    boundary: Boundary::From(Since::Fact(deprecations::MODULE_SCOPE_REG.rejected_version())),
    tag: Tag::Exact,
    same_code: false,
    summary: "module-scope `.reg`/`.local` → declared in each kernel that uses them (dropped when unused)",
    doc: DOC,
    finder: Finder::Rule("module-scope-register-or-local"),
};

const DOC: &str = r#"
## What it does

Moves module-scope `.reg` and `.local` declarations into the functions that
use them: an unused one is deleted; one used only by kernels (`.entry`) is
declared at the top of each of those kernels. One used by a device function
(`.func`) is refused: the legacy code may pass values between caller and
callee through it, which no function-scope declaration can do.

## Why

"PTX ISA versions prior to 3.0 permitted variables in .reg and .local state
spaces to be defined at module scope. When compiling to use the ABI, PTX ISA
version 3.0 and later disallows module-scoped .reg and .local variables ...
When compiling legacy PTX code (ISA versions prior to 3.0) containing
module-scoped .reg or .local variables, the compiler silently disables use
of the ABI" (PTX ISA 7.8, §5.1.1 and §7). ptxas from 3.0: "Module-scoped
variables in .reg state space are not allowed with ABI". A kernel's
registers and local memory live exactly as long as the thread that runs it,
so a kernel-scope declaration holds the same values.

## Example

`ptxrewrite --to 3.0`:

```ptx
.version 2.1
.target sm_20
.reg .u32 %ra<4>;
.reg .u64 %rda<2>;
.entry k()
{
	mov.u32 %ra1, 7;
	ret;
}
```

becomes

```ptx
.version 3.0
.target sm_20
.entry k()
{
	.reg .u32 %ra<4>;
	mov.u32 %ra1, 7;
	ret;
}
```

## Safety

Exact for kernels; device-function users are refused. The machine code is
not the same: legacy PTX with module-scope registers is compiled without the
ABI, and the rewrite is compiled with it (ptxas then reserves a stack
pointer, `R1`, and allocates registers differently).
"#;

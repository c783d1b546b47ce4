//! `module-scope-variables`: module-scope `.reg`/`.local` variables moved into
//! the kernels that use them, from PTX 3.0.

use std::collections::HashSet;

use ptxkit_isa::deprecations;
use ptxkit_syntax::ast::{Function, VariableDeclaration};
use ptxkit_syntax::{Diagnostic, TextEdit, preorder};

use crate::context::PassContext;
use crate::pass::{Boundary, Pass, Since, Tag};

pub(crate) const PASS: Pass = Pass {
    name: "module-scope-variables",
    boundary: Boundary::From(Since::Fact(deprecations::MODULE_SCOPE_REG.rejected_version())),
    tag: Tag::Exact,
    same_code: false,
    summary: "module-scope `.reg`/`.local` → declared in each kernel that uses them (dropped when unused)",
    doc: DOC,
    run,
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

/// Whether identifier `name` is one of the names `declaration` declares.
fn declares(declaration: &VariableDeclaration<'_>, name: &str) -> bool {
    declaration.declarators().iter().any(|d| match d.count() {
        None => d.name() == name,
        Some(count) => name
            .strip_prefix(d.name())
            .filter(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|rest| rest.parse::<u64>().ok())
            .is_some_and(|i| i < count),
    })
}

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    let text = ctx.text();
    let module_vars: Vec<VariableDeclaration<'_>> = ctx
        .declarations()
        .into_iter()
        .filter(|d| d.is_module_scope() && matches!(d.specifiers().state_space(), Some(".reg" | ".local")))
        .collect();
    if module_vars.is_empty() {
        return;
    }
    // Every identifier each function definition uses, minus the names it
    // declares itself.
    let functions: Vec<(Function<'_>, HashSet<&str>, Vec<VariableDeclaration<'_>>)> = ctx
        .functions()
        .into_iter()
        .filter_map(|f| {
            let body = f.body()?;
            let used = preorder(body)
                .filter(|n| n.kind() == "identifier")
                .map(|n| &text[n.byte_range()])
                .collect();
            let local = preorder(body)
                .filter_map(|n| VariableDeclaration::cast(n, text))
                .collect();
            Some((f, used, local))
        })
        .collect();
    for declaration in module_vars {
        let users: Vec<&Function<'_>> = functions
            .iter()
            .filter(|(_, used, local)| {
                used.iter()
                    .any(|name| declares(&declaration, name) && !local.iter().any(|l| declares(l, name)))
            })
            .map(|(f, _, _)| f)
            .collect();
        let decl_text = ctx.node_text(declaration.node());
        let span = ptxkit_syntax::Span::of(declaration.node());
        if let Some(func) = users.iter().find(|f| !f.is_entry()) {
            let names: Vec<&str> = users.iter().map(|f| f.name()).collect();
            out.push(
                ctx.refuse(
                    span,
                    format!(
                        "module-scope `{decl_text}` is used by device function `{}`; PTX {} has no module-scope registers or local memory",
                        func.name(),
                        ctx.movement.to
                    ),
                )
                .with_label(format!("used by {}", names.join(", ")))
                .with_note("legacy code can pass values between functions through it; a function-scope declaration cannot")
                .with_help("keep the file below PTX 3.0, or pass the value as a parameter; the file was not changed"),
            );
            continue;
        }
        let mut edits = vec![ctx.delete_statement(declaration.node())];
        for user in &users {
            let Some(open) = user.body().and_then(|b| b.child(0)) else {
                continue;
            };
            edits.push(TextEdit::insert(open.end_byte(), format!("\n\t{decl_text}")));
        }
        let message = if users.is_empty() {
            format!("unused module-scope `{decl_text}`: deleted")
        } else {
            let names: Vec<&str> = users.iter().map(|f| f.name()).collect();
            format!("module-scope `{decl_text}` → declared in {}", names.join(", "))
        };
        out.push(ctx.rewrite(span, message, edits));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn local_declarations_shadow_module_ones() {
        let text = ".version 2.1\n.target sm_20\n.reg .u32 %r<4>;\n.entry k()\n{\n\t.reg .u32 %r<4>;\n\tmov.u32 %r1, 1;\n\tret;\n}\n";
        let options = crate::Options::from_args("--to 3.0").unwrap();
        let result = crate::rewrite(text, &options).unwrap();
        assert_eq!(
            result.output,
            ".version 3.0\n.target sm_20\n.entry k()\n{\n\t.reg .u32 %r<4>;\n\tmov.u32 %r1, 1;\n\tret;\n}\n"
        );
    }
}

//! `kernel-parameter-list`: kernel `.param` declarations in the body moved
//! into the `.entry` parameter list, from PTX 1.4.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ast::VariableDeclaration;
use ptxkit_syntax::{Diagnostic, Span, TextEdit};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "kernel-parameter-list",
    boundary: Boundary::From(Since::Introduced(Snippet::module(
        ".entry k(.param .u32 a)\n{\n\tret;\n}",
        "sm_10",
    ))),
    tag: Tag::Exact,
    same_code: true,
    summary: "kernel `.param` declarations in the body → the `.entry (…)` parameter list",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Moves the `.param` declarations at the top level of a kernel's body into its
parameter list, in order: `.entry k { .param .u64 out; … }` →
`.entry k (.param .u64 out) { … }`.

## Why

Before PTX 1.4 kernels declared their parameters inside the body; 1.4
introduced the `.entry` parameter list and requires it (PTX ISA, "Kernel
Function Parameters": "In PTX ISA versions 1.4 and later, kernel parameters
are declared in the parameter list"). ptxas: "Parameter variables must be
declared within .entry parameter list" from 1.4, and "Feature 'kernel
parameter list' requires PTX ISA .version 1.4 or later" before it. The
parameters keep their names, types and order, so the kernel's parameter
layout is unchanged.

## Example

`ptxrewrite --to 1.4`:

```ptx
.version 1.3
.target sm_10
.entry k
{
	.param .u64 out;
	.reg .u64 %rd<2>;
	ld.param.u64 %rd1, [out];
	exit;
}
```

becomes

```ptx
.version 1.4
.target sm_10
.entry k (.param .u64 out)
{
	.reg .u64 %rd<2>;
	ld.param.u64 %rd1, [out];
	exit;
}
```

## Safety

Exact: the same parameters in the same order.
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    for function in ctx.functions() {
        if !function.is_entry() || !function.parameters().is_empty() {
            continue;
        }
        let Some(body) = function.body() else { continue };
        let mut cursor = body.walk();
        let declarations: Vec<VariableDeclaration<'_>> = body
            .named_children(&mut cursor)
            .filter_map(|n| VariableDeclaration::cast(n, ctx.text()))
            .filter(|d| d.specifiers().state_space() == Some(".param"))
            .collect();
        if declarations.is_empty() {
            continue;
        }
        let mut parameters = Vec::new();
        let mut edits = Vec::new();
        for declaration in &declarations {
            let declarators = declaration.declarators();
            let (Some(first), Some(node)) = (declarators.first(), Some(declaration.node())) else {
                continue;
            };
            // Everything before the first name is the specifier list.
            let specifiers = ctx.text()[node.start_byte()..first.node().start_byte()].trim_end();
            for declarator in &declarators {
                parameters.push(format!("{specifiers} {}", ctx.node_text(declarator.node())));
            }
            edits.push(ctx.delete_statement(node));
        }
        let list = format!("({})", parameters.join(", "));
        match function.node().field("parameters") {
            Some(existing) => edits.push(TextEdit::replace(Span::of(existing), list)),
            None => {
                let Some(name) = function.name_node() else { continue };
                edits.push(TextEdit::insert(name.end_byte(), format!(" {list}")));
            }
        }
        out.push(ctx.rewrite(
            Span::of(declarations[0].node()),
            format!(
                "kernel `{}`: parameters move into the `.entry` parameter list",
                function.name()
            ),
            edits,
        ));
    }
}

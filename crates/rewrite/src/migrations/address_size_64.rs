//! `address-size-64`: write `.address_size 64` in 64-bit modules that rely
//! on the host's default, from PTX 2.3.

use ptxkit_semantic::{Instruction, SymbolTable, elements};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ast::target_directive;
use ptxkit_syntax::{Diagnostic, Span, TextEdit, preorder};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "address-size-64",
    boundary: Boundary::From(Since::Introduced(Snippet::module(".address_size 64", "sm_20"))),
    tag: Tag::Exact,
    same_code: true,
    summary: "add `.address_size 64` to modules whose addresses are all 64-bit but that declare none",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

Adds `.address_size 64` after `.target` when a module has no `.address_size`
directive, uses 64-bit registers as global or generic addresses, and never a
32-bit one.

## Why

`.address_size` arrived in PTX 2.3; older modules left the address size to
the compiler's host (nvcc's `-m64`). The directive's default is 32, so every
ptxas since warns on such modules ("64 Bit host architecture (--machine)
being used mismatches with .address_size of 32 bits") and CUDA 12 and later
ptxas, which only compile 64-bit code, treat them as 64-bit. Writing the
directive states what the code already is.

## Example

`ptxrewrite --to 2.3`:

```ptx
.version 2.1
.target sm_20
.entry k(.param .u64 p)
{
	.reg .u64 %rd<2>;
	ld.param.u64 %rd1, [p];
	st.global.u32 [%rd1], 0;
	ret;
}
```

becomes

```ptx
.version 2.3
.target sm_20
.address_size 64
.entry k(.param .u64 p)
{
	.reg .u64 %rd<2>;
	ld.param.u64 %rd1, [p];
	st.global.u32 [%rd1], 0;
	ret;
}
```

## Safety

Exact: ptxas assembled the module as 64-bit code already; the cubins are the
same (checked by `cargo xtask rewrite-check exact`).
"#;

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    let header = ptxkit_semantic::ModuleHeader::read(ctx.parsed);
    if header.address_size_directive().is_some()
        || ptxkit_semantic::addressing::first_32bit_address(ctx.parsed, &header).is_some()
    {
        return;
    }
    if !uses_64bit_addresses(ctx) {
        return;
    }
    let Some((directive, _)) = target_directive(ctx.parsed.root(), ctx.text()) else {
        return;
    };
    let text = ctx.text();
    let line_start = text[..directive.start_byte()].rfind('\n').map_or(0, |i| i + 1);
    let indent = &text[line_start..directive.start_byte()];
    let indent = if indent.trim().is_empty() { indent } else { "" };
    let line_end = text[directive.end_byte()..]
        .find('\n')
        .map_or(text.len(), |i| directive.end_byte() + i + 1);
    let insertion = if line_end == text.len() && !text.ends_with('\n') {
        format!("\n{indent}.address_size 64")
    } else {
        format!("{indent}.address_size 64\n")
    };
    out.push(ctx.rewrite(
        Span::of(directive),
        "64-bit addresses: write `.address_size 64`",
        vec![TextEdit::insert(line_end, insertion)],
    ));
}

fn uses_64bit_addresses(ctx: &PassContext<'_>) -> bool {
    let text = ctx.text();
    let symbols = SymbolTable::build(ctx.parsed);
    for node in preorder(ctx.parsed.root()) {
        let Some(instruction) = Instruction::cast(node, text) else {
            continue;
        };
        let modifiers = instruction.modifiers();
        if matches!(instruction.opcode(), "cvta" | "isspacep")
            && modifiers.iter().any(|m| matches!(m.text, ".u64" | ".s64" | ".b64"))
        {
            return true;
        }
        if !matches!(instruction.opcode(), "ld" | "st" | "atom" | "red") {
            continue;
        }
        for operand in instruction.operands() {
            if operand.kind_name() != "address_operand" {
                continue;
            }
            let base =
                elements(*operand).find(|e| e.kind_name() == "identifier" || e.kind_name() == "binary_expression");
            let name = base.map(|b| {
                let b = if b.kind_name() == "binary_expression" {
                    b.field("left").unwrap_or(b)
                } else {
                    b
                };
                &text[b.byte_range()]
            });
            if let Some(name) = name
                && symbols
                    .register_type(node.start_byte(), name)
                    .is_some_and(|(ty, _)| matches!(ty, ".u64" | ".s64" | ".b64"))
            {
                return true;
            }
        }
    }
    false
}

//! How wide the module's addresses are, as its instructions use them.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::{ParsedSource, Span, preorder};

use crate::{Instruction, ModuleHeader, SymbolTable, elements};

/// Where the module first uses a 32-bit generic or global address, if it
/// does: a memory instruction whose address register is 32 bits wide, or a
/// 32-bit `cvta`/`isspacep`. With `.address_size 32` written out, the
/// directive itself.
pub fn first_32bit_address(parsed: &ParsedSource, header: &ModuleHeader) -> Option<Span> {
    if let Some(directive) = header.address_size_directive()
        && directive.size == Some(32)
    {
        return Some(directive.span);
    }
    let text = parsed.text();
    let symbols = SymbolTable::build(parsed);
    for node in preorder(parsed.root()) {
        let Some(instruction) = Instruction::cast(node, text) else {
            continue;
        };
        let modifiers = instruction.modifiers();
        let opcode = instruction.opcode();
        if matches!(opcode, "cvta" | "isspacep") {
            if modifiers.iter().any(|m| matches!(m.text, ".u32" | ".s32" | ".b32")) {
                return Some(Span::of(node));
            }
            continue;
        }
        if !matches!(opcode, "ld" | "st" | "atom" | "red" | "prefetch" | "prefetchu" | "ldu") {
            continue;
        }
        let generic_or_global = !modifiers.iter().any(|m| {
            let m = m.text;
            m.starts_with(".shared") || m.starts_with(".local") || m.starts_with(".param") || m.starts_with(".const")
        });
        if !generic_or_global {
            continue;
        }
        for operand in instruction.operands() {
            if operand.kind_name() != "address_operand" {
                continue;
            }
            let base = elements(*operand).find_map(|e| base_register(e, text));
            if let Some(name) = base
                && symbols
                    .register_type(node.start_byte(), name)
                    .is_some_and(|(ty, _)| matches!(ty, ".u32" | ".s32" | ".b32"))
            {
                return Some(Span::of(node));
            }
        }
    }
    None
}

fn base_register<'t>(element: ptxkit_syntax::tree_sitter::Node<'_>, source: &'t str) -> Option<&'t str> {
    match element.kind_name() {
        "identifier" => Some(&source[element.byte_range()]),
        "binary_expression" => base_register(element.field("left")?, source),
        _ => None,
    }
}

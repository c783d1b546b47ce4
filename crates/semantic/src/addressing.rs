//! How wide the module's addresses are, as its instructions use them.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::{ParsedSource, Span, preorder};

use crate::{Instruction, ModuleHeader, SymbolTable, elements};

/// Where the module first uses a 32-bit generic or global address, if it
/// does: an address register 32 bits wide where ptxas wants 64 bits
/// (`ptxkit_isa::signature::address_width`), or a 32-bit `cvta`. With
/// `.address_size 32` written out, the directive itself.
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
        let modifiers: Vec<&str> = instruction.modifiers().iter().map(|m| m.text).collect();
        let opcode = instruction.opcode();
        if ptxkit_isa::signature::is_32bit_address_conversion(opcode, &modifiers) {
            return Some(Span::of(node));
        }
        // Only the addresses ptxas checks (generic and global ones of the classic memory
        // instructions): a bulk or asynchronous copy takes a 32-bit register as 64-bit code.
        if ptxkit_isa::signature::address_width(opcode, &modifiers) != ptxkit_isa::signature::AddressWidth::Wide {
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

#[cfg(test)]
mod tests {
    use super::first_32bit_address;
    use crate::ModuleHeader;

    fn first(body: &str) -> Option<String> {
        let text = format!(
            ".version 8.8\n.target sm_100a\n.address_size 64\n.entry k()\n{{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n{body}\nret;\n}}\n"
        );
        let parsed = ptxkit_syntax::parse(&text);
        let header = ModuleHeader::read(&parsed);
        first_32bit_address(&parsed, &header).map(|span| text[span.range()].to_string())
    }

    #[test]
    fn only_the_addresses_ptxas_checks_count() {
        assert_eq!(first("ld.u32 %r1, [%r2];").as_deref(), Some("ld.u32 %r1, [%r2];"));
        assert_eq!(
            first("cvta.shared.u32 %r1, %r2;").as_deref(),
            Some("cvta.shared.u32 %r1, %r2;")
        );
        assert_eq!(
            first("applypriority.global.L2::evict_normal [%r1], 128;")
                .as_deref()
                .map(|s| &s[..13]),
            Some("applypriority")
        );
        for accepted in [
            "ld.shared.u32 %r1, [%r2];",
            "st.bulk.weak [%r1], 64, 0;",
            "st.async.b32 [%r1], %r2;",
            "cp.async.ca.shared.global [%r1], [%r2], 16;",
            "ldmatrix.sync.aligned.m8n8.x1.b16 {%r2}, [%r1];",
            "ld.u32 %r1, [%rd2];",
            "mapa.u32 %r1, %r2, %r3;",
        ] {
            assert_eq!(first(accepted), None, "{accepted}");
        }
    }
}

//! Which registers an instruction writes and which it reads.
//!
//! An operand's registers are read or written as the instruction model says
//! ([`ptxkit_isa::signature::operand_roles`]: the legend of the form the instruction matches,
//! `out`/`inout`): every register of an address is read, each element of a braced vector
//! `{%r1, %r2, _}` or a `d|p` pair takes its operand's role, and a `call` writes its return
//! list. Special registers (`%tid.x`) and names that are not registers (variables, labels,
//! functions) are neither.

// Fx: the keys are names and small integers, hashed at every operand; no iteration
// order is relied on.
use rustc_hash::FxHashMap as HashMap;

use ptxkit_syntax::tree_sitter::Node;

use crate::symbols::{RegisterLookup, SymbolTable};

/// A register of one function, numbered by [`Registers`].
pub type RegId = u32;

/// One register operand of an instruction.
#[derive(Debug, Clone, Copy)]
pub struct Access<'t> {
    /// The register.
    pub reg: RegId,
    /// The identifier as written.
    pub node: Node<'t>,
}

/// The registers of one function, numbered densely in order of first appearance.
///
/// A register declared inside a nested `{ }` block is a different register from one of the
/// same name outside it (and from the same name in a sibling block).
#[derive(Debug, Default)]
pub struct Registers<'t> {
    names: Vec<&'t str>,
    ids: HashMap<(u32, &'t str), RegId>,
    /// Declared in nested blocks: (block instance, name or range prefix, range count).
    scoped: Vec<(u32, &'t str, Option<u64>)>,
    /// Open nested blocks: (instance, start of its entries in `scoped`).
    open: Vec<(u32, usize)>,
    instances: u32,
}

impl<'t> Registers<'t> {
    /// The number of registers.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the function names no register.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The name of register `id`.
    pub fn name(&self, id: RegId) -> &'t str {
        self.names[id as usize]
    }

    /// The id of the function-level register `name`, if the function uses it.
    pub fn id(&self, name: &str) -> Option<RegId> {
        self.ids.get(&(0, name)).copied()
    }

    pub(super) fn enter_block(&mut self) {
        self.instances += 1;
        self.open.push((self.instances, self.scoped.len()));
    }

    pub(super) fn leave_block(&mut self) {
        if let Some((_, start)) = self.open.pop() {
            self.scoped.truncate(start);
        }
    }

    /// Records a `.reg` declarator of the innermost nested block (no-op at body level).
    pub(super) fn declare(&mut self, name: &'t str, count: Option<u64>) {
        if let Some(&(instance, _)) = self.open.last() {
            self.scoped.push((instance, name, count));
        }
    }

    /// The nested-block instance that declares `name`, innermost first; 0 for the body.
    fn scope_of(&self, name: &str) -> u32 {
        for &(instance, declared, count) in self.scoped.iter().rev() {
            let hit = match count {
                None => declared == name,
                Some(n) => crate::split_index(name).is_some_and(|(prefix, i)| prefix == declared && i < n),
            };
            if hit {
                return instance;
            }
        }
        0
    }

    /// The id of `name` as a register at `offset`, numbering it on first sight; `None` for
    /// special registers and names that are not registers.
    pub(super) fn resolve(&mut self, symbols: &SymbolTable, offset: usize, name: &'t str) -> Option<RegId> {
        let scope = self.scope_of(name);
        if let Some(&id) = self.ids.get(&(scope, name)) {
            return Some(id);
        }
        if scope == 0
            && !matches!(
                symbols.register(offset, name),
                RegisterLookup::Declared(_) | RegisterLookup::InRange(_) | RegisterLookup::OutOfRange(..)
            )
        {
            return None;
        }
        let id = RegId::try_from(self.names.len()).ok()?;
        self.names.push(name);
        self.ids.insert((scope, name), id);
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use crate::SymbolTable;
    use crate::flow::FunctionFlow;

    /// Registers of ranges (`%r1`, `%q65536`, `%q99999998`), named alone (`%r01`, `%x`) and
    /// declared again in nested blocks: one id per register, the same id for each use of it,
    /// and each id's name the name as written.
    #[test]
    fn each_register_has_one_id() {
        let text = ".version 8.0\n.target sm_90\n.entry k()\n{\n.reg .b32 %r<3>;\n.reg .b32 %r01;\n.reg .b32 %x;\n.reg .b32 %q<99999999>;\nmov.u32 %r1, 0;\nmov.u32 %r01, %r1;\nmov.u32 %x, %r01;\nmov.u32 %q99999998, %x;\nmov.u32 %q65535, %q99999998;\nmov.u32 %q65536, %q65535;\n{\n.reg .b32 %r1;\nmov.u32 %r1, %r2;\n{\n.reg .b32 %r<2>;\nmov.u32 %r1, %r0;\n}\n}\nadd.u32 %r2, %r1, %q65536;\nret;\n}\n";
        let parsed = ptxkit_syntax::parse(text);
        let symbols = SymbolTable::build(&parsed);
        let flows = FunctionFlow::all(&parsed, &symbols);
        let flow = &flows[0];
        let mut seen = Vec::new();
        for i in 0..flow.insns.len() as u32 {
            for access in flow.defs(i).iter().chain(flow.uses(i)) {
                let written = &text[access.node.byte_range()];
                assert_eq!(flow.registers.name(access.reg), written);
                let at = access.node.start_byte();
                seen.push((
                    written,
                    text[..at].matches('{').count() - text[..at].matches('}').count(),
                    access.reg,
                ));
            }
        }
        // The same name at the same nesting is one register here (no sibling blocks).
        for &(name, depth, reg) in &seen {
            for &(other, other_depth, other_reg) in &seen {
                let declared_inside = |n: &str, d: usize| match d {
                    2 => n == "%r1",
                    3 => n == "%r0" || n == "%r1",
                    _ => false,
                };
                let same = name == other
                    && (depth == other_depth || !declared_inside(name, depth) && !declared_inside(other, other_depth));
                assert_eq!(reg == other_reg, same, "{name} at {depth} / {other} at {other_depth}");
            }
        }
        for name in ["%r1", "%r01", "%x", "%q99999998", "%q65535", "%q65536", "%r2"] {
            let id = flow.registers.id(name).unwrap_or_else(|| panic!("{name} has no id"));
            assert_eq!(flow.registers.name(id), name);
        }
        assert_eq!(flow.registers.id("%r0"), None, "only the innermost block uses %r0");
        assert_eq!(flow.registers.id("%q7"), None, "never used");
        // %r1 twice (body, two blocks), %r01, %x, %q99999998, %q65535, %q65536, %r2, %r0.
        assert_eq!(flow.registers.len(), 10);
    }
}

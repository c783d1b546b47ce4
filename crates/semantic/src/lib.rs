//! What a PTX module means, between the syntax tree (`ptxkit-syntax`) and the tools that
//! check, rewrite and navigate it (ptxlint, ptxrewrite, the language server, inline-PTX
//! checks):
//!
//! - the module [`header`]: `.version`, `.target` and `.address_size` as ptxkit-isa values
//!   with their spans ([`ModuleHeader`]);
//! - the [`symbols`]: registers (with `%r<N>` ranges), variables, parameters, labels and
//!   functions, with `{ }` scopes and declaration spans; lookups by name at a position, the
//!   symbol under a cursor, every reference to a symbol ([`SymbolTable`]);
//! - the [`instruction`] view: an instruction's modifiers classified, its operands counted
//!   as the manual counts them, and its [`InstructionForm`](ptxkit_isa::InstructionForm)
//!   for the ptxkit-isa tables, built in one place ([`Instruction::form`]);
//! - the [`signature`] view: an instruction's operands classified with the symbol table, as
//!   ptxkit-isa's signature matcher takes them ([`Instruction::signature_instance`]).
//!
//! - the [`flow`] of each function: its control-flow graph, the registers each
//!   instruction writes and reads, a forward dataflow framework, and the analyses the
//!   linter's dataflow rules ask (known alignment, registers read before written).
//!
//! Facts about PTX (versions, targets, instruction forms, special registers) stay in
//! ptxkit-isa; this crate reads a module and asks ptxkit-isa about what it finds.
//!
//! ```
//! use ptxkit_semantic::{Instruction, SemanticModel, Symbol};
//! use ptxkit_syntax::preorder;
//!
//! let text = ".version 8.0\n.target sm_90\n.address_size 64\n.entry k(.param .u64 p)\n{\n\t.reg .b64 %rd<3>;\n\tld.param.u64 %rd1, [p];\n\tret;\n}\n";
//! let parsed = ptxkit_syntax::parse(text);
//! let model = SemanticModel::build(&parsed);
//! assert_eq!(model.header.version(), Some(ptxkit_isa::Version::new(8, 0)));
//! assert!(model.header.is_64bit());
//!
//! let ld = preorder(parsed.root()).find_map(|n| Instruction::cast(n, parsed.text())).unwrap();
//! assert_eq!(ld.form().to_string(), "ld.param.u64");
//! let at = ld.node().start_byte();
//! assert!(matches!(model.symbols.resolve(at, "p"), Some(Symbol::Variable(v)) if v.is_parameter));
//! assert!(matches!(model.symbols.resolve(at, "%rd2"), Some(Symbol::RangeMember(_, 2))));
//! ```

pub mod addressing;
pub mod flow;
pub mod header;
pub mod instruction;
pub mod signature;
pub mod symbols;
pub mod sync;

pub use header::{AddressSizeDirective, ModuleHeader, TargetDirective, TargetKind, TargetName, VersionDirective};
pub use instruction::{Call, Instruction, Modifier, SymbolAddress, elements, symbol_address};
pub use symbols::reuse::SymbolCache;
pub use symbols::scoped::Symbol;
pub use symbols::{
    Declarations, FunctionBody, FunctionSymbol, Label, Register, RegisterLookup, RegisterRange, Scope, ScopeId,
    ScopeKind, SymbolTable, Variable, base_space, split_index,
};

use ptxkit_syntax::ParsedSource;

/// A module's header and symbols, read in one walk over its top-level items.
#[derive(Debug, Clone)]
pub struct SemanticModel {
    /// `.version`, `.target`, `.address_size`.
    pub header: ModuleHeader,
    /// Every declared name, with scopes.
    pub symbols: SymbolTable,
}

impl SemanticModel {
    /// Reads the header and builds the symbol table of a parsed module.
    pub fn build(parsed: &ParsedSource) -> SemanticModel {
        let mut builder = ModelBuilder::new(parsed.text());
        builder.items(parsed);
        builder.finish()
    }

    /// [`Self::build`], replaying the functions whose text is unchanged since the build
    /// that filled `cache` instead of walking them again, and leaving this build's records
    /// in `cache` (the language server's rebuild after an edit). A function with a body is
    /// replayed only when `cache` [adopted](SymbolCache::adopt) the last build's table.
    ///
    /// ```
    /// use ptxkit_semantic::{SemanticModel, SymbolCache};
    /// let before = ".version 8.0\n.target sm_90\n.entry a()\n{\n.reg .b32 %r<2>;\nret;\n}\n.entry b()\n{\nL: ret;\n}\n";
    /// let after = before.replace("%r<2>", "%r<20>");
    /// let mut cache = SymbolCache::default();
    /// let first = SemanticModel::build_reusing(&ptxkit_syntax::parse(before), &mut cache);
    /// // The bodies of `b` are moved from the first model into the next.
    /// cache.adopt(first.symbols);
    /// let parsed = ptxkit_syntax::parse(&after);
    /// let reused = SemanticModel::build_reusing(&parsed, &mut cache);
    /// assert_eq!(reused.symbols, SemanticModel::build(&parsed).symbols);
    /// ```
    pub fn build_reusing(parsed: &ParsedSource, cache: &mut SymbolCache) -> SemanticModel {
        let mut builder = ModelBuilder {
            symbols: symbols::build::Builder::reusing(parsed.text(), std::mem::take(cache)),
            ..ModelBuilder::new(parsed.text())
        };
        builder.items(parsed);
        *cache = builder.symbols.take_cache();
        builder.finish()
    }
}

/// Builds a [`SemanticModel`] one top-level item at a time, so that a large module can
/// be parsed in groups of items ([`ptxkit_syntax::parse_group`]), each group read and its
/// tree dropped before the next: the model is the one [`SemanticModel::build`] makes of
/// the whole text's parse.
///
/// ```
/// use std::sync::Arc;
/// use ptxkit_semantic::{ModelBuilder, SemanticModel};
/// let text = Arc::new(String::from(".version 8.0\n.target sm_90\n.global .u32 g;\n.entry k()\n{\n\tret;\n}\n"));
/// let lines = Arc::new(ptxkit_syntax::LineIndex::new(&text));
/// let cut = text.find(".entry").unwrap();
/// let mut builder = ModelBuilder::new(&text);
/// for range in [0..cut, cut..text.len()] {
///     builder.items(&ptxkit_syntax::parse_group(&text, &lines, range));
/// }
/// let model = builder.finish();
/// assert_eq!(model.header.version(), Some(ptxkit_isa::Version::new(8, 0)));
/// assert!(model.symbols.function("k").is_some() && model.symbols.variable(cut, "g").is_some());
/// ```
pub struct ModelBuilder<'a> {
    source: &'a str,
    header: ModuleHeader,
    symbols: symbols::build::Builder<'a>,
}

impl<'a> ModelBuilder<'a> {
    /// A builder for the module whose whole text is `source`.
    pub fn new(source: &'a str) -> Self {
        ModelBuilder {
            source,
            header: ModuleHeader::default(),
            symbols: symbols::build::Builder::new(source),
        }
    }

    /// Reads the top-level items of `parsed`, the parse of `source` or of its next group.
    pub fn items(&mut self, parsed: &ParsedSource) {
        for node in ptxkit_syntax::named_children(parsed.root()) {
            if !self.header.add(node, self.source) {
                self.symbols.item(node);
            }
        }
    }

    /// The symbols of the items read so far.
    pub fn symbols(&self) -> &SymbolTable {
        self.symbols.table()
    }

    /// The model of every item read.
    pub fn finish(self) -> SemanticModel {
        SemanticModel {
            header: self.header,
            symbols: self.symbols.finish(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_walk_reads_what_the_separate_readers_read() {
        let text = ".version 7.8\n.target sm_80, debug\n.address_size 64\n.global .u32 g;\n.reg .b32 m<2>;\n.entry k(.param .u64 p)\n{\n.reg .b32 %r<3>;\nL: ret;\n}\n";
        let parsed = ptxkit_syntax::parse(text);
        let model = SemanticModel::build(&parsed);
        let header = ModuleHeader::read(&parsed);
        let symbols = SymbolTable::build(&parsed);
        assert_eq!(model.header.versions, header.versions);
        assert_eq!(model.header.targets, header.targets);
        assert_eq!(model.header.address_sizes, header.address_sizes);
        assert_eq!(model.symbols.scopes(), symbols.scopes());
        assert_eq!(model.symbols.functions(), symbols.functions());
        assert_eq!(model.symbols.module().variables, symbols.module().variables);
        assert_eq!(model.symbols.module().ranges, symbols.module().ranges);
        assert_eq!(model.symbols.bodies().len(), 1);
        assert!(model.symbols.bodies()[0].declarations.labels.contains_key("L"));
    }
}

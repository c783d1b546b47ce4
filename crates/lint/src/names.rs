//! Resolving the names an instruction uses: registers, variables,
//! functions and labels, as seen from the instruction's function.

use ptxkit_semantic::{Instruction, RegisterLookup, RegisterRange};
use ptxkit_syntax::tree_sitter::Node;

use crate::checker::Checker;

/// How a name is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameUse {
    /// A `%`-prefixed name: a register.
    Register,
    /// The target of `bra`/`brx.idx`: a label.
    Label,
    /// Anything else: a variable, function or label.
    Symbol,
}

/// What a name resolved to.
#[derive(Debug, Clone, Copy)]
pub enum Resolution<'a> {
    /// Declared (or predefined).
    Known,
    /// A `%r<N>` range declares the prefix but not this index.
    OutOfRange(&'a RegisterRange, u64),
    /// Declared nowhere.
    Undeclared(NameUse),
}

/// Resolves every identifier in `insn`'s guard and operands. Returns nothing
/// for a function with syntax errors (declarations may have been lost).
pub fn resolve<'t, 'a>(checker: &Checker<'a>, insn: &Instruction<'t>) -> Vec<(Node<'t>, Resolution<'a>)> {
    let at = insn.node().start_byte();
    let symbols = checker.symbols;
    let Some(body) = symbols.body_at(at) else {
        return Vec::new();
    };
    if body.has_syntax_errors || insn.node().has_error() {
        return Vec::new();
    }
    let module_has_errors = checker.parsed.root().has_error();
    let branch = matches!(insn.opcode(), "bra" | "brx");
    let mut out = Vec::new();
    for ident in insn.identifiers() {
        let name = checker.node_text(ident);
        if ptxkit_isa::special_registers::is_predefined_constant(name) {
            continue;
        }
        let resolution = match symbols.register(at, name) {
            RegisterLookup::Declared(_) | RegisterLookup::InRange(_) | RegisterLookup::Special => Resolution::Known,
            _ if symbols.is_known_symbol(at, name) => Resolution::Known,
            RegisterLookup::OutOfRange(range, index) => Resolution::OutOfRange(range, index),
            RegisterLookup::Undeclared if name.starts_with('%') => Resolution::Undeclared(NameUse::Register),
            RegisterLookup::Undeclared if module_has_errors => Resolution::Known,
            RegisterLookup::Undeclared if branch => Resolution::Undeclared(NameUse::Label),
            RegisterLookup::Undeclared => Resolution::Undeclared(NameUse::Symbol),
        };
        out.push((ident, resolution));
    }
    out
}

/// The declared name closest to `name` in the instruction's function, for
/// "did you mean" help.
pub fn closest_register(checker: &Checker<'_>, at: usize, name: &str) -> Option<String> {
    let scope = &checker.symbols.body_at(at)?.declarations;
    let mut candidates: Vec<String> = scope.registers.keys().cloned().collect();
    if let Some((_, index)) = ptxkit_semantic::split_index(name) {
        for (prefix, ranges) in &scope.ranges {
            if ranges.iter().any(|r| index < r.count) {
                candidates.push(format!("{prefix}{index}"));
            }
        }
    }
    closest(name, candidates)
}

/// The closest of `candidates` to `name` by edit distance, if close enough.
pub fn closest(name: &str, candidates: impl IntoIterator<Item = String>) -> Option<String> {
    candidates
        .into_iter()
        .filter_map(|c| {
            let limit = (name.len().max(c.len()) / 3).max(1);
            ptxkit_isa::spelling::distance_within(name, &c, limit).map(|d| (d, c))
        })
        .filter(|(d, _)| *d > 0)
        .min()
        .map(|(_, c)| c)
}

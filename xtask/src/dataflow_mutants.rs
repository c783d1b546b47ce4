//! The dataflow mutant kinds of `cargo xtask lint-mutants`: bugs ptxas accepts, so each
//! mutant is a bug by construction and must be reported by its rule (at any severity):
//!
//! - `misaligned-vector`: a vector (or `.b128`) access whose address is relative to a
//!   symbol or a parameter (the analysis's bases: a variable, `.extern` dynamic shared
//!   memory, a kernel pointer parameter) moved by one element, reported by
//!   `misaligned-vector-access` on its line;
//! - `unwritten-register`: the only write of a register that is read later deleted,
//!   reported by `register-read-before-written` naming that register;
//! - `out-of-bounds-constant`: the constant offset of `[var+C]` on a variable of known
//!   size moved to the variable's size, reported by `constant-address-out-of-bounds` on
//!   its line.

use ptxkit_semantic::flow::FunctionFlow;
use ptxkit_semantic::flow::alignment::{Alignment, Base, Congruence, OPAQUE};
use ptxkit_semantic::{SymbolTable, symbol_address};
use ptxkit_syntax::{ParsedSource, Span, TextEdit};

/// The kinds, in report order.
pub const KINDS: &[&str] = &["misaligned-vector", "unwritten-register", "out-of-bounds-constant"];

/// The rule that must report each kind, and the text its message must contain (empty:
/// any).
pub fn expected(kind: &str) -> &'static str {
    match kind {
        "misaligned-vector" => "misaligned-vector-access",
        "unwritten-register" => "register-read-before-written",
        _ => "constant-address-out-of-bounds",
    }
}

/// The size in bytes of a variable whose element count and type are known.
fn variable_size(variable: &ptxkit_semantic::Variable) -> Option<u64> {
    if variable.is_extern || variable.base_space() == ".local" || (variable.is_parameter && !variable.is_array) {
        return None;
    }
    let bits = u64::from(ptxkit_isa::type_info(variable.ty.as_deref()?)?.bits);
    ((bits / 8).max(1) * u64::from(variable.vector.unwrap_or(1))).checked_mul(variable.elements?)
}

/// Adds at most one mutant of each dataflow kind; `add(kind, edits, what, needle)` where
/// `needle` is the text the finding's message must contain (empty: any).
pub fn mutants(name: &str, parsed: &ParsedSource, add: &mut dyn FnMut(&'static str, Vec<TextEdit>, String, String)) {
    let source = parsed.text();
    let symbols = SymbolTable::build(parsed);
    let flows = FunctionFlow::all(parsed, &symbols);
    let pick = |salt: &str, n: usize| crate::lint_mutants::pick(name, salt, n.max(1));

    // misaligned-vector
    let mut vectors = Vec::new();
    for flow in &flows {
        let alignment = Alignment::new(flow, &symbols, source);
        let states = alignment.solve(flow);
        alignment.replay(flow, &states, |i, state| {
            let insn = &flow.insns[i as usize];
            if !matches!(insn.opcode(), "ld" | "st" | "ldu") || insn.vector().is_none() {
                return;
            }
            let Some(bits) = insn
                .types()
                .last()
                .and_then(|t| ptxkit_isa::type_info(t))
                .map(|t| t.bits)
            else {
                return;
            };
            let Some(address) = insn.address_operand() else { return };
            let Some(found) = symbol_address(address, source) else {
                return;
            };
            let value = alignment.address(flow, i, address, state, source);
            let Congruence::Known { base, .. } = value else { return };
            if base == 0 || base >= OPAQUE {
                return;
            }
            let kind = match alignment.bases[base as usize] {
                Base::Symbol(v)
                    if v.known_alignment().unwrap_or(1)
                        < u64::from(bits / 8) * u64::from(insn.vector().unwrap_or(1)) =>
                {
                    return;
                }
                Base::Symbol(_) => "symbol",
                Base::Parameter(..) => "parameter",
                Base::Absolute => return,
            };
            let element = i64::from(bits / 8).max(1);
            let new = format!("[{}+{}]", &source[found.base.byte_range()], found.offset + element);
            vectors.push((Span::of(address), new, kind, insn.full_opcode().to_string()));
        });
    }
    if !vectors.is_empty() {
        let (span, new, kind, opcode) = vectors.swap_remove(pick("misaligned-vector", vectors.len()));
        add(
            "misaligned-vector",
            vec![TextEdit::replace(span, new.clone())],
            format!("`{opcode}` address -> {new} (base: {kind})"),
            String::new(),
        );
    }

    // unwritten-register
    let mut only_writes = Vec::new();
    for flow in &flows {
        let mut writes = vec![0u32; flow.registers.len()];
        let mut writer = vec![u32::MAX; flow.registers.len()];
        let mut read_later = vec![false; flow.registers.len()];
        for i in 0..flow.insns.len() as u32 {
            for access in flow.uses(i) {
                let insn = &flow.insns[i as usize];
                if writer[access.reg as usize] < i && !(insn.opcode() == "st" && insn.has(".param")) {
                    read_later[access.reg as usize] = true;
                }
            }
            for access in flow.defs(i) {
                writes[access.reg as usize] += 1;
                writer[access.reg as usize] = i;
            }
        }
        for reg in 0..flow.registers.len() {
            let i = writer[reg];
            if writes[reg] != 1 || !read_later[reg] {
                continue;
            }
            let insn = &flow.insns[i as usize];
            if insn.call().is_some() || flow.defs(i).len() != 1 {
                continue;
            }
            only_writes.push((Span::of(insn.node()), flow.registers.name(reg as u32).to_string()));
        }
    }
    if !only_writes.is_empty() {
        let (span, register) = only_writes.swap_remove(pick("unwritten-register", only_writes.len()));
        add(
            "unwritten-register",
            vec![TextEdit::delete(span)],
            format!("delete the only write of {register}"),
            format!("`{register}`"),
        );
    }

    // out-of-bounds-constant
    let mut sized = Vec::new();
    for flow in &flows {
        for insn in &flow.insns {
            if !matches!(insn.opcode(), "ld" | "st" | "ldu" | "atom" | "red") {
                continue;
            }
            let Some(address) = insn.address_operand() else {
                continue;
            };
            let Some(found) = symbol_address(address, source) else {
                continue;
            };
            let written = &source[found.base.byte_range()];
            let Some(variable) = symbols.variable(address.start_byte(), written) else {
                continue;
            };
            let Some(bytes) = variable_size(variable) else { continue };
            sized.push((Span::of(address), format!("[{written}+{bytes}]")));
        }
    }
    if !sized.is_empty() {
        let (span, new) = sized.swap_remove(pick("out-of-bounds-constant", sized.len()));
        add(
            "out-of-bounds-constant",
            vec![TextEdit::replace(span, new.clone())],
            format!("address -> {new}"),
            String::new(),
        );
    }
}

//! The mutation kinds of `cargo xtask lint-mutants` that the instruction signatures judge: an
//! operand dropped or repeated, a register replaced by a constant or by a special register, a
//! vector element dropped, a modifier misspelt, a required modifier dropped, an illegal
//! modifier added. Each picks one instruction of the file deterministically (by the file name).

use ptxkit_isa::signature::{analyze, opcode_modifiers};
use ptxkit_semantic::{Instruction, Modifier, RegisterLookup, SymbolTable};
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{ParsedSource, Span, TextEdit};

/// The kinds this module adds, in report order.
pub const KINDS: &[&str] = &[
    "operand-dropped",
    "operand-repeated",
    "register-to-constant",
    "vector-element-dropped",
    "modifier-misspelt",
    "required-modifier-dropped",
    "illegal-modifier-added",
    "special-register",
];

/// Modifiers tried, in order, as an illegal addition: the first one the opcode's forms do not
/// take at all.
const EXTRA_MODIFIERS: &[&str] = &[".volatile", ".sync", ".wide", ".ftz", ".sat", ".uni", ".aligned", ".nc"];

/// A small deterministic hash (FNV-1a) to pick candidates.
fn pick(seed: &str, salt: &str, count: usize) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in seed.bytes().chain(salt.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h % count.max(1) as u64) as usize
}

/// The span that removes operand `i` of `operands` with one of its commas.
fn without_operand(operands: &[Node<'_>], i: usize) -> Span {
    if i > 0 {
        Span::new(operands[i - 1].end_byte(), operands[i].end_byte())
    } else if operands.len() > 1 {
        Span::new(operands[0].start_byte(), operands[1].start_byte())
    } else {
        Span::of(operands[0])
    }
}

fn is_register(symbols: &SymbolTable, node: Node<'_>, source: &str) -> bool {
    node.kind() == "identifier"
        && matches!(
            symbols.register(node.start_byte(), &source[node.byte_range()]),
            RegisterLookup::Declared(_) | RegisterLookup::InRange(_)
        )
}

/// A misspelling of a modifier: its last letter doubled (`.rn` → `.rnn`, `.global` → `.globall`).
fn misspell(modifier: &str) -> String {
    let last = modifier.chars().last().unwrap_or('x');
    format!("{modifier}{last}")
}

/// Adds one mutant of each kind to `add` (kind, edits, description).
pub fn mutants(
    name: &str,
    parsed: &ParsedSource,
    instructions: &[Instruction<'_>],
    add: &mut dyn FnMut(&'static str, Vec<TextEdit>, String),
) {
    let source = parsed.text();
    let symbols = SymbolTable::build(parsed);
    // Only instructions whose signature matches: a mutant of one that does not is judged by
    // other rules.
    let matched: Vec<&Instruction<'_>> = instructions
        .iter()
        .filter(|insn| insn.call().is_none())
        .filter(|insn| analyze(&insn.signature_instance(&symbols)).is_some_and(|a| a.is_match()))
        .collect();
    let choose = |kind: &str, candidates: &[&Instruction<'_>]| -> Option<usize> {
        (!candidates.is_empty()).then(|| pick(name, kind, candidates.len()))
    };

    let with_operands: Vec<&Instruction<'_>> = matched.iter().copied().filter(|i| !i.operands().is_empty()).collect();
    if let Some(c) = choose("operand-dropped", &with_operands) {
        let insn = with_operands[c];
        let i = pick(name, "operand-dropped-index", insn.operands().len());
        add(
            "operand-dropped",
            vec![TextEdit::delete(without_operand(insn.operands(), i))],
            format!("`{}`: operand {} dropped", insn.full_opcode(), i + 1),
        );
    }
    if let Some(c) = choose("operand-repeated", &with_operands) {
        let insn = with_operands[c];
        let i = pick(name, "operand-repeated-index", insn.operands().len());
        let operand = insn.operands()[i];
        add(
            "operand-repeated",
            vec![TextEdit::insert(
                operand.end_byte(),
                format!(", {}", &source[operand.byte_range()]),
            )],
            format!("`{}`: operand {} repeated", insn.full_opcode(), i + 1),
        );
    }
    // A register operand (top level) becomes the constant 1.
    let registers: Vec<(&Instruction<'_>, Node<'_>)> = matched
        .iter()
        .flat_map(|insn| {
            insn.operands()
                .iter()
                .filter(|o| is_register(&symbols, **o, source))
                .map(move |o| (*insn, *o))
        })
        .collect();
    if !registers.is_empty() {
        let (insn, operand) = registers[pick(name, "register-to-constant", registers.len())];
        add(
            "register-to-constant",
            vec![TextEdit::replace(Span::of(operand), "1")],
            format!("`{}`: {} -> 1", insn.full_opcode(), &source[operand.byte_range()]),
        );
    }
    if !registers.is_empty() {
        let (insn, operand) = registers[pick(name, "special-register", registers.len())];
        add(
            "special-register",
            vec![TextEdit::replace(Span::of(operand), "%tid.x")],
            format!("`{}`: {} -> %tid.x", insn.full_opcode(), &source[operand.byte_range()]),
        );
    }
    // A braced vector loses one element.
    let vectors: Vec<(&Instruction<'_>, Node<'_>)> = matched
        .iter()
        .flat_map(|insn| {
            insn.operands()
                .iter()
                .flat_map(|o| ptxkit_syntax::preorder(*o).filter(|n| n.kind() == "vector_operand"))
                .filter(|v| v.named_child_count() >= 2)
                .map(move |v| (*insn, v))
        })
        .collect();
    if !vectors.is_empty() {
        let (insn, vector) = vectors[pick(name, "vector-element-dropped", vectors.len())];
        let mut cursor = vector.walk();
        let elements: Vec<Node<'_>> = vector.children_by_field_name("element", &mut cursor).collect();
        let i = pick(name, "vector-element-index", elements.len());
        add(
            "vector-element-dropped",
            vec![TextEdit::delete(without_operand(&elements, i))],
            format!("`{}`: vector element {} dropped", insn.full_opcode(), i + 1),
        );
    }
    // Modifiers.
    let modified: Vec<&Instruction<'_>> = matched.iter().copied().filter(|i| !i.modifiers().is_empty()).collect();
    if let Some(c) = choose("modifier-misspelt", &modified) {
        let insn = modified[c];
        let Modifier { text: m, node } =
            insn.modifiers()[pick(name, "modifier-misspelt-index", insn.modifiers().len())];
        let wrong = misspell(m);
        add(
            "modifier-misspelt",
            vec![TextEdit::replace(Span::of(node), wrong.clone())],
            format!("`{}`: {m} -> {wrong}", insn.full_opcode()),
        );
    }
    let required: Vec<(&Instruction<'_>, Node<'_>, &str)> = matched
        .iter()
        .filter_map(|insn| {
            let analysis = analyze(&insn.signature_instance(&symbols))?;
            let parts: Vec<usize> = analysis
                .form
                .parts
                .iter()
                .enumerate()
                .filter(|(_, p)| !p.optional)
                .filter_map(|(i, _)| analysis.bindings[i].map(usize::from))
                .collect();
            let m = *parts.get(pick(name, "required-index", parts.len().max(1)))?;
            let Modifier { text, node } = insn.modifiers()[m];
            Some((*insn, node, text))
        })
        .collect();
    if !required.is_empty() {
        let (insn, node, text) = required[pick(name, "required-modifier-dropped", required.len())];
        add(
            "required-modifier-dropped",
            vec![TextEdit::delete(Span::of(node))],
            format!("`{}`: {text} dropped", insn.full_opcode()),
        );
    }
    if let Some(c) = choose("illegal-modifier-added", &modified) {
        let insn = modified[c];
        let known = opcode_modifiers(insn.opcode());
        if let Some(extra) = EXTRA_MODIFIERS.iter().find(|m| !known.contains(m)) {
            let first = insn.modifiers()[0].node;
            add(
                "illegal-modifier-added",
                vec![TextEdit::insert(first.start_byte(), (*extra).to_string())],
                format!("`{}`: {extra} added", insn.full_opcode()),
            );
        }
    }
}

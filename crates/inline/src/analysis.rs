//! What the translated template does with its operands and to the
//! machine: where each `%N` is read or written, which instructions have
//! side effects, and what is declared outside a `{ }` scope.

use std::ops::Range;

use ptxkit_isa::analyze_chain;
use ptxkit_isa::signature::Direction;
use ptxkit_syntax::ast::Instruction;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{ParsedSource, preorder};

use crate::effects::{Effects, effects, is_time_varying_register};
use crate::translate::Translation;

/// How an instruction uses an operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Read (a source, an address, a guard).
    Read,
    /// Written (the destination of an instruction that returns a value).
    Write,
    /// The first operand of an instruction no signature describes and whose
    /// chain names no type: read or written.
    Unknown,
}

/// One `%N` in an instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperandUse {
    /// N.
    pub operand: usize,
    /// How the instruction uses it.
    pub access: Access,
    /// The index of the instruction in [`Analysis::instructions`].
    pub instruction: usize,
    /// Its position among the instruction's operands.
    pub position: usize,
    /// Where `%N` is in the C++ file.
    pub cpp: Range<usize>,
    /// Where its substitute is in the PTX.
    pub ptx: Range<usize>,
}

/// One instruction of the template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstructionFacts {
    /// Its opcode and modifiers (`st.global.u32`).
    pub chain: String,
    /// Where the chain is written in the C++ file.
    pub cpp: Range<usize>,
    /// Where the instruction is in the PTX.
    pub ptx: Range<usize>,
    /// What it does besides its result.
    pub effects: Effects,
    /// A time-varying special register it reads (`%clock64`), if any.
    pub reads_clock: Option<String>,
}

/// A declaration or label at the template's top level (outside `{ }`):
/// defined twice when the statement is inlined twice into one function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopLevelDefinition {
    /// `.reg` declaration or label.
    pub kind: &'static str,
    /// The name(s), as written.
    pub name: String,
    /// Where in the C++ file.
    pub cpp: Range<usize>,
}

/// The analysis of one translated statement.
#[derive(Debug, Clone, Default)]
pub struct Analysis {
    /// The instructions, in order.
    pub instructions: Vec<InstructionFacts>,
    /// Every operand use inside an instruction, in order.
    pub uses: Vec<OperandUse>,
    /// Declarations and labels outside every `{ }` scope.
    pub top_level: Vec<TopLevelDefinition>,
}

/// Analyses a translation and its parse.
pub fn analyze(translation: &Translation, parsed: &ParsedSource) -> Analysis {
    let mut out = Analysis::default();
    let text = parsed.text();
    let body = &translation.body;
    let Some(function_body) = preorder(parsed.root()).find(|n| n.kind() == "function_body" || n.kind() == "block")
    else {
        return out;
    };
    for node in preorder(parsed.root()) {
        let range = node.byte_range();
        if range.end <= body.start || range.start >= body.end {
            continue;
        }
        match node.kind() {
            "instruction" | "call_instruction" => {
                let Some(view) = Instruction::cast(node, text) else {
                    continue;
                };
                let index = out.instructions.len();
                let chain = view.full_opcode().to_string();
                let opcode_end = view
                    .modifier_nodes()
                    .last()
                    .map(|m| m.end_byte())
                    .or_else(|| view.opcode_node().map(|o| o.end_byte()))
                    .unwrap_or(range.end);
                let opcode_start = view.opcode_node().map_or(range.start, |o| o.start_byte());
                let cpp = translation
                    .map
                    .try_to_cpp(opcode_start..opcode_end)
                    .unwrap_or_else(|| translation.map.try_to_cpp(range.clone()).unwrap_or(0..0));
                let reads_clock = ptxkit_syntax::preorder(node)
                    .filter(|n| n.kind() == "identifier")
                    .map(|n| &text[n.byte_range()])
                    .find(|name| is_time_varying_register(name))
                    .map(str::to_string);
                out.instructions.push(InstructionFacts {
                    effects: effects(&chain),
                    chain: chain.clone(),
                    cpp,
                    ptx: range.clone(),
                    reads_clock,
                });
                record_uses(translation, &view, index, &chain, &mut out.uses);
            }
            "variable_declaration" | "label" if is_top_level(node, function_body) => {
                let kind = if node.kind() == "label" { "label" } else { "declaration" };
                let name = if node.kind() == "label" {
                    node.child_by_field_name("name")
                        .map_or("", |n| &text[n.byte_range()])
                        .to_string()
                } else {
                    text[range.clone()].trim_end_matches(';').trim().to_string()
                };
                if let Some(cpp) = translation.map.try_to_cpp(range.clone()) {
                    out.top_level.push(TopLevelDefinition { kind, name, cpp });
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether `node` sits directly in the function body (not in a nested
/// `{ }` block).
fn is_top_level(node: Node<'_>, function_body: Node<'_>) -> bool {
    let mut current = node.parent();
    while let Some(parent) = current {
        if parent.id() == function_body.id() {
            return true;
        }
        if parent.kind() == "block" {
            return false;
        }
        current = parent.parent();
    }
    false
}

/// How each operand position of an instruction is used.
fn record_uses(
    translation: &Translation,
    view: &Instruction<'_>,
    instruction: usize,
    chain: &str,
    out: &mut Vec<OperandUse>,
) {
    // Whether the first operand is written, as the forms the chain matches
    // (else the opcode's closest forms) say; for an unknown opcode, whether
    // the chain ends in a type: unknown when it has none.
    let first_written = match analyze_chain(chain) {
        Ok(c) if c.operands.has_result => Some(true),
        Ok(c)
            if c.parts
                .iter()
                .skip(1)
                .all(|p| ptxkit_isa::type_info(&format!(".{p}")).is_none())
                && ptxkit_isa::signature::forms(c.opcode).is_empty() =>
        {
            None
        }
        _ => Some(false),
    };
    let guard = view.guard().map(|g| g.node.byte_range());
    let operands = view.operands();
    // Where a signature describes the instruction, it says which operands
    // are written; otherwise the chain's result type does.
    let explained = ptxkit_isa::signature::explain(chain);
    let directions: Option<Vec<Direction>> = explained
        .matches
        .first()
        .filter(|m| m.operands.len() == operands.len())
        .map(|m| m.operands.iter().map(|o| o.direction).collect());
    for reference in &translation.references {
        let ptx = reference.ptx.clone();
        if ptx.start < view.node().start_byte() || ptx.end > view.node().end_byte() {
            continue;
        }
        let in_guard = guard.as_ref().is_some_and(|g| g.start <= ptx.start && ptx.end <= g.end);
        let position = operands
            .iter()
            .position(|o| o.start_byte() <= ptx.start && ptx.end <= o.end_byte());
        let in_address = |operand: Node<'_>| {
            preorder(operand)
                .any(|n| n.kind() == "address_operand" && n.start_byte() <= ptx.start && ptx.end <= n.end_byte())
        };
        let signed = match (&directions, position) {
            (Some(d), Some(p)) if !in_guard && !in_address(operands[p]) => Some(match d[p] {
                Direction::Out => Access::Write,
                Direction::In | Direction::InOut => Access::Read,
            }),
            _ => None,
        };
        let access = match (in_guard, position) {
            _ if signed.is_some() => signed.unwrap_or(Access::Read),
            (true, _) => Access::Read,
            (false, Some(0)) => {
                let operand = operands[0];
                let in_address = preorder(operand)
                    .any(|n| n.kind() == "address_operand" && n.start_byte() <= ptx.start && ptx.end <= n.end_byte());
                match (in_address, first_written) {
                    (true, _) => Access::Read,
                    (false, Some(true)) => Access::Write,
                    (false, Some(false)) => Access::Read,
                    (false, None) => Access::Unknown,
                }
            }
            _ => Access::Read,
        };
        out.push(OperandUse {
            operand: reference.index,
            access,
            instruction,
            position: position.unwrap_or(usize::MAX),
            cpp: reference.cpp.clone(),
            ptx,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::translate::{Destination, translate};

    fn analyse(text: &str) -> Analysis {
        let found = crate::extract(text);
        let t = translate(&found.statements[0], &Destination::default());
        let parsed = ptxkit_syntax::parse(t.text.clone());
        assert!(parsed.syntax_errors().is_empty(), "{}", t.text);
        analyze(&t, &parsed)
    }

    #[test]
    fn reads_and_writes() {
        let a = analyse(
            r#"__device__ void f(int* p, int x) { int o;
  asm volatile("{ .reg .pred q; add.s32 %0, %0, %1; st.global.u32 [%2], %0; elect.sync %0|q, -1; }" : "=r"(o) : "r"(x), "l"(p) : "memory"); }"#,
        );
        let accesses: Vec<(usize, Access)> = a.uses.iter().map(|u| (u.operand, u.access)).collect();
        assert_eq!(
            accesses,
            [
                (0, Access::Write),
                (0, Access::Read),
                (1, Access::Read),
                (2, Access::Read),
                (0, Access::Read),
                // elect.sync's d is its destination (§9.7.13.14).
                (0, Access::Write),
            ]
        );
        assert_eq!(a.instructions.len(), 3);
        assert!(a.instructions[1].effects.writes_memory);
        assert!(a.top_level.is_empty());
    }

    #[test]
    fn top_level_definitions_and_clocks() {
        let a = analyse(
            r#"__device__ void f() { long long t;
  asm volatile(".reg .pred p;\nL1:\n mov.u64 %0, %%clock64;" : "=l"(t)); }"#,
        );
        let kinds: Vec<_> = a.top_level.iter().map(|t| (t.kind, t.name.as_str())).collect();
        assert_eq!(kinds, [("declaration", ".reg .pred p"), ("label", "L1")]);
        assert_eq!(a.instructions[0].reads_clock.as_deref(), Some("%clock64"));
    }
}

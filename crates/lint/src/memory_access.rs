//! What the memory operands of an instruction require: the alignment of each address and
//! how many bytes it touches, for the dataflow rules (`misaligned-vector-access`,
//! `constant-address-out-of-bounds`). From the manual: a vector or 128-bit `ld`/`st`/
//! `ldu`/`atom`/`red` access is aligned to its full size; `cp.async` to its cp-size; the
//! bulk copies (`cp.async.bulk`, `cp.reduce.async.bulk`, their prefetch) to 16 bytes;
//! `ldmatrix`/`stmatrix` rows to 16 bytes; an `mbarrier` object to 8 bytes.

use ptxkit_semantic::Instruction;
use ptxkit_semantic::flow::alignment::{Alignment, Congruence};
use ptxkit_semantic::flow::cfg::InsnId;
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::types::type_shape;

/// One address operand and what it requires.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Requirement<'t> {
    /// The `address_operand` node.
    pub address: Node<'t>,
    /// The alignment the address must have, in bytes (1 when none is checked).
    pub alignment: u64,
    /// How many bytes from the address are touched, when known.
    pub size: Option<u64>,
    /// What is accessed, for messages: "16-byte vector access", "mbarrier object".
    pub what: &'static str,
}

/// The address operands of `insn` and their requirements, appended to `out`.
pub(crate) fn requirements<'t>(insn: &Instruction<'t>, source: &str, out: &mut Vec<Requirement<'t>>) {
    let addresses = || {
        insn.operands()
            .iter()
            .copied()
            .filter(|o| o.kind_name() == "address_operand")
    };
    match insn.opcode() {
        "ld" | "ldu" | "st" | "atom" | "red" => {
            let Some(address) = insn.address_operand() else { return };
            let Some(element) = insn.types().last().and_then(|t| type_shape(t)) else {
                return;
            };
            let vector = insn.vector();
            if vector == Some(0) {
                // `.v0` is no width (the signature rules report it): nothing to require.
                return;
            }
            let size = (u64::from(element.bits) / 8).max(1) * u64::from(vector.unwrap_or(1));
            let checked = vector.is_some() || element.bits >= 128;
            // `ld.v4.f32 {%f1, %f2, %f3, _}` (old nvcc's float3 load) reads what it keeps
            let sunk = insn
                .operands()
                .iter()
                .find(|o| o.kind_name() == "vector_operand")
                .map_or(0, |v| {
                    let all: Vec<Node<'t>> = ptxkit_semantic::elements(*v).collect();
                    all.iter().rev().take_while(|e| e.kind_name() == "sink").count() as u64
                });
            let touched = size - sunk.min(u64::from(vector.unwrap_or(1)) - 1) * (size / u64::from(vector.unwrap_or(1)));
            out.push(Requirement {
                address,
                alignment: if checked { size } else { 1 },
                size: Some(touched),
                what: if vector.is_some() { "vector access" } else { "access" },
            });
        }
        "cp" if insn.has(".async") && !insn.has(".bulk") => {
            let size = insn
                .operands()
                .get(2)
                .and_then(|n| ptxkit_syntax::literal::eval_integer(*n, source))
                .and_then(|n| u64::try_from(n).ok())
                .filter(|n| [4, 8, 16].contains(n));
            if let Some(size) = size {
                for address in addresses() {
                    out.push(Requirement {
                        address,
                        alignment: size,
                        size: Some(size),
                        what: "cp.async copy",
                    });
                }
            }
        }
        "cp" if insn.has(".bulk") => {
            let all: Vec<Node<'t>> = addresses().collect();
            let has_mbarrier = insn.modifiers().iter().any(|m| m.text.starts_with(".mbarrier"));
            for (index, address) in all.iter().enumerate() {
                let is_mbarrier = has_mbarrier && index + 1 == all.len();
                if is_mbarrier {
                    out.push(Requirement {
                        address: *address,
                        alignment: 8,
                        size: Some(8),
                        what: "mbarrier object",
                    });
                } else if !insn.has(".tensor") {
                    out.push(Requirement {
                        address: *address,
                        alignment: 16,
                        size: None,
                        what: "bulk copy",
                    });
                }
            }
        }
        "mbarrier" => {
            if let Some(address) = insn.address_operand() {
                out.push(Requirement {
                    address,
                    alignment: 8,
                    size: Some(8),
                    what: "mbarrier object",
                });
            }
        }
        "ldmatrix" | "stmatrix" => {
            if let Some(address) = insn.address_operand() {
                out.push(Requirement {
                    address,
                    alignment: 16,
                    size: None,
                    what: "matrix row",
                });
            }
        }
        _ => {}
    }
}

/// The accesses of `flow` that `keep` selects, with what the alignment analysis knows of
/// each one's address, and the analysis (whose `bases` the values name); `None` when
/// `keep` selects nothing. The dataflow rules on addresses share this.
pub(crate) fn addressed_accesses<'t, 's>(
    flow: &ptxkit_semantic::flow::FunctionFlow<'t>,
    symbols: &'s ptxkit_semantic::SymbolTable,
    source: &'t str,
    keep: impl Fn(&Requirement<'t>) -> bool,
) -> Option<(Alignment<'s>, Vec<(Requirement<'t>, Congruence)>)> {
    let mut checks: Vec<Requirement<'t>> = Vec::new();
    let mut at: Vec<InsnId> = Vec::new();
    let mut scratch = Vec::new();
    for (i, insn) in flow.insns.iter().enumerate() {
        scratch.clear();
        requirements(insn, source, &mut scratch);
        for r in scratch.iter().filter(|r| keep(r)) {
            checks.push(*r);
            at.push(i as InsnId);
        }
    }
    if checks.is_empty() {
        return None;
    }
    let addresses: Vec<(InsnId, Node<'t>)> = checks.iter().zip(&at).map(|(check, &i)| (i, check.address)).collect();
    let alignment = Alignment::of_addresses(flow, symbols, source, &addresses);
    let states = alignment.solve(flow);
    let mut values = vec![Congruence::Unknown; checks.len()];
    alignment.replay(flow, &states, |i, state| {
        let first = at.partition_point(|&x| x < i);
        for k in first..at.len() {
            if at[k] != i {
                break;
            }
            values[k] = alignment.address(flow, i, checks[k].address, state, source);
        }
    });
    Some((alignment, checks.into_iter().zip(values).collect()))
}

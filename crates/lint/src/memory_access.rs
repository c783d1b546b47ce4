//! What the memory operands of an instruction require: the alignment of each address and
//! how many bytes it touches, for the dataflow rules (`misaligned-vector-access`,
//! `constant-address-out-of-bounds`). The instruction model says both: each `memory` line of
//! a form names its address operand, its bytes and (`align`) the alignment the manual asks
//! (§5.4.5: an access is aligned to its size; `cp.async` to its cp-size, bulk copies to 16
//! bytes, `ldmatrix`/`stmatrix` rows to 16, an mbarrier object to 8), and an access that
//! signals an mbarrier names that object. A plain access (one whose line names no object) is
//! checked for alignment only when it is a vector or 128 bits wide.

use ptxkit_isa::signature::semantics::{Completion, MBARRIER_OBJECT, Semantics, mbarrier_object_alignment};
use ptxkit_semantic::Instruction;
use ptxkit_semantic::flow::alignment::{Alignment, Congruence};
use ptxkit_semantic::flow::cfg::InsnId;
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

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

/// The address operands of `insn` and their requirements, as the instruction model says
/// (`semantics`: what its form does), appended to `out`.
pub(crate) fn requirements<'t>(insn: &Instruction<'t>, semantics: &Semantics, out: &mut Vec<Requirement<'t>>) {
    let address = |index: usize| {
        insn.operands()
            .get(index)
            .copied()
            .filter(|o| o.kind_name() == "address_operand")
    };
    for access in &semantics.memory {
        let Some(address) = address(access.operand) else {
            continue;
        };
        let size = access.bytes.map(u64::from);
        let requirement = if access.natural && access.what.is_none() {
            let Some(size) = size else { continue };
            plain_access(insn, address, size)
        } else {
            Requirement {
                address,
                alignment: access.align.map_or(1, u64::from),
                size,
                what: access.what.unwrap_or("access"),
            }
        };
        if requirement.size.is_some() || requirement.alignment > 1 {
            if !requirement.alignment.is_power_of_two() {
                // Not a size the manual allows (`cp.async`'s cp-size 12): other rules report it.
                continue;
            }
            out.push(requirement);
        }
    }
    // The mbarrier object an access signals when it completes.
    let mut signalled: Vec<usize> = Vec::new();
    for access in &semantics.memory {
        if let Completion::Mbarrier(index) = access.completion
            && !signalled.contains(&usize::from(index))
        {
            signalled.push(usize::from(index));
        }
    }
    let Some(object) = mbarrier_object_alignment() else {
        return;
    };
    for address in signalled.into_iter().filter_map(address) {
        out.push(Requirement {
            address,
            alignment: u64::from(object),
            size: Some(u64::from(object)),
            what: MBARRIER_OBJECT,
        });
    }
}

/// A plain access of `size` bytes at `address` (`ld`, `st`, `atom`, …): aligned to its size
/// (checked only for a vector or a 128-bit access); a vector destination whose last elements
/// are sinks (`ld.v4.f32 {%f1, %f2, %f3, _}`, old nvcc's float3 load) touches only what it
/// keeps.
fn plain_access<'t>(insn: &Instruction<'t>, address: Node<'t>, size: u64) -> Requirement<'t> {
    let vector = insn.vector();
    let count = u64::from(vector.unwrap_or(1)).max(1);
    let checked = vector.is_some() || size >= 16;
    let sunk = insn
        .operands()
        .iter()
        .find(|o| o.kind_name() == "vector_operand")
        .map_or(0, |v| {
            let all: Vec<Node<'t>> = ptxkit_semantic::elements(*v).collect();
            all.iter().rev().take_while(|e| e.kind_name() == "sink").count() as u64
        });
    Requirement {
        address,
        alignment: if checked { size } else { 1 },
        size: Some(size - sunk.min(count - 1) * (size / count)),
        what: if vector.is_some() { "vector access" } else { "access" },
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
    let semantics = flow.semantics(symbols);
    for (i, (insn, semantics)) in flow.insns.iter().zip(semantics).enumerate() {
        let Some(semantics) = semantics else { continue };
        scratch.clear();
        requirements(insn, semantics, &mut scratch);
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

//! Where ptxas wants a modifier in the chain. ptxas reads most modifiers in any order
//! (`ld.u32.global`, `add.s32.sat`, `fma.ftz.rn.f32`, `shfl.idx.sync.b32`, `atom.add.global.u32`
//! all assemble as their usual order does), but not these two (ptxas 11.8, 12.9 and 13.5):
//!
//! - a vector modifier (`.v2`, `.v4`, `.v8`) must come right before a type:
//!   `ld.global.u32.v2`, `ld.v2.global.u32`, `red.global.v2.add.f32` and `tex.v4.2d.f32.f32` get
//!   the warning "Vector Type not specified properly", while `ld.v2.u32.global` and
//!   `tex.2d.f32.v4.f32` do not;
//! - the parts the signature files' `order` records name must come first (`.lo`, `.hi` and
//!   `.wide` of `mul`, `mad`, `mul24`, `mad24`, `clmad` and `dp2a`), each with ptxas's words:
//!   `mul.u32.lo` and `mad.sat.hi.s32` are "Unexpected instruction types specified for 'mul'",
//!   `mad.u32.wide` is "Unknown modifier '.wide'", `mul24.u32.lo` is "Not a name of any known
//!   instruction: 'mul24'".

use crate::types::type_info;

/// A modifier written where ptxas does not take it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misplaced {
    /// Its index in the chain's modifiers.
    pub index: usize,
    /// Where it belongs: the index it takes once moved (the others keep their order).
    pub to: usize,
    /// Whether ptxas rejects the instruction (else it warns and assembles it).
    pub rejected: bool,
    /// What ptxas says.
    pub ptxas: String,
}

impl Misplaced {
    /// The modifiers with this one moved where it belongs.
    pub fn reordered<'m>(&self, modifiers: &[&'m str]) -> Vec<&'m str> {
        let mut out = modifiers.to_vec();
        let moved = out.remove(self.index);
        out.insert(self.to, moved);
        out
    }
}

/// The vector widths a chain can name.
const VECTORS: &[&str] = &[".v2", ".v4", ".v8"];

/// An `order` record of the signature files: a part that ptxas wants first in the chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OrderRecord {
    pub opcode: &'static str,
    /// The part (a slot or literal of the opcode's forms: `.mode`, `.wide`).
    pub part: &'static str,
    /// What ptxas says when a value of it stands elsewhere.
    pub ptxas: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/order.rs"));

/// The `order` record whose part `modifier` is a value of, for `opcode`.
fn first_part(opcode: &str, modifier: &str) -> Option<&'static OrderRecord> {
    ORDER_RECORDS.iter().filter(|r| r.opcode == opcode).find(|r| {
        crate::signature::forms(opcode)
            .iter()
            .flat_map(|form| form.parts)
            .any(|part| part.name == r.part && part.values.contains(&modifier))
    })
}

/// The first misplaced modifier of `opcode` + `modifiers` (each with its dot), if any.
///
/// ```
/// use ptxkit_isa::modifier_order::misplaced;
/// assert_eq!(misplaced("ld", &[".global", ".v2", ".u32"]), None);
/// let v = misplaced("ld", &[".global", ".u32", ".v2"]).unwrap();
/// assert_eq!((v.index, v.to, v.rejected), (2, 1, false));
/// assert_eq!(v.reordered(&[".global", ".u32", ".v2"]), [".global", ".v2", ".u32"]);
/// let w = misplaced("mad", &[".u32", ".wide"]).unwrap();
/// assert_eq!((w.index, w.to, w.ptxas.as_str()), (1, 0, "Unknown modifier '.wide'"));
/// assert_eq!(misplaced("tex", &[".2d", ".f32", ".v4", ".f32"]), None);
/// let d = misplaced("dp2a", &[".u32", ".u32", ".lo"]).unwrap();
/// assert_eq!(d.ptxas, "'.hi/.lo' modifier required for instruction 'dp2a'");
/// ```
pub fn misplaced(opcode: &str, modifiers: &[&str]) -> Option<Misplaced> {
    width_not_first(opcode, modifiers).or_else(|| vector_not_before_type(modifiers))
}

fn width_not_first(opcode: &str, modifiers: &[&str]) -> Option<Misplaced> {
    let (index, record) = modifiers
        .iter()
        .enumerate()
        .skip(1)
        .find_map(|(i, m)| Some((i, first_part(opcode, m)?)))?;
    Some(Misplaced {
        index,
        to: 0,
        rejected: true,
        ptxas: record.ptxas.to_string(),
    })
}

fn vector_not_before_type(modifiers: &[&str]) -> Option<Misplaced> {
    let is_type = |m: &str| type_info(m).is_some();
    let index = modifiers.iter().position(|m| VECTORS.contains(m))?;
    if modifiers.get(index + 1).is_some_and(|m| is_type(m)) {
        return None;
    }
    // Before the first type after it, or else the last type before it.
    let to = match modifiers[index + 1..].iter().position(|m| is_type(m)) {
        Some(after) => index + after,
        None => modifiers[..index].iter().rposition(|m| is_type(m))?,
    };
    Some(Misplaced {
        index,
        to,
        rejected: false,
        ptxas: "Vector Type not specified properly".to_string(),
    })
}

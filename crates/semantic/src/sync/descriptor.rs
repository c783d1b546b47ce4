//! Where a matrix descriptor (`wgmma`'s `a-desc`, `b-desc`; `tcgen05.mma`'s and
//! `tcgen05.cp`'s) says its matrix starts, as an address expression, and how the matrix's rows
//! are swizzled: so that the analyses can follow the shared memory an instruction reads
//! through it.
//!
//! A descriptor keeps `(start & 0x3FFFF) >> 4` in its low 14 bits; the layout bits above
//! (offsets, base offset, swizzling mode) are, in compiled code, a constant or-ed (or added)
//! onto the zero-extended low word: `or.b64 %rd, cvt.u64(bfe.u32(addr, 4, 14)), K` (Triton,
//! CUTLASS). The start is read back by undoing the encoding on the expression: `16 * low`,
//! where masks that keep the low 14 bits are dropped and `addr >> 4` gives `addr` back. A
//! start at or above 256 KiB (where the 14 bits would wrap) is no shared address, so the
//! undone masks change nothing for a matrix in shared memory. Anything else (a descriptor
//! loaded from memory, layout bits that are not constant): no start, and the analyses stay
//! silent about where the instruction reads.

use ptxkit_isa::signature::semantics::{BinaryOp, DescriptorFormat, Swizzle};

use super::expr::{ExprId, Exprs, Node};

/// A matrix an instruction reads through a descriptor: where it starts and how its rows are
/// swizzled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DescriptorRead {
    /// The descriptor operand's index.
    pub operand: usize,
    /// The matrix's start address (a shared-memory address).
    pub start: ExprId,
    /// How its rows are swizzled (from the descriptor's layout bits).
    pub swizzle: Swizzle,
}

/// The bytes of one row of a core matrix (§9.7.15.5.1: 8 rows of 16 bytes, in every layout):
/// what the analyses place of each row a matrix read through a descriptor surely reads.
pub const MATRIX_ROW_BYTES: u32 = 16;

/// The rows of a swizzle atom (§9.7.15.5.1.2.1.3, Canonical Layouts: the first mode of size 8
/// in every major-ness and swizzling mode): every instruction reads the first 16 bytes of
/// each (K-major: rows of M or N, each at least 16 bytes of K; MN-major: rows of K, of which
/// every shape has at least 8, each at least 16 bytes of M or N).
pub const ATOM_ROWS: u8 = 8;

/// Where row `row` of the first swizzle atom starts, in bytes from the matrix's start, before
/// the swizzle moves it: rows are `1T`, `2T`, `4T` or `8T` apart in the canonical layouts of
/// the interleaved, 32-, 64- and 128-byte swizzling modes (`T` elements are 16 bytes).
pub fn row_offset(row: u8, swizzle: Swizzle) -> i64 {
    i64::from(row) * (i64::from(MATRIX_ROW_BYTES) << swizzle.bits)
}

/// How deep the start's expression is followed.
const MAX_DEPTH: u32 = 24;

/// The start address and swizzle of the matrix descriptor `descriptor` (of `format`), when its
/// layout bits are a constant and its start can be read back.
pub fn decode(exprs: &mut Exprs, descriptor: ExprId, format: DescriptorFormat) -> Option<(ExprId, Swizzle)> {
    let (low, layout) = split(exprs, descriptor)?;
    let swizzle = format.swizzle(layout)?;
    let start = times16(exprs, low, 0)?;
    Some((start, swizzle))
}

/// A descriptor split into the part that holds its start (bits below 32) and its constant
/// layout bits.
fn split(exprs: &Exprs, descriptor: ExprId) -> Option<(ExprId, u64)> {
    let constant = |id: ExprId| match exprs.node(id) {
        Node::Const(k) => Some(k as u64),
        _ => None,
    };
    match exprs.node(descriptor) {
        Node::Const(k) => Some((descriptor, k as u64)),
        Node::Binary(BinaryOp::Or | BinaryOp::Add | BinaryOp::Xor, a, b, 64, _) => {
            let (low, layout) = match (constant(a), constant(b)) {
                (_, Some(k)) => (a, k),
                (Some(k), _) => (b, k),
                _ => return None,
            };
            // The constant must leave the start alone, and the other part must not reach
            // the layout bits (a zero-extended 32-bit value).
            let low_word = matches!(exprs.node(low), Node::Convert(_, bits, false) if bits <= 32);
            (layout & DescriptorFormat::START_BITS == 0 && low_word).then_some((low, layout))
        }
        _ => None,
    }
}

/// An expression for `16 * (value & 0x3FFF)`, given that the result is a shared-memory
/// address (below 256 KiB): masks that keep the low 14 bits dropped, `x >> 4` read as `x`.
fn times16(exprs: &mut Exprs, value: ExprId, depth: u32) -> Option<ExprId> {
    if depth > MAX_DEPTH {
        return None;
    }
    let keeps_start = |k: i64| (k as u64) & DescriptorFormat::START_BITS == DescriptorFormat::START_BITS;
    let clear_of_start = |k: i64| (k as u64) & DescriptorFormat::START_BITS == 0;
    let constant = |exprs: &Exprs, id: ExprId| match exprs.node(id) {
        Node::Const(k) => Some(k),
        _ => None,
    };
    let binary = |exprs: &mut Exprs, op, a, b| exprs.add(Node::Binary(op, a, b, 64, false));
    let node = exprs.node(value);
    Some(match node {
        Node::Const(k) => exprs.add(Node::Const(((k as u64 & DescriptorFormat::START_BITS) << 4) as i64)),
        // Truncating to 14 bits or more, or extending, keeps the low 14 bits.
        Node::Convert(x, bits, _) if bits >= 14 => times16(exprs, x, depth + 1)?,
        Node::Binary(op, a, b, ..) => {
            let (ka, kb) = (constant(exprs, a), constant(exprs, b));
            match (op, ka, kb) {
                (BinaryOp::And, _, Some(k)) if keeps_start(k) => times16(exprs, a, depth + 1)?,
                (BinaryOp::And, Some(k), _) if keeps_start(k) => times16(exprs, b, depth + 1)?,
                (BinaryOp::Or, _, Some(k)) if clear_of_start(k) => times16(exprs, a, depth + 1)?,
                (BinaryOp::Or, Some(k), _) if clear_of_start(k) => times16(exprs, b, depth + 1)?,
                // `address >> 4`: the address (its low 4 bits are zero in a valid descriptor).
                (BinaryOp::Shr, _, Some(4)) => {
                    let signed = matches!(node, Node::Binary(_, _, _, _, true));
                    if signed {
                        return None;
                    }
                    a
                }
                (BinaryOp::Add | BinaryOp::Sub, ..) => {
                    let (x, y) = (times16(exprs, a, depth + 1)?, times16(exprs, b, depth + 1)?);
                    binary(exprs, op, x, y)
                }
                (BinaryOp::Shl, _, Some(k)) if (0..40).contains(&k) => {
                    let scale = exprs.add(Node::Const(1 << (k + 4)));
                    binary(exprs, BinaryOp::Mul, a, scale)
                }
                (BinaryOp::Mul, _, Some(k)) => {
                    let scale = exprs.add(Node::Const(k.checked_mul(16)?));
                    binary(exprs, BinaryOp::Mul, a, scale)
                }
                (BinaryOp::Mul, Some(k), _) => {
                    let scale = exprs.add(Node::Const(k.checked_mul(16)?));
                    binary(exprs, BinaryOp::Mul, b, scale)
                }
                _ => scaled(exprs, value),
            }
        }
        Node::Select(c, a, b) => {
            let (x, y) = (times16(exprs, a, depth + 1)?, times16(exprs, b, depth + 1)?);
            exprs.add(Node::Select(c, x, y))
        }
        _ => scaled(exprs, value),
    })
}

/// The offset of a swizzled address whose undecided part is `terms` and whose known part is
/// `offset`: bits 4 and up XORed with bits 7 and up, which the analysis knows when every
/// undecided part is aligned to the swizzle's repeating pattern (a variable is taken to be
/// so: a descriptor with a base offset of 0 says the pattern starts aligned,
/// §9.7.15.5.1.2.2). `None` when it cannot tell.
pub fn swizzled_offset(exprs: &Exprs, terms: &[(ExprId, i64)], offset: i64, swizzle: Swizzle) -> Option<i64> {
    if swizzle.bits == 0 {
        return Some(offset);
    }
    let pattern = 1i64 << (7 + swizzle.bits);
    let variable = |leaf: ExprId| matches!(exprs.node(leaf), Node::Symbol(_));
    let variables = terms.iter().filter(|&&(leaf, _)| variable(leaf)).count();
    let aligned = |&(leaf, c): &(ExprId, i64)| c % pattern == 0 || c == 1 && variable(leaf);
    (variables <= 1 && terms.iter().all(aligned)).then(|| swizzle.apply(offset))
}

/// `16 * value`, for a value below 2^14 (a descriptor's start field).
fn scaled(exprs: &mut Exprs, value: ExprId) -> ExprId {
    let sixteen = exprs.add(Node::Const(16));
    exprs.add(Node::Binary(BinaryOp::Mul, value, sixteen, 64, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sync::expr::{Evaluator, Thread};

    fn thread() -> Thread {
        Thread {
            tid: [0, 0, 0],
            ntid: [128, 1, 1],
        }
    }

    /// `cvt.u64.u32(bfe.u32(base + offset, 4, 14)) | layout`, as Triton and CUTLASS write it.
    fn triton(e: &mut Exprs, base: ExprId, offset: i64, layout: i64) -> ExprId {
        let k = e.add(Node::Const(offset));
        let address = e.add(Node::Binary(BinaryOp::Add, base, k, 32, false));
        let address = e.add(Node::Convert(address, 32, false));
        let four = e.add(Node::Const(4));
        let shifted = e.add(Node::Binary(BinaryOp::Shr, address, four, 32, false));
        let mask = e.add(Node::Const(0x3FFF));
        let field = e.add(Node::Binary(BinaryOp::And, shifted, mask, 32, false));
        let field = e.add(Node::Convert(field, 32, false));
        let layout = e.add(Node::Const(layout));
        e.add(Node::Binary(BinaryOp::Or, field, layout, 64, false))
    }

    #[test]
    fn a_descriptor_built_from_an_address_gives_the_address_back() {
        let mut e = Exprs::default();
        let smem = e.add(Node::Symbol(0));
        let desc = triton(&mut e, smem, 8192, 0x4000_0040_0010_0000);
        let (start, swizzle) = decode(&mut e, desc, DescriptorFormat::Wgmma).expect("decoded");
        assert_eq!(swizzle, Swizzle { bits: 3 });
        let linear = Evaluator::new(&e, thread()).eval(start).expect("linear");
        assert_eq!(linear.terms.as_slice(), &[(smem, 1)]);
        assert_eq!(linear.constant, 8192);
        // The next k slice: the descriptor plus 2 (32 bytes on).
        let two = e.add(Node::Const(2));
        let next = e.add(Node::Binary(BinaryOp::Add, desc, two, 64, false));
        assert!(
            decode(&mut e, next, DescriptorFormat::Wgmma).is_none(),
            "layout not split off"
        );
    }

    #[test]
    fn a_descriptor_the_analysis_cannot_read_back_has_no_start() {
        let mut e = Exprs::default();
        let loaded = e.add(Node::Uniform(7));
        assert!(
            decode(&mut e, loaded, DescriptorFormat::Wgmma).is_none(),
            "loaded from memory"
        );
        // Layout bits that are not a constant.
        let smem = e.add(Node::Symbol(0));
        let field = triton(&mut e, smem, 0, 0);
        let high = e.add(Node::Uniform(9));
        let desc = e.add(Node::Binary(BinaryOp::Or, field, high, 64, false));
        assert!(decode(&mut e, desc, DescriptorFormat::Wgmma).is_none());
        // A base offset: the swizzle's phase is not modelled.
        let desc = triton(&mut e, smem, 0, 0x4002_0040_0010_0000);
        assert!(decode(&mut e, desc, DescriptorFormat::Wgmma).is_none());
    }

    #[test]
    fn a_start_field_moved_in_descriptor_units_moves_sixteen_bytes_each() {
        let mut e = Exprs::default();
        let smem = e.add(Node::Symbol(0));
        let k = e.add(Node::Const(0));
        let address = e.add(Node::Binary(BinaryOp::Add, smem, k, 32, false));
        let four = e.add(Node::Const(4));
        let field = e.add(Node::Binary(BinaryOp::Shr, address, four, 32, false));
        let two = e.add(Node::Const(2));
        let field = e.add(Node::Binary(BinaryOp::Add, field, two, 32, false));
        let mask = e.add(Node::Const(32767));
        let field = e.add(Node::Binary(BinaryOp::And, field, mask, 32, false));
        let field = e.add(Node::Convert(field, 32, false));
        let layout = e.add(Node::Const(0x8000_0040_0010_0000_u64 as i64));
        let desc = e.add(Node::Binary(BinaryOp::Or, field, layout, 64, false));
        let (start, swizzle) = decode(&mut e, desc, DescriptorFormat::Wgmma).expect("decoded");
        assert_eq!(swizzle, Swizzle { bits: 2 });
        let linear = Evaluator::new(&e, thread()).eval(start).expect("linear");
        assert_eq!(linear.terms.as_slice(), &[(smem, 1)]);
        assert_eq!(linear.constant, 32);
    }
}

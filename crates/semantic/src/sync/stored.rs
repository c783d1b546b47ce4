//! Whether two stores by two threads put the same value in memory: then the order they land
//! in changes nothing, and the pair is no witness of an exchange or a race.

use ptxkit_isa::signature::semantics::{Access, Space};
use smallvec::SmallVec;

use super::expr::{Evaluator, ExprId, Exprs, Node, Thread};
use super::kernel::Kernel;
use crate::flow::cfg::InsnId;

/// Whether plain store `a` in thread `ta` and plain store `b` in thread `tb` write the same
/// values: operand by operand, the values are alike in the two threads ([`alike`]), or two
/// global loads from addresses alike in them (the same input element loaded twice, as two
/// threads loading one halo cell of a tile: [`same_element`]).
pub(crate) fn same_stored_values(
    kernel: &Kernel<'_, '_>,
    (a, ta): (InsnId, Thread),
    (b, tb): (InsnId, Thread),
) -> bool {
    let (Some(va), Some(vb)) = (stored(kernel, a), stored(kernel, b)) else {
        return false;
    };

    if va.len() != vb.len() || va.is_empty() {
        return false;
    }
    let exprs = &kernel.values.exprs;
    let (mut ea, mut eb) = (Evaluator::new(exprs, ta), Evaluator::new(exprs, tb));
    va.iter().zip(&vb).all(|(&x, &y)| {
        if alike(exprs, (x, &mut ea), (y, &mut eb)) {
            return true;
        }
        match (kernel.values.inputs.get(&x), kernel.values.inputs.get(&y)) {
            (Some(&la), Some(&lb)) => same_element(kernel, (la, &mut ea), (lb, &mut eb)),
            _ => false,
        }
    })
}

/// The values a store writes: every operand but its address, when the model says which
/// operand is the address of its one write.
fn stored(kernel: &Kernel<'_, '_>, i: InsnId) -> Option<SmallVec<[ExprId; 4]>> {
    let semantics = kernel.values.semantics[i as usize].as_ref()?;
    let [m] = semantics.memory.as_slice() else {
        return None;
    };
    if m.access != Access::Write || m.atomic {
        return None;
    }
    let operands = &kernel.values.operands[i as usize];
    let mut values = SmallVec::new();
    for (k, value) in operands.iter().enumerate() {
        if k != m.operand {
            values.push((*value)?);
        }
    }
    Some(values)
}

/// Whether global loads `la` (in the thread of `ea`) and `lb` (of `eb`) read one address:
/// they load the same value unless a write of that element races with them, which is
/// another race (not this pair's).
fn same_element(
    kernel: &Kernel<'_, '_>,
    (la, ea): (InsnId, &mut Evaluator<'_>),
    (lb, eb): (InsnId, &mut Evaluator<'_>),
) -> bool {
    match (load_address(kernel, la), load_address(kernel, lb)) {
        (Some(x), Some(y)) => alike(&kernel.values.exprs, (x, ea), (y, eb)),
        _ => false,
    }
}

/// The address a global load reads.
fn load_address(kernel: &Kernel<'_, '_>, i: InsnId) -> Option<ExprId> {
    let semantics = kernel.values.semantics[i as usize].as_ref()?;
    let m = semantics
        .memory
        .iter()
        .find(|m| m.access == Access::Read && m.space == Space::Global)?;
    kernel.values.operands[i as usize].get(m.operand).copied().flatten()
}

/// The most nodes [`alike`] compares.
const ALIKE_NODES: usize = 4096;

/// Whether `x` in the thread of `ea` and `y` in the thread of `eb` are the same value: both
/// evaluated to the same linear form (uniform leaves included), or the same operation on
/// operands that are alike, down to the same uniform leaves (`min(x0 + tid.x + 16, width -
/// 1)` in thread 0 and `min(x0 + tid.x, width - 1)` in thread 16). Not known past
/// [`ALIKE_NODES`] nodes.
pub(super) fn alike(
    exprs: &Exprs,
    (x, ea): (ExprId, &mut Evaluator<'_>),
    (y, eb): (ExprId, &mut Evaluator<'_>),
) -> bool {
    let mut stack = vec![(x, y)];
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some((x, y)) = stack.pop() {
        if !seen.insert((x, y)) {
            continue;
        }
        if seen.len() > ALIKE_NODES {
            return false;
        }
        if let (Some(vx), Some(vy)) = (ea.eval(x), eb.eval(y)) {
            if vx != vy {
                return false;
            }
            continue;
        }
        match (exprs.node(x), exprs.node(y)) {
            (Node::Binary(op, a, b, bits, signed), Node::Binary(op2, a2, b2, bits2, signed2))
                if (op, bits, signed) == (op2, bits2, signed2) =>
            {
                stack.extend([(a, a2), (b, b2)]);
            }
            (Node::Unary(op, a, bits, signed), Node::Unary(op2, a2, bits2, signed2))
                if (op, bits, signed) == (op2, bits2, signed2) =>
            {
                stack.push((a, a2));
            }
            (Node::Convert(a, bits, signed), Node::Convert(a2, bits2, signed2))
                if (bits, signed) == (bits2, signed2) =>
            {
                stack.push((a, a2));
            }
            (Node::Select(c, a, b), Node::Select(c2, a2, b2)) => stack.extend([(c, c2), (a, a2), (b, b2)]),
            (
                Node::Const(_)
                | Node::Uniform(_)
                | Node::Symbol(_)
                | Node::Window(_)
                | Node::Phi { varying: false, .. },
                _,
            ) if x == y => {}
            _ => return false,
        }
    }
    true
}

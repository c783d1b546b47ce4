//! Stages released to nobody: a ring of shared-memory stages that the block's threads fill
//! with asynchronous copies and read, lap after lap. After reading a stage, a thread releases
//! it by arriving on an mbarrier (the "empty" barrier), and before refilling it a thread waits
//! on that mbarrier (§9.7.13.15.16: the wait returns once every expected arrival of the phase,
//! each after its thread's reads, has happened). Reported: a copy that refills a stage another
//! thread read in the lap before, when no wait of the function can wait on the mbarrier the
//! readers release to, and nothing else on a way from the read round the loop to the copy (no
//! barrier, no other mbarrier wait, no acquire) orders the copy after the read.
//!
//! "Can wait on" is decided on the addresses alone: an arrival and a wait whose addresses
//! differ by a constant that the multiples of their changing parts cannot make up (an arrival
//! at `state + 16·i + 8`, waits at `state + 16·j`) never meet, whatever `i` and `j` are.

use ptxkit_isa::signature::semantics::{Access, Completion, MbarrierOp, Sync};
use rustc_hash::FxHashMap as HashMap;

use super::handoff::orders;
use super::{Placed, ProtocolFinding, ProtocolKind, Touch, may_meet, place, sampled_threads};
use crate::flow::cfg::InsnId;
use crate::sync::expr::{Evaluator, ExprId, Node, Thread};
use crate::sync::iterations::first_iteration_joins;
use crate::sync::kernel::Kernel;

/// The copies that refill a stage after a release no wait waits for (see the module's doc);
/// `known` are the findings already made (a copy reported there is not reported again).
pub(super) fn refills_after_unawaited_releases(
    kernel: &Kernel<'_, '_>,
    touches: &[Vec<Touch>],
    known: &[ProtocolFinding],
) -> Vec<ProtocolFinding> {
    let flow = kernel.flow;
    let n = flow.insns.len() as InsnId;
    // A callee may wait: say nothing.
    if kernel.has_calls() {
        return Vec::new();
    }
    let object = |i: InsnId, wanted: &dyn Fn(MbarrierOp) -> bool| -> Option<Option<ExprId>> {
        let s = kernel.values.semantics[i as usize].as_ref()?;
        s.sync.iter().find_map(|sync| match *sync {
            Sync::Mbarrier { op, object, .. } if wanted(op) => {
                Some(kernel.values.operands[i as usize].get(object).copied().flatten())
            }
            _ => None,
        })
    };
    let waits: Vec<Option<ExprId>> = (0..n)
        .filter_map(|i| object(i, &|op: MbarrierOp| op.waits_for_phase()))
        .collect();
    // Without any wait, the mbarriers are not the kernel's protocol.
    if waits.is_empty() {
        return Vec::new();
    }
    let exprs = &kernel.values.exprs;
    // A variable of known size (not the dynamic window every `.extern .shared` array starts at).
    let sized = |v: u32| kernel.values.variables[v as usize].size.is_some_and(|s| s > 0);
    let unawaited: Vec<InsnId> = (0..n)
        .filter(|&i| {
            object(i, &|op: MbarrierOp| op == MbarrierOp::Arrive).is_some_and(|arrive| {
                arrive.is_some_and(|a| {
                    waits
                        .iter()
                        .all(|w| w.is_some_and(|w| never_equal(exprs, &sized, a, w)))
                })
            })
        })
        .collect();
    if unawaited.is_empty() {
        return Vec::new();
    }
    let copies: Vec<InsnId> = (0..n)
        .filter(|&i| !known.iter().any(|f| f.insn == i))
        .filter(|&i| touches[i as usize].iter().any(refills))
        .collect();
    let mut out = Vec::new();
    for copy in copies {
        let found = (0..n).find_map(|read| {
            let reads: Vec<&Touch> = touches[read as usize]
                .iter()
                .filter(|t| t.access != Access::Write)
                .collect();
            let meets = !kernel.mbarrier_op(read, |_| true)
                && touches[copy as usize]
                    .iter()
                    .any(|c| refills(c) && reads.iter().any(|r| may_meet(c, r)));
            if !meets {
                return None;
            }
            // The innermost loop around both.
            let loops = kernel.loops();
            let head = *loops[kernel.block_of(read) as usize]
                .iter()
                .rev()
                .find(|h| loops[kernel.block_of(copy) as usize].contains(h))?;
            let release = *unawaited
                .iter()
                .find(|&&a| kernel.precedes(read, a) && loops[kernel.block_of(a) as usize].contains(&head))?;
            kernel.round_the_loop(read, copy, &[head], |i| orders(kernel, i, &|_| true))?;
            let (writer, reader) = threads_meeting(kernel, (copy, &touches[copy as usize]), (read, &reads))?;
            Some(ProtocolKind::RefillAfterUnawaitedRelease {
                read,
                release,
                writer,
                reader,
                lap_start: flow.blocks[head as usize].start,
            })
        });
        out.extend(found.map(|kind| ProtocolFinding { insn: copy, kind }));
    }
    out
}

/// Whether `t` writes shared memory asynchronously (a `cp.async`, a bulk copy or TMA load).
fn refills(t: &Touch) -> bool {
    t.access.writes() && t.completion != Completion::Immediate
}

/// Two threads, the first of which may copy (with one of `copy`'s touches) bytes the second
/// reads (with one of `reads`), each in its first pass through its loops, and both of which
/// may run the read: the copy writes what another thread reads, and the writer's program
/// passes the read too (a thread that only copies is a producer of another kind).
fn threads_meeting(
    kernel: &Kernel<'_, '_>,
    (copy, copies): (InsnId, &[Touch]),
    (read, reads): (InsnId, &[&Touch]),
) -> Option<(Thread, Thread)> {
    let threads = sampled_threads(kernel);
    let first = *threads.first()?;
    let exprs = &kernel.values.exprs;
    let nest = |i: InsnId| &kernel.loops()[kernel.block_of(i) as usize];
    let (copy_joins, read_joins) = (
        first_iteration_joins(kernel, nest(copy)),
        first_iteration_joins(kernel, nest(read)),
    );
    let mut at_copy = Evaluator::with_substitutes(exprs, first, &copy_joins);
    let mut at_read = Evaluator::with_substitutes(exprs, first, &read_joins);
    // Per thread: where it copies (if it may), where it reads (if it may).
    let mut placed: Vec<(Vec<Placed>, Vec<Placed>)> = Vec::with_capacity(threads.len());
    let mut memo = crate::sync::kernel::ExecutesMemo::default();
    for &t in &threads {
        at_copy.reset(t);
        at_read.reset(t);
        memo.clear();
        let copies_here = if kernel.executes(&mut at_copy, copy, &mut memo).possible() {
            copies
                .iter()
                .filter(|c| refills(c))
                .filter_map(|c| place(kernel, &mut at_copy, c.address.0, c.address.1, NO_SWIZZLE))
                .collect()
        } else {
            Vec::new()
        };
        memo.clear();
        let reads_here = if kernel.executes(&mut at_read, read, &mut memo).possible() {
            reads
                .iter()
                .filter_map(|r| place(kernel, &mut at_read, r.address.0, r.address.1, NO_SWIZZLE))
                .collect()
        } else {
            Vec::new()
        };
        placed.push((copies_here, reads_here));
    }
    let meet = |a: &Placed, b: &Placed| a.terms == b.terms && a.start < b.end && b.start < a.end;
    for (w, (copied, _)) in placed.iter().enumerate() {
        // The writer passes the read too.
        if copied.is_empty() || placed[w].1.is_empty() {
            continue;
        }
        for (r, (_, read_here)) in placed.iter().enumerate() {
            if r != w && read_here.iter().any(|b| copied.iter().any(|a| meet(a, b))) {
                return Some((threads[w], threads[r]));
            }
        }
    }
    None
}

/// Plain (unswizzled) addresses.
const NO_SWIZZLE: ptxkit_isa::signature::semantics::Swizzle = ptxkit_isa::signature::semantics::Swizzle { bits: 0 };

/// Whether addresses `a` and `b` differ whatever values their changing parts take: written as
/// sums of multiples of parts (a variable's address, which is the same in both, cancels; every
/// other part is taken to hold a different value in each), their difference is a constant no
/// combination of the parts' multiples makes up (the constant is not a multiple of their
/// greatest common divisor); or they are in two different variables of known sizes
/// (`sized`: by a [`Node::Symbol`]'s index), each its address plus an offset that stays in it.
fn never_equal(exprs: &crate::sync::expr::Exprs, sized: &impl Fn(u32) -> bool, a: ExprId, b: ExprId) -> bool {
    let (Some((ka, pa)), Some((kb, pb))) = (sum_of_parts(exprs, a), sum_of_parts(exprs, b)) else {
        return false;
    };
    // The one variable an address is in: its only variable part, once.
    let variable = |parts: &[(ExprId, i64)]| -> Option<ExprId> {
        let mut places = parts
            .iter()
            .filter(|(p, _)| matches!(exprs.node(*p), Node::Symbol(_) | Node::Window(_)));
        let (Some(&(only, 1)), None) = (places.next(), places.next()) else {
            return None;
        };
        matches!(exprs.node(only), Node::Symbol(v) if sized(v)).then_some(only)
    };
    if let (Some(x), Some(y)) = (variable(&pa), variable(&pb))
        && x != y
    {
        return true;
    }
    let mut symbols: HashMap<ExprId, i64> = HashMap::default();
    let mut divisor = 0i64;
    for (side, parts) in [(1i64, &pa), (-1, &pb)] {
        for &(part, k) in parts {
            if matches!(exprs.node(part), Node::Symbol(_) | Node::Window(_)) {
                *symbols.entry(part).or_default() += side * k;
            } else {
                divisor = gcd(divisor, k);
            }
        }
    }
    for k in symbols.into_values() {
        divisor = gcd(divisor, k);
    }
    let constant = ka - kb;
    if divisor == 0 {
        constant != 0
    } else {
        constant % divisor != 0
    }
}

/// The greatest common divisor of two numbers (of their absolute values; `gcd(0, k) = |k|`).
fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(0)
}

/// `id` as a constant plus multiples of parts (sums, differences, products and shifts by
/// constants, and conversions, taken not to overflow as addresses are; anything else is one
/// part). `None` past a few dozen nodes.
fn sum_of_parts(exprs: &crate::sync::expr::Exprs, id: ExprId) -> Option<(i64, Vec<(ExprId, i64)>)> {
    use ptxkit_isa::signature::semantics::BinaryOp;
    let mut constant = 0i64;
    let mut parts: Vec<(ExprId, i64)> = Vec::new();
    let mut stack = vec![(id, 1i64)];
    let mut budget = 64;
    let known = |e: ExprId| match exprs.node(e) {
        Node::Const(k) => Some(k),
        _ => None,
    };
    while let Some((e, k)) = stack.pop() {
        budget -= 1;
        if budget == 0 {
            return None;
        }
        match exprs.node(e) {
            Node::Const(c) => constant = constant.checked_add(c.checked_mul(k)?)?,
            Node::Convert(x, ..) => stack.push((x, k)),
            Node::Binary(BinaryOp::Add, x, y, ..) => stack.extend([(x, k), (y, k)]),
            Node::Binary(BinaryOp::Sub, x, y, ..) => stack.extend([(x, k), (y, k.checked_neg()?)]),
            Node::Binary(BinaryOp::Mul, x, y, ..) if known(y).is_some() || known(x).is_some() => {
                let (factor, other) = match known(y) {
                    Some(c) => (c, x),
                    None => (known(x)?, y),
                };
                stack.push((other, k.checked_mul(factor)?));
            }
            Node::Binary(BinaryOp::Shl, x, y, ..) if known(y).is_some_and(|s| (0..32).contains(&s)) => {
                stack.push((x, k.checked_mul(1i64 << known(y)?)?));
            }
            _ => parts.push((e, k)),
        }
    }
    Some((constant, parts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sync::expr::Exprs;
    use ptxkit_isa::signature::semantics::BinaryOp;

    #[test]
    fn stages_sixteen_bytes_apart_meet_only_at_the_same_offset_within_a_stage() {
        let mut e = Exprs::default();
        let state = e.add(Node::Symbol(0));
        let (i, j) = (e.add(Node::Uniform(1)), e.add(Node::Uniform(2)));
        let sixteen = e.add(Node::Const(16));
        let eight = e.add(Node::Const(8));
        let stage = |e: &mut Exprs, x: ExprId| {
            let scaled = e.add(Node::Binary(BinaryOp::Mul, x, sixteen, 32, false));
            e.add(Node::Binary(BinaryOp::Add, state, scaled, 32, false))
        };
        let full_i = stage(&mut e, i);
        let full_j = stage(&mut e, j);
        let empty_i = e.add(Node::Binary(BinaryOp::Add, full_i, eight, 32, false));
        assert!(never_equal(&e, &|_| true, empty_i, full_j));
        // The same offset within a stage: another lap's stage may be this one.
        assert!(!never_equal(&e, &|_| true, full_i, full_j));
        // A part the same in both does not cancel unless it is a variable's address: `i` may
        // hold another value at the other instruction.
        let plus_one = e.add(Node::Const(1));
        let next = e.add(Node::Binary(BinaryOp::Add, i, plus_one, 32, false));
        assert!(!never_equal(&e, &|_| true, next, i));
        // Two constants.
        assert!(never_equal(&e, &|_| true, eight, sixteen));
        assert!(!never_equal(&e, &|_| true, eight, eight));
        // Two variables of known sizes (an "empty" and a "full" array), whatever the offsets;
        // two arrays of the dynamic window may be the same bytes.
        let other = e.add(Node::Symbol(1));
        let scaled = e.add(Node::Binary(BinaryOp::Mul, i, sixteen, 32, false));
        let in_other = e.add(Node::Binary(BinaryOp::Add, other, scaled, 32, false));
        assert!(never_equal(&e, &|_| true, in_other, full_j));
        assert!(!never_equal(&e, &|v| v == 0, in_other, full_j));
    }
}
